/**
 * How a Vietnamese hospital names its doctors: academic title (học hàm) and degree (học vị /
 * chuyên môn) before the name, joined by dots — "PGS.TS.BS Trần Văn Minh", "ThS.BS Phạm Thu
 * Trang", "BSCKII Lê Quốc Hùng". TS and ThS are research degrees, so a physician holding one is
 * written "TS.BS" / "ThS.BS"; the specialist grades (BSCKI, BSCKII) and BSNT already say "bác sĩ".
 */

export const GENDERS = [
  { value: 'MALE', label: 'Nam' },
  { value: 'FEMALE', label: 'Nữ' },
] as const;

export const ACADEMIC_TITLES = [
  { value: 'GS', label: 'Giáo sư (GS)', short: 'GS' },
  { value: 'PGS', label: 'Phó giáo sư (PGS)', short: 'PGS' },
] as const;

export const DEGREES = [
  { value: 'TS', label: 'Tiến sĩ (TS)', short: 'TS.BS' },
  { value: 'THS', label: 'Thạc sĩ (ThS)', short: 'ThS.BS' },
  { value: 'BSCKII', label: 'Bác sĩ chuyên khoa II (BSCKII)', short: 'BSCKII' },
  { value: 'BSCKI', label: 'Bác sĩ chuyên khoa I (BSCKI)', short: 'BSCKI' },
  { value: 'BSNT', label: 'Bác sĩ nội trú (BSNT)', short: 'BSNT' },
  { value: 'BS', label: 'Bác sĩ (BS)', short: 'BS' },
] as const;

export type Gender = (typeof GENDERS)[number]['value'];
export type AcademicTitle = (typeof ACADEMIC_TITLES)[number]['value'];
export type Degree = (typeof DEGREES)[number]['value'];

/** "PGS.TS.BS" for PGS + TS; "" when neither is known. */
export function doctorTitlePrefix(academicTitle: string | null | undefined, degree: string | null | undefined): string {
  const t = ACADEMIC_TITLES.find((x) => x.value === academicTitle)?.short;
  const d = DEGREES.find((x) => x.value === degree)?.short;
  return [t, d].filter(Boolean).join('.');
}

/** "PGS.TS.BS Trần Văn Minh". */
export function doctorDisplayName(d: { name: string; academicTitle?: string | null; degree?: string | null }): string {
  const prefix = doctorTitlePrefix(d.academicTitle, d.degree);
  return prefix ? `${prefix} ${d.name}` : d.name;
}

/** A working-process month: 'YYYY-MM' (stored and sent) ⇄ 'MM/YYYY' (shown). */
export const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function formatMonth(ym: string | null | undefined): string {
  const m = MONTH_RE.exec(ym ?? '');
  return m ? `${m[2]}/${m[1]}` : '';
}

/** "09/2015 – 06/2020", or "09/2015 – nay" while it lasts. */
export function workPeriodLabel(from: string, to: string | null | undefined): string {
  return `${formatMonth(from)} – ${to ? formatMonth(to) : 'nay'}`;
}

/** Two initials for an avatar without a photo: "Trần Văn Minh" → "TM". */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}
