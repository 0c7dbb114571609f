import { FEEDBACK_KINDS, type FeedbackKind, STAR_FILTERS, type StarFilter } from '@portal/shared/contracts/feedback.contract';
import { LIST_DEFAULT_SIZE } from '@portal/shared/core/list-query';
import { FEEDBACK_CRITERIA, type FeedbackCriterion } from '@portal/shared/rules/feedback';
import { periodProblem, presetPeriod, type Period } from '@portal/shared/rules/period';

/**
 * What the feedback screen's tabs keep in the URL (a filtered list can be bookmarked, Back returns to it). The tab
 * itself is `?tab=` (core/blocks/tabbed-screen), the open feedback `?feedback=<id>` (the drawer).
 */
export const DETAIL_PARAM = 'feedback';
const PAGE_SIZES = [20, 50, 100];

export interface FeedbackListState extends Period {
  departmentId?: number;
  doctorId?: number;
  stars?: StarFilter;
  kind?: FeedbackKind;
  q: string;
  page: number;
  size: number;
}

export interface RateReportState extends Period {
  departmentId?: number;
  doctorId?: number;
  criterion: FeedbackCriterion;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const int = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined => (list.includes(v as T) ? (v as T) : undefined);

/** The period of the URL, or the last 30 days when it is missing or refused (longer than 366 days, reversed). */
export function periodOf(params: URLSearchParams, now = new Date()): Period {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return ISO.test(from) && ISO.test(to) && !periodProblem({ from, to }) ? { from, to } : presetPeriod('last30', now);
}

export function parseListState(params: URLSearchParams, now = new Date()): FeedbackListState {
  const page = int(params.get('page')) ?? 0;
  const size = int(params.get('size'));
  return {
    ...periodOf(params, now),
    departmentId: int(params.get('departmentId')),
    doctorId: int(params.get('doctorId')),
    stars: oneOf(STAR_FILTERS, params.get('stars')),
    kind: oneOf(FEEDBACK_KINDS, params.get('kind')),
    q: (params.get('q') ?? '').trim().slice(0, 200),
    page,
    size: size && PAGE_SIZES.includes(size) ? size : LIST_DEFAULT_SIZE,
  };
}

/** The list API's query of a state (the period always; the rest when set). */
export function listQuery(s: FeedbackListState, paged = true): Record<string, string> {
  const out: Record<string, string> = { from: s.from, to: s.to };
  if (s.departmentId !== undefined) out.departmentId = String(s.departmentId);
  if (s.doctorId !== undefined) out.doctorId = String(s.doctorId);
  if (s.stars) out.stars = s.stars;
  if (s.kind) out.kind = s.kind;
  if (s.q) out.q = s.q;
  if (paged) {
    out.page = String(s.page);
    out.size = String(s.size);
  }
  return out;
}

/** The URL of a list state, keeping the screen's tab and open drawer. */
export function listParams(s: FeedbackListState, keep: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(listQuery(s, false));
  if (s.page) out.set('page', String(s.page));
  if (s.size !== LIST_DEFAULT_SIZE) out.set('size', String(s.size));
  for (const k of ['tab', DETAIL_PARAM]) {
    const v = keep.get(k);
    if (v) out.set(k, v);
  }
  return out;
}

export function parseReportState(params: URLSearchParams, now = new Date()): RateReportState {
  return {
    ...periodOf(params, now),
    departmentId: int(params.get('departmentId')),
    doctorId: int(params.get('doctorId')),
    criterion: oneOf(FEEDBACK_CRITERIA, params.get('criterion')) ?? 'overall',
  };
}

/** The rate reports' query: the period and the filters (the criterion only for the distribution). */
export function reportQuery(s: RateReportState, withCriterion = false): Record<string, string> {
  const out: Record<string, string> = { from: s.from, to: s.to };
  if (s.departmentId !== undefined) out.departmentId = String(s.departmentId);
  if (s.doctorId !== undefined) out.doctorId = String(s.doctorId);
  if (withCriterion) out.criterion = s.criterion;
  return out;
}

export function reportParams(s: RateReportState): URLSearchParams {
  const out = new URLSearchParams({ tab: 'report', ...reportQuery(s) });
  if (s.criterion !== 'overall') out.set('criterion', s.criterion);
  return out;
}

/** The stars of a rating as five booleans (filled or not), for the star cells. */
export function starFill(stars: number): boolean[] {
  return [1, 2, 3, 4, 5].map((n) => n <= stars);
}
