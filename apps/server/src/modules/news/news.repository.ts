import { sql, type SQL } from 'drizzle-orm';
import type { NewsScope, NewsStatus } from '@portal/shared/contracts/news.contract';
import type { Executor } from '../../core/db';
import { containsPattern, dayPeriodConds, rows } from '../../core/sql';

/** The SQL of news (issue 18): articles, their categories, old aliases and revisions; every query of one facility and scope. */

export type ArticleRow = {
  id: number;
  scope: NewsScope;
  title: string;
  alias: string;
  summary: string;
  coverUrl: string | null;
  tags: string[];
  status: NewsStatus;
  /** Raw SQL answers timestamps as text on PostgreSQL, as Date on PGlite. */
  publishAt: Date | string | null;
  version: number;
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** [{ id, name }] of the article's categories, by position then name. */
  categories: { id: number; name: string }[];
};
export type ArticleDetailRow = ArticleRow & { bodyHtml: string; seoTitle: string | null; seoDescription: string | null };

const CATEGORIES = sql`coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.position, c.name)
    FROM news_article_categories ac JOIN news_categories c ON c.facility_id = ac.facility_id AND c.id = ac.category_id
    WHERE ac.facility_id = n.facility_id AND ac.article_id = n.id), '[]'::json) AS categories`;
const COLUMNS = sql`n.id, n.scope, n.title, n.alias, n.summary, n.cover_url AS "coverUrl", n.tags, n.status, n.publish_at AS "publishAt", n.version,
  ca.username AS "createdBy", ua.username AS "updatedBy", n.created_at AS "createdAt", n.updated_at AS "updatedAt", ${CATEGORIES}`;
const DETAIL = sql`${COLUMNS}, n.body_html AS "bodyHtml", n.seo_title AS "seoTitle", n.seo_description AS "seoDescription"`;
const FROM = sql`news_articles n LEFT JOIN accounts ca ON ca.facility_id = n.facility_id AND ca.id = n.created_by
  LEFT JOIN accounts ua ON ua.facility_id = n.facility_id AND ua.id = n.updated_by`;

export interface ListFilter {
  /** normalizeText of the search. */
  needle?: string;
  categoryId?: number;
  status?: NewsStatus;
  from?: string;
  to?: string;
}

function listWhere(facilityId: number, scope: NewsScope, f: ListFilter): SQL {
  const conds: SQL[] = [sql`n.facility_id = ${facilityId}`, sql`n.scope = ${scope}`];
  if (f.needle) conds.push(sql`n.search_text LIKE ${containsPattern(f.needle)}`);
  if (f.status) conds.push(sql`n.status = ${f.status}`);
  if (f.categoryId)
    conds.push(
      sql`EXISTS (SELECT 1 FROM news_article_categories ac WHERE ac.facility_id = n.facility_id AND ac.article_id = n.id AND ac.category_id = ${f.categoryId})`,
    );
  conds.push(...dayPeriodConds(sql`n.publish_at`, f.from, f.to));
  return sql.join(conds, sql` AND `);
}

export async function articlePage(
  ex: Executor,
  facilityId: number,
  scope: NewsScope,
  f: ListFilter,
  page: number,
  size: number,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const where = listWhere(facilityId, scope, f);
  const list = await rows<ArticleRow>(ex, sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY n.id DESC LIMIT ${size} OFFSET ${page * size}`);
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM news_articles n WHERE ${where}`);
  return { rows: list, total: t!.n };
}

export async function findArticle(ex: Executor, facilityId: number, scope: NewsScope, id: number, lock = false): Promise<ArticleDetailRow | undefined> {
  const [a] = await rows<ArticleDetailRow>(
    ex,
    sql`SELECT ${DETAIL} FROM ${FROM} WHERE n.facility_id = ${facilityId} AND n.scope = ${scope} AND n.id = ${id} ${lock ? sql`FOR UPDATE OF n` : sql``}`,
  );
  return a;
}

/** The article whose current or earlier alias is `alias`, and whether it was an earlier one. */
export async function findIdByAlias(ex: Executor, facilityId: number, scope: NewsScope, alias: string): Promise<{ id: number; old: boolean } | undefined> {
  const [a] = await rows<{ id: number; old: boolean }>(
    ex,
    sql`SELECT id, false AS old FROM news_articles WHERE facility_id = ${facilityId} AND scope = ${scope} AND alias = ${alias}
        UNION ALL
        SELECT article_id AS id, true AS old FROM news_aliases WHERE facility_id = ${facilityId} AND scope = ${scope} AND alias = ${alias}
        LIMIT 1`,
  );
  return a;
}

/** Every alias (current and earlier) of the scope starting with `base`, except those of `exceptId`. */
export async function aliasesLike(ex: Executor, facilityId: number, scope: NewsScope, base: string, exceptId?: number): Promise<Set<string>> {
  const like = containsPattern(base).slice(1); // 'base%': starts with
  const found = await rows<{ alias: string }>(
    ex,
    sql`SELECT alias FROM news_articles WHERE facility_id = ${facilityId} AND scope = ${scope} AND alias LIKE ${like} AND id <> ${exceptId ?? 0}
        UNION
        SELECT alias FROM news_aliases WHERE facility_id = ${facilityId} AND scope = ${scope} AND alias LIKE ${like} AND article_id <> ${exceptId ?? 0}`,
  );
  return new Set(found.map((r) => r.alias));
}

export async function oldAliases(ex: Executor, facilityId: number, articleId: number): Promise<string[]> {
  return (
    await rows<{ alias: string }>(
      ex,
      sql`SELECT alias FROM news_aliases WHERE facility_id = ${facilityId} AND article_id = ${articleId} ORDER BY created_at DESC, alias`,
    )
  ).map((r) => r.alias);
}

export interface ArticleFields {
  title: string;
  alias: string;
  summary: string;
  coverUrl: string | null;
  bodyHtml: string;
  bodyText: string;
  searchText: string;
  tags: string[];
  seoTitle: string | null;
  seoDescription: string | null;
}

export async function insertArticle(ex: Executor, facilityId: number, scope: NewsScope, accountId: number, f: ArticleFields): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO news_articles (facility_id, scope, title, alias, summary, cover_url, body_html, body_text, search_text, tags, seo_title, seo_description,
          status, created_by, updated_by)
        VALUES (${facilityId}, ${scope}, ${f.title}, ${f.alias}, ${f.summary}, ${f.coverUrl}, ${f.bodyHtml}, ${f.bodyText}, ${f.searchText},
          ${JSON.stringify(f.tags)}::jsonb, ${f.seoTitle}, ${f.seoDescription}, 'DRAFT', ${accountId}, ${accountId})
        RETURNING id`,
  );
  return r!.id;
}

export async function updateArticle(ex: Executor, facilityId: number, id: number, accountId: number, f: ArticleFields): Promise<void> {
  await ex.execute(
    sql`UPDATE news_articles SET title = ${f.title}, alias = ${f.alias}, summary = ${f.summary}, cover_url = ${f.coverUrl}, body_html = ${f.bodyHtml},
          body_text = ${f.bodyText}, search_text = ${f.searchText}, tags = ${JSON.stringify(f.tags)}::jsonb, seo_title = ${f.seoTitle},
          seo_description = ${f.seoDescription}, version = version + 1, updated_by = ${accountId}, updated_at = now()
        WHERE facility_id = ${facilityId} AND id = ${id}`,
  );
}

export async function setStatus(
  ex: Executor,
  facilityId: number,
  id: number,
  accountId: number | null,
  status: NewsStatus,
  publishAt: Date | null,
): Promise<void> {
  await ex.execute(
    sql`UPDATE news_articles SET status = ${status}, publish_at = ${publishAt ? publishAt.toISOString() : null}::timestamptz, version = version + 1,
          updated_by = coalesce(${accountId}::int, updated_by), updated_at = now()
        WHERE facility_id = ${facilityId} AND id = ${id}`,
  );
}

/** Replaces the article's categories. */
export async function setCategories(ex: Executor, facilityId: number, articleId: number, categoryIds: number[]): Promise<void> {
  await ex.execute(sql`DELETE FROM news_article_categories WHERE facility_id = ${facilityId} AND article_id = ${articleId}`);
  if (categoryIds.length)
    await ex.execute(
      sql`INSERT INTO news_article_categories (facility_id, article_id, category_id)
          SELECT ${facilityId}, ${articleId}, c FROM unnest(${sql.param(categoryIds)}::int[]) AS c ON CONFLICT DO NOTHING`,
    );
}

/** Keeps `alias` as an earlier alias of the article, and forgets `current` as one (the article has it again). */
export async function keepOldAlias(ex: Executor, facilityId: number, scope: NewsScope, articleId: number, alias: string, current: string): Promise<void> {
  await ex.execute(sql`DELETE FROM news_aliases WHERE facility_id = ${facilityId} AND scope = ${scope} AND alias = ${current} AND article_id = ${articleId}`);
  await ex.execute(
    sql`INSERT INTO news_aliases (facility_id, scope, alias, article_id) VALUES (${facilityId}, ${scope}, ${alias}, ${articleId})
        ON CONFLICT (facility_id, scope, alias) DO UPDATE SET article_id = excluded.article_id, created_at = now()`,
  );
}

export async function deleteArticle(ex: Executor, facilityId: number, id: number): Promise<void> {
  await ex.execute(sql`DELETE FROM news_articles WHERE facility_id = ${facilityId} AND id = ${id}`);
}

export async function insertRevision(
  ex: Executor,
  facilityId: number,
  articleId: number,
  accountId: number | null,
  action: string,
  changes: Record<string, { before: unknown; after: unknown }>,
): Promise<void> {
  await ex.execute(
    sql`INSERT INTO news_revisions (facility_id, article_id, action, changes, account_id)
        VALUES (${facilityId}, ${articleId}, ${action}, ${JSON.stringify(changes)}::jsonb, ${accountId})`,
  );
}

export type RevisionRow = { id: number; action: string; changes: Record<string, { before: unknown; after: unknown }>; by: string | null; at: Date | string };

export async function revisions(ex: Executor, facilityId: number, articleId: number): Promise<RevisionRow[]> {
  return rows<RevisionRow>(
    ex,
    sql`SELECT r.id, r.action, r.changes, a.username AS by, r.created_at AS at
        FROM news_revisions r LEFT JOIN accounts a ON a.facility_id = r.facility_id AND a.id = r.account_id
        WHERE r.facility_id = ${facilityId} AND r.article_id = ${articleId} ORDER BY r.id DESC LIMIT 200`,
  );
}

// ---- categories ----

export type CategoryRow = { id: number; name: string; position: number; articles: number };

export async function categories(ex: Executor, facilityId: number, scope: NewsScope): Promise<CategoryRow[]> {
  return rows<CategoryRow>(
    ex,
    sql`SELECT c.id, c.name, c.position,
          (SELECT count(*)::int FROM news_article_categories ac WHERE ac.facility_id = c.facility_id AND ac.category_id = c.id) AS articles
        FROM news_categories c WHERE c.facility_id = ${facilityId} AND c.scope = ${scope} ORDER BY c.position, c.name`,
  );
}

export async function findCategory(ex: Executor, facilityId: number, scope: NewsScope, id: number): Promise<CategoryRow | undefined> {
  return (await categories(ex, facilityId, scope)).find((c) => c.id === id);
}

/** The ids among `ids` that are categories of the facility and scope. */
export async function categoryIdsOf(ex: Executor, facilityId: number, scope: NewsScope, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (
    await rows<{ id: number }>(
      ex,
      sql`SELECT id FROM news_categories WHERE facility_id = ${facilityId} AND scope = ${scope} AND id = ANY(${sql.param(ids)}::int[])`,
    )
  ).map((r) => r.id);
}

export async function categoryNameTaken(ex: Executor, facilityId: number, scope: NewsScope, nameKey: string, exceptId = 0): Promise<boolean> {
  const r = await rows<{ id: number }>(
    ex,
    sql`SELECT id FROM news_categories WHERE facility_id = ${facilityId} AND scope = ${scope} AND name_key = ${nameKey} AND id <> ${exceptId}`,
  );
  return r.length > 0;
}

export async function insertCategory(ex: Executor, facilityId: number, scope: NewsScope, name: string, nameKey: string, position: number): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO news_categories (facility_id, scope, name, name_key, position) VALUES (${facilityId}, ${scope}, ${name}, ${nameKey}, ${position}) RETURNING id`,
  );
  return r!.id;
}

export async function updateCategory(ex: Executor, facilityId: number, id: number, name: string, nameKey: string, position: number): Promise<void> {
  await ex.execute(
    sql`UPDATE news_categories SET name = ${name}, name_key = ${nameKey}, position = ${position} WHERE facility_id = ${facilityId} AND id = ${id}`,
  );
}

export async function deleteCategory(ex: Executor, facilityId: number, id: number): Promise<void> {
  await ex.execute(sql`DELETE FROM news_categories WHERE facility_id = ${facilityId} AND id = ${id}`);
}

// ---- scheduled publication ----

/**
 * Publishes the SCHEDULED articles whose time has come (of one article, one facility, or all), locking each with SKIP
 * LOCKED so instances running this together never publish one twice; returns what changed.
 */
export async function publishDue(
  ex: Executor,
  now: Date,
  only: { facilityId?: number; articleId?: number } = {},
): Promise<{ facilityId: number; id: number; scope: NewsScope; publishAt: Date | string }[]> {
  const conds: SQL[] = [sql`status = 'SCHEDULED'`, sql`publish_at <= ${now.toISOString()}::timestamptz`];
  if (only.facilityId !== undefined) conds.push(sql`facility_id = ${only.facilityId}`);
  if (only.articleId !== undefined) conds.push(sql`id = ${only.articleId}`);
  return rows(
    ex,
    sql`UPDATE news_articles n SET status = 'PUBLISHED', version = n.version + 1, updated_at = now()
        FROM (SELECT id, facility_id FROM news_articles WHERE ${sql.join(conds, sql` AND `)} ORDER BY publish_at LIMIT 500 FOR UPDATE SKIP LOCKED) due
        WHERE n.id = due.id AND n.facility_id = due.facility_id
        RETURNING n.facility_id AS "facilityId", n.id, n.scope, n.publish_at AS "publishAt"`,
  );
}

// ---- public ----

export interface PublicFilter {
  facilityId: number;
  scope: NewsScope;
  needle?: string;
  categoryId?: number;
  tag?: string;
  limit: number;
  offset: number;
}

export type PublicRow = {
  id: number;
  title: string;
  alias: string;
  summary: string;
  coverUrl: string | null;
  tags: string[];
  publishAt: Date | string;
  categories: { id: number; name: string }[];
};

export async function publicPage(ex: Executor, f: PublicFilter): Promise<{ rows: PublicRow[]; total: number }> {
  const conds: SQL[] = [sql`n.facility_id = ${f.facilityId}`, sql`n.scope = ${f.scope}`, sql`n.status = 'PUBLISHED'`];
  if (f.needle) conds.push(sql`n.search_text LIKE ${containsPattern(f.needle)}`);
  if (f.categoryId)
    conds.push(
      sql`EXISTS (SELECT 1 FROM news_article_categories ac WHERE ac.facility_id = n.facility_id AND ac.article_id = n.id AND ac.category_id = ${f.categoryId})`,
    );
  if (f.tag) conds.push(sql`n.tags @> ${JSON.stringify([f.tag])}::jsonb`);
  const where = sql.join(conds, sql` AND `);
  const list = await rows<PublicRow>(
    ex,
    sql`SELECT n.id, n.title, n.alias, n.summary, n.cover_url AS "coverUrl", n.tags, n.publish_at AS "publishAt", ${CATEGORIES}
        FROM news_articles n WHERE ${where} ORDER BY n.publish_at DESC, n.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM news_articles n WHERE ${where}`);
  return { rows: list, total: t!.n };
}

export type PublicArticleRow = PublicRow & { bodyHtml: string; seoTitle: string | null; seoDescription: string | null };

export async function publicArticle(ex: Executor, facilityId: number, scope: NewsScope, id: number): Promise<PublicArticleRow | undefined> {
  const [a] = await rows<PublicArticleRow>(
    ex,
    sql`SELECT n.id, n.title, n.alias, n.summary, n.cover_url AS "coverUrl", n.tags, n.publish_at AS "publishAt", ${CATEGORIES},
          n.body_html AS "bodyHtml", n.seo_title AS "seoTitle", n.seo_description AS "seoDescription"
        FROM news_articles n WHERE n.facility_id = ${facilityId} AND n.scope = ${scope} AND n.id = ${id} AND n.status = 'PUBLISHED'`,
  );
  return a;
}

/** The scope's categories that hold at least one published article. */
export async function publicCategories(ex: Executor, facilityId: number, scope: NewsScope): Promise<{ id: number; name: string }[]> {
  return rows(
    ex,
    sql`SELECT c.id, c.name FROM news_categories c
        WHERE c.facility_id = ${facilityId} AND c.scope = ${scope}
          AND EXISTS (SELECT 1 FROM news_article_categories ac JOIN news_articles n ON n.facility_id = ac.facility_id AND n.id = ac.article_id
                      WHERE ac.facility_id = c.facility_id AND ac.category_id = c.id AND n.status = 'PUBLISHED')
        ORDER BY c.position, c.name`,
  );
}
