/**
 * The audience of a notification group (issue 17, /admin/nhom-thong-bao): filters over the facility's patient
 * accounts, combined with AND. An account matches the person filters (gender, age, province, ward) when one of its
 * medical profiles matches them all; `visited` is a finished visit (a DONE booking) of the account in a period,
 * optionally in a department or specialty; `booked` is any booking of the account in a period that was not
 * cancelled; `userId` is one account; `clinic` the active members of the private clinic (of one programme). `all` is
 * the whole facility and takes no other filter.
 */
import type { ClinicProgram } from './clinic-programs';
import { isLeapYear, pad2, pad4 } from './time';

export interface AudiencePeriod {
  from: string;
  to: string;
}

export interface AudienceFilters {
  all?: true;
  gender?: 'MALE' | 'FEMALE';
  ageFrom?: number;
  ageTo?: number;
  provinceCode?: string;
  wardCode?: string;
  visited?: AudiencePeriod & { departmentId?: number; specialtyId?: number };
  booked?: AudiencePeriod;
  userId?: number;
  /** Active members of the private clinic (issue 20), of one programme when given. */
  clinic?: { program?: ClinicProgram };
}

export const AUDIENCE_AGE_MAX = 150;

export const AUDIENCE_MESSAGES = {
  empty: 'Nhóm nhận không có bệnh nhân nào',
  noFilter: 'Chọn "Tất cả bệnh nhân" hoặc ít nhất một điều kiện lọc',
  allWithFilters: '"Tất cả bệnh nhân" không đi cùng điều kiện lọc khác',
  ageOrder: 'Tuổi đến phải lớn hơn hoặc bằng tuổi từ',
  wardWithoutProvince: 'Chọn tỉnh/thành phố của phường/xã',
  periodOrder: 'Ngày kết thúc phải từ ngày bắt đầu trở đi',
} as const;

const FILTER_KEYS = ['gender', 'ageFrom', 'ageTo', 'provinceCode', 'wardCode', 'visited', 'booked', 'userId', 'clinic'] as const;

/** The filters set (not undefined or null). */
export function audienceFilterKeys(a: AudienceFilters): string[] {
  return FILTER_KEYS.filter((k) => a[k] !== undefined && a[k] !== null);
}

/** Why the filters are refused, as field errors (paths under `audience`); empty when they are fine. */
export function audienceProblems(a: AudienceFilters): { path: string[]; message: string }[] {
  const out: { path: string[]; message: string }[] = [];
  const keys = audienceFilterKeys(a);
  if (a.all && keys.length) out.push({ path: ['all'], message: AUDIENCE_MESSAGES.allWithFilters });
  if (!a.all && !keys.length) out.push({ path: ['all'], message: AUDIENCE_MESSAGES.noFilter });
  if (a.ageFrom !== undefined && a.ageTo !== undefined && a.ageTo < a.ageFrom) out.push({ path: ['ageTo'], message: AUDIENCE_MESSAGES.ageOrder });
  if (a.wardCode && !a.provinceCode) out.push({ path: ['provinceCode'], message: AUDIENCE_MESSAGES.wardWithoutProvince });
  for (const k of ['visited', 'booked'] as const) {
    const p = a[k];
    // ISO days compare as text
    if (p?.from && p.to && p.to < p.from) out.push({ path: [k, 'to'], message: AUDIENCE_MESSAGES.periodOrder });
  }
  return out;
}

/**
 * The latest birth date of a person who is at least `years` old on `today` (YYYY-MM-DD, +07:00), by the
 * rule of rules/age.ts (a birthday on 29/02 is complete on 28/02 of a common year).
 */
export function latestBirthForAge(today: string, years: number): string {
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const y = ty - years;
  if (tm === 2 && td === 28 && !isLeapYear(ty) && isLeapYear(y)) return `${pad4(y)}-02-29`;
  if (tm === 2 && td === 29 && !isLeapYear(y)) return `${pad4(y)}-02-28`;
  return `${pad4(y)}-${pad2(tm)}-${pad2(td)}`;
}

/**
 * Birth dates of the ages [ageFrom, ageTo] in whole years on `today`: born on or before `maxBirth`
 * (old enough) and strictly after `minBirthExclusive` (not too old). Either bound is null when open.
 */
export function birthBounds(today: string, ageFrom?: number, ageTo?: number): { maxBirth: string | null; minBirthExclusive: string | null } {
  return {
    maxBirth: ageFrom !== undefined && ageFrom > 0 ? latestBirthForAge(today, ageFrom) : null,
    minBirthExclusive: ageTo !== undefined ? latestBirthForAge(today, ageTo + 1) : null,
  };
}
