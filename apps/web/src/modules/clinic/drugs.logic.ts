import type { DrugListQuery, MedicineDto } from '@portal/shared/contracts/clinic-drugs.contract';
import { LIST_DEFAULT_SIZE } from '@portal/shared/core/list-query';
import { fmt } from '@portal/shared/messages.vi';
import { CLINIC_PROGRAMS, type ClinicProgram } from '@portal/shared/rules/clinic-programs';
import { formatDate } from '@portal/shared/rules/format';
import { presetPeriod } from '@portal/shared/rules/period';
import { TD } from './drugs.messages';

export const DRUG_ROUTES = { list: '/admin/SHP/drug', member: (userId: number) => `/admin/SHP/drug/${userId}` };

export interface DrugFilters {
  q: string;
  program?: ClinicProgram;
  below?: boolean;
  /** YYYY-MM-DD; absent: the last 30 days. */
  from?: string;
  to?: string;
  page: number;
  size: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's filters from the URL (a filtered list can be bookmarked, and Back returns to it). */
export function filtersFromParams(p: URLSearchParams): DrugFilters {
  const program = p.get('program');
  const day = (k: string) => {
    const v = p.get(k);
    return v && ISO_DAY.test(v) ? v : undefined;
  };
  const page = Number(p.get('page'));
  const size = Number(p.get('size'));
  return {
    q: p.get('q') ?? '',
    program: program && (CLINIC_PROGRAMS as readonly string[]).includes(program) ? (program as ClinicProgram) : undefined,
    below: p.get('below') === 'true' || undefined,
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page > 0 ? page : 0,
    size: [10, 20, 50, 100].includes(size) ? size : LIST_DEFAULT_SIZE,
  };
}

/** The URL's parameters of `f` (defaults left out). */
export function paramsOf(f: DrugFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.q) out.q = f.q;
  if (f.program) out.program = f.program;
  if (f.below) out.below = 'true';
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.page) out.page = String(f.page);
  if (f.size !== LIST_DEFAULT_SIZE) out.size = String(f.size);
  return out;
}

/** The period shown: the filters' days, or the last 30 days. */
export function periodOf(f: Pick<DrugFilters, 'from' | 'to'>, now = new Date()): { from: string; to: string } {
  const last30 = presetPeriod('last30', now);
  return { from: f.from ?? last30.from, to: f.to ?? last30.to };
}

/** The API query of `f`. */
export function queryOf(f: DrugFilters): Partial<DrugListQuery> & { page: number; size: number } {
  return { q: f.q || undefined, program: f.program, below: f.below, ...periodOf(f), page: f.page, size: f.size };
}

/** "Hằng ngày" / "Cách 2 ngày một lần", then "01/11/2026 – 07/11/2026" or "Từ 01/11/2026, dài hạn". */
export function scheduleLine(m: Pick<MedicineDto, 'everyDays' | 'startDate' | 'endDate'>): string {
  const every = m.everyDays === 1 ? TD.daily : fmt(TD.everyDays, { n: m.everyDays });
  const span = m.endDate ? fmt(TD.fromTo, { from: formatDate(m.startDate), to: formatDate(m.endDate) }) : fmt(TD.fromOn, { from: formatDate(m.startDate) });
  return `${every}; ${span}`;
}

/** A day of the calendar: its colour from the doses taken and missed ('none' when nothing was due). */
export function dayTone(d: { taken: number; missed: number }, threshold: number): 'none' | 'good' | 'partial' | 'bad' {
  const due = d.taken + d.missed;
  if (due === 0) return 'none';
  if (d.missed === 0) return 'good';
  return d.taken * 100 >= threshold * due ? 'partial' : 'bad';
}

/** Times typed in the form: "7:00" → "07:00", "19h" → "19:00"; anything else unchanged (the server refuses it in Vietnamese). */
export function normalizeTime(raw: string): string {
  const m = /^(\d{1,2})(?:[:hH.](\d{2})?)?$/.exec(raw.trim());
  if (!m) return raw.trim();
  return `${m[1]!.padStart(2, '0')}:${m[2] ?? '00'}`;
}
