import { NEWS_STATUSES, type NewsBody, type NewsDetailDto, type NewsScope, type NewsStatus } from '@portal/shared/contracts/news.contract';
import { LIST_DEFAULT_SIZE } from '@portal/shared/core/list-query';
import { formatDateTime } from '@portal/shared/rules/format';

/** Where each scope's screens live (menu.ts routes them). */
export const NEWS_ROUTES: Record<NewsScope, { list: string; create: string; edit: (alias: string) => string }> = {
  MAIN: { list: '/admin/news', create: '/admin/news/create', edit: (a) => `/admin/news/edit/${encodeURIComponent(a)}` },
  SHP: { list: '/admin/SHP/news', create: '/admin/SHP/news/create', edit: (a) => `/admin/SHP/news/edit/${encodeURIComponent(a)}` },
};

export const NEWS_STATUS_COLOR: Record<NewsStatus, string | undefined> = {
  DRAFT: undefined,
  SCHEDULED: 'gold',
  PUBLISHED: 'success',
  HIDDEN: 'default',
};

export interface NewsFilters {
  q: string;
  categoryId?: number;
  status?: NewsStatus;
  /** YYYY-MM-DD */
  from?: string;
  to?: string;
  page: number;
  size: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's filters from the URL (so a filtered list can be bookmarked and Back returns to it). */
export function filtersFromParams(p: URLSearchParams): NewsFilters {
  const status = p.get('status') as NewsStatus | null;
  const category = Number(p.get('categoryId'));
  const page = Number(p.get('page'));
  const size = Number(p.get('size'));
  const day = (k: string) => {
    const v = p.get(k);
    return v && ISO_DAY.test(v) ? v : undefined;
  };
  return {
    q: p.get('q') ?? '',
    categoryId: Number.isInteger(category) && category > 0 ? category : undefined,
    status: status && (NEWS_STATUSES as readonly string[]).includes(status) ? status : undefined,
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page > 0 ? page : 0,
    size: [10, 20, 50, 100].includes(size) ? size : LIST_DEFAULT_SIZE,
  };
}

export function paramsOf(f: NewsFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.q) out.q = f.q;
  if (f.categoryId) out.categoryId = String(f.categoryId);
  if (f.status) out.status = f.status;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.page) out.page = String(f.page);
  if (f.size !== LIST_DEFAULT_SIZE) out.size = String(f.size);
  return out;
}

export function queryOf(f: NewsFilters) {
  return { q: f.q || undefined, categoryId: f.categoryId, status: f.status, from: f.from, to: f.to, page: f.page, size: f.size };
}

/** The form's fields. */
export interface NewsFormValues {
  title: string;
  alias: string;
  summary: string;
  coverUrl: string | null;
  bodyHtml: string;
  categoryIds: number[];
  tags: string[];
  seoTitle: string;
  seoDescription: string;
}

export const EMPTY_FORM: NewsFormValues = {
  title: '',
  alias: '',
  summary: '',
  coverUrl: null,
  bodyHtml: '',
  categoryIds: [],
  tags: [],
  seoTitle: '',
  seoDescription: '',
};

export function formValuesOf(a: NewsDetailDto): NewsFormValues {
  return {
    title: a.title,
    alias: a.alias,
    summary: a.summary,
    coverUrl: a.coverUrl,
    bodyHtml: a.bodyHtml,
    categoryIds: a.categories.map((c) => c.id),
    tags: a.tags,
    seoTitle: a.seoTitle ?? '',
    seoDescription: a.seoDescription ?? '',
  };
}

export type PublishChoice = { mode: 'KEEP' } | { mode: 'NOW' } | { mode: 'SCHEDULE'; at: Date };

export function bodyOf(v: NewsFormValues, publish: PublishChoice, version?: number): NewsBody {
  return {
    title: v.title.trim(),
    alias: v.alias.trim(),
    summary: v.summary?.trim() ?? '',
    coverUrl: v.coverUrl ?? null,
    bodyHtml: v.bodyHtml ?? '',
    categoryIds: v.categoryIds ?? [],
    tags: v.tags ?? [],
    seoTitle: v.seoTitle?.trim() || null,
    seoDescription: v.seoDescription?.trim() || null,
    publish: publish.mode,
    publishAt: publish.mode === 'SCHEDULE' ? publish.at.toISOString() : null,
    version,
  };
}

/** A revision's value as the history shows it. */
export function revisionValue(field: string, v: unknown, categoryNames: Map<number, string>, statusLabels: Record<string, string>): string {
  if (v === null || v === undefined || v === '') return '—';
  if (field === 'bodyHtml') return '(nội dung)';
  if (field === 'publishAt' && typeof v === 'string') return formatDateTime(v);
  if (field === 'status' && typeof v === 'string') return statusLabels[v] ?? v;
  if (field === 'categories' && Array.isArray(v)) return v.map((id) => categoryNames.get(Number(id)) ?? `#${id}`).join(', ') || '—';
  if (Array.isArray(v)) return v.join(', ') || '—';
  return String(v);
}
