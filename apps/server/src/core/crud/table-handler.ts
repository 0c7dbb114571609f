import { and, asc, count, desc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FieldError } from '@portal/shared';
import { refNameKey, type FieldDef, type Resource } from '@portal/shared/core/define-resource';
import type { ListQuery } from '@portal/shared/core/list-query';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Caller } from '../caller';
import type { AppContext } from '../context';
import type { Executor } from '../db';
import { badRequest, conflict, notFound } from '../errors';
import { PG, pgErrorOf } from '../pg-errors';
import type { AcronymMap } from '@portal/shared/rules/acronyms';
import { facilityAcronyms } from '../acronyms';
import { everyWordConditions } from '../search';
import { sameCode, takenBy } from '../sql';
import { recordWrite } from '../write';
import { exportWorkbook } from './excel';
import type { ResourceHandler } from './resource-handler';

/**
 * A table the generic routes can serve: the resource's fields plus the system columns.
 * A national catalogue (resource scope 'national') has no facility column.
 */
export type CatalogTable = PgTable & {
  id: PgColumn;
  facilityId?: PgColumn;
  searchText: PgColumn;
  active: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

/** A resource with the table that stores it. The registry lets ref fields find their table. */
export interface CatalogEntry {
  resource: Resource;
  table: CatalogTable;
}

type Row = Record<string, unknown>;
type Cols = Record<string, PgColumn>;

const EXPORT_LIMIT = 50_000;
/** Largest referenced table a list may be sorted by through a rank of its names (above it: one join and sort). */
const REF_RANK_MAX = 2_000;

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * What a resource may add to the table-backed handler without a service of its own (Medplum's
 * operations idea, kept small): derived columns, a wider search, computed read fields, checks that
 * need the database, and a hook after each committed write.
 */
export interface TableHandlerOptions {
  /** The other resources, so ref fields find their table (names by join, checks, delete refusals). */
  registry?: readonly CatalogEntry[];
  /** Columns computed from the full body on every write (default: searchText of the search fields). */
  derive?: (body: Row) => Row;
  /** Columns each search word may match (any of them); default the table's searchText. */
  searchColumns?: PgColumn[];
  /** A search word may also match its expansion among the facility's acronyms (core/acronyms.ts). */
  expandAcronyms?: boolean;
  /** A stored row as the API shows it (e.g. a computed price). Also used by the export. */
  present?: (row: Row) => Row;
  /** Checks that need the database; field errors → 400 and nothing is written. `before` = the stored row on update. */
  validate?: (ex: Executor, caller: Caller, body: Row, before: Row | null) => Promise<FieldError[]>;
  /** After a write has committed (e.g. clear a public cache). */
  afterWrite?: () => void;
  /**
   * What the `/select` dropdown gives besides id and name (a service's price for the booking form):
   * the columns it reads and how a row's columns become the fields of the resource's option entry
   * (declared with its endpoints in packages/shared). Only what any signed-in staff may see.
   */
  selectExtra?: { columns: Record<string, PgColumn>; present: (row: Row) => Row };
}

/**
 * The default handler: a resource stored in one table with the system columns. List, read, create,
 * update, activate/deactivate, delete when nothing references the row, the paged dropdown and the
 * Excel export, all driven by the resource definition. Ref fields are resolved with one LEFT JOIN
 * each, so rows carry the referenced name (departmentId + departmentName) without a query per row.
 * Writes and their audit rows share a transaction; every query of a facility-owned resource is
 * scoped to the caller's facility. A read-only resource gets the read operations only.
 */
export function tableHandler(ctx: AppContext, resource: Resource, table: CatalogTable, options: TableHandlerOptions = {}): ResourceHandler<Row, Row> {
  const registry = options.registry ?? [];
  const cols = table as unknown as Cols;
  const col = (key: string) => cols[key]!;
  const label = lower(resource.label);
  const searchKeys = resource.fields.filter((f) => f.search).map((f) => f.key);
  const entryOf = (name: string | undefined) => registry.find((e) => e.resource.name === name);

  // One aliased join per ref field: the referenced row's name, scoped like the row itself.
  const joins = (resource.refFields as readonly FieldDef[]).map((f) => {
    const target = entryOf(f.ref);
    if (!target) throw new Error(`${resource.name}.${f.key}: ref "${f.ref ?? ''}" is not in the registry`);
    const joined = alias(target.table, `ref_${f.key}`) as unknown as CatalogTable;
    return { field: f, target, joined, name: (joined as unknown as Cols).name! };
  });
  // The row as the API shows it: the resource's fields, names of refs, state and times — never
  // the facility or the search column.
  const outColumns: Record<string, PgColumn> = { id: table.id };
  // computed fields (a list-only column such as the high-quality price) have no column: `present` adds them
  for (const f of resource.fields) if (cols[f.key]) outColumns[f.key] = col(f.key);
  for (const j of joins) outColumns[refNameKey(j.field.key)] = j.name;
  Object.assign(outColumns, { active: table.active, createdAt: table.createdAt, updatedAt: table.updatedAt });

  function selectRows(ex: Executor) {
    let q = ex.select(outColumns).from(table).$dynamic();
    for (const j of joins) q = q.leftJoin(j.joined, eq(j.joined.id, col(j.field.key)));
    return q;
  }

  const facilityScoped = resource.scope === 'facility';
  if (facilityScoped && !table.facilityId) throw new Error(`${resource.name}: a facility resource needs facility_id`);
  const scopeOf = (t: CatalogTable, scoped: boolean, caller: Caller): SQL | undefined =>
    scoped && t.facilityId ? eq(t.facilityId, caller.facilityId) : undefined;
  const scope = (caller: Caller) => scopeOf(table, facilityScoped, caller);
  const searchText = (body: Row) => normalizeText(searchKeys.map((k) => String(body[k] ?? '')).join(' '));
  const derived = options.derive ?? ((body: Row) => ({ searchText: searchText(body) }));
  const present = options.present ?? ((row: Row) => row);
  const searchColumns = options.searchColumns ?? [table.searchText];
  async function validate(ex: Executor, caller: Caller, body: Row, before: Row | null) {
    const errors = options.validate ? await options.validate(ex, caller, body, before) : [];
    if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
  }

  /** The facility's acronyms when this list expands them and something is searched. */
  const acronymsFor = async (caller: Caller, q: string | undefined): Promise<AcronymMap | undefined> =>
    options.expandAcronyms && q?.trim() ? facilityAcronyms(ctx, caller.facilityId) : undefined;

  async function filterWhere(caller: Caller, filters: Record<string, unknown>, q: string | undefined): Promise<SQL[]> {
    const conds: SQL[] = [];
    const s = scope(caller);
    if (s) conds.push(s);
    for (const [k, v] of Object.entries(filters)) conds.push(eq(col(k), v));
    conds.push(...everyWordConditions(searchColumns, q, await acronymsFor(caller, q)));
    return conds;
  }
  const listWhere = async (caller: Caller, q: ListQuery) => and(...(await filterWhere(caller, q.filters, q.q)));

  function orderBy(q: ListQuery) {
    const s = q.sort ?? resource.defaultSort;
    const j = joins.find((x) => x.field.key === s.field);
    const target = j ? j.name : col(s.field);
    return [s.direction === 'desc' ? desc(target) : asc(target), asc(table.id)];
  }

  /**
   * A page sorted by a referenced name, in two steps: the ids of the page ordered by the rank of
   * their ref (the referenced rows of the facility ranked by name, a few dozen) with no join, then
   * those rows with their names. Sorting every match by a joined name would join the whole match
   * set first (16 ms for 10,000 rooms); ranking costs no more than the count (docs/performance.md).
   * Null when the sort is not by a ref, or the ref table is too large to rank.
   */
  async function pageByRefRank(ex: Executor, caller: Caller, q: ListQuery, where: SQL | undefined): Promise<Row[] | null> {
    const s = q.sort ?? resource.defaultSort;
    const j = joins.find((x) => x.field.key === s.field);
    if (!j) return null;
    const t = j.target.table;
    const ranked = await ex
      .select({ id: t.id })
      .from(t)
      .where(scopeOf(t, j.target.resource.scope === 'facility', caller))
      .orderBy(asc((t as unknown as Cols).name!), asc(t.id))
      .limit(REF_RANK_MAX + 1);
    if (ranked.length > REF_RANK_MAX) return null;
    // A row without the ref has no rank: last ascending, first descending, as a null name would be.
    const rank = sql`ref_rank.pos`;
    const ids = await ex
      .select({ id: table.id })
      .from(table)
      .leftJoin(sql`unnest(${`{${ranked.map((x) => x.id).join(',')}}`}::int[]) WITH ORDINALITY AS ref_rank(id, pos)`, sql`ref_rank.id = ${col(s.field)}`)
      .where(where)
      .orderBy(s.direction === 'desc' ? desc(rank) : asc(rank), asc(table.id))
      .limit(q.size)
      .offset(q.page * q.size);
    if (ids.length === 0) return [];
    const rows = (await selectRows(ex).where(
      inArray(
        table.id,
        ids.map((x) => x.id),
      ),
    )) as Row[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((x) => byId.get(x.id)!).filter(Boolean);
  }

  async function readRow(ex: Executor, caller: Caller, id: number): Promise<Row> {
    const [row] = await selectRows(ex)
      .where(and(scope(caller), eq(table.id, id)))
      .limit(1);
    if (!row) throw notFound(`Không tìm thấy ${label}`);
    return row as Row;
  }

  /** A unique field already used by another row of the facility → 409 naming the field. */
  async function checkUnique(ex: Executor, caller: Caller, body: Row, exceptId?: number) {
    for (const f of resource.fields.filter((x) => x.unique)) {
      const conds = [scope(caller), f.type === 'code' ? sameCode(col(f.key), String(body[f.key])) : eq(col(f.key), body[f.key])].filter(
        (c): c is SQL => c !== undefined,
      );
      if ((await takenBy(ex, table, conds, exceptId)) !== null) {
        const message = `${f.label} "${String(body[f.key])}" đã tồn tại`;
        throw conflict(message, [{ field: f.key, message }]);
      }
    }
  }

  /**
   * Each ref must name a row the caller may see (its own facility's); a newly chosen one must be
   * active. Keeping an already-set ref that was deactivated since is allowed.
   */
  async function checkRefs(ex: Executor, caller: Caller, body: Row, before?: Row) {
    const errors: FieldError[] = [];
    for (const j of joins) {
      const id = body[j.field.key];
      if (id === null || id === undefined) continue;
      const t = j.target.table;
      const [found] = await ex
        .select({ active: t.active })
        .from(t)
        .where(and(scopeOf(t, j.target.resource.scope === 'facility', caller), eq(t.id, id as number)))
        .limit(1);
      if (!found) errors.push({ field: j.field.key, message: `${j.field.label} không tồn tại` });
      else if (!found.active && before?.[j.field.key] !== id) errors.push({ field: j.field.key, message: `${j.field.label} đã ngừng hoạt động` });
    }
    if (errors.length) throw badRequest(errors[0]!.message, errors);
  }

  /** Generic resources whose ref fields point at this one, with how many of their rows use `id`. */
  async function referencedBy(ex: Executor, id: number): Promise<string[]> {
    const uses: string[] = [];
    for (const e of registry) {
      for (const f of e.resource.refFields as readonly FieldDef[]) {
        if (f.ref !== resource.name) continue;
        const [{ n }] = await ex
          .select({ n: count() })
          .from(e.table)
          .where(eq((e.table as unknown as Cols)[f.key]!, id));
        if (n > 0) uses.push(`${n} ${lower(e.resource.label)}`);
      }
    }
    return uses;
  }

  /** A write and its audit row in one transaction; the hook after it has committed. */
  async function write<T>(run: (tx: Executor) => Promise<T>): Promise<T> {
    const out = await ctx.database.transaction(run);
    options.afterWrite?.();
    return out;
  }
  const db = () => ctx.database.db;

  const read: ResourceHandler<Row, Row> = {
    async list(caller, q) {
      const where = await listWhere(caller, q);
      const page = async () =>
        (await pageByRefRank(db(), caller, q, where)) ??
        selectRows(db())
          .where(where)
          .orderBy(...orderBy(q))
          .limit(q.size)
          .offset(q.page * q.size);
      const [rows, [{ n }]] = await Promise.all([page(), db().select({ n: count() }).from(table).where(where)]);
      return { rows: (rows as Row[]).map(present), total: n };
    },

    // Active rows only, id and name (plus `selectExtra`, e.g. a service's price).
    async options(caller, q) {
      const where = and(eq(table.active, true), ...(await filterWhere(caller, q.filters, q.q)));
      const s = resource.selectSort ?? { field: 'name', direction: 'asc' };
      const extra = options.selectExtra;
      const [rows, [{ n }]] = await Promise.all([
        db()
          .select({ ...extra?.columns, id: table.id, name: col('name') })
          .from(table)
          .where(where)
          .orderBy(s.direction === 'desc' ? desc(col(s.field)) : asc(col(s.field)), asc(table.id))
          .limit(q.size)
          .offset(q.page * q.size),
        db().select({ n: count() }).from(table).where(where),
      ]);
      const data = extra ? (rows as Row[]).map((row) => ({ id: row.id, name: row.name, ...extra.present(row) })) : rows;
      return { rows: data as { id: number; name: string }[], total: n };
    },

    async export(caller, q) {
      const rows = (await selectRows(db())
        .where(await listWhere(caller, q))
        .orderBy(...orderBy(q))
        .limit(EXPORT_LIMIT)) as Row[];
      return exportWorkbook(ctx, caller, resource, rows.map(present), { q });
    },

    get: async (caller, id) => present(await readRow(db(), caller, id)),
  };
  if (resource.readOnly) return read;

  return {
    ...read,

    create: (caller, body) =>
      write(async (tx) => {
        await checkUnique(tx, caller, body);
        await checkRefs(tx, caller, body);
        await validate(tx, caller, body, null);
        const owner = facilityScoped ? { facilityId: caller.facilityId } : {};
        const [{ id }] = (await tx
          .insert(table)
          .values({ ...body, ...owner, ...derived(body) } as never)
          .returning({ id: table.id })) as { id: number }[];
        const created = await readRow(tx, caller, id);
        await recordWrite(ctx, tx, caller, { audit: { action: 'CREATE', entity: resource.name, entityId: id, after: created } });
        return present(created);
      }),

    update: (caller, id, body) =>
      write(async (tx) => {
        const before = await readRow(tx, caller, id);
        await checkUnique(tx, caller, body, id);
        await checkRefs(tx, caller, body, before);
        await validate(tx, caller, body, before);
        await tx
          .update(table)
          .set({ ...body, ...derived(body), updatedAt: new Date() } as never)
          .where(and(scope(caller), eq(table.id, id)));
        const after = await readRow(tx, caller, id);
        await recordWrite(ctx, tx, caller, { audit: { action: 'UPDATE', entity: resource.name, entityId: id, before, after } });
        return present(after);
      }),

    setActive: (caller, id, active) =>
      write(async (tx) => {
        const before = await readRow(tx, caller, id);
        await tx
          .update(table)
          .set({ active, updatedAt: new Date() } as never)
          .where(and(scope(caller), eq(table.id, id)));
        await recordWrite(ctx, tx, caller, {
          audit: { action: active ? 'ACTIVATE' : 'DEACTIVATE', entity: resource.name, entityId: id, before: { active: before.active }, after: { active } },
        });
        return present(await readRow(tx, caller, id));
      }),

    // A row nothing uses may be deleted (a typo, a test entry); a used one is refused with who uses it,
    // and the advice to deactivate it instead.
    async remove(caller, id) {
      let name = '';
      const refused = (uses: string) =>
        conflict(`Không thể xoá ${label}${name ? ` "${name}"` : ''} vì đang được dùng bởi ${uses}. Hãy ngừng hoạt động thay vì xoá.`);
      try {
        return await write(async (tx) => {
          const before = await readRow(tx, caller, id);
          name = String(before.name ?? before.code ?? '');
          const uses = await referencedBy(tx, id);
          if (uses.length) throw refused(uses.join(', '));
          await tx.delete(table).where(and(scope(caller), eq(table.id, id)));
          await recordWrite(ctx, tx, caller, { audit: { action: 'DELETE', entity: resource.name, entityId: id, before } });
          return present(before);
        });
      } catch (e) {
        // Rows of tables outside the registry (doctors, bookings, ...) are caught by their foreign keys.
        const pg = pgErrorOf(e);
        if (pg?.code !== PG.foreignKeyViolation) throw e;
        const user = registry.find((x) => getTableName(x.table) === pg.table);
        throw refused(user ? lower(user.resource.labelPlural.replace(/^Danh mục /, '')) : 'dữ liệu khác');
      }
    },
  };
}
