import { fmt } from '@portal/shared';
import { pageOf } from '@portal/shared/core/api';
import {
  NEWS_ACTION_FROM,
  NEWS_LIVE_TOPIC,
  NEWS_MESSAGES,
  NEWS_STATUS_LABELS,
  type NewsAction,
  type NewsBodyParsed,
  type NewsCategoryRowDto,
  type NewsDetailDto,
  type NewsListQuery,
  type NewsRevisionDto,
  type NewsRowDto,
  type NewsScope,
  type NewsStatus,
} from '@portal/shared/contracts/news.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { slugify, uniqueAlias } from '@portal/shared/rules/news-alias';
import type { Caller } from '../../core/caller';
import { sanitizeRichText } from '../../core/content';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, conflict, notFound } from '../../core/errors';
import { iso } from '../../core/sql';
import { recordWrite } from '../../core/write';
import { newsCache } from './news.cache';
import { enqueuePublication } from './news.job';
import * as repo from './news.repository';

/**
 * News of one scope (MAIN: /admin/news, SHP: /admin/SHP/news; issue 18). The route passes the scope with the authority
 * that guards it, so a caller of one scope never reaches the other's articles. Every write commits with its revision
 * (the history shown on the edit screen), its audit row and the live event that drops the public cache on every
 * instance; the public answers of the facility are dropped here too, right after the commit.
 */

const entity = 'news_article';

function toRow(a: repo.ArticleRow): NewsRowDto {
  return {
    id: a.id,
    scope: a.scope,
    title: a.title,
    alias: a.alias,
    summary: a.summary,
    coverUrl: a.coverUrl,
    categories: a.categories,
    tags: a.tags,
    status: a.status,
    publishAt: iso(a.publishAt),
    version: a.version,
    createdBy: a.createdBy,
    updatedBy: a.updatedBy,
    createdAt: iso(a.createdAt)!,
    updatedAt: iso(a.updatedAt)!,
  };
}

export async function list(ctx: AppContext, caller: Caller, scope: NewsScope, q: NewsListQuery) {
  const { rows, total } = await repo.articlePage(
    ctx.database.db,
    caller.facilityId,
    scope,
    { needle: normalizeText(q.q) || undefined, categoryId: q.categoryId, status: q.status, from: q.from, to: q.to },
    q.page,
    q.size,
  );
  return pageOf(rows.map(toRow), total, q);
}

async function detail(ex: Executor, caller: Caller, scope: NewsScope, id: number, requestedAlias: string | null = null): Promise<NewsDetailDto> {
  const a = await repo.findArticle(ex, caller.facilityId, scope, id);
  if (!a) throw notFound(NEWS_MESSAGES.notFound);
  return {
    ...toRow(a),
    bodyHtml: a.bodyHtml,
    seoTitle: a.seoTitle,
    seoDescription: a.seoDescription,
    oldAliases: await repo.oldAliases(ex, caller.facilityId, id),
    requestedAlias,
  };
}

export const get = (ctx: AppContext, caller: Caller, scope: NewsScope, id: number) => detail(ctx.database.db, caller, scope, id);

/** By the current alias, or an earlier one: then `requestedAlias` says which (the screen moves to the current one). */
export async function byAlias(ctx: AppContext, caller: Caller, scope: NewsScope, alias: string): Promise<NewsDetailDto> {
  const found = await repo.findIdByAlias(ctx.database.db, caller.facilityId, scope, alias);
  if (!found) throw notFound(NEWS_MESSAGES.notFound);
  return detail(ctx.database.db, caller, scope, found.id, found.old ? alias : null);
}

/** The stored fields of a body: sanitised HTML, the alias made from the title when none is typed, the search text. */
async function fields(ex: Executor, caller: Caller, scope: NewsScope, b: NewsBodyParsed, exceptId?: number): Promise<repo.ArticleFields> {
  const body = sanitizeRichText(b.bodyHtml, { field: 'bodyHtml', label: 'Nội dung' });
  let alias: string;
  if (b.alias) {
    const taken = await repo.aliasesLike(ex, caller.facilityId, scope, b.alias, exceptId);
    if (taken.has(b.alias)) {
      const message = fmt(NEWS_MESSAGES.aliasTaken, { alias: b.alias });
      throw conflict(message, [{ field: 'alias', message }]);
    }
    alias = b.alias;
  } else {
    const base = slugify(b.title) || 'bai-viet';
    alias = uniqueAlias(base, await repo.aliasesLike(ex, caller.facilityId, scope, base, exceptId));
  }
  const tags = [...new Set(b.tags.map((t) => t.trim()).filter(Boolean))];
  return {
    title: b.title,
    alias,
    summary: b.summary,
    coverUrl: b.coverUrl ?? null,
    bodyHtml: body.html,
    bodyText: body.text,
    searchText: normalizeText(`${b.title} ${b.summary} ${tags.join(' ')}`),
    tags,
    seoTitle: b.seoTitle || null,
    seoDescription: b.seoDescription || null,
  };
}

async function checkedCategories(ex: Executor, caller: Caller, scope: NewsScope, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const known = await repo.categoryIdsOf(ex, caller.facilityId, scope, unique);
  if (known.length !== unique.length) throw badRequest(NEWS_MESSAGES.categoryUnknown, [{ field: 'categoryIds', message: NEWS_MESSAGES.categoryUnknown }]);
  return unique;
}

/** When a body's publication asks for a time: that time, refused unless it is in the future. */
function publicationTime(b: NewsBodyParsed, now: Date): Date | null {
  if (b.publish !== 'SCHEDULE') return null;
  const at = new Date(b.publishAt!);
  if (at.getTime() <= now.getTime()) throw badRequest(NEWS_MESSAGES.past, [{ field: 'publishAt', message: NEWS_MESSAGES.past }]);
  return at;
}

const FIELD_NAMES: (keyof repo.ArticleFields)[] = ['title', 'alias', 'summary', 'coverUrl', 'tags', 'seoTitle', 'seoDescription'];

/** The fields that differ, before → after; the body is named without its text. */
function changesOf(before: Partial<repo.ArticleFields> & { categories?: unknown }, after: repo.ArticleFields & { categories?: unknown }) {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const k of FIELD_NAMES) {
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)) out[k] = { before: before[k] ?? null, after: after[k] ?? null };
  }
  if (before.bodyHtml !== after.bodyHtml) out.bodyHtml = { before: before.bodyHtml === undefined ? null : '…', after: '…' };
  if (JSON.stringify(before.categories ?? []) !== JSON.stringify(after.categories ?? []))
    out.categories = { before: before.categories ?? [], after: after.categories ?? [] };
  return out;
}

/** Applies a publication change in `tx`: status, time, the job of a scheduled one. */
async function applyPublication(tx: Executor, caller: Caller, id: number, status: NewsStatus, at: Date | null): Promise<void> {
  await repo.setStatus(tx, caller.facilityId, id, caller.accountId, status, at);
  if (status === 'SCHEDULED' && at) await enqueuePublication(tx, caller.facilityId, id, at);
}

function live(scope: NewsScope, type: string, id: number, facilityId: number) {
  return { facilityId, topic: NEWS_LIVE_TOPIC, type, id, data: { scope } };
}

export async function create(ctx: AppContext, caller: Caller, scope: NewsScope, b: NewsBodyParsed): Promise<NewsDetailDto> {
  const now = new Date();
  const at = publicationTime(b, now);
  const id = await ctx.database.transaction(async (tx) => {
    const f = await fields(tx, caller, scope, b);
    const categoryIds = await checkedCategories(tx, caller, scope, b.categoryIds);
    const newId = await repo.insertArticle(tx, caller.facilityId, scope, caller.accountId, f);
    await repo.setCategories(tx, caller.facilityId, newId, categoryIds);
    const status: NewsStatus = b.publish === 'NOW' ? 'PUBLISHED' : b.publish === 'SCHEDULE' ? 'SCHEDULED' : 'DRAFT';
    if (status !== 'DRAFT') await applyPublication(tx, caller, newId, status, at ?? now);
    const changes = { ...changesOf({}, { ...f, categories: categoryIds }), status: { before: null, after: status } };
    await recordWrite(ctx, tx, caller, {
      log: (ex) => repo.insertRevision(ex, caller.facilityId, newId, caller.accountId, 'CREATE', changes),
      audit: { action: 'CREATE', entity, entityId: newId, after: { scope, title: f.title, alias: f.alias, status, publishAt: at?.toISOString() ?? null } },
      live: live(scope, 'created', newId, caller.facilityId),
    });
    return newId;
  });
  newsCache(ctx).drop(caller.facilityId);
  return get(ctx, caller, scope, id);
}

export async function update(ctx: AppContext, caller: Caller, scope: NewsScope, id: number, b: NewsBodyParsed): Promise<NewsDetailDto> {
  const now = new Date();
  const at = publicationTime(b, now);
  await ctx.database.transaction(async (tx) => {
    const a = await repo.findArticle(tx, caller.facilityId, scope, id, true);
    if (!a) throw notFound(NEWS_MESSAGES.notFound);
    if (b.version !== undefined && b.version !== a.version) throw conflict(NEWS_MESSAGES.stale);
    const f = await fields(tx, caller, scope, b, id);
    const categoryIds = await checkedCategories(tx, caller, scope, b.categoryIds);
    await repo.updateArticle(tx, caller.facilityId, id, caller.accountId, f);
    await repo.setCategories(tx, caller.facilityId, id, categoryIds);
    if (f.alias !== a.alias) await repo.keepOldAlias(tx, caller.facilityId, scope, id, a.alias, f.alias);
    const changes = changesOf(
      { ...a, categories: a.categories.map((c) => c.id).sort((x, y) => x - y) },
      { ...f, categories: [...categoryIds].sort((x, y) => x - y) },
    );
    let status: NewsStatus = a.status;
    if (b.publish !== 'KEEP') {
      const action: NewsAction = b.publish === 'NOW' ? 'publish' : 'schedule';
      if (!NEWS_ACTION_FROM[action].includes(a.status)) throw conflict(fmt(NEWS_MESSAGES.notAllowed, { status: NEWS_STATUS_LABELS[a.status] }));
      status = b.publish === 'NOW' ? 'PUBLISHED' : 'SCHEDULED';
      await applyPublication(tx, caller, id, status, at ?? now);
      changes.status = { before: a.status, after: status };
      changes.publishAt = { before: iso(a.publishAt), after: (at ?? now).toISOString() };
    }
    await recordWrite(ctx, tx, caller, {
      log: (ex) => repo.insertRevision(ex, caller.facilityId, id, caller.accountId, 'UPDATE', changes),
      audit: {
        action: 'UPDATE',
        entity,
        entityId: id,
        before: { title: a.title, alias: a.alias, status: a.status },
        after: { title: f.title, alias: f.alias, status, changed: Object.keys(changes) },
      },
      live: live(scope, 'updated', id, caller.facilityId),
    });
  });
  newsCache(ctx).drop(caller.facilityId);
  return get(ctx, caller, scope, id);
}

/** publish now / schedule / hide / unhide (contracts/news.contract.ts: the transitions). */
export async function act(ctx: AppContext, caller: Caller, scope: NewsScope, id: number, action: NewsAction, publishAt?: string): Promise<NewsDetailDto> {
  const now = new Date();
  await ctx.database.transaction(async (tx) => {
    const a = await repo.findArticle(tx, caller.facilityId, scope, id, true);
    if (!a) throw notFound(NEWS_MESSAGES.notFound);
    if (!NEWS_ACTION_FROM[action].includes(a.status)) throw conflict(fmt(NEWS_MESSAGES.notAllowed, { status: NEWS_STATUS_LABELS[a.status] }));
    let status: NewsStatus;
    let at: Date | null;
    if (action === 'publish') [status, at] = ['PUBLISHED', now];
    else if (action === 'schedule') {
      at = new Date(publishAt!);
      if (at.getTime() <= now.getTime()) throw badRequest(NEWS_MESSAGES.past, [{ field: 'publishAt', message: NEWS_MESSAGES.past }]);
      status = 'SCHEDULED';
    } else if (action === 'hide') [status, at] = ['HIDDEN', a.status === 'PUBLISHED' && a.publishAt ? new Date(iso(a.publishAt)!) : null];
    // unhide: back as it was published (its time kept), or now if it never was
    else [status, at] = ['PUBLISHED', a.publishAt ? new Date(iso(a.publishAt)!) : now];
    await applyPublication(tx, caller, id, status, at);
    const changes = { status: { before: a.status, after: status }, publishAt: { before: iso(a.publishAt), after: at?.toISOString() ?? null } };
    await recordWrite(ctx, tx, caller, {
      log: (ex) => repo.insertRevision(ex, caller.facilityId, id, caller.accountId, action.toUpperCase(), changes),
      audit: {
        action: `NEWS_${action.toUpperCase()}`,
        entity,
        entityId: id,
        before: { status: a.status },
        after: { status, publishAt: at?.toISOString() ?? null },
      },
      live: live(scope, action, id, caller.facilityId),
    });
  });
  newsCache(ctx).drop(caller.facilityId);
  return get(ctx, caller, scope, id);
}

export async function remove(ctx: AppContext, caller: Caller, scope: NewsScope, id: number): Promise<{ id: number }> {
  await ctx.database.transaction(async (tx) => {
    const a = await repo.findArticle(tx, caller.facilityId, scope, id, true);
    if (!a) throw notFound(NEWS_MESSAGES.notFound);
    if (!NEWS_ACTION_FROM.remove.includes(a.status)) throw conflict(NEWS_MESSAGES.notDeletable);
    await repo.deleteArticle(tx, caller.facilityId, id);
    await recordWrite(ctx, tx, caller, {
      audit: { action: 'DELETE', entity, entityId: id, before: { scope, title: a.title, alias: a.alias, status: a.status } },
      live: live(scope, 'deleted', id, caller.facilityId),
    });
  });
  newsCache(ctx).drop(caller.facilityId);
  return { id };
}

export async function revisions(ctx: AppContext, caller: Caller, scope: NewsScope, id: number): Promise<NewsRevisionDto[]> {
  const a = await repo.findArticle(ctx.database.db, caller.facilityId, scope, id);
  if (!a) throw notFound(NEWS_MESSAGES.notFound);
  return (await repo.revisions(ctx.database.db, caller.facilityId, id)).map((r) => ({
    id: r.id,
    action: r.action,
    changes: r.changes,
    by: r.by,
    at: iso(r.at)!,
  }));
}

// ---- categories ----

export const categories = (ctx: AppContext, caller: Caller, scope: NewsScope): Promise<NewsCategoryRowDto[]> =>
  repo.categories(ctx.database.db, caller.facilityId, scope);

async function categoryWrite(
  ctx: AppContext,
  caller: Caller,
  scope: NewsScope,
  id: number | null,
  body: { name: string; position: number },
): Promise<NewsCategoryRowDto> {
  const nameKey = normalizeText(body.name);
  const saved = await ctx.database.transaction(async (tx) => {
    const before = id === null ? undefined : await repo.findCategory(tx, caller.facilityId, scope, id);
    if (id !== null && !before) throw notFound(NEWS_MESSAGES.categoryNotFound);
    if (await repo.categoryNameTaken(tx, caller.facilityId, scope, nameKey, id ?? 0)) {
      const message = fmt(NEWS_MESSAGES.categoryDuplicate, { name: body.name });
      throw conflict(message, [{ field: 'name', message }]);
    }
    const savedId = id ?? (await repo.insertCategory(tx, caller.facilityId, scope, body.name, nameKey, body.position));
    if (id !== null) await repo.updateCategory(tx, caller.facilityId, id, body.name, nameKey, body.position);
    await recordWrite(ctx, tx, caller, {
      audit: {
        action: id === null ? 'CREATE' : 'UPDATE',
        entity: 'news_category',
        entityId: savedId,
        before: before && { name: before.name },
        after: { scope, ...body },
      },
      live: { facilityId: caller.facilityId, topic: NEWS_LIVE_TOPIC, type: 'category', id: savedId, data: { scope } },
    });
    return savedId;
  });
  newsCache(ctx).drop(caller.facilityId);
  return (await repo.findCategory(ctx.database.db, caller.facilityId, scope, saved))!;
}

export const createCategory = (ctx: AppContext, caller: Caller, scope: NewsScope, body: { name: string; position: number }) =>
  categoryWrite(ctx, caller, scope, null, body);
export const updateCategory = (ctx: AppContext, caller: Caller, scope: NewsScope, id: number, body: { name: string; position: number }) =>
  categoryWrite(ctx, caller, scope, id, body);

export async function removeCategory(ctx: AppContext, caller: Caller, scope: NewsScope, id: number): Promise<{ id: number }> {
  await ctx.database.transaction(async (tx) => {
    const c = await repo.findCategory(tx, caller.facilityId, scope, id);
    if (!c) throw notFound(NEWS_MESSAGES.categoryNotFound);
    if (c.articles > 0) throw conflict(fmt(NEWS_MESSAGES.categoryInUse, { n: c.articles }));
    await repo.deleteCategory(tx, caller.facilityId, id);
    await recordWrite(ctx, tx, caller, {
      audit: { action: 'DELETE', entity: 'news_category', entityId: id, before: { scope, name: c.name } },
      live: { facilityId: caller.facilityId, topic: NEWS_LIVE_TOPIC, type: 'category', id, data: { scope } },
    });
  });
  newsCache(ctx).drop(caller.facilityId);
  return { id };
}
