import { describe, expect, it } from 'vitest';
import { buildTheme } from './theme';

describe('buildTheme', () => {
  it.each([
    [false, true],
    [true, false],
  ])('with reduced motion %s sets antd motion %s', (reduced, motion) => {
    expect(buildTheme({ theme: 'default', compact: false }, reduced).token?.motion).toBe(motion);
  });
});
