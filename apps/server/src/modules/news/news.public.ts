import type { FastifyInstance, FastifyReply } from 'fastify';
import { pageOf } from '@portal/shared/core/api';
import {
  NEWS_MESSAGES,
  newsPublicEndpoints,
  type NewsPublicArticleResponse,
  type NewsPublicListQuery,
  type NewsPublicListResponse,
  type NewsPublicRowDto,
  type NewsScope,
} from '@portal/shared/contracts/news.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { notFound } from '../../core/errors';
import { iso } from '../../core/sql';
import { findFacilityForPublic } from '../catalog/services.repository';
import { newsCache } from './news.cache';
import * as repo from './news.repository';

/**
 * The public news (issue 18): what the patient app and the website read, without sign-in — only PUBLISHED articles of
 * the facility named by `hospitalId` (the default facility without it) and of the scope asked (MAIN or SHP), their
 * sanitised HTML as stored, paged. Answers are JSON built once and reused from the facility's cache (news.cache.ts)
 * until a news write drops it; a proxy or the browser may keep one for 30 s.
 */
const tags = ['Tin tức (công khai)'];

function publicCache(reply: FastifyReply) {
  reply.header('Cache-Control', 'public, max-age=30, stale-while-revalidate=60');
}

async function facilityOf(ctx: AppContext, hospitalId: number | undefined): Promise<number> {
  const id = await newsCache(ctx).facility(hospitalId, async () => (await findFacilityForPublic(ctx.database, hospitalId))?.id ?? null);
  if (id === null) throw notFound(NEWS_MESSAGES.facilityNotFound);
  return id;
}

const rowOf = (r: repo.PublicRow): NewsPublicRowDto => ({
  id: r.id,
  title: r.title,
  alias: r.alias,
  summary: r.summary,
  coverUrl: r.coverUrl,
  categories: r.categories,
  tags: r.tags,
  publishedAt: iso(r.publishAt)!,
});

export async function publicList(ctx: AppContext, q: NewsPublicListQuery): Promise<string> {
  const facilityId = await facilityOf(ctx, q.hospitalId);
  const needle = normalizeText(q.q) || undefined;
  const key = JSON.stringify(['list', q.scope, needle ?? '', q.categoryId ?? 0, q.tag ?? '', q.page, q.size]);
  return newsCache(ctx).answer(facilityId, key, async () => {
    const { rows, total } = await repo.publicPage(ctx.database.db, {
      facilityId,
      scope: q.scope,
      needle,
      categoryId: q.categoryId,
      tag: q.tag || undefined,
      limit: q.size,
      offset: q.page * q.size,
    });
    const body: NewsPublicListResponse = pageOf(rows.map(rowOf), total, q);
    return JSON.stringify(body);
  });
}

/** The article by its alias; an earlier alias answers the same article with `redirect: true` and its `canonicalAlias`. */
export async function publicArticle(ctx: AppContext, q: { hospitalId?: number; scope: NewsScope }, alias: string): Promise<string> {
  const facilityId = await facilityOf(ctx, q.hospitalId);
  const key = JSON.stringify(['article', q.scope, alias]);
  const json = await newsCache(ctx).answer(facilityId, key, async () => {
    const found = await repo.findIdByAlias(ctx.database.db, facilityId, q.scope, alias);
    const a = found && (await repo.publicArticle(ctx.database.db, facilityId, q.scope, found.id));
    if (!a) return '';
    const body: NewsPublicArticleResponse = {
      code: 0,
      data: {
        ...rowOf(a),
        bodyHtml: a.bodyHtml,
        seoTitle: a.seoTitle || a.title,
        seoDescription: a.seoDescription || a.summary,
        canonicalAlias: a.alias,
        redirect: a.alias !== alias,
      },
    };
    return JSON.stringify(body);
  });
  if (!json) throw notFound(NEWS_MESSAGES.notFound);
  return json;
}

export async function newsPublicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const config = { access: 'public' as const };
  const E = newsPublicEndpoints;
  route(app, E.list, {
    config,
    tags,
    handler: async (req, reply) => {
      const json = await publicList(ctx, req.query);
      publicCache(reply);
      return reply.type('application/json; charset=utf-8').send(json as unknown as NewsPublicListResponse) as never;
    },
  });
  route(app, E.byAlias, {
    config,
    tags,
    handler: async (req, reply) => {
      const json = await publicArticle(ctx, req.query, req.params.alias);
      publicCache(reply);
      return reply.type('application/json; charset=utf-8').send(json as unknown as NewsPublicArticleResponse) as never;
    },
  });
  route(app, E.categories, {
    config,
    tags,
    handler: async (req, reply) => {
      const facilityId = await facilityOf(ctx, req.query.hospitalId);
      const json = await newsCache(ctx).answer(facilityId, JSON.stringify(['categories', req.query.scope]), async () =>
        JSON.stringify({ code: 0, data: await repo.publicCategories(ctx.database.db, facilityId, req.query.scope) }),
      );
      publicCache(reply);
      return reply.type('application/json; charset=utf-8').send(json as never) as never;
    },
  });
}
