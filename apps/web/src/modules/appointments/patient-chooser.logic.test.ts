import { describe, expect, it } from 'vitest';
import { draftOfQuery } from './patient-chooser.logic';

describe('draftOfQuery: what was searched becomes the new patient’s first fields', () => {
  it.each([
    ['', {}],
    ['   ', {}],
    ['Phạm Văn Tư', { fullName: 'Phạm Văn Tư' }],
    ['  pham   van tu ', { fullName: 'pham van tu' }],
    ["N'Guyễn Thị", { fullName: "N'Guyễn Thị" }],
    ['0971 234 567', { phone: '0971234567' }],
    ['0971.234.567', { phone: '0971234567' }],
    ['+84 971 234 567', { phone: '0971234567' }],
    ['0971', {}],
    ['001090012345', {}],
    ['BN00007144', {}],
    ['DK261127000123', {}],
    ['a', {}],
  ])('%j → %j', (q, draft) => {
    expect(draftOfQuery(q)).toEqual(draft);
  });
});
