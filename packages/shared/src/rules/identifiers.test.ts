import { describe, expect, it } from 'vitest';
import {
  CCCD_PROVINCE_PREFIXES,
  bhytSocialInsuranceNumber,
  cccdMismatch,
  formatPhone,
  MOBILE_PHONE_RE,
  normalizeBhyt,
  normalizeMobile,
  normalizePhone,
  parseBirthDate,
  parseCccd,
  parsePhoneList,
  toInternational,
  validateBhyt,
  validateCccd,
  validateMobile,
  validatePhone,
} from './identifiers';
import { formatAge } from './age';

const NOW = new Date('2026-03-15T10:00:00+07:00');

describe('validateCccd', () => {
  it.each([
    ['001090012345', null, 'Hà Nội, male, 1990'],
    ['079185001234', null, 'TP HCM, female, 1985'],
    ['096301000001', null, 'Cà Mau, female, 2001'],
    ['001 090 012 345', null, 'spaces are ignored'],
    ['001-090-012-345', null, 'dashes are ignored'],
    ['048226000000', null, 'born 2026, this year'],
    ['048227000000', 'Số CCCD có năm sinh (số thứ 4 đến 6) không hợp lệ', 'born 2027: the future'],
    ['001490000000', 'Số CCCD có năm sinh (số thứ 4 đến 6) không hợp lệ', 'century digit 4 = 2190'],
    ['00109001234', 'Số CCCD phải gồm đúng 12 chữ số', '11 digits'],
    ['0010900123456', 'Số CCCD phải gồm đúng 12 chữ số', '13 digits'],
    ['', 'Số CCCD chỉ gồm chữ số', 'empty'],
    ['00109001234a', 'Số CCCD chỉ gồm chữ số', 'a letter'],
    ['003090012345', 'Số CCCD có mã tỉnh (3 số đầu) không hợp lệ', '003 is no province'],
    ['097090012345', 'Số CCCD có mã tỉnh (3 số đầu) không hợp lệ', '097 above Cà Mau'],
    ['000090012345', 'Số CCCD có mã tỉnh (3 số đầu) không hợp lệ', '000'],
    ['101090012345', 'Số CCCD có mã tỉnh (3 số đầu) không hợp lệ', 'first digit not 0'],
  ])('%s → %s (%s)', (value, expected, _why) => {
    expect(validateCccd(value, NOW)).toBe(expected);
  });

  it('knows the 63 province prefixes of Thông tư 07/2016/TT-BCA, from 001 to 096', () => {
    expect(CCCD_PROVINCE_PREFIXES).toHaveLength(63);
    expect(new Set(CCCD_PROVINCE_PREFIXES).size).toBe(63);
    expect(CCCD_PROVINCE_PREFIXES[0]).toBe('001');
    expect(CCCD_PROVINCE_PREFIXES.at(-1)).toBe('096');
    expect(CCCD_PROVINCE_PREFIXES).toContain('079');
    expect(CCCD_PROVINCE_PREFIXES).not.toContain('003');
  });
});

describe('parseCccd and cccdMismatch', () => {
  it.each([
    ['001090012345', { provinceCode: '01', gender: 'MALE', birthYear: 1990 }],
    ['001190012345', { provinceCode: '01', gender: 'FEMALE', birthYear: 1990 }],
    ['079205000001', { provinceCode: '79', gender: 'MALE', birthYear: 2005 }],
    ['079399000001', { provinceCode: '79', gender: 'FEMALE', birthYear: 2099 }],
    ['079800000001', { provinceCode: '79', gender: 'MALE', birthYear: 2300 }],
  ])('%s', (value, parts) => {
    expect(parseCccd(value)).toEqual(parts);
  });
  it('is null for anything but 12 digits', () => {
    expect(parseCccd('12345')).toBeNull();
  });
  it.each([
    ['001090012345', 1990, 'MALE', null],
    ['001090012345', null, null, null],
    ['001090012345', 1991, 'MALE', 'Số CCCD không khớp năm sinh (CCCD cho năm 1990)'],
    ['001090012345', 1990, 'FEMALE', 'Số CCCD không khớp giới tính'],
    ['not a cccd', 1990, 'MALE', null],
  ] as const)('%s vs %s %s → %s', (value, year, gender, expected) => {
    expect(cccdMismatch(value, year, gender)).toBe(expected);
  });
});

describe('validateBhyt', () => {
  it.each([
    ['DN4010123456789', null],
    ['dn4010123456789', null],
    ['DN 4 01 0123456789', null],
    ['TE1790000000123', null],
    ['HT5990000000001', null],
    ['DN401012345678', 'Mã thẻ BHYT phải gồm đúng 15 ký tự'],
    ['DN40101234567890', 'Mã thẻ BHYT phải gồm đúng 15 ký tự'],
    ['D14010123456789', 'Mã thẻ BHYT phải bắt đầu bằng 2 chữ cái mã đối tượng (ví dụ DN, HT, TE)'],
    ['124010123456789', 'Mã thẻ BHYT phải bắt đầu bằng 2 chữ cái mã đối tượng (ví dụ DN, HT, TE)'],
    ['DN0010123456789', 'Mã thẻ BHYT có mức hưởng (ký tự thứ 3) phải từ 1 đến 5'],
    ['DN6010123456789', 'Mã thẻ BHYT có mức hưởng (ký tự thứ 3) phải từ 1 đến 5'],
    ['DNA010123456789', 'Mã thẻ BHYT có mức hưởng (ký tự thứ 3) phải từ 1 đến 5'],
    ['DN4000123456789', 'Mã thẻ BHYT có mã tỉnh (ký tự thứ 4–5) không hợp lệ'],
    ['DN4A10123456789', 'Mã thẻ BHYT có mã tỉnh (ký tự thứ 4–5) không hợp lệ'],
    ['DN401012345678X', 'Mã thẻ BHYT phải kết thúc bằng 10 chữ số mã số BHXH'],
  ])('%s → %s', (value, expected) => {
    expect(validateBhyt(value)).toBe(expected);
  });
  it('normalises and extracts the social-insurance number', () => {
    expect(normalizeBhyt(' dn 4-01-0123456789 ')).toBe('DN4010123456789');
    expect(bhytSocialInsuranceNumber('DN4010123456789')).toBe('0123456789');
  });
});

describe('phones', () => {
  it.each([
    ['0912345678', null, '0912345678'],
    ['0312345678', null, '0312345678'],
    ['0512345678', null, '0512345678'],
    ['0712345678', null, '0712345678'],
    ['0812345678', null, '0812345678'],
    ['+84912345678', null, '0912345678'],
    ['+84 912 345 678', null, '0912345678'],
    ['84912345678', null, '0912345678'],
    ['0912.345.678', null, '0912345678'],
    ['0912-345-678', null, '0912345678'],
    ['(091) 2345678', null, '0912345678'],
    ['0212345678', 'Số điện thoại di động phải bắt đầu bằng 03, 05, 07, 08 hoặc 09', '0212345678'],
    ['0412345678', 'Số điện thoại di động phải bắt đầu bằng 03, 05, 07, 08 hoặc 09', '0412345678'],
    ['0612345678', 'Số điện thoại di động phải bắt đầu bằng 03, 05, 07, 08 hoặc 09', '0612345678'],
    ['1912345678', 'Số điện thoại di động phải bắt đầu bằng 03, 05, 07, 08 hoặc 09', '1912345678'],
    ['091234567', 'Số điện thoại di động phải gồm 10 chữ số (hoặc +84 và 9 chữ số)', '091234567'],
    ['09123456789', 'Số điện thoại di động phải gồm 10 chữ số (hoặc +84 và 9 chữ số)', '09123456789'],
    ['+8491234567', 'Số điện thoại di động phải gồm 10 chữ số (hoặc +84 và 9 chữ số)', '091234567'],
    ['0912abc678', 'Số điện thoại chỉ gồm chữ số (có thể bắt đầu bằng +84)', '0912abc678'],
    ['', 'Số điện thoại chỉ gồm chữ số (có thể bắt đầu bằng +84)', ''],
  ])('%s → %s', (value, expected, normalized) => {
    expect(validatePhone(value)).toBe(expected);
    expect(normalizePhone(value)).toBe(normalized);
  });
  it('formats a stored mobile for display', () => {
    expect(formatPhone('0912345678')).toBe('0912 345 678');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });
});

const DIGITS = 'Số điện thoại chỉ gồm chữ số (có thể bắt đầu bằng +84)';
const LENGTH = 'Số điện thoại di động phải gồm 10 chữ số (hoặc +84 và 9 chữ số)';
const PREFIX = 'Số điện thoại di động phải bắt đầu bằng 03, 05, 07, 08 hoặc 09';

describe('normalizeMobile, validateMobile and toInternational (SMS recipients)', () => {
  it.each([
    // value, national form, international form, message
    ['0912345678', '0912345678', '84912345678', null],
    ['0312345678', '0312345678', '84312345678', null],
    ['0523456789', '0523456789', '84523456789', null],
    ['0701234567', '0701234567', '84701234567', null],
    ['0889999999', '0889999999', '84889999999', null],
    ['0999999999', '0999999999', '84999999999', null],
    ['+84912345678', '0912345678', '84912345678', null],
    ['+84 912 345 678', '0912345678', '84912345678', null],
    ['(+84) 912-345-678', '0912345678', '84912345678', null],
    ['+84 (0) 912 345 678', '0912345678', '84912345678', null],
    ['84912345678', '0912345678', '84912345678', null],
    ['840912345678', '0912345678', '84912345678', null],
    ['0084 912 345 678', '0912345678', '84912345678', null],
    ['0912.345.678', '0912345678', '84912345678', null],
    ['0912-345-678', '0912345678', '84912345678', null],
    ['(091) 234 5678', '0912345678', '84912345678', null],
    [' 0912345678\u00a0', '0912345678', '84912345678', null],
    ['912345678', '0912345678', '84912345678', null],
    ['0212345678', null, null, PREFIX],
    ['0412345678', null, null, PREFIX],
    ['0612345678', null, null, PREFIX],
    ['0012345678', null, null, PREFIX],
    ['84212345678', null, null, PREFIX],
    ['+84212345678', null, null, PREFIX],
    ['01912345678', null, null, LENGTH],
    ['091234567', null, null, LENGTH],
    ['09123456789', null, null, LENGTH],
    ['8491234567', null, null, PREFIX], // 10 digits: read as a national number
    ['+8491234567', null, null, LENGTH],
    ['+849123456789', null, null, LENGTH],
    ['212345678', null, null, LENGTH],
    ['0912abc678', null, null, DIGITS],
    ['+ 84', null, null, LENGTH],
    ['', null, null, DIGITS],
    ['abc', null, null, DIGITS],
  ])('%j → %s / %s / %s', (value, national, international, message) => {
    expect(normalizeMobile(value)).toBe(national);
    expect(toInternational(value)).toBe(international);
    expect(validateMobile(value)).toBe(message);
  });

  it('the profile field and the SMS lists share one definition of a mobile number', () => {
    for (const v of ['0912345678', '0212345678', '0312345678', '0612345678']) {
      expect(validatePhone(v) === null).toBe(MOBILE_PHONE_RE.test(v));
      expect(normalizeMobile(v) !== null).toBe(MOBILE_PHONE_RE.test(v));
    }
  });
});

describe('parsePhoneList', () => {
  it.each([
    ['', { valid: [], duplicates: 0, invalid: [] }],
    ['\n\n  \n', { valid: [], duplicates: 0, invalid: [] }],
    ['0912345678', { valid: ['0912345678'], duplicates: 0, invalid: [] }],
    ['0912345678\n0987654321', { valid: ['0912345678', '0987654321'], duplicates: 0, invalid: [] }],
    ['0912345678\r\n0987654321\r\n', { valid: ['0912345678', '0987654321'], duplicates: 0, invalid: [] }],
    ['0912345678, 0987654321;0356789012', { valid: ['0912345678', '0987654321', '0356789012'], duplicates: 0, invalid: [] }],
    ['0912345678 0987654321', { valid: ['0912345678', '0987654321'], duplicates: 0, invalid: [] }],
    ['0912 345 678 0987 654 321', { valid: ['0912345678', '0987654321'], duplicates: 0, invalid: [] }],
    ['+84 912 345 678, 84 987 654 321', { valid: ['0912345678', '0987654321'], duplicates: 0, invalid: [] }],
    ['Nguyễn Văn An\t0912345678', { valid: ['0912345678'], duplicates: 0, invalid: [{ line: 1, value: 'Nguyễn Văn An', message: DIGITS }] }],
    ['0912345678\n+84912345678\n0912.345.678\n0987654321', { valid: ['0912345678', '0987654321'], duplicates: 2, invalid: [] }],
    ['0987654321\n0912345678, 0987654321', { valid: ['0987654321', '0912345678'], duplicates: 1, invalid: [] }],
    [
      '0912345678\n\n0212345678\n091234567, 0987654321\n0912abc678',
      {
        valid: ['0912345678', '0987654321'],
        duplicates: 0,
        invalid: [
          { line: 3, value: '0212345678', message: PREFIX },
          { line: 4, value: '091234567', message: LENGTH },
          { line: 5, value: '0912abc678', message: DIGITS },
        ],
      },
    ],
    ['0912 345 67 0987654321', { valid: ['0987654321'], duplicates: 0, invalid: [{ line: 1, value: '0912 345 67', message: LENGTH }] }],
    [
      'abc 0912345678 xyz',
      {
        valid: ['0912345678'],
        duplicates: 0,
        invalid: [
          { line: 1, value: 'abc', message: DIGITS },
          { line: 1, value: 'xyz', message: DIGITS },
        ],
      },
    ],
    [',,;0912345678;;', { valid: ['0912345678'], duplicates: 0, invalid: [] }],
    ['0912345678 / 0987654321/0356789012', { valid: ['0912345678', '0987654321', '0356789012'], duplicates: 0, invalid: [] }],
    [
      '0912345678\r\nabc\r\n\r\n0212345678',
      {
        valid: ['0912345678'],
        duplicates: 0,
        invalid: [
          { line: 2, value: 'abc', message: DIGITS },
          { line: 4, value: '0212345678', message: PREFIX },
        ],
      },
    ],
    ['Số điện thoại\n0912345678', { valid: ['0912345678'], duplicates: 0, invalid: [{ line: 1, value: 'Số điện thoại', message: DIGITS }] }],
  ])('%j', (text, expected) => {
    expect(parsePhoneList(text)).toEqual(expected);
  });

  it('reads 10,000 numbers pasted on one line, separated by spaces, in linear time', () => {
    const numbers = Array.from({ length: 10_000 }, (_, i) => `09${String(i).padStart(8, '0')}`);
    const started = performance.now();
    const list = parsePhoneList(numbers.join(' '));
    expect(performance.now() - started).toBeLessThan(500);
    expect(list.valid).toEqual(numbers);
  });
});

describe('parseBirthDate (date shorthand of spec §5, then limits)', () => {
  it.each([
    ['15/03/1990', '1990-03-15'],
    ['150390', '1990-03-15'],
    ['15031990', '1990-03-15'],
    ['1990', '1990-01-01'],
    ['5', '2021-01-01'],
    ['0', '2026-01-01'],
    ['15/3/90', '1990-03-15'],
    ['15/03/2026', '2026-03-15'],
    ['29/02/2024', '2024-02-29'],
    ['01/01/1900', '1900-01-01'],
  ])('%s → %s', (input, iso) => {
    expect(parseBirthDate(input, NOW)).toEqual({ iso });
  });
  it.each([
    ['16/03/2026', 'Ngày sinh không được sau ngày hôm nay'],
    ['2027', 'Ngày sinh không được sau ngày hôm nay'],
    ['31/12/1899', 'Ngày sinh không được trước năm 1900'],
    ['199', 'Ngày sinh không được trước năm 1900'],
    ['29/02/2023', 'Ngày sinh không hợp lệ (nhập DD/MM/YYYY, ví dụ 15/03/1990 hoặc 150390)'],
    ['31/04/1990', 'Ngày sinh không hợp lệ (nhập DD/MM/YYYY, ví dụ 15/03/1990 hoặc 150390)'],
    ['151390', 'Ngày sinh không hợp lệ (nhập DD/MM/YYYY, ví dụ 15/03/1990 hoặc 150390)'],
    ['abc', 'Ngày sinh không hợp lệ (nhập DD/MM/YYYY, ví dụ 15/03/1990 hoặc 150390)'],
    ['', 'Ngày sinh không hợp lệ (nhập DD/MM/YYYY, ví dụ 15/03/1990 hoặc 150390)'],
  ])('%s → %s', (input, error) => {
    expect(parseBirthDate(input, NOW)).toEqual({ error });
  });
});

describe('age display of a profile’s birth date (ISO day, read in +07:00)', () => {
  it.each([
    ['2026-03-15', '10 giờ'], // born today: hours since midnight +07:00
    ['2026-03-14', '1 ngày'],
    ['2026-02-14', '29 ngày'], // February 2026 has 28 days: still under 30 days
    ['2026-02-13', '1 tháng'],
    ['2025-03-15', '1 tuổi'],
    ['2022-09-15', '3 tuổi 6 tháng'],
    ['2020-03-16', '5 tuổi 11 tháng'],
    ['2020-03-15', '6 tuổi'],
    ['1990-03-15', '36 tuổi'],
  ])('%s → %s', (birth, shown) => {
    expect(formatAge(birth, NOW)).toBe(shown);
  });
});
