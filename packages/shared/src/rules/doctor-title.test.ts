import { describe, expect, it } from 'vitest';
import { doctorDisplayName, doctorTitlePrefix, formatMonth, nameInitials, workPeriodLabel } from './doctor-title';

describe('doctor title', () => {
  it.each([
    ['PGS', 'TS', 'PGS.TS.BS'],
    ['GS', 'TS', 'GS.TS.BS'],
    [null, 'TS', 'TS.BS'],
    [null, 'THS', 'ThS.BS'],
    [null, 'BSCKII', 'BSCKII'],
    [null, 'BSCKI', 'BSCKI'],
    [null, 'BSNT', 'BSNT'],
    [null, 'BS', 'BS'],
    ['PGS', 'BSCKII', 'PGS.BSCKII'],
    [null, null, ''],
    [null, 'XX', ''],
  ])('%s + %s → "%s"', (title, degree, expected) => {
    expect(doctorTitlePrefix(title, degree)).toBe(expected);
  });

  it('puts the prefix before the name', () => {
    expect(doctorDisplayName({ name: 'Trần Văn Minh', academicTitle: 'PGS', degree: 'TS' })).toBe('PGS.TS.BS Trần Văn Minh');
    expect(doctorDisplayName({ name: 'Lê An', academicTitle: null, degree: null })).toBe('Lê An');
  });

  it.each([
    ['2015-09', '09/2015'],
    ['2015-13', ''],
    ['15-09', ''],
    [null, ''],
  ])('month %s → "%s"', (ym, shown) => {
    expect(formatMonth(ym)).toBe(shown);
  });

  it('labels a period, open-ended as "nay"', () => {
    expect(workPeriodLabel('2015-09', '2020-06')).toBe('09/2015 – 06/2020');
    expect(workPeriodLabel('2020-07', null)).toBe('07/2020 – nay');
  });

  it.each([
    ['Trần Văn Minh', 'TM'],
    ['Đỗ  Hạnh', 'ĐH'],
    ['An', 'A'],
    ['  ', ''],
  ])('initials of "%s" → "%s"', (name, initials) => {
    expect(nameInitials(name)).toBe(initials);
  });
});
