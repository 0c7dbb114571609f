import { sql } from 'drizzle-orm';
import { hasAuthority } from '@portal/shared';
import { pageOf } from '@portal/shared/core/api';
import {
  type AudienceNames,
  GROUP_EDITABLE,
  GROUP_MESSAGES,
  type GroupBodyParsed,
  type GroupDetailDto,
  type GroupDto,
  type GroupListQuery,
  type GroupOptionKind,
  type RecipientDto,
} from '@portal/shared/contracts/notification-groups.contract';
import { nextAdvertisingWindow } from '@portal/shared/rules/ad-window';
import type { AudienceFilters } from '@portal/shared/rules/audience';
import { maskValue } from '@portal/shared/rules/audit-view';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, conflict, notFound } from '../../core/errors';
import { containsPattern, iso, rows } from '../../core/sql';
import { addressData } from '../catalog/address.service';
import { referencePage } from '../patients/lookup.service';
import { referenceLookup } from '../patients/reference-lookup';
import { countAudience } from './audience';
import { enqueueCampaign } from './groups.job';
import * as repo from './groups.repository';

/**
 * Notification groups (campaigns, issue 17): drafts edited and then sent now or at a time; the `notify.campaign`
 * job (groups.job.ts) writes each recipient's message when the time comes. Every write commits with its audit row.
 */

/** When an advertising campaign that is due or sending really starts, if that is later than now. */
function waitsUntil(g: repo.GroupRow, now: Date): string | null {
  if (g.kind !== 'ADVERTISING') return null;
  const from = g.status === 'SCHEDULED' ? g.scheduledAt : g.status === 'SENDING' ? g.startedAt : null;
  if (!from) return null;
  const start = new Date(from);
  const opens = nextAdvertisingWindow(start);
  return opens.getTime() > start.getTime() && opens.getTime() > now.getTime() ? opens.toISOString() : null;
}

/** The names of the codes and ids the groups' audiences hold, one query per kind for a whole page. */
async function audienceNames(ctx: AppContext, facilityId: number, groups: repo.GroupRow[]): Promise<Map<number, AudienceNames>> {
  const out = new Map<number, AudienceNames>();
  const ids = (pick: (a: AudienceFilters) => number | undefined) => [
    ...new Set(groups.map((g) => pick(g.audience)).filter((v): v is number => v !== undefined)),
  ];
  const names = async (table: 'departments' | 'specialties' | 'patient_users', list: number[]) =>
    list.length
      ? new Map(
          (
            await rows<{ id: number; name: string }>(
              ctx.database.db,
              sql`SELECT id, name FROM ${sql.identifier(table)} WHERE facility_id = ${facilityId} AND id = ANY(${sql.param(list)}::int[])`,
            )
          ).map((r) => [r.id, r.name]),
        )
      : new Map<number, string>();
  const departments = await names(
    'departments',
    ids((a) => a.visited?.departmentId),
  );
  const specialties = await names(
    'specialties',
    ids((a) => a.visited?.specialtyId),
  );
  const patients = await names(
    'patient_users',
    ids((a) => a.userId),
  );
  if (groups.some((g) => g.audience.provinceCode)) await addressData(ctx.database);
  const ref = referenceLookup();
  for (const g of groups) {
    const a = g.audience;
    const n: AudienceNames = {};
    if (a.provinceCode) n.province = ref.province(a.provinceCode)?.fullName ?? a.provinceCode;
    if (a.wardCode) n.ward = ref.ward(a.wardCode)?.name ?? a.wardCode;
    if (a.visited?.departmentId) n.department = departments.get(a.visited.departmentId);
    if (a.visited?.specialtyId) n.specialty = specialties.get(a.visited.specialtyId);
    if (a.userId) n.patient = patients.get(a.userId);
    out.set(g.id, n);
  }
  return out;
}

function toDto(g: repo.GroupRow, names: AudienceNames = {}, now = new Date()): GroupDto {
  return {
    id: g.id,
    title: g.title,
    content: g.content,
    imageUrl: g.imageUrl,
    link: { type: g.linkType, value: g.linkValue },
    kind: g.kind,
    audience: g.audience as Record<string, unknown>,
    audienceNames: names,
    status: g.status,
    recipients: g.recipients,
    scheduledAt: iso(g.scheduledAt),
    startedAt: iso(g.startedAt),
    finishedAt: iso(g.finishedAt),
    waitsUntil: waitsUntil(g, now),
    error: g.error,
    createdBy: g.createdBy,
    createdAt: iso(g.createdAt)!,
    updatedAt: iso(g.updatedAt)!,
  };
}

export async function list(ctx: AppContext, caller: Caller, q: GroupListQuery) {
  const { rows: found, total } = await repo.groupPage(
    ctx.database.db,
    caller.facilityId,
    { needle: normalizeText(q.content) || undefined, scheduleFrom: q.scheduleFrom, scheduleTo: q.scheduleTo, status: q.status },
    q.page,
    q.size,
  );
  const now = new Date();
  const names = await audienceNames(ctx, caller.facilityId, found);
  return pageOf(
    found.map((g) => toDto(g, names.get(g.id), now)),
    total,
    q,
  );
}

export async function get(ctx: AppContext, caller: Caller, id: number): Promise<GroupDetailDto> {
  const g = await repo.findGroup(ctx.database.db, caller.facilityId, id);
  if (!g) throw notFound(GROUP_MESSAGES.notFound);
  const names = await audienceNames(ctx, caller.facilityId, [g]);
  return { ...toDto(g, names.get(g.id)), totals: await repo.totals(ctx.database.db, caller.facilityId, id) };
}

/** The body's fields as stored; a booking link must name a booking of the facility, one patient must exist. */
async function fields(ctx: AppContext, caller: Caller, b: GroupBodyParsed): Promise<repo.GroupFields> {
  if (b.link.type === 'BOOKING' && !(await repo.bookingCodeExists(ctx.database.db, caller.facilityId, b.link.value!))) {
    throw badRequest(GROUP_MESSAGES.bookingNotFound, [{ field: 'link.value', message: GROUP_MESSAGES.bookingNotFound }]);
  }
  if (b.audience.userId !== undefined && !(await repo.patientExists(ctx.database.db, caller.facilityId, b.audience.userId))) {
    throw badRequest(GROUP_MESSAGES.userNotFound, [{ field: 'audience.userId', message: GROUP_MESSAGES.userNotFound }]);
  }
  return {
    title: b.title,
    content: b.content,
    imageUrl: b.imageUrl ?? null,
    linkType: b.link.type,
    linkValue: b.link.value,
    kind: b.kind,
    audience: b.audience,
    searchText: normalizeText(`${b.title} ${b.content}`),
  };
}

const auditView = (f: repo.GroupFields) => ({ title: f.title, kind: f.kind, linkType: f.linkType, linkValue: f.linkValue, audience: f.audience });

export async function create(ctx: AppContext, caller: Caller, b: GroupBodyParsed): Promise<GroupDetailDto> {
  const f = await fields(ctx, caller, b);
  const id = await ctx.database.transaction(async (tx) => {
    const newId = await repo.insertGroup(tx, caller.facilityId, caller.accountId, f);
    await audit(tx, caller, { action: 'CREATE', entity: 'notification_group', entityId: newId, after: auditView(f) });
    return newId;
  });
  return get(ctx, caller, id);
}

export async function update(ctx: AppContext, caller: Caller, id: number, b: GroupBodyParsed): Promise<GroupDetailDto> {
  const f = await fields(ctx, caller, b);
  await ctx.database.transaction(async (tx) => {
    const g = await repo.findGroup(tx, caller.facilityId, id, true);
    if (!g) throw notFound(GROUP_MESSAGES.notFound);
    if (!GROUP_EDITABLE.includes(g.status)) throw conflict(GROUP_MESSAGES.notEditable);
    await repo.updateGroup(tx, caller.facilityId, id, caller.accountId, f);
    await audit(tx, caller, {
      action: 'UPDATE',
      entity: 'notification_group',
      entityId: id,
      before: { title: g.title, kind: g.kind, linkType: g.linkType, linkValue: g.linkValue, audience: g.audience },
      after: auditView(f),
    });
  });
  return get(ctx, caller, id);
}

export async function remove(ctx: AppContext, caller: Caller, id: number): Promise<{ id: number }> {
  await ctx.database.transaction(async (tx) => {
    const g = await repo.findGroup(tx, caller.facilityId, id, true);
    if (!g) throw notFound(GROUP_MESSAGES.notFound);
    if (g.status !== 'DRAFT') throw conflict(GROUP_MESSAGES.notDeletable);
    await repo.deleteGroup(tx, caller.facilityId, id);
    await audit(tx, caller, { action: 'DELETE', entity: 'notification_group', entityId: id, before: { title: g.title, status: g.status } });
  });
  return { id };
}

/** An audience that reaches nobody is refused before anything is queued. */
async function requireAudience(ex: Executor, caller: Caller, audience: AudienceFilters, now: Date): Promise<number> {
  const n = await countAudience(ex, caller.facilityId, audience, now);
  if (n === 0) throw badRequest(GROUP_MESSAGES.empty, [{ field: 'audience', message: GROUP_MESSAGES.empty }]);
  return n;
}

/**
 * Sends now: the group is due now (SCHEDULED at this instant) and its campaign job, run at once, queues the messages
 * and makes it SENDING in one transaction. It is not SENDING before its messages exist: the delivery job closes a
 * SENDING group that has none left to send.
 */
export async function send(ctx: AppContext, caller: Caller, id: number, now = new Date()): Promise<GroupDetailDto> {
  await ctx.database.transaction(async (tx) => {
    const g = await repo.findGroup(tx, caller.facilityId, id, true);
    if (!g) throw notFound(GROUP_MESSAGES.notFound);
    if (!GROUP_EDITABLE.includes(g.status)) throw conflict(GROUP_MESSAGES.notSendable);
    const reach = await requireAudience(tx, caller, g.audience, now);
    await repo.setStatus(tx, caller.facilityId, id, { status: 'SCHEDULED', scheduledAt: now, accountId: caller.accountId });
    await enqueueCampaign(tx, caller.facilityId, id);
    await audit(tx, caller, { action: 'NOTIFY_GROUP_SEND', entity: 'notification_group', entityId: id, before: { status: g.status }, after: { reach } });
  });
  return get(ctx, caller, id);
}

export async function schedule(ctx: AppContext, caller: Caller, id: number, scheduledAt: string, now = new Date()): Promise<GroupDetailDto> {
  const at = new Date(scheduledAt);
  if (!(at.getTime() > now.getTime())) throw badRequest(GROUP_MESSAGES.past, [{ field: 'scheduledAt', message: GROUP_MESSAGES.past }]);
  await ctx.database.transaction(async (tx) => {
    const g = await repo.findGroup(tx, caller.facilityId, id, true);
    if (!g) throw notFound(GROUP_MESSAGES.notFound);
    if (!GROUP_EDITABLE.includes(g.status)) throw conflict(GROUP_MESSAGES.notSendable);
    const reach = await requireAudience(tx, caller, g.audience, now);
    await repo.setStatus(tx, caller.facilityId, id, { status: 'SCHEDULED', scheduledAt: at, accountId: caller.accountId });
    await enqueueCampaign(tx, caller.facilityId, id, at);
    await audit(tx, caller, {
      action: 'NOTIFY_GROUP_SCHEDULE',
      entity: 'notification_group',
      entityId: id,
      before: { status: g.status, scheduledAt: iso(g.scheduledAt) },
      after: { scheduledAt: at.toISOString(), reach },
    });
  });
  return get(ctx, caller, id);
}

/** A scheduled group is cancelled; its job, when it runs, finds it so and does nothing. */
export async function cancel(ctx: AppContext, caller: Caller, id: number): Promise<GroupDetailDto> {
  await ctx.database.transaction(async (tx) => {
    const g = await repo.findGroup(tx, caller.facilityId, id, true);
    if (!g) throw notFound(GROUP_MESSAGES.notFound);
    if (g.status !== 'SCHEDULED') throw conflict(GROUP_MESSAGES.notCancellable);
    await repo.setStatus(tx, caller.facilityId, id, { status: 'CANCELLED', accountId: caller.accountId });
    await audit(tx, caller, {
      action: 'NOTIFY_GROUP_CANCEL',
      entity: 'notification_group',
      entityId: id,
      before: { status: g.status, scheduledAt: iso(g.scheduledAt) },
    });
  });
  return get(ctx, caller, id);
}

export async function count(ctx: AppContext, caller: Caller, audience: AudienceFilters): Promise<{ count: number }> {
  return { count: await countAudience(ctx.database.db, caller.facilityId, audience) };
}

export async function recipients(ctx: AppContext, caller: Caller, id: number, q: { status?: string; page: number; size: number }) {
  const g = await repo.findGroup(ctx.database.db, caller.facilityId, id);
  if (!g) throw notFound(GROUP_MESSAGES.notFound);
  const { rows: found, total } = await repo.recipientPage(ctx.database.db, caller.facilityId, id, q.status, q.page, q.size);
  const showPhone = hasAuthority(caller.authorities, 'MANAGER_USER');
  const data: RecipientDto[] = found.map((r) => ({
    id: r.id,
    userId: r.userId,
    patientName: r.patientName,
    phone: r.phone && !showPhone ? String(maskValue(r.phone)) : r.phone,
    status: r.status as RecipientDto['status'],
    channel: r.channel,
    error: r.error,
    sentAt: iso(r.sentAt),
    deliveredAt: iso(r.deliveredAt),
    readAt: iso(r.readAt),
  }));
  return pageOf(data, total, q);
}

/** The dropdowns of the audience filters. */
export async function options(
  ctx: AppContext,
  caller: Caller,
  kind: GroupOptionKind,
  q: { search?: string; provinceCode?: string; page: number; size: number },
) {
  if (kind === 'provinces' || kind === 'wards') {
    await addressData(ctx.database);
    return referencePage(kind, q);
  }
  const needle = normalizeText(q.search);
  const db = ctx.database.db;
  if (kind === 'patients') {
    // an account by its name or phone; the phone masked as on the recipients' list
    const cond = sql`facility_id = ${caller.facilityId} AND merged_into_id IS NULL ${needle ? sql`AND search_text LIKE ${containsPattern(needle)}` : sql``}`;
    const found = await rows<{ id: number; name: string; phone: string | null }>(
      db,
      sql`SELECT id, name, phone FROM patient_users WHERE ${cond} ORDER BY id DESC LIMIT ${q.size + 1} OFFSET ${q.page * q.size}`,
    );
    const showPhone = hasAuthority(caller.authorities, 'MANAGER_USER');
    return {
      code: 0 as const,
      data: found.slice(0, q.size).map((p) => ({ value: String(p.id), name: p.phone ? `${p.name} – ${showPhone ? p.phone : maskValue(p.phone)}` : p.name })),
      totalPage: q.page + (found.length > q.size ? 2 : 1),
    };
  }
  const table = kind === 'departments' ? sql`departments` : sql`specialties`;
  const cond = sql`facility_id = ${caller.facilityId} ${needle ? sql`AND search_text LIKE ${containsPattern(needle)}` : sql``}`;
  const found = await rows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM ${table} WHERE ${cond} ORDER BY name LIMIT ${q.size} OFFSET ${q.page * q.size}`,
  );
  const [t] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${table} WHERE ${cond}`);
  return { code: 0 as const, data: found.map((r) => ({ value: String(r.id), name: r.name })), totalPage: Math.ceil(t!.n / q.size) };
}
