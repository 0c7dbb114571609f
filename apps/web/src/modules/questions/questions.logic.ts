import { dayParam, oneOfParam, positiveParam, sizeParam } from '../../core/router/url-filters';
import type { QuestionListQuery, QuestionRowDto } from '@portal/shared/contracts/questions.contract';
import { LIST_DEFAULT_SIZE } from '@portal/shared/core/list-query';
import { fmt } from '@portal/shared/messages.vi';
import { QUESTION_STATUSES, type QuestionStatus } from '@portal/shared/rules/question-status';
import { TQ } from './questions.messages';

export const QUESTION_ROUTES = { list: '/admin/question', detail: (id: number) => `/admin/question/${id}` };

export const QUESTION_STATUS_COLOR: Record<QuestionStatus, string | undefined> = {
  NEW: 'blue',
  ACCEPTED: 'gold',
  ANSWERED: 'success',
  REJECTED: 'error',
  HIDDEN: 'default',
};

export interface QuestionFilters {
  q: string;
  status?: QuestionStatus;
  specialtyId?: number;
  sensitive?: boolean;
  overdue?: boolean;
  /** YYYY-MM-DD */
  from?: string;
  to?: string;
  page: number;
  size: number;
}

const bool = (v: string | null) => (v === 'true' ? true : v === 'false' ? false : undefined);

/** The list's filters from the URL (a filtered list can be bookmarked, and Back returns to it). */
export function filtersFromParams(p: URLSearchParams): QuestionFilters {
  return {
    q: p.get('q') ?? '',
    status: oneOfParam(p.get('status'), QUESTION_STATUSES),
    specialtyId: positiveParam(p.get('specialtyId')),
    sensitive: bool(p.get('sensitive')),
    overdue: p.get('overdue') === 'true' || undefined,
    from: dayParam(p.get('from')),
    to: dayParam(p.get('to')),
    page: positiveParam(p.get('page')) ?? 0,
    size: sizeParam(p.get('size')),
  };
}

/** The URL's parameters of `f` (defaults left out). */
export function paramsOf(f: QuestionFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.q) out.q = f.q;
  if (f.status) out.status = f.status;
  if (f.specialtyId) out.specialtyId = String(f.specialtyId);
  if (f.sensitive !== undefined) out.sensitive = String(f.sensitive);
  if (f.overdue) out.overdue = 'true';
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.page) out.page = String(f.page);
  if (f.size !== LIST_DEFAULT_SIZE) out.size = String(f.size);
  return out;
}

/** The API query of `f`. */
export function queryOf(f: QuestionFilters): Partial<QuestionListQuery> & { page: number; size: number } {
  return {
    q: f.q || undefined,
    status: f.status,
    specialtyId: f.specialtyId,
    sensitive: f.sensitive,
    overdue: f.overdue,
    from: f.from,
    to: f.to,
    page: f.page,
    size: f.size,
  };
}

/** "Nữ, 34 tuổi" of a row, or ''. */
export function askerLine(r: Pick<QuestionRowDto, 'askerGender' | 'askerAge'>): string {
  return [r.askerGender ? TQ.genders[r.askerGender] : null, r.askerAge === null ? null : fmt(TQ.age, { n: r.askerAge })].filter(Boolean).join(', ');
}

/** Only a new question can be ticked for the bulk acceptance. */
export const selectable = (r: Pick<QuestionRowDto, 'status'>) => r.status === 'NEW';

/** A share as "42,5 %" (one decimal, Vietnamese comma), "0 %" of nothing. */
export function share(part: number, whole: number): string {
  if (!whole) return '0 %';
  return `${(Math.round((part / whole) * 1000) / 10).toLocaleString('vi-VN')} %`;
}
