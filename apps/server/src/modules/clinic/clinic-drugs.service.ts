import { pageOf } from '@portal/shared/core/api';
import {
  DRUG_MESSAGES,
  type DoseDto,
  type DrugListQuery,
  type DrugMemberDetailDto,
  type DrugMemberRowDto,
  type DrugStatisticsDto,
  type MedicineBody,
  type MedicineDto,
  type PrescriptionLineDto,
} from '@portal/shared/contracts/clinic-drugs.contract';
import { adherencePercent, isBelowThreshold } from '@portal/shared/rules/adherence';
import { CLINIC_PROGRAM_LABELS, CLINIC_PROGRAMS, type ClinicProgram } from '@portal/shared/rules/clinic-programs';
import { sortTimes } from '@portal/shared/rules/dose-schedule';
import { addDays, periodDayList, periodInstants } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { notFound } from '../../core/errors';
import { iso } from '../../core/sql';
import { recordWrite } from '../../core/write';
import { facilitySettings } from '../settings/settings.accessor';
import * as repo from './clinic-drugs.repository';

/**
 * The coordinators' side of the medicine reminders (issue 20; docs/clinic-medicines.md): the members' adherence in a
 * period (list and statistics), one member's medicines, doses and calendar, and the medicines' writes — each in one
 * transaction with its audit row. A member of another facility is a 404, like a member that does not exist.
 */

const entity = 'clinic_medicine';
/** The list's and the statistics' default period: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

export function periodOf(q: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const to = q.to ?? (q.from ? addDays(q.from, DEFAULT_PERIOD_DAYS - 1) : todayVn(now));
  const from = q.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  return { from, to };
}

function withAdherence(c: repo.Counts) {
  return { taken: c.taken, missed: c.missed, pending: c.pending, adherence: adherencePercent(c) };
}

export function toMedicine(m: repo.MedicineRow, today = todayVn()): MedicineDto {
  return {
    id: m.id,
    name: m.name,
    dose: m.dose,
    times: m.times,
    everyDays: m.everyDays,
    startDate: m.startDate,
    endDate: m.endDate,
    instructions: m.instructions,
    source: m.source as MedicineDto['source'],
    prescriptionId: m.prescriptionId,
    current: m.startDate <= today && (m.endDate === null || m.endDate >= today),
    createdAt: iso(m.createdAt)!,
    updatedAt: iso(m.updatedAt)!,
  };
}

export function toDose(d: repo.DoseRow): DoseDto {
  return {
    id: Number(d.id),
    medicineId: d.medicineId,
    medicineName: d.medicineName,
    dose: d.dose,
    dueAt: iso(d.dueAt)!,
    status: d.status as DoseDto['status'],
    remindedAt: iso(d.remindedAt),
    confirmedAt: iso(d.confirmedAt),
    missedAt: iso(d.missedAt),
  };
}

const thresholdOf = async (ctx: AppContext, facilityId: number) => (await facilitySettings(ctx, facilityId)).CLINIC_ADHERENCE_THRESHOLD;

export async function list(ctx: AppContext, caller: Caller, q: DrugListQuery) {
  const period = periodOf(q);
  const { start, end } = periodInstants(period);
  const threshold = await thresholdOf(ctx, caller.facilityId);
  const { rows, total } = await repo.memberPage(
    ctx.database.db,
    caller.facilityId,
    { program: q.program, q: q.q, below: q.below, start, end, threshold, today: todayVn() },
    q.page,
    q.size,
  );
  const data: DrugMemberRowDto[] = rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    patientCode: r.patientCode,
    phone: r.phone,
    program: r.program,
    active: r.active,
    medicines: r.medicines,
    ...withAdherence(r),
    below: isBelowThreshold(r, threshold),
    lastReminderAt: iso(r.lastReminderAt),
  }));
  return pageOf(data, total, q);
}

export async function statistics(ctx: AppContext, caller: Caller, q: { program?: ClinicProgram; from?: string; to?: string }): Promise<DrugStatisticsDto> {
  const period = periodOf(q);
  const { start, end } = periodInstants(period);
  const threshold = await thresholdOf(ctx, caller.facilityId);
  const db = ctx.database.db;
  const [programs, days] = [
    await repo.programCounts(db, caller.facilityId, start, end, threshold, q.program),
    await repo.dayCounts(db, caller.facilityId, null, start, end, q.program),
  ];
  const byProgram = CLINIC_PROGRAMS.filter((p) => !q.program || p === q.program).map((program) => {
    const r = programs.find((x) => x.program === program) ?? { members: 0, below: 0, taken: 0, missed: 0, pending: 0 };
    return { program, label: CLINIC_PROGRAM_LABELS[program], members: r.members, below: r.below, ...withAdherence(r) };
  });
  const sum = (k: 'members' | 'below' | 'taken' | 'missed' | 'pending') => byProgram.reduce((a, p) => a + p[k], 0);
  const byDate = new Map(days.map((d) => [d.day, d]));
  return {
    ...period,
    threshold,
    total: { members: sum('members'), below: sum('below'), ...withAdherence({ taken: sum('taken'), missed: sum('missed'), pending: sum('pending') }) },
    byProgram,
    byDay: periodDayList(period).map((day) => ({ day, ...withAdherence(byDate.get(day) ?? { taken: 0, missed: 0, pending: 0 }) })),
  };
}

async function memberOr404(ex: Executor, facilityId: number, userId: number, lock = false) {
  const m = await repo.findMember(ex, facilityId, userId, lock);
  if (!m) throw notFound(DRUG_MESSAGES.memberNotFound);
  return m;
}

export async function member(ctx: AppContext, caller: Caller, userId: number, q: { from?: string; to?: string }): Promise<DrugMemberDetailDto> {
  const db = ctx.database.db;
  const head = await memberOr404(db, caller.facilityId, userId);
  const period = periodOf(q);
  const { start, end } = periodInstants(period);
  const settings = await facilitySettings(ctx, caller.facilityId);
  const today = todayVn();
  const [medicines, doses, days] = [
    await repo.medicinesOf(db, caller.facilityId, userId),
    await repo.dosesOf(db, caller.facilityId, userId, start, end),
    await repo.dayCounts(db, caller.facilityId, userId, start, end),
  ];
  const byDate = new Map(days.map((d) => [d.day, d]));
  const total = days.reduce((a, d) => ({ taken: a.taken + d.taken, missed: a.missed + d.missed, pending: a.pending + d.pending }), {
    taken: 0,
    missed: 0,
    pending: 0,
  });
  return {
    member: head,
    ...period,
    threshold: settings.CLINIC_ADHERENCE_THRESHOLD,
    missedMinutes: settings.CLINIC_DOSE_MISSED_MINUTES,
    medicines: medicines.map((m) => toMedicine(m, today)),
    doses: doses.map(toDose),
    days: periodDayList(period).map((day) => ({ day, ...withAdherence(byDate.get(day) ?? { taken: 0, missed: 0, pending: 0 }) })),
    total: withAdherence(total),
    below: isBelowThreshold(total, settings.CLINIC_ADHERENCE_THRESHOLD),
  };
}

export async function prescriptions(ctx: AppContext, caller: Caller, userId: number): Promise<PrescriptionLineDto[]> {
  await memberOr404(ctx.database.db, caller.facilityId, userId);
  return (await repo.prescriptionLines(ctx.database.db, caller.facilityId, userId)).map((p) => ({ ...p, visitedAt: iso(p.visitedAt)! }));
}

type Body = Required<Omit<MedicineBody, 'prescriptionId' | 'endDate'>> & { endDate: string | null; prescriptionId: number | null };

async function valuesOf(tx: Executor, facilityId: number, userId: number, b: Body): Promise<repo.MedicineValues> {
  if (b.prescriptionId !== null && !(await repo.prescriptionLines(tx, facilityId, userId, b.prescriptionId)).length) {
    throw notFound(DRUG_MESSAGES.prescriptionNotFound);
  }
  return {
    name: b.name,
    dose: b.dose,
    times: sortTimes(b.times),
    everyDays: b.everyDays,
    startDate: b.startDate,
    endDate: b.endDate,
    instructions: b.instructions,
    source: b.prescriptionId === null ? 'STAFF' : 'PRESCRIPTION',
    prescriptionId: b.prescriptionId,
  };
}

const audited = (m: repo.MedicineRow) => ({
  userId: m.userId,
  name: m.name,
  dose: m.dose,
  times: m.times,
  everyDays: m.everyDays,
  startDate: m.startDate,
  endDate: m.endDate,
  source: m.source,
});

export async function createMedicine(ctx: AppContext, caller: Caller, userId: number, b: Body): Promise<MedicineDto> {
  const row = await ctx.database.transaction(async (tx) => {
    await memberOr404(tx, caller.facilityId, userId, true);
    const created = await repo.insertMedicine(tx, caller.facilityId, userId, caller.accountId, await valuesOf(tx, caller.facilityId, userId, b));
    await recordWrite(ctx, tx, caller, { audit: { action: 'CREATE', entity, entityId: created.id, after: audited(created) } });
    return created;
  });
  return toMedicine(row);
}

export async function updateMedicine(ctx: AppContext, caller: Caller, userId: number, id: number, b: Body): Promise<MedicineDto> {
  const row = await ctx.database.transaction(async (tx) => {
    await memberOr404(tx, caller.facilityId, userId);
    const before = await repo.findMedicine(tx, caller.facilityId, userId, id, true);
    if (!before) throw notFound(DRUG_MESSAGES.medicineNotFound);
    const after = await repo.updateMedicine(tx, caller.facilityId, id, await valuesOf(tx, caller.facilityId, userId, b));
    await recordWrite(ctx, tx, caller, { audit: { action: 'UPDATE', entity, entityId: id, before: audited(before), after: audited(after) } });
    return after;
  });
  return toMedicine(row);
}

export async function removeMedicine(ctx: AppContext, caller: Caller, userId: number, id: number): Promise<{ id: number }> {
  await ctx.database.transaction(async (tx) => {
    await memberOr404(tx, caller.facilityId, userId);
    const before = await repo.findMedicine(tx, caller.facilityId, userId, id, true);
    if (!before) throw notFound(DRUG_MESSAGES.medicineNotFound);
    await repo.removeMedicine(tx, caller.facilityId, id);
    await recordWrite(ctx, tx, caller, { audit: { action: 'DELETE', entity, entityId: id, before: audited(before) } });
  });
  return { id };
}
