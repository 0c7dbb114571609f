import { and, eq } from 'drizzle-orm';
import { formatVnd } from '@portal/shared/rules/format';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { type PriceEntryRow, auditLog, departments, doctors, hisCodeMaps, hisSyncItems, medicalServices, rooms, serviceTypes } from '../../db/schema';
import type { HisDepartment, HisDoctor, HisRoom, HisService } from './his-convert';
import { mapsByRef } from './his-maps';

/** What a sync did with one HIS item. UNCHANGED items are counted, not logged. */
export interface ItemOutcome {
  ref: string;
  code?: string | null;
  name?: string | null;
  action: 'CREATED' | 'UPDATED' | 'UNCHANGED' | 'SKIPPED' | 'FAILED';
  message?: string | null;
  changes?: string[];
}

/** A run's counts of what its items did. */
export interface Counts {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  failed: number;
}
export const noCounts = (): Counts => ({ total: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 });

/** Adds some outcomes to a run's counts. */
export function tally(counts: Counts, outcomes: readonly ItemOutcome[]): void {
  for (const o of outcomes) {
    counts.total++;
    if (o.action === 'CREATED') counts.created++;
    else if (o.action === 'UPDATED') counts.updated++;
    else if (o.action === 'UNCHANGED') counts.unchanged++;
    else if (o.action === 'SKIPPED') counts.skipped++;
    else counts.failed++;
  }
}

const CHUNK = 200;
const failedOutcome = (item: { ref: string; code: string; name: string }, e: unknown): ItemOutcome => ({
  ref: item.ref,
  code: item.code,
  name: item.name,
  action: 'FAILED',
  message: `Không ghi được vào cổng: ${(e as Error).message.slice(0, 300)}`,
});

function auditRows(facilityId: number, runId: number, entity: string, rows: { id: number; action: string; before: unknown; after: unknown }[]) {
  return rows.map((r) => ({
    facilityId,
    actorId: null,
    actorUsername: 'HIS',
    action: r.action,
    entity,
    entityId: String(r.id),
    before: r.before ?? null,
    after: { ...(r.after as object), hisSyncRun: runId },
    ip: null,
  }));
}

/** JSON with sorted keys: a jsonb column gives its objects' keys back in its own order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v ?? null, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x,
  );

/** "Giá: 150.000 ₫ → 165.000 ₫" for each differing field. */
function diff(
  labels: Record<string, string>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  show: (k: string, v: unknown) => string,
): string[] {
  const out: string[] = [];
  for (const k of Object.keys(labels)) {
    if (canonical(before[k]) !== canonical(after[k])) out.push(`${labels[k]}: ${show(k, before[k])} → ${show(k, after[k])}`);
  }
  return out;
}

// ---------------------------------------------------------------- services (bulk per chunk, item by item on a failure)

const SERVICE_LABELS = { name: 'Tên', price: 'Giá', insurancePrice: 'Giá BHYT', typeValue: 'Loại', priceEntries: 'Giá theo khoa', active: 'Hoạt động' };
const showService = (k: string, v: unknown) =>
  v == null
    ? '—'
    : k === 'price' || k === 'insurancePrice'
      ? formatVnd(Number(v))
      : k === 'priceEntries'
        ? `${(v as PriceEntryRow[]).length} mục`
        : k === 'active'
          ? v
            ? 'có'
            : 'không'
          : String(v);

type ServiceRow = Pick<typeof medicalServices.$inferSelect, 'id' | 'code' | 'name' | 'price' | 'insurancePrice' | 'typeValue' | 'priceEntries' | 'active'>;

export async function applyServices(
  ctx: AppContext,
  facilityId: number,
  runId: number,
  items: readonly HisService[],
  afterChunk: (outcomes: ItemOutcome[]) => void,
): Promise<void> {
  const db = ctx.database.db;
  const portal = await db
    .select({
      id: medicalServices.id,
      code: medicalServices.code,
      name: medicalServices.name,
      price: medicalServices.price,
      insurancePrice: medicalServices.insurancePrice,
      typeValue: medicalServices.typeValue,
      priceEntries: medicalServices.priceEntries,
      active: medicalServices.active,
    })
    .from(medicalServices)
    .where(eq(medicalServices.facilityId, facilityId));
  const byId = new Map(portal.map((p) => [p.id, p]));
  const byCode = new Map(portal.map((p) => [p.code.toLowerCase(), p]));
  const maps = await mapsByRef(db, facilityId, 'SERVICE');
  const mappedIds = new Set(maps.values());
  const types = new Set((await db.select({ v: serviceTypes.value }).from(serviceTypes).where(eq(serviceTypes.facilityId, facilityId))).map((t) => t.v));

  for (let i = 0; i < items.length; i += CHUNK) {
    const chunk = items.slice(i, i + CHUNK);
    const outcomes: ItemOutcome[] = [];
    const creates: HisService[] = [];
    const updates: { item: HisService; before: ServiceRow; changes: string[] }[] = [];
    for (const item of chunk) {
      const portalId = maps.get(item.ref);
      const before = portalId ? byId.get(portalId) : undefined;
      if (before) {
        const after = {
          ...before,
          name: item.name,
          price: item.price,
          insurancePrice: item.insurancePrice,
          typeValue: item.typeValue,
          priceEntries: item.priceEntries,
          active: item.active,
        };
        const changes = diff(SERVICE_LABELS, before, after, showService);
        if (changes.length) updates.push({ item, before, changes });
        else outcomes.push({ ref: item.ref, action: 'UNCHANGED' });
      } else if (byCode.has(item.code.toLowerCase())) {
        const other = byCode.get(item.code.toLowerCase());
        outcomes.push({
          ref: item.ref,
          code: item.code,
          name: item.name,
          action: 'FAILED',
          message: mappedIds.has(other?.id ?? 0)
            ? `Mã ${item.code} của cổng đã ghép với một dịch vụ HIS khác`
            : `Mã ${item.code} của cổng chưa ghép: hãy ghép tay ở "Ánh xạ mã"`,
        });
      } else creates.push(item);
    }
    const newTypes = [...new Set([...creates, ...updates.map((u) => u.item)].filter((s) => !types.has(s.typeValue)).map((s) => s.typeValue))];

    const written = await ctx.database.transaction(async (tx) => {
      if (newTypes.length) {
        const named = [...creates, ...updates.map((u) => u.item)];
        await tx
          .insert(serviceTypes)
          .values(newTypes.map((v) => ({ facilityId, value: v, name: named.find((s) => s.typeValue === v)?.typeName ?? `Loại ${v}`, sortOrder: 100 + v })))
          .onConflictDoNothing();
      }
      try {
        return await tx.transaction((sp) => writeServices(sp, facilityId, runId, creates, updates));
      } catch {
        // one bad item must not cost the chunk: each in its own savepoint
        const out: ItemOutcome[] = [];
        for (const c of creates) {
          try {
            out.push(...(await tx.transaction((sp) => writeServices(sp, facilityId, runId, [c], []))));
          } catch (e) {
            out.push(failedOutcome(c, e));
          }
        }
        for (const u of updates) {
          try {
            out.push(...(await tx.transaction((sp) => writeServices(sp, facilityId, runId, [], [u]))));
          } catch (e) {
            out.push(failedOutcome(u.item, e));
          }
        }
        return out;
      }
    });
    for (const t of newTypes) types.add(t);
    outcomes.push(...written);
    await logChunk(ctx, facilityId, runId, outcomes);
    afterChunk(outcomes);
  }
}

async function logChunk(ctx: AppContext, facilityId: number, runId: number, outcomes: ItemOutcome[]): Promise<void> {
  await logItems(ctx.database.db, facilityId, runId, outcomes);
}

/** The log rows of some outcomes (UNCHANGED ones are only counted). */
export async function logItems(ex: Executor, facilityId: number, runId: number, items: readonly ItemOutcome[]): Promise<void> {
  const logged = items.filter((i) => i.action !== 'UNCHANGED');
  for (let i = 0; i < logged.length; i += 500) {
    await ex.insert(hisSyncItems).values(
      logged.slice(i, i + 500).map((o) => ({
        facilityId,
        runId,
        ref: o.ref,
        code: o.code ?? null,
        name: o.name ?? null,
        action: o.action,
        message: o.message ?? null,
        changes: o.changes ?? [],
      })),
    );
  }
}

/** What a sync writes of a service, created or updated. */
const serviceFields = (s: HisService) => ({
  name: s.name,
  price: s.price,
  insurancePrice: s.insurancePrice,
  typeValue: s.typeValue,
  priceEntries: s.priceEntries,
  active: s.active,
  searchText: normalizeText(s.name),
});

async function writeServices(
  ex: Executor,
  facilityId: number,
  runId: number,
  creates: readonly HisService[],
  updates: readonly { item: HisService; before: ServiceRow; changes: string[] }[],
): Promise<ItemOutcome[]> {
  const out: ItemOutcome[] = [];
  const audits: { id: number; action: string; before: unknown; after: unknown }[] = [];
  if (creates.length) {
    const inserted = await ex
      .insert(medicalServices)
      .values(creates.map((s) => ({ facilityId, code: s.code, ...serviceFields(s), codeSearch: s.code.toLowerCase() })))
      .returning({ id: medicalServices.id, code: medicalServices.code });
    const idOf = new Map(inserted.map((r) => [r.code.toLowerCase(), r.id]));
    await ex
      .insert(hisCodeMaps)
      .values(creates.map((s) => ({ facilityId, kind: 'SERVICE', portalId: idOf.get(s.code.toLowerCase()) ?? 0, hisRef: s.ref, method: 'CREATED' })));
    for (const s of creates) {
      const id = idOf.get(s.code.toLowerCase()) ?? 0;
      audits.push({ id, action: 'CREATE', before: null, after: { code: s.code, name: s.name, price: s.price, insurancePrice: s.insurancePrice } });
      out.push({ ref: s.ref, code: s.code, name: s.name, action: 'CREATED', message: `Giá ${formatVnd(s.price)}` });
    }
  }
  for (const u of updates) {
    const s = u.item;
    await ex
      .update(medicalServices)
      .set({ ...serviceFields(s), updatedAt: new Date() })
      .where(and(eq(medicalServices.facilityId, facilityId), eq(medicalServices.id, u.before.id)));
    audits.push({
      id: u.before.id,
      action: 'UPDATE',
      before: u.before,
      after: { name: s.name, price: s.price, insurancePrice: s.insurancePrice, priceEntries: s.priceEntries, active: s.active },
    });
    out.push({ ref: s.ref, code: s.code, name: s.name, action: 'UPDATED', changes: u.changes });
  }
  if (audits.length) await ex.insert(auditLog).values(auditRows(facilityId, runId, 'medical_service', audits));
  return out;
}

// ---------------------------------------------------------------- departments, rooms, doctors (item by item)

/** Applies each item in its own savepoint of one transaction. */
async function eachItem<T extends { ref: string; code: string; name: string }>(
  ctx: AppContext,
  items: readonly T[],
  apply: (ex: Executor, item: T) => Promise<ItemOutcome>,
): Promise<ItemOutcome[]> {
  const out: ItemOutcome[] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    const chunk = items.slice(i, i + CHUNK);
    await ctx.database.transaction(async (tx) => {
      for (const item of chunk) {
        try {
          out.push(await tx.transaction((sp) => apply(sp, item)));
        } catch (e) {
          out.push(failedOutcome(item, e));
        }
      }
    });
  }
  return out;
}

type Entity = 'department' | 'room' | 'doctor';
const KIND_OF: Record<Entity, 'DEPARTMENT' | 'ROOM' | 'DOCTOR'> = { department: 'DEPARTMENT', room: 'ROOM', doctor: 'DOCTOR' };

/** A portal item the sync created: its map (CREATED) and its audit row, with the item's log line. */
async function created(ex: Executor, facilityId: number, runId: number, entity: Entity, id: number, item: HisDepartment): Promise<ItemOutcome> {
  await ex.insert(hisCodeMaps).values({ facilityId, kind: KIND_OF[entity], portalId: id, hisRef: item.ref, method: 'CREATED' });
  await ex.insert(auditLog).values(auditRows(facilityId, runId, entity, [{ id, action: 'CREATE', before: null, after: item }]));
  return { ref: item.ref, code: item.code, name: item.name, action: 'CREATED' };
}

/** A portal item the sync changed: its audit row, with the item's log line. */
async function updated(
  ex: Executor,
  facilityId: number,
  runId: number,
  entity: Entity,
  id: number,
  item: HisDepartment,
  change: { before: unknown; after: unknown; changes: string[] },
): Promise<ItemOutcome> {
  await ex.insert(auditLog).values(auditRows(facilityId, runId, entity, [{ id, action: 'UPDATE', before: change.before, after: change.after }]));
  return { ref: item.ref, code: item.code, name: item.name, action: 'UPDATED', changes: change.changes };
}

const CATALOG_LABELS = { name: 'Tên', active: 'Hoạt động', departmentId: 'Khoa' };
const showPlain = (_k: string, v: unknown) => (v == null ? '—' : typeof v === 'boolean' ? (v ? 'có' : 'không') : String(v));

export async function applyDepartments(ctx: AppContext, facilityId: number, runId: number, items: readonly HisDepartment[]): Promise<ItemOutcome[]> {
  const maps = await mapsByRef(ctx.database.db, facilityId, 'DEPARTMENT');
  return eachItem(ctx, items, async (ex, d) => {
    const portalId = maps.get(d.ref);
    if (!portalId) {
      const [row] = await ex
        .insert(departments)
        .values({ facilityId, code: d.code, name: d.name, active: d.active, searchText: normalizeText(`${d.code} ${d.name}`) })
        .returning({ id: departments.id });
      return created(ex, facilityId, runId, 'department', row.id, d);
    }
    const [before] = await ex
      .select({ name: departments.name, active: departments.active, code: departments.code })
      .from(departments)
      .where(and(eq(departments.facilityId, facilityId), eq(departments.id, portalId)));
    const changes = diff({ name: 'Tên', active: 'Hoạt động' }, before, { name: d.name, active: d.active }, showPlain);
    if (!changes.length) return { ref: d.ref, action: 'UNCHANGED' };
    await ex
      .update(departments)
      .set({ name: d.name, active: d.active, searchText: normalizeText(`${before.code} ${d.name}`), updatedAt: new Date() })
      .where(and(eq(departments.facilityId, facilityId), eq(departments.id, portalId)));
    return updated(ex, facilityId, runId, 'department', portalId, d, { before, after: { name: d.name, active: d.active }, changes });
  });
}

export async function applyRooms(
  ctx: AppContext,
  facilityId: number,
  runId: number,
  items: readonly HisRoom[],
  deptIds: Map<string, number>,
): Promise<ItemOutcome[]> {
  const maps = await mapsByRef(ctx.database.db, facilityId, 'ROOM');
  return eachItem(ctx, items, async (ex, r) => {
    const departmentId = r.departmentRef ? (deptIds.get(r.departmentRef) ?? null) : null;
    const portalId = maps.get(r.ref);
    if (!portalId) {
      if (departmentId === null) return { ref: r.ref, code: r.code, name: r.name, action: 'FAILED', message: 'Khoa của phòng chưa được ánh xạ' };
      const [row] = await ex
        .insert(rooms)
        .values({ facilityId, code: r.code, name: r.name, active: r.active, departmentId, searchText: normalizeText(`${r.code} ${r.name}`) })
        .returning({ id: rooms.id });
      return created(ex, facilityId, runId, 'room', row.id, r);
    }
    const [before] = await ex
      .select({ name: rooms.name, active: rooms.active, code: rooms.code, departmentId: rooms.departmentId })
      .from(rooms)
      .where(and(eq(rooms.facilityId, facilityId), eq(rooms.id, portalId)));
    const after = { name: r.name, active: r.active, departmentId: departmentId ?? before.departmentId };
    const changes = diff(CATALOG_LABELS, before, after, showPlain);
    if (!changes.length) return { ref: r.ref, action: 'UNCHANGED' };
    await ex
      .update(rooms)
      .set({ ...after, searchText: normalizeText(`${before.code} ${r.name}`), updatedAt: new Date() })
      .where(and(eq(rooms.facilityId, facilityId), eq(rooms.id, portalId)));
    return updated(ex, facilityId, runId, 'room', portalId, r, { before, after, changes });
  });
}

export async function applyDoctors(
  ctx: AppContext,
  facilityId: number,
  runId: number,
  items: readonly HisDoctor[],
  deptIds: Map<string, number>,
): Promise<ItemOutcome[]> {
  const maps = await mapsByRef(ctx.database.db, facilityId, 'DOCTOR');
  const labels = { name: 'Họ tên', academicTitle: 'Học hàm', degree: 'Học vị', active: 'Hoạt động', departmentId: 'Khoa' };
  return eachItem(ctx, items, async (ex, d) => {
    const departmentId = d.departmentRef ? (deptIds.get(d.departmentRef) ?? null) : null;
    const portalId = maps.get(d.ref);
    const searchText = (code: string) => normalizeText(`${code} ${doctorDisplayName(d)}`);
    if (!portalId) {
      if (departmentId === null) return { ref: d.ref, code: d.code, name: d.name, action: 'FAILED', message: 'Khoa của bác sĩ chưa được ánh xạ' };
      if (!d.gender) return { ref: d.ref, code: d.code, name: d.name, action: 'FAILED', message: 'HIS không ghi giới tính của bác sĩ' };
      const [row] = await ex
        .insert(doctors)
        .values({
          facilityId,
          code: d.code,
          name: d.name,
          gender: d.gender,
          academicTitle: d.academicTitle,
          degree: d.degree,
          departmentId,
          active: d.active,
          searchText: searchText(d.code),
        })
        .returning({ id: doctors.id });
      return created(ex, facilityId, runId, 'doctor', row.id, d);
    }
    const [before] = await ex
      .select({
        name: doctors.name,
        academicTitle: doctors.academicTitle,
        degree: doctors.degree,
        active: doctors.active,
        departmentId: doctors.departmentId,
        code: doctors.code,
      })
      .from(doctors)
      .where(and(eq(doctors.facilityId, facilityId), eq(doctors.id, portalId)));
    const after = { name: d.name, academicTitle: d.academicTitle, degree: d.degree, active: d.active, departmentId: departmentId ?? before.departmentId };
    const changes = diff(labels, before, after, showPlain);
    if (!changes.length) return { ref: d.ref, action: 'UNCHANGED' };
    await ex
      .update(doctors)
      .set({ ...after, searchText: searchText(before.code), updatedAt: new Date() })
      .where(and(eq(doctors.facilityId, facilityId), eq(doctors.id, portalId)));
    return updated(ex, facilityId, runId, 'doctor', portalId, d, { before, after, changes });
  });
}
