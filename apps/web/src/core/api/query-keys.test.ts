import { describe, expect, it } from 'vitest';
import { queryKeys, resourceKeys } from './query-keys';

describe('resourceKeys', () => {
  const keys = resourceKeys('department');
  it('nests every key under the resource name so `all` invalidates everything', () => {
    expect(keys.list({ page: 0 }).slice(0, 1)).toEqual(keys.all);
    expect(keys.detail(3).slice(0, 1)).toEqual(keys.all);
    expect(keys.lists()).toEqual(keys.list({ page: 0 }).slice(0, 2));
  });
  it('keeps the session keys apart', () => {
    expect(queryKeys.session.me()).toEqual(['session', 'me']);
  });
});
