import { describe, expect, it } from 'vitest';
import { logChanges, maskLogValue, maskValue } from './audit-view';

describe('maskValue', () => {
  it.each([
    ['0912345678', '09•••78'],
    ['an@benhvien.vn', 'an•••vn'],
    ['Nguyễn Văn An', 'Ng•••An'],
    ['An', '•••'],
    ['1234567', '•••'],
    [null, null],
    ['', ''],
  ])('%s → %s', (v, want) => expect(maskValue(v)).toBe(want));
});

describe('maskLogValue', () => {
  const row = {
    id: 7,
    fullName: 'Nguyễn Văn An',
    phone: '0912345678',
    passwordHash: '$argon2id$…',
    patientCode: 'BN000123',
    nested: { cccd: '001099012345', guardianPhone: '0987654321', code: 'K01' },
    list: [{ email: 'an@benhvien.vn' }],
  };

  it('masks personal fields at any depth for a viewer without MANAGER_USER, drops secrets', () => {
    expect(maskLogValue(row, false)).toEqual({
      id: 7,
      fullName: 'Ng•••An',
      phone: '09•••78',
      patientCode: 'BN000123',
      nested: { cccd: '00•••45', guardianPhone: '09•••21', code: 'K01' },
      list: [{ email: 'an•••vn' }],
    });
  });

  it('shows personal data to MANAGER_USER, never the secrets', () => {
    const shown = maskLogValue(row, true) as Record<string, unknown>;
    expect(shown.fullName).toBe('Nguyễn Văn An');
    expect(shown).not.toHaveProperty('passwordHash');
  });

  it('leaves scalars and null alone', () => {
    expect(maskLogValue(null, false)).toBeNull();
    expect(maskLogValue('x', false)).toBe('x');
  });
});

describe('logChanges', () => {
  it.each([
    [
      'an update lists only what changed',
      { name: 'A', code: 'K1', active: true },
      { name: 'B', code: 'K1', active: true },
      [{ field: 'name', before: 'A', after: 'B' }],
    ],
    [
      'a creation lists every field',
      null,
      { code: 'K1', name: 'A' },
      [
        { field: 'code', before: null, after: 'K1' },
        { field: 'name', before: null, after: 'A' },
      ],
    ],
    ['a deletion lists every field', { code: 'K1' }, null, [{ field: 'code', before: 'K1', after: null }]],
    ['search columns and updatedAt are noise', { searchText: 'a', updatedAt: '1', name: 'A' }, { searchText: 'b', updatedAt: '2', name: 'A' }, []],
    ['nested values compare by content', { rooms: [1, 2] }, { rooms: [1, 2, 3] }, [{ field: 'rooms', before: [1, 2], after: [1, 2, 3] }]],
    ['a field that appears', { a: 1 }, { a: 1, b: 2 }, [{ field: 'b', before: null, after: 2 }]],
    ['plain values', 'x', 'y', [{ field: '', before: 'x', after: 'y' }]],
    ['nothing at all', null, null, []],
  ])('%s', (_, before, after, want) => expect(logChanges(before, after)).toEqual(want));
});
