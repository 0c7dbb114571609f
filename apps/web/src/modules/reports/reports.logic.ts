import { BOOKING_SOURCES, type BookingSource } from '@portal/shared/contracts/appointments.contract';
import { QUICK_GROUPS, type QuickGroup } from '@portal/shared/contracts/reports.contract';
import { periodProblem, presetPeriod, type Period } from '@portal/shared/rules/period';

export const REPORT_TABS = ['quick', 'complete', 'efficiency', 'staff'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** What the report screen keeps in its URL. */
export interface ReportState extends Period {
  tab: ReportTab;
  group: QuickGroup;
  departmentId?: number;
  doctorId?: number;
  source?: BookingSource;
  /** The staff tab shows only the followed staff. */
  followed: boolean;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const int = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);
const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);

/** The state of a URL; a missing or refused period falls back to this month. */
export function parseReportState(params: URLSearchParams, now = new Date()): ReportState {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period = ISO.test(from) && ISO.test(to) && !periodProblem({ from, to }) ? { from, to } : presetPeriod('thisMonth', now);
  const source = params.get('source');
  return {
    ...period,
    tab: oneOf(REPORT_TABS, params.get('tab'), 'quick'),
    group: oneOf(QUICK_GROUPS, params.get('group'), 'byDepartment'),
    departmentId: int(params.get('departmentId')),
    doctorId: int(params.get('doctorId')),
    source: BOOKING_SOURCES.includes(source as BookingSource) ? (source as BookingSource) : undefined,
    followed: params.get('followed') === '1',
  };
}

/** The URL query of a state (only what differs from the defaults). */
export function reportUrlQuery(s: ReportState): Record<string, string> {
  const out: Record<string, string> = { from: s.from, to: s.to, ...reportFilterQuery(s) };
  if (s.tab !== 'quick') out.tab = s.tab;
  if (s.group !== 'byDepartment') out.group = s.group;
  if (s.followed) out.followed = '1';
  return out;
}

/** The query the reports' API takes: the period and the filters. */
export function reportFilterQuery(s: Pick<ReportState, 'from' | 'to' | 'departmentId' | 'doctorId' | 'source'>): Record<string, string> {
  const out: Record<string, string> = { from: s.from, to: s.to };
  if (s.departmentId !== undefined) out.departmentId = String(s.departmentId);
  if (s.doctorId !== undefined) out.doctorId = String(s.doctorId);
  if (s.source) out.source = s.source;
  return out;
}

/** A staff member the manager follows (kept in local storage as `reportUsers`, which logging out keeps). */
export interface ReportUser {
  id: number;
  username: string;
  name: string;
}

/** The stored list as read back (anything malformed is dropped). */
export function cleanReportUsers(value: unknown): ReportUser[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (u): u is ReportUser => typeof u === 'object' && u !== null && Number.isInteger((u as ReportUser).id) && typeof (u as ReportUser).username === 'string',
  );
}

/** Follows a staff member, or stops following one already followed. */
export function toggleReportUser(list: readonly ReportUser[], user: ReportUser): ReportUser[] {
  return list.some((u) => u.id === user.id) ? list.filter((u) => u.id !== user.id) : [...list, { id: user.id, username: user.username, name: user.name }];
}

/** "1,2 MB" of a byte count (the progress of a download). */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('vi-VN')} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('vi-VN', { maximumFractionDigits: 1 })} MB`;
}
