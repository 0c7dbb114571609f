import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Resource } from '@portal/shared/core/define-resource';
import { caller } from '../access';
import { audit } from '../audit';
import type { AppContext } from '../context';
import type { Executor } from '../db';
import { conflict, notFound } from '../errors';
import { errorResponses } from '../openapi';
import { containsPattern } from '../sql';
import { writeWorkbook } from './excel';

/** A table the generic routes can serve: the resource's fields plus the system columns. */
export type CatalogTable = PgTable & {
  id: PgColumn;
  facilityId: PgColumn;
  searchText: PgColumn;
  active: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

const idParams = z.object({ id: z.string().regex(/^\d{1,9}$/, 'Mã không hợp lệ').transform(Number) });
const activeBody = z.strictObject({ active: z.boolean({ message: 'Trạng thái phải là đúng hoặc sai' }) });
const EXPORT_LIMIT = 50_000;

type Row = Record<string, unknown>;

/**
 * The five CRUD routes of a resource (list, read, create, update, activate/deactivate) plus
 * its Excel export, all driven by the resource definition. Writes are audited in their own
 * transaction; every query is scoped to the caller's facility.
 */
export function resourceRoutes(app: FastifyInstance, ctx: AppContext, resource: Resource, table: CatalogTable): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const col = (key: string) => (table as unknown as Record<string, PgColumn>)[key]!;
  const tags = [resource.labelPlural];
  const access = { access: resource.authority };
  const searchKeys = resource.fields.filter((f) => f.search).map((f) => f.key);
  const rowSchema = z.object({ id: z.number(), active: z.boolean() }).catchall(z.unknown());

  const scope = (req: FastifyRequest): SQL => eq(table.facilityId, caller(req).facilityId);
  const searchText = (body: Row) => normalizeText(searchKeys.map((k) => String(body[k] ?? '')).join(' '));

  function listWhere(req: FastifyRequest, q: z.infer<typeof resource.listQuery>): SQL {
    const conds: SQL[] = [scope(req)];
    for (const [k, v] of Object.entries(q.filters)) conds.push(eq(col(k), v));
    for (const w of normalizeText(q.q).split(' ').filter(Boolean).slice(0, 8)) {
      conds.push(sql`${table.searchText} LIKE ${containsPattern(w)}`);
    }
    return and(...conds)!;
  }
  function orderBy(q: z.infer<typeof resource.listQuery>) {
    const s = q.sort ?? resource.defaultSort;
    return [s.direction === 'desc' ? desc(col(s.field)) : asc(col(s.field)), asc(table.id)];
  }

  async function findOwn(ex: Executor, req: FastifyRequest, id: number): Promise<Row> {
    const [row] = await ex.select().from(table).where(and(scope(req), eq(table.id, id))).limit(1);
    if (!row) throw notFound(`Không tìm thấy ${resource.label.toLowerCase()}`);
    return row as Row;
  }

  /** A unique field already used by another row of the facility → 409 naming the field. */
  async function checkUnique(ex: Executor, req: FastifyRequest, body: Row, exceptId?: number) {
    for (const f of resource.fields.filter((x) => x.unique)) {
      const conds = [scope(req), eq(col(f.key), body[f.key])];
      if (exceptId) conds.push(ne(table.id, exceptId));
      const [dup] = await ex.select({ id: table.id }).from(table).where(and(...conds)).limit(1);
      if (dup) {
        const message = `${f.label} "${String(body[f.key])}" đã tồn tại`;
        throw conflict(message, [{ field: f.key, message }]);
      }
    }
  }

  const pageResponse = z.object({
    code: z.literal(0),
    data: z.array(rowSchema),
    totalElements: z.number(),
    totalPage: z.number(),
    page: z.number(),
    size: z.number(),
  });
  const oneResponse = z.object({ code: z.literal(0), message: z.string().optional(), data: rowSchema });

  r.get(resource.path, {
    config: access,
    schema: { tags, summary: `${resource.labelPlural}: danh sách`, querystring: resource.listQuery, response: { 200: pageResponse, ...errorResponses(400, 401, 403) } },
    handler: async (req) => {
      const q = req.query;
      const where = listWhere(req, q);
      const db = ctx.database.db;
      const [rows, [{ n }]] = await Promise.all([
        db.select().from(table).where(where).orderBy(...orderBy(q)).limit(q.size).offset(q.page * q.size),
        db.select({ n: sql<number>`count(*)::int` }).from(table).where(where),
      ]);
      return { code: 0 as const, data: rows as Row[] as never, totalElements: n, totalPage: Math.ceil(n / q.size), page: q.page, size: q.size };
    },
  });

  r.get(`${resource.path}/export`, {
    config: access,
    schema: { tags, summary: `${resource.labelPlural}: xuất Excel (.xlsx) theo bộ lọc`, querystring: resource.listQuery },
    handler: async (req, reply) => {
      const q = req.query;
      const rows = (await ctx.database.db.select().from(table).where(listWhere(req, q)).orderBy(...orderBy(q)).limit(EXPORT_LIMIT)) as Row[];
      const buffer = await writeWorkbook(resource, rows);
      await audit(ctx.database.db, req, { action: 'EXPORT', entity: resource.name, after: { rows: rows.length, filters: q.filters, q: q.q ?? null } });
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${resource.exportName}.xlsx"`)
        .send(buffer);
    },
  });

  r.get(`${resource.path}/:id`, {
    config: access,
    schema: { tags, summary: `${resource.label}: chi tiết`, params: idParams, response: { 200: oneResponse, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => ({ code: 0 as const, data: (await findOwn(ctx.database.db, req, req.params.id)) as never }),
  });

  r.post(resource.path, {
    config: access,
    schema: { tags, summary: `${resource.label}: thêm mới`, body: resource.body, response: { 200: oneResponse, ...errorResponses(400, 401, 403, 409) } },
    handler: async (req) => {
      const body = req.body as Row;
      const row = await ctx.database.transaction(async (tx) => {
        await checkUnique(tx, req, body);
        const [created] = await tx
          .insert(table)
          .values({ ...body, facilityId: caller(req).facilityId, searchText: searchText(body) } as never)
          .returning();
        await audit(tx, req, { action: 'CREATE', entity: resource.name, entityId: (created as Row).id as number, after: created });
        return created as Row;
      });
      return { code: 0 as const, message: `Đã thêm ${resource.label.toLowerCase()}`, data: row as never };
    },
  });

  r.put(`${resource.path}/:id`, {
    config: access,
    schema: { tags, summary: `${resource.label}: cập nhật`, params: idParams, body: resource.body, response: { 200: oneResponse, ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (req) => {
      const body = req.body as Row;
      const row = await ctx.database.transaction(async (tx) => {
        const before = await findOwn(tx, req, req.params.id);
        await checkUnique(tx, req, body, req.params.id);
        const [after] = await tx
          .update(table)
          .set({ ...body, searchText: searchText(body), updatedAt: new Date() } as never)
          .where(and(scope(req), eq(table.id, req.params.id)))
          .returning();
        await audit(tx, req, { action: 'UPDATE', entity: resource.name, entityId: req.params.id, before, after });
        return after as Row;
      });
      return { code: 0 as const, message: 'Đã lưu thay đổi', data: row as never };
    },
  });

  r.put(`${resource.path}/:id/active`, {
    config: access,
    schema: { tags, summary: `${resource.label}: ngừng / cho hoạt động lại (không xoá)`, params: idParams, body: activeBody, response: { 200: oneResponse, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => {
      const row = await ctx.database.transaction(async (tx) => {
        const before = await findOwn(tx, req, req.params.id);
        const [after] = await tx
          .update(table)
          .set({ active: req.body.active, updatedAt: new Date() } as never)
          .where(and(scope(req), eq(table.id, req.params.id)))
          .returning();
        await audit(tx, req, { action: req.body.active ? 'ACTIVATE' : 'DEACTIVATE', entity: resource.name, entityId: req.params.id, before: { active: before.active }, after: { active: req.body.active } });
        return after as Row;
      });
      return { code: 0 as const, message: req.body.active ? 'Đã cho hoạt động lại' : 'Đã ngừng hoạt động', data: row as never };
    },
  });
}
