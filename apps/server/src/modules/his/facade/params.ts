import { FHIR_COUNT_DEFAULT, FHIR_COUNT_MAX, FHIR_MESSAGES } from '@portal/shared/contracts/fhir.contract';
import { fmt } from '@portal/shared';
import { daysInMonth, isRealDate, pad2, toInstant, vnParts } from '@portal/shared/rules/time';
import { FhirError } from './outcome';

/**
 * The search parameters of a FHIR request, read the way R4 says (https://hl7.org/fhir/R4/search.html): a repeated
 * parameter is AND (`date=ge…&date=le…`), commas in one value are OR (`status=booked,arrived`). Parameters the
 * façade does not know are ignored by the caller (lenient handling); a known one with a bad value is a 400.
 */
export type SearchQuery = Record<string, string | string[] | undefined>;

/** Every occurrence of a parameter, in order. */
export function occurrences(q: SearchQuery, name: string): string[] {
  const v = q[name];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean);
}

/** The OR-list of the first occurrence of a parameter (`a,b` → [a, b]); none: undefined. */
export function anyOf(q: SearchQuery, name: string): string[] | undefined {
  const first = occurrences(q, name)[0];
  if (first === undefined) return undefined;
  return first
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A token `system|code`, `|code` (no system), `code` (any system) or `system|` (any code of the system). */
export interface Token {
  system?: string;
  code?: string;
}

export function tokens(q: SearchQuery, name: string): Token[] | undefined {
  return anyOf(q, name)?.map((t) => {
    const bar = t.indexOf('|');
    if (bar < 0) return { code: t };
    return { system: t.slice(0, bar), code: t.slice(bar + 1) || undefined };
  });
}

/**
 * The ids a reference parameter names: `Patient/12`, `12`, or an absolute URL ending in `Patient/12`. A reference to
 * another type matches nothing (it is dropped; an empty list then means "no match").
 */
export function referenceIds(q: SearchQuery, name: string, type: string): string[] | undefined {
  return anyOf(q, name)?.flatMap((v) => {
    const parts = v.split('/').filter(Boolean);
    if (parts.length === 1) return [parts[0]!];
    return parts[parts.length - 2] === type ? [parts[parts.length - 1]!] : [];
  });
}

/** Row ids among FHIR ids: the numeric ones (another id names no row, so it matches nothing). */
export const numericIds = (ids: readonly string[]): number[] => ids.filter((s) => /^\d{1,9}$/.test(s)).map(Number);

export function booleanParam(q: SearchQuery, name: string): boolean | undefined {
  const v = occurrences(q, name)[0];
  if (v === undefined) return undefined;
  if (v === 'true' || v === 'false') return v === 'true';
  throw new FhirError(400, fmt(FHIR_MESSAGES.badBoolean, { value: v, param: name }), name);
}

export type DatePrefix = 'eq' | 'ge' | 'le' | 'gt' | 'lt';

/** One +07:00 wall-clock moment at minute precision: a day and an 'HH:mm'. */
export interface Moment {
  day: string;
  time: string;
}

/** A date parameter's value: a prefix and the range of moments it names (a year, a month, a day or a minute). */
export interface DateBound {
  prefix: DatePrefix;
  from: Moment;
  to: Moment;
}

const PREFIXES = ['eq', 'ge', 'le', 'gt', 'lt'];
const DAY_START = '00:00';
const DAY_END = '23:59';

/** Every occurrence of a date parameter (each one a condition: a range is `ge…` and `le…`). A bad value is a 400. */
export function dateBounds(q: SearchQuery, name: string): DateBound[] {
  return occurrences(q, name).map((raw) => parseDateBound(raw, name));
}

export function parseDateBound(raw: string, param: string): DateBound {
  const m = /^([a-z]{2})?(.*)$/.exec(raw)!;
  const prefix = m[1] ?? 'eq';
  if (!PREFIXES.includes(prefix)) throw new FhirError(400, fmt(FHIR_MESSAGES.badPrefix, { param, prefix }), param);
  const range = dateRange(m[2]!);
  if (!range) throw new FhirError(400, fmt(FHIR_MESSAGES.badDate, { value: raw, param }), param);
  return { prefix: prefix as DatePrefix, ...range };
}

/** YYYY, YYYY-MM, YYYY-MM-DD, or a dateTime (its zone, or +07:00 when it has none) as +07:00 moments. */
function dateRange(v: string): { from: Moment; to: Moment } | null {
  let m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(v);
  if (m) {
    const year = +m[1]!;
    const month = m[2] ? +m[2] : null;
    const day = m[3] ? +m[3] : null;
    if (year < 1900 || year > 2200 || (month !== null && (month < 1 || month > 12))) return null;
    if (day !== null && !isRealDate(year, month!, day)) return null;
    const first = `${m[1]}-${pad2(month ?? 1)}-${pad2(day ?? 1)}`;
    const last = `${m[1]}-${pad2(month ?? 12)}-${pad2(day ?? daysInMonth(year, month ?? 12))}`;
    return { from: { day: first, time: DAY_START }, to: { day: last, time: DAY_END } };
  }
  m = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(v);
  const instant = m ? toInstant(v) : null;
  if (!instant || Number.isNaN(instant.getTime())) return null;
  const p = vnParts(instant);
  const at = { day: `${p.year}-${pad2(p.month)}-${pad2(p.day)}`, time: `${pad2(p.hour)}:${pad2(p.minute)}` };
  return { from: at, to: at };
}

export const isWholeDay = (b: DateBound) => b.from.time === DAY_START && b.to.time === DAY_END;

/** `_count` (default 50, at most 500: a larger one gives 500, as R4 lets a server do) and `_offset`. */
export function paging(q: SearchQuery): { count: number; offset: number } {
  const count = wholeNumber(q, '_count') ?? FHIR_COUNT_DEFAULT;
  const offset = wholeNumber(q, '_offset') ?? 0;
  return { count: Math.min(count, FHIR_COUNT_MAX), offset };
}

function wholeNumber(q: SearchQuery, name: string): number | undefined {
  const v = occurrences(q, name)[0];
  if (v === undefined) return undefined;
  if (!/^\d{1,9}$/.test(v)) throw new FhirError(400, fmt(FHIR_MESSAGES.badNumber, { value: v, param: name }), name);
  return Number(v);
}
