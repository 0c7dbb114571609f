import { z } from 'zod';
import type { Authority } from '../authorities';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { isoDay } from '../core/iso-day';
import { pagingParams } from '../core/list-query';
import { NEWS_ALIAS_MAX, aliasProblem } from '../rules/news-alias';
import { CONTENT_IMAGE_SRC_RE, richTextField } from './content.contract';

/**
 * News (issue 18; docs/decisions.md "News"): the hospital's news (/admin/news, MANAGER_NEWS) and the private clinic's
 * own news (/admin/SHP/news, MANAGER_SHP), the same operations on two scopes kept apart — their own paths, authority,
 * aliases and categories. Published news is served by a public API (no sign-in) per facility and scope.
 *
 * DRAFT → PUBLISHED (publish now) or SCHEDULED (a time; the `news.publish` job publishes it then);
 * SCHEDULED → PUBLISHED (now), SCHEDULED (another time), HIDDEN (schedule cancelled);
 * PUBLISHED → HIDDEN; HIDDEN → PUBLISHED (unhide: keeps its publication time), SCHEDULED.
 * Delete: any article not PUBLISHED (hide it first).
 */
export const NEWS_SCOPES = ['MAIN', 'SHP'] as const;
export type NewsScope = (typeof NEWS_SCOPES)[number];
export const NEWS_SCOPE_AUTHORITY: Record<NewsScope, Authority> = { MAIN: 'MANAGER_NEWS', SHP: 'MANAGER_SHP' };
export const NEWS_LIVE_TOPIC = 'news';

export const NEWS_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'HIDDEN'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export const NEWS_STATUS_LABELS: Record<NewsStatus, string> = {
  DRAFT: 'Nháp',
  SCHEDULED: 'Hẹn giờ đăng',
  PUBLISHED: 'Đã đăng',
  HIDDEN: 'Đã ẩn',
};
export const NEWS_ACTIONS = ['publish', 'schedule', 'hide', 'unhide'] as const;
export type NewsAction = (typeof NEWS_ACTIONS)[number];
/** The states each action starts from. */
export const NEWS_ACTION_FROM: Record<NewsAction | 'remove', readonly NewsStatus[]> = {
  publish: ['DRAFT', 'SCHEDULED', 'HIDDEN'],
  schedule: ['DRAFT', 'SCHEDULED', 'HIDDEN'],
  hide: ['PUBLISHED', 'SCHEDULED'],
  unhide: ['HIDDEN'],
  remove: ['DRAFT', 'SCHEDULED', 'HIDDEN'],
};

export const NEWS_TITLE_MAX = 250;
export const NEWS_SUMMARY_MAX = 1000;
export const NEWS_SEO_TITLE_MAX = 70;
export const NEWS_SEO_DESCRIPTION_MAX = 160;
export const NEWS_TAG_MAX = 50;
export const NEWS_TAGS_MAX = 20;
export const NEWS_CATEGORIES_MAX = 10;
export const NEWS_CATEGORY_NAME_MAX = 100;
/** Public lists: page sizes up to this. */
export const NEWS_PUBLIC_MAX_SIZE = 50;

export const NEWS_MESSAGES = {
  notFound: 'Không tìm thấy bài viết',
  categoryNotFound: 'Không tìm thấy chuyên mục',
  categoryUnknown: 'Chuyên mục đã chọn không thuộc mục tin này',
  categoryDuplicate: 'Chuyên mục "{name}" đã có',
  categoryInUse: 'Chuyên mục đang được {n} bài viết sử dụng: hãy bỏ chuyên mục khỏi các bài viết đó trước',
  aliasTaken: 'Đường dẫn "{alias}" đã được bài viết khác sử dụng',
  stale: 'Bài viết vừa được người khác sửa: hãy tải lại để xem bản mới trước khi lưu',
  past: 'Thời điểm đăng phải sau thời điểm hiện tại',
  scheduleAtRequired: 'Vui lòng chọn thời điểm đăng',
  notAllowed: 'Không thực hiện được thao tác này với bài viết đang ở trạng thái "{status}"',
  notDeletable: 'Bài viết đang đăng: hãy ẩn bài viết trước khi xoá',
  facilityNotFound: 'Không tìm thấy cơ sở y tế',
  created: 'Đã tạo bài viết',
  saved: 'Đã lưu bài viết',
} as const;

const trimmed = (label: string, max: number) =>
  z
    .string({ message: `${label} phải là chuỗi ký tự` })
    .trim()
    .max(max, `${label} tối đa ${max.toLocaleString('vi-VN')} ký tự`);

export const newsAlias = z
  .string({ message: 'Đường dẫn phải là chuỗi ký tự' })
  .trim()
  .max(NEWS_ALIAS_MAX + 50, `Đường dẫn tối đa ${NEWS_ALIAS_MAX} ký tự`)
  .superRefine((a, ctx) => {
    const p = aliasProblem(a);
    if (p) ctx.addIssue({ code: 'custom', message: p });
  });

const positiveId = z.number({ message: 'Chuyên mục không hợp lệ' }).int('Chuyên mục không hợp lệ').positive('Chuyên mục không hợp lệ').max(2_147_483_647);

export const PUBLISH_MODES = ['KEEP', 'NOW', 'SCHEDULE'] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];

export const newsBody = z
  .object({
    title: trimmed('Tiêu đề', NEWS_TITLE_MAX).min(1, 'Vui lòng nhập tiêu đề'),
    /** Absent or empty: made from the title (and made unique with -2, -3…). */
    alias: z.union([z.literal(''), newsAlias]).optional(),
    summary: trimmed('Tóm tắt', NEWS_SUMMARY_MAX).optional().default(''),
    coverUrl: z.string().regex(CONTENT_IMAGE_SRC_RE, 'Ảnh bìa không hợp lệ: hãy tải ảnh lên (JPEG, PNG hoặc WebP)').nullable().optional(),
    bodyHtml: richTextField('Nội dung').optional().default(''),
    categoryIds: z.array(positiveId).max(NEWS_CATEGORIES_MAX, `Tối đa ${NEWS_CATEGORIES_MAX} chuyên mục`).optional().default([]),
    tags: z.array(trimmed('Thẻ', NEWS_TAG_MAX).min(1, 'Thẻ không được để trống')).max(NEWS_TAGS_MAX, `Tối đa ${NEWS_TAGS_MAX} thẻ`).optional().default([]),
    seoTitle: trimmed('Tiêu đề SEO', NEWS_SEO_TITLE_MAX).nullable().optional(),
    seoDescription: trimmed('Mô tả SEO', NEWS_SEO_DESCRIPTION_MAX).nullable().optional(),
    /** KEEP: the status stays (a new article is a draft); NOW: published at once; SCHEDULE: at `publishAt`. */
    publish: z.enum(PUBLISH_MODES, { message: 'Cách đăng không hợp lệ' }).optional().default('KEEP'),
    publishAt: z.iso.datetime({ offset: true, message: 'Thời điểm đăng không hợp lệ' }).nullable().optional(),
    /** An update names the version it edited (optimistic concurrency: 409 when someone saved since). */
    version: z.number().int().positive().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.publish === 'SCHEDULE' && !b.publishAt) ctx.addIssue({ code: 'custom', path: ['publishAt'], message: NEWS_MESSAGES.scheduleAtRequired });
  });
export type NewsBody = z.input<typeof newsBody>;
export type NewsBodyParsed = z.infer<typeof newsBody>;

export const newsCategory = z.object({ id: z.number().int(), name: z.string() });
export type NewsCategoryDto = z.infer<typeof newsCategory>;
export const newsCategoryRow = newsCategory.extend({ position: z.number().int(), articles: z.number().int() });
export type NewsCategoryRowDto = z.infer<typeof newsCategoryRow>;
export const categoryBody = z.object({
  name: trimmed('Tên chuyên mục', NEWS_CATEGORY_NAME_MAX).min(1, 'Vui lòng nhập tên chuyên mục'),
  position: z.number().int().min(0).max(10_000).optional().default(0),
});

export const newsRow = z.object({
  id: z.number().int(),
  scope: z.enum(NEWS_SCOPES),
  title: z.string(),
  alias: z.string(),
  summary: z.string(),
  coverUrl: z.string().nullable(),
  categories: z.array(newsCategory),
  tags: z.array(z.string()),
  status: z.enum(NEWS_STATUSES),
  /** SCHEDULED: when it will be published; PUBLISHED/HIDDEN: when it was. */
  publishAt: z.string().nullable(),
  version: z.number().int(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsRowDto = z.infer<typeof newsRow>;
export const newsDetail = newsRow.extend({
  bodyHtml: z.string(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  oldAliases: z.array(z.string()),
  /** Set when the article was asked for by one of its old aliases: the alias asked for. */
  requestedAlias: z.string().nullable(),
});
export type NewsDetailDto = z.infer<typeof newsDetail>;

export const newsRevision = z.object({
  id: z.number().int(),
  action: z.string(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  by: z.string().nullable(),
  at: z.string(),
});
export type NewsRevisionDto = z.infer<typeof newsRevision>;

export const newsListQuery = z
  .object({
    /** Words of the title, summary or tags, without diacritics. */
    q: z.string().trim().max(200, 'Từ khoá tối đa 200 ký tự').optional(),
    categoryId: z
      .string()
      .regex(/^\d{1,9}$/, 'Chuyên mục không hợp lệ')
      .transform(Number)
      .optional(),
    status: z.enum(NEWS_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(),
    /** Period of the publication time (scheduled or published), days in +07:00. */
    from: isoDay('Từ ngày').optional(),
    to: isoDay('Đến ngày').optional(),
    ...pagingParams(20),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Đến ngày phải sau hoặc bằng từ ngày' });
  });
export type NewsListQuery = z.infer<typeof newsListQuery>;

export const scheduleNewsBody = z.object({ publishAt: z.iso.datetime({ offset: true, message: 'Thời điểm đăng không hợp lệ' }) });

const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Mã bài viết không hợp lệ')
    .transform(Number),
});
const categoryIdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Mã chuyên mục không hợp lệ')
    .transform(Number),
});
/** An alias in a path: any text up to the cap (an unknown one is a 404, not a 400: old links may be odd). */
const aliasParam = z.object({
  alias: z
    .string()
    .min(1)
    .max(NEWS_ALIAS_MAX + 50, 'Đường dẫn quá dài'),
});

/** Where each scope's admin API lives. */
export const NEWS_ADMIN_BASE: Record<NewsScope, string> = { MAIN: '/api/news/v1', SHP: '/api/news/v1/shp' };
export const NEWS_PUBLIC_BASE = '/api/news/v1/public';

const one = envelope(newsDetail);

/** The admin operations of one scope. */
export function newsAdminEndpoints(scope: NewsScope) {
  const B = NEWS_ADMIN_BASE[scope];
  const what = scope === 'MAIN' ? 'Tin tức' : 'Tin tức phòng khám tư';
  const action = (name: NewsAction, summary: string) =>
    endpoint({
      method: 'POST',
      path: `${B}/articles/:id/${name}`,
      summary: `${what}: ${summary}`,
      params: idParam,
      response: one,
      errors: [400, 401, 403, 404, 409],
    });
  return {
    list: endpoint({
      method: 'GET',
      path: `${B}/articles`,
      summary: `${what}: tìm bài viết theo tiêu đề (không dấu), chuyên mục, trạng thái và thời gian đăng; mới nhất trước`,
      query: newsListQuery,
      response: pageEnvelope(newsRow),
      errors: [400, 401, 403],
    }),
    get: endpoint({
      method: 'GET',
      path: `${B}/articles/:id`,
      summary: `${what}: một bài viết`,
      params: idParam,
      response: one,
      errors: [400, 401, 403, 404],
    }),
    byAlias: endpoint({
      method: 'GET',
      path: `${B}/by-alias/:alias`,
      summary: `${what}: bài viết theo đường dẫn (đường dẫn cũ dẫn tới bài viết, kèm đường dẫn hiện tại)`,
      params: aliasParam,
      response: one,
      errors: [400, 401, 403, 404],
    }),
    create: endpoint({ method: 'POST', path: `${B}/articles`, summary: `${what}: tạo bài viết`, body: newsBody, response: one, errors: [400, 401, 403, 409] }),
    update: endpoint({
      method: 'PUT',
      path: `${B}/articles/:id`,
      summary: `${what}: sửa bài viết (kèm phiên bản đang sửa)`,
      params: idParam,
      body: newsBody,
      response: one,
      errors: [400, 401, 403, 404, 409],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${B}/articles/:id`,
      summary: `${what}: xoá bài viết chưa đăng hoặc đã ẩn`,
      params: idParam,
      response: envelope(z.object({ id: z.number().int() })),
      errors: [400, 401, 403, 404, 409],
    }),
    publish: action('publish', 'đăng ngay'),
    schedule: endpoint({
      method: 'POST',
      path: `${B}/articles/:id/schedule`,
      summary: `${what}: hẹn giờ đăng`,
      params: idParam,
      body: scheduleNewsBody,
      response: one,
      errors: [400, 401, 403, 404, 409],
    }),
    hide: action('hide', 'ẩn bài viết (huỷ hẹn giờ nếu có)'),
    unhide: action('unhide', 'hiện lại bài viết đã ẩn'),
    revisions: endpoint({
      method: 'GET',
      path: `${B}/articles/:id/revisions`,
      summary: `${what}: lịch sử thay đổi của bài viết`,
      params: idParam,
      response: envelope(z.array(newsRevision)),
      errors: [400, 401, 403, 404],
    }),
    categories: endpoint({
      method: 'GET',
      path: `${B}/categories`,
      summary: `${what}: danh sách chuyên mục`,
      response: envelope(z.array(newsCategoryRow)),
      errors: [401, 403],
    }),
    createCategory: endpoint({
      method: 'POST',
      path: `${B}/categories`,
      summary: `${what}: thêm chuyên mục`,
      body: categoryBody,
      response: envelope(newsCategoryRow),
      errors: [400, 401, 403, 409],
    }),
    updateCategory: endpoint({
      method: 'PUT',
      path: `${B}/categories/:id`,
      summary: `${what}: sửa chuyên mục`,
      params: categoryIdParam,
      body: categoryBody,
      response: envelope(newsCategoryRow),
      errors: [400, 401, 403, 404, 409],
    }),
    removeCategory: endpoint({
      method: 'DELETE',
      path: `${B}/categories/:id`,
      summary: `${what}: xoá chuyên mục không còn bài viết`,
      params: categoryIdParam,
      response: envelope(z.object({ id: z.number().int() })),
      errors: [400, 401, 403, 404, 409],
    }),
  };
}
export type NewsAdminEndpoints = ReturnType<typeof newsAdminEndpoints>;
export const newsEndpoints = newsAdminEndpoints('MAIN');
export const shpNewsEndpoints = newsAdminEndpoints('SHP');

// ---- public (no sign-in; never 401/403) ----

const publicIntParam = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, `${label} phải là số nguyên`)
    .transform(Number);
export const newsPublicScopeQuery = z.object({
  /** Which facility's news; absent = the platform's default facility (as the public price page). */
  hospitalId: publicIntParam('Mã cơ sở').pipe(z.number().min(1, 'Mã cơ sở không hợp lệ')).optional(),
  /** MAIN (default) or SHP: the private clinic's news. */
  scope: z.enum(NEWS_SCOPES, { message: 'Mục tin không hợp lệ' }).optional().default('MAIN'),
});
export const newsPublicListQuery = newsPublicScopeQuery.extend({
  q: z.string().trim().max(200, 'Từ khoá tối đa 200 ký tự').optional(),
  categoryId: publicIntParam('Chuyên mục').optional(),
  tag: z.string().trim().max(NEWS_TAG_MAX, `Thẻ tối đa ${NEWS_TAG_MAX} ký tự`).optional(),
  page: publicIntParam('Trang').pipe(z.number().max(100_000, 'Trang không hợp lệ')).optional().default(0),
  size: publicIntParam('Số bài mỗi trang')
    .pipe(z.number().min(1, 'Số bài mỗi trang tối thiểu 1').max(NEWS_PUBLIC_MAX_SIZE, `Số bài mỗi trang tối đa ${NEWS_PUBLIC_MAX_SIZE}`))
    .optional()
    .default(10),
});
export type NewsPublicListQuery = z.infer<typeof newsPublicListQuery>;

export const newsPublicRow = z.object({
  id: z.number().int(),
  title: z.string(),
  alias: z.string(),
  summary: z.string(),
  coverUrl: z.string().nullable(),
  categories: z.array(newsCategory),
  tags: z.array(z.string()),
  publishedAt: z.string(),
});
export type NewsPublicRowDto = z.infer<typeof newsPublicRow>;
export const newsPublicArticle = newsPublicRow.extend({
  bodyHtml: z.string(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  /** The article's current alias; differs from the one asked for when that was an old alias (redirect to it). */
  canonicalAlias: z.string(),
  redirect: z.boolean(),
});
export type NewsPublicArticleDto = z.infer<typeof newsPublicArticle>;
export const newsPublicListResponse = pageEnvelope(newsPublicRow);
export type NewsPublicListResponse = z.infer<typeof newsPublicListResponse>;
export const newsPublicArticleResponse = envelope(newsPublicArticle);
export type NewsPublicArticleResponse = z.infer<typeof newsPublicArticleResponse>;

export const newsPublicEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${NEWS_PUBLIC_BASE}/articles`,
    summary: 'Tin tức đã đăng của cơ sở (mục tin MAIN hoặc SHP), tìm theo từ khoá không dấu, chuyên mục, thẻ; mới nhất trước',
    query: newsPublicListQuery,
    response: newsPublicListResponse,
    errors: [400, 404],
  }),
  byAlias: endpoint({
    method: 'GET',
    path: `${NEWS_PUBLIC_BASE}/articles/:alias`,
    summary: 'Một bài viết đã đăng theo đường dẫn; đường dẫn cũ trả về bài viết kèm đường dẫn hiện tại (redirect)',
    params: aliasParam,
    query: newsPublicScopeQuery,
    response: newsPublicArticleResponse,
    errors: [400, 404],
  }),
  categories: endpoint({
    method: 'GET',
    path: `${NEWS_PUBLIC_BASE}/categories`,
    summary: 'Chuyên mục tin tức của cơ sở (mục tin MAIN hoặc SHP) có bài đã đăng',
    query: newsPublicScopeQuery,
    response: envelope(z.array(newsCategory)),
    errors: [400, 404],
  }),
};
