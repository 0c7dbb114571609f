/**
 * Vietnamese personal identifiers of a medical profile: citizen ID (CCCD), health-insurance
 * card number (BHYT) and mobile phone. Each validator returns null when the value is valid,
 * else the Vietnamese message to show under the field; each normaliser gives the stored form.
 *
 * CCCD / số định danh cá nhân (Nghị định 137/2015/NĐ-CP Điều 13; Thông tư 07/2016/TT-BCA Điều 7
 * and Phụ lục I; Thông tư 59/2021/TT-BCA Điều 4): 12 digits =
 *   3 digits  province where the birth was registered (001 Hà Nội … 096 Cà Mau: the 63 provinces
 *             before 2025, i.e. "0" + the GSO province code; the codes did not change in 2025)
 *   1 digit   century and sex: 0/1 = 1900–1999 male/female, 2/3 = 2000–2099, 4/5 = 2100–2199,
 *             6/7 = 2200–2299, 8/9 = 2300–2399
 *   2 digits  last two digits of the year of birth
 *   6 digits  random
 * Citizens whose birth was registered abroad carry a country code instead of a province code;
 * this portal serves a Vietnamese hospital's own patients and refuses such prefixes (the staff
 * leave the field empty and note the passport in the profile instead).
 *
 * BHYT card number (QĐ 1351/QĐ-BHXH, still printed on cards and used by HIS exchanges): 15
 * characters = 2 letters (beneficiary group, e.g. DN, HC, HT, TE, HS, GD) + 1 digit benefit level
 * (1–5) + 2 digits province of issue (01–99) + 10 digits social-insurance number (mã số BHXH).
 * The group list changes with each decree, so any two letters are accepted.
 *
 * Mobile phone: 10 digits 0[35789]xxxxxxxx (the prefixes of the 2018 renumbering), typed with
 * spaces, dots or dashes, or as +84 / 84 followed by the 9 digits; stored as 0xxxxxxxxx.
 * `MOBILE_PHONE_RE` is the one definition of a valid mobile number; the SMS composer's lists
 * (`normalizeMobile`, `parsePhoneList`) and the profile field (`validatePhone`) share it.
 */
import { expandDateShorthand, parseDisplayDate } from './date-shorthand';
import { pad2, pad4, vnParts } from './time';

/** "0" + GSO province code of the 63 provinces before 01/07/2025 (Thông tư 07/2016/TT-BCA, Phụ lục I). */
export const CCCD_PROVINCE_PREFIXES: readonly string[] = [
  '001',
  '002',
  '004',
  '006',
  '008',
  '010',
  '011',
  '012',
  '014',
  '015',
  '017',
  '019',
  '020',
  '022',
  '024',
  '025',
  '026',
  '027',
  '030',
  '031',
  '033',
  '034',
  '035',
  '036',
  '037',
  '038',
  '040',
  '042',
  '044',
  '045',
  '046',
  '048',
  '049',
  '051',
  '052',
  '054',
  '056',
  '058',
  '060',
  '062',
  '064',
  '066',
  '067',
  '068',
  '070',
  '072',
  '074',
  '075',
  '077',
  '079',
  '080',
  '082',
  '083',
  '084',
  '086',
  '087',
  '089',
  '091',
  '092',
  '093',
  '094',
  '095',
  '096',
];
const CCCD_PREFIX_SET = new Set(CCCD_PROVINCE_PREFIXES);

export type Gender = 'MALE' | 'FEMALE';

export interface CccdParts {
  provinceCode: string;
  gender: Gender;
  birthYear: number;
}

const SEPARATORS_RE = /[\s.-]/g;

/** Digits of a CCCD as typed (spaces, dots and dashes removed). */
export function normalizeCccd(value: string): string {
  return value.replace(SEPARATORS_RE, '');
}

/** What the 12 digits say; null when they are not 12 digits. */
export function parseCccd(value: string): CccdParts | null {
  const s = normalizeCccd(value);
  if (!/^\d{12}$/.test(s)) return null;
  const centuryDigit = Number(s[3]);
  return {
    provinceCode: s.slice(1, 3),
    gender: centuryDigit % 2 === 0 ? 'MALE' : 'FEMALE',
    birthYear: 1900 + Math.floor(centuryDigit / 2) * 100 + Number(s.slice(4, 6)),
  };
}

export function validateCccd(value: string, now: Date = new Date()): string | null {
  const s = normalizeCccd(value);
  if (!/^\d+$/.test(s)) return 'Số CCCD chỉ gồm chữ số';
  if (s.length !== 12) return 'Số CCCD phải gồm đúng 12 chữ số';
  if (!CCCD_PREFIX_SET.has(s.slice(0, 3))) return 'Số CCCD có mã tỉnh (3 số đầu) không hợp lệ';
  const parts = parseCccd(s)!;
  if (parts.birthYear > vnParts(now).year) return 'Số CCCD có năm sinh (số thứ 4 đến 6) không hợp lệ';
  return null;
}

/**
 * A CCCD that contradicts the profile's own year of birth or sex is a typing mistake (or
 * someone else's number): the message names what does not match.
 */
export function cccdMismatch(value: string, birthYear: number | null, gender: Gender | null): string | null {
  const parts = parseCccd(value);
  if (!parts) return null;
  if (birthYear !== null && parts.birthYear !== birthYear) {
    return `Số CCCD không khớp năm sinh (CCCD cho năm ${parts.birthYear})`;
  }
  if (gender !== null && parts.gender !== gender) return 'Số CCCD không khớp giới tính';
  return null;
}

/** Upper case, separators removed. */
export function normalizeBhyt(value: string): string {
  return value.replace(SEPARATORS_RE, '').toUpperCase();
}

export function validateBhyt(value: string): string | null {
  const s = normalizeBhyt(value);
  if (s.length !== 15) return 'Mã thẻ BHYT phải gồm đúng 15 ký tự';
  if (!/^[A-Z]{2}/.test(s)) return 'Mã thẻ BHYT phải bắt đầu bằng 2 chữ cái mã đối tượng (ví dụ DN, HT, TE)';
  if (!/^[A-Z]{2}[1-5]/.test(s)) return 'Mã thẻ BHYT có mức hưởng (ký tự thứ 3) phải từ 1 đến 5';
  if (!/^[A-Z]{2}[1-5]\d{2}/.test(s) || s.slice(3, 5) === '00') return 'Mã thẻ BHYT có mã tỉnh (ký tự thứ 4–5) không hợp lệ';
  if (!/^[A-Z]{2}[1-5]\d{12}$/.test(s)) return 'Mã thẻ BHYT phải kết thúc bằng 10 chữ số mã số BHXH';
  return null;
}

/** The 10-digit social-insurance number inside a BHYT card number. */
export function bhytSocialInsuranceNumber(value: string): string {
  return normalizeBhyt(value).slice(5);
}

const PHONE_CHARS_RE = /[\s.()-]/g;

/**
 * A Vietnamese mobile number in its national form: 0 + 9 digits, the second digit 3, 5, 7, 8 or 9,
 * the mobile ranges since the 2018 renumbering (the 11-digit 012x, 016x, 018x and 0199 numbers
 * moved to 07x/08x, 03x and 05x; 08x and 09x kept theirs). Whole ranges rather than a list of the
 * prefixes allocated today: new ones are allocated inside them, and the SMS provider reports a
 * number no network serves.
 */
export const MOBILE_PHONE_RE = /^0[35789]\d{8}$/;

const MOBILE_DIGITS_MESSAGE = 'Số điện thoại chỉ gồm chữ số (có thể bắt đầu bằng +84)';
const MOBILE_LENGTH_MESSAGE = 'Số điện thoại di động phải gồm 10 chữ số (hoặc +84 và 9 chữ số)';
const MOBILE_PREFIX_MESSAGE = 'Số điện thoại di động phải bắt đầu bằng 03, 05, 07, 08 hoặc 09';

/** `+84 912 345 678`, `84912345678`, `0912.345.678` → `0912345678`; anything else trimmed as typed. */
export function normalizePhone(value: string): string {
  let s = value.replace(PHONE_CHARS_RE, '');
  if (s.startsWith('+84')) s = `0${s.slice(3)}`;
  else if (/^84\d{9}$/.test(s)) s = `0${s.slice(2)}`;
  return s;
}

export function validatePhone(value: string): string | null {
  const s = normalizePhone(value);
  if (!/^\+?\d+$/.test(s)) return MOBILE_DIGITS_MESSAGE;
  if (s.length !== 10) return MOBILE_LENGTH_MESSAGE;
  if (!MOBILE_PHONE_RE.test(s)) return MOBILE_PREFIX_MESSAGE;
  return null;
}

/**
 * The national digits of a number as typed: separators (spaces, dots, dashes, parentheses)
 * removed; an international prefix +84, 0084 or 84 becomes 0 ("+84 (0) 912…", as some business
 * cards write it, keeps one 0); 9 digits starting 3, 5, 7, 8 or 9 get their 0 back (Excel drops
 * the leading 0 of a phone column stored as numbers).
 */
function mobileDigits(value: string): string {
  const s = value.replace(PHONE_CHARS_RE, '');
  const m = /^(?:\+84|0084|84(?=0?\d{9}$))0?(\d{9})$/.exec(s);
  if (m) return `0${m[1]}`;
  return /^[35789]\d{8}$/.test(s) ? `0${s}` : s;
}

/**
 * `+84 912 345 678`, `84912345678`, `0084 912 345 678`, `(+84) 912-345-678`, `0912.345.678`,
 * `912345678` → `0912345678`; null when the value is not a Vietnamese mobile number.
 */
export function normalizeMobile(value: string): string | null {
  const s = mobileDigits(value);
  return MOBILE_PHONE_RE.test(s) ? s : null;
}

/** Why a value is not a mobile number (Vietnamese, for the field or the list), or null when it is one. */
export function validateMobile(value: string): string | null {
  const s = mobileDigits(value);
  if (!/^\+?\d+$/.test(s)) return MOBILE_DIGITS_MESSAGE;
  if (s.length !== 10 || s.startsWith('+')) return MOBILE_LENGTH_MESSAGE;
  if (!MOBILE_PHONE_RE.test(s)) return MOBILE_PREFIX_MESSAGE;
  return null;
}

/** The international form SMS and Zalo providers want, without the +: `0912345678` → `84912345678`; null when invalid. */
export function toInternational(phone: string): string | null {
  const s = normalizeMobile(phone);
  return s === null ? null : `84${s.slice(1)}`;
}

export interface PhoneListProblem {
  /** 1-based line of the pasted text. */
  line: number;
  /** The value as it was pasted. */
  value: string;
  message: string;
}

export interface PhoneList {
  /** Unique national numbers (0xxxxxxxxx), in the order first seen. */
  valid: string[];
  /** Valid numbers seen again (a number pasted 3 times counts 2). */
  duplicates: number;
  invalid: PhoneListProblem[];
}

/** Longest run of space-separated groups read as one number (`+84 (0) 912 345 678` is 19). */
const MAX_NUMBER_TEXT = 24;

/**
 * The SMS composer's pasted recipients: one or several numbers per line, separated by commas,
 * semicolons, slashes ("0912… / 0987…" in contact lists), tabs (a row copied from Excel) or white
 * space. Spaces also appear inside a number
 * (`0912 345 678`), so the space-separated groups of a line are read left to right, each number
 * taking the most groups that make a valid mobile number; the groups that make none are reported
 * together as one invalid value, with their line. Empty lines and stray separators are ignored.
 */
export function parsePhoneList(text: string): PhoneList {
  const valid: string[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  const invalid: PhoneListProblem[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((lineText, index) => {
    const line = index + 1;
    for (const chunk of lineText.split(/[,;/\t]/)) {
      const groups = chunk.split(/\s+/).filter((g) => g !== '');
      let pending: string[] = [];
      const flush = () => {
        if (pending.length === 0) return;
        const value = pending.join(' ');
        invalid.push({ line, value, message: validateMobile(value) ?? MOBILE_LENGTH_MESSAGE });
        pending = [];
      };
      let i = 0;
      while (i < groups.length) {
        let taken = 0;
        let phone: string | null = null;
        let joined = '';
        for (let n = 1; i + n <= groups.length; n++) {
          joined += groups[i + n - 1];
          if (joined.length > MAX_NUMBER_TEXT) break;
          const candidate = normalizeMobile(joined);
          if (candidate !== null) {
            phone = candidate;
            taken = n;
          }
        }
        if (phone === null) {
          pending.push(groups[i]!);
          i += 1;
          continue;
        }
        flush();
        if (seen.has(phone)) duplicates += 1;
        else {
          seen.add(phone);
          valid.push(phone);
        }
        i += taken;
      }
      flush();
    }
  });
  return { valid, duplicates, invalid };
}

/** `0912345678` → `0912 345 678` for display. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  return /^0\d{9}$/.test(value) ? `${value.slice(0, 4)} ${value.slice(4, 7)} ${value.slice(7)}` : value;
}

/**
 * Date of birth as the staff typed it (the shorthand of spec §5 is expanded first: "1990",
 * "150390", "5" = five years ago). Valid: a real DD/MM/YYYY day, not in the future (+07:00),
 * not before 1900. Returns the ISO day or the message.
 */
export function parseBirthDate(input: string, now: Date = new Date()): { iso: string } | { error: string } {
  const display = expandDateShorthand(input.trim(), now);
  const p = parseDisplayDate(display);
  if (!p) return { error: 'Ngày sinh không hợp lệ (nhập DD/MM/YYYY, ví dụ 15/03/1990 hoặc 150390)' };
  const iso = `${pad4(p.year)}-${pad2(p.month)}-${pad2(p.day)}`;
  const today = vnParts(now);
  const todayIso = `${pad4(today.year)}-${pad2(today.month)}-${pad2(today.day)}`;
  if (iso > todayIso) return { error: 'Ngày sinh không được sau ngày hôm nay' };
  if (p.year < 1900) return { error: 'Ngày sinh không được trước năm 1900' };
  return { iso };
}
