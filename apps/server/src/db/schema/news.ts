import { foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { facilities } from './facilities';

/**
 * News (issue 18; /admin/news with MANAGER_NEWS, /admin/SHP/news with MANAGER_SHP; docs/decisions.md "News").
 * Every row has a scope: MAIN (the hospital's news) or SHP (the private clinic's own news); the two never mix —
 * aliases, categories and the public API are per facility AND scope.
 */

/** A facility's news categories of one scope, managed by the editors (name unique in facility + scope). */
export const newsCategories = pgTable(
  'news_categories',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    scope: text('scope').notNull(),
    name: text('name').notNull(),
    /** normalizeText(name): the uniqueness key (no two "Tin tức" / "tin tuc"). */
    nameKey: text('name_key').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'news_categories_pkey', columns: [t.id, t.facilityId] }),
    uniqueIndex('news_categories_name_uq').on(t.facilityId, t.scope, t.nameKey),
  ],
);

/** DRAFT → PUBLISHED (now) or SCHEDULED (the `news.publish` job publishes it at `publish_at`); PUBLISHED ⇄ HIDDEN. */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    scope: text('scope').notNull(),
    title: text('title').notNull(),
    /** The current alias (rules/news-alias.ts); its earlier ones are in news_aliases. */
    alias: text('alias').notNull(),
    summary: text('summary').notNull().default(''),
    /** A served content image (`/api/content/v1/images/<hash>.<ext>`), or null. */
    coverUrl: text('cover_url'),
    /** sanitizeRichText(body).html — never what the client sent. */
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    /** normalizeText(title + summary + tags): the lists' search (admin and public). */
    searchText: text('search_text').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    status: text('status').notNull().default('DRAFT'),
    /** SCHEDULED: when the job publishes it; PUBLISHED / HIDDEN: when it was published; DRAFT: null. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** Optimistic concurrency: an update names the version it edited. */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'news_articles_pkey', columns: [t.id, t.facilityId] }),
    uniqueIndex('news_articles_alias_uq').on(t.facilityId, t.scope, t.alias),
    foreignKey({ name: 'news_articles_created_by_fk', columns: [t.facilityId, t.createdBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    foreignKey({ name: 'news_articles_updated_by_fk', columns: [t.facilityId, t.updatedBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    /** The public list: published of a facility and scope, newest first. */
    index('news_articles_public_idx').on(t.facilityId, t.scope, t.status, t.publishAt),
    index('news_articles_list_idx').on(t.facilityId, t.scope, t.id),
    index('news_articles_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('news_articles_due_idx').on(t.status, t.publishAt),
  ],
);

/** An article's categories (a category of the same facility; the service checks the scope). */
export const newsArticleCategories = pgTable(
  'news_article_categories',
  {
    facilityId: integer('facility_id').notNull(),
    articleId: integer('article_id').notNull(),
    categoryId: integer('category_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'news_article_categories_pkey', columns: [t.facilityId, t.articleId, t.categoryId] }),
    foreignKey({
      name: 'news_article_categories_article_fk',
      columns: [t.articleId, t.facilityId],
      foreignColumns: [newsArticles.id, newsArticles.facilityId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'news_article_categories_category_fk',
      columns: [t.categoryId, t.facilityId],
      foreignColumns: [newsCategories.id, newsCategories.facilityId],
    }),
    index('news_article_categories_category_idx').on(t.facilityId, t.categoryId),
  ],
);

/** An article's earlier aliases: an old link keeps working and leads to the current alias. */
export const newsAliases = pgTable(
  'news_aliases',
  {
    facilityId: integer('facility_id').notNull(),
    scope: text('scope').notNull(),
    alias: text('alias').notNull(),
    articleId: integer('article_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'news_aliases_pkey', columns: [t.facilityId, t.scope, t.alias] }),
    foreignKey({ name: 'news_aliases_article_fk', columns: [t.articleId, t.facilityId], foreignColumns: [newsArticles.id, newsArticles.facilityId] }).onDelete(
      'cascade',
    ),
    index('news_aliases_article_idx').on(t.facilityId, t.articleId),
  ],
);

/** Who changed what: one row per write of an article, with the changed fields (before → after). */
export const newsRevisions = pgTable(
  'news_revisions',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id').notNull(),
    articleId: integer('article_id').notNull(),
    /** CREATE, UPDATE, PUBLISH, SCHEDULE, HIDE, UNHIDE, AUTO_PUBLISH. */
    action: text('action').notNull(),
    /** { field: { before, after } }; the body is named, not copied. */
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull().default({}),
    /** Null: the system (the scheduled publication). */
    accountId: integer('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'news_revisions_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({
      name: 'news_revisions_article_fk',
      columns: [t.articleId, t.facilityId],
      foreignColumns: [newsArticles.id, newsArticles.facilityId],
    }).onDelete('cascade'),
    foreignKey({ name: 'news_revisions_account_fk', columns: [t.facilityId, t.accountId], foreignColumns: [accounts.facilityId, accounts.id] }),
    index('news_revisions_article_idx').on(t.facilityId, t.articleId, t.id),
  ],
);
