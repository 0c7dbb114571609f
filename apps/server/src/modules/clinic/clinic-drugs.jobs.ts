import { expandDoses, windowTimes } from '@portal/shared/rules/dose-schedule';
import { DAY_MS, pad2, todayVn, vnParts } from '@portal/shared/rules/time';
import { audit } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { defineJob, schedule } from '../../core/jobs';
import { iso } from '../../core/sql';
import { type EventTarget, notifyEventMany } from '../notifications/events.notify';
import { facilitySettings } from '../settings/settings.accessor';
import * as repo from './clinic-drugs.repository';

/**
 * The medicine reminders' sweep (issue 20; docs/clinic-medicines.md). Each run, per facility and in one transaction:
 * 1. takes the facility's sweep row FOR UPDATE (a second instance's run waits, then finds the window already swept);
 * 2. expands, with rules/dose-schedule, the doses of the active members' medicines due in (swept_through, now] —
 *    at most SWEEP_CATCHUP_MS back, and never before a medicine was entered;
 * 3. writes each dose once (unique medicine + instant; a dose another run wrote is skipped) and queues the
 *    MEDICINE_REMINDER of each new one in the same transaction (the notifications' own key: once per dose);
 *    a dose found only after its delay (the server was down) is written MISSED, without a late reminder;
 * 4. marks MISSED the doses still PENDING CLINIC_DOSE_MISSED_MINUTES after their time;
 * 5. moves swept_through to now and writes one audit row when anything changed.
 */

/** How far back a run looks when the sweep has not run for a while (a server stopped for a weekend). */
export const SWEEP_CATCHUP_MS = 2 * DAY_MS;

export interface SweepResult {
  /** Doses written by this run. */
  doses: number;
  /** Reminders queued. */
  reminded: number;
  /** Doses marked missed (written missed on a catch-up, or past their delay). */
  missed: number;
}

const hhmm = (d: Date) => {
  const p = vnParts(d);
  return `${pad2(p.hour)}:${pad2(p.minute)}`;
};

export async function sweepFacility(ctx: AppContext, facilityId: number, now = new Date()): Promise<SweepResult> {
  const delayMs = (await facilitySettings(ctx, facilityId)).CLINIC_DOSE_MISSED_MINUTES * 60_000;
  const missedBefore = new Date(now.getTime() - delayMs);
  return ctx.database.transaction(async (tx) => {
    const through = await repo.lockSweep(tx, facilityId);
    const floor = new Date(now.getTime() - SWEEP_CATCHUP_MS);
    const from = through && through > floor ? through : floor;
    let written: Awaited<ReturnType<typeof repo.insertDoses>> = [];
    let reminded = 0;
    if (from < now) {
      const medicines = await repo.sweepMedicines(tx, facilityId, windowTimes(from, now), todayVn(from), todayVn(now));
      const doses: repo.NewDose[] = [];
      for (const m of medicines) {
        const entered = new Date(iso(m.createdAt)!);
        const start = entered > from ? entered : from;
        for (const d of expandDoses(m, start, now)) doses.push({ medicineId: m.id, userId: m.userId, dueAt: d.at, remind: d.at > missedBefore });
      }
      written = await repo.insertDoses(tx, facilityId, doses, now);
      const byId = new Map(medicines.map((m) => [m.id, m]));
      const targets: EventTarget[] = written
        .filter((w) => w.status === 'PENDING')
        .map((w) => {
          const m = byId.get(w.medicineId)!;
          return {
            userId: m.userId,
            ref: `dose:${w.id}`,
            values: { ho_ten: m.memberName, ten_thuoc: m.name, lieu_dung: m.dose, gio_uong: hhmm(new Date(iso(w.dueAt)!)) },
            link: `/phong-kham/lieu-thuoc/${w.id}`,
          };
        });
      reminded = await notifyEventMany(tx, facilityId, 'MEDICINE_REMINDER', targets);
      await repo.setSweptThrough(tx, facilityId, now);
    }
    const missed = (await repo.markMissed(tx, facilityId, missedBefore, now)) + written.filter((w) => w.status === 'MISSED').length;
    if (written.length || missed) {
      await audit(tx, null, {
        action: 'CLINIC_DOSE_SWEEP',
        entity: 'clinic_dose',
        facilityId,
        actorId: null,
        actorUsername: 'SYSTEM',
        after: { doses: written.length, reminded, missed, through: now.toISOString() },
      });
    }
    return { doses: written.length, reminded, missed };
  });
}

/**
 * Every facility with medicines, one transaction each. A facility whose sweep fails does not hold up the others: they
 * are swept, then the run fails naming it, and the job's retry sweeps it again (the others find their window done).
 */
export async function sweepDoses(ctx: AppContext, now = new Date(), sweep = sweepFacility): Promise<SweepResult> {
  const total: SweepResult = { doses: 0, reminded: 0, missed: 0 };
  const failed: number[] = [];
  let first: unknown;
  for (const id of await repo.facilitiesWithMedicines(ctx.database.db)) {
    try {
      const r = await sweep(ctx, id, now);
      total.doses += r.doses;
      total.reminded += r.reminded;
      total.missed += r.missed;
    } catch (err) {
      failed.push(id);
      first ??= err;
    }
  }
  if (failed.length) throw new Error(`Nhắc uống thuốc: chưa quét được cơ sở ${failed.join(', ')} (${(first as Error)?.message ?? first})`);
  return total;
}

export const DOSE_SWEEP_JOB = 'clinic.doseSweep';
/** Every minute, +07:00: a dose at 07:00 is reminded within the minute (the runners wake on the occurrence). */
export const DOSE_SWEEP_CRON = '* * * * *';

/** The sweep as a durable recurring system job (core/jobs): one runner across the instances runs each occurrence. */
export function defineDoseSweepJob(): void {
  defineJob(
    DOSE_SWEEP_JOB,
    async (_job, ctx) => {
      await sweepDoses(ctx);
    },
    { maxAttempts: 3, backoff: { baseMs: 10_000, maxMs: 60_000 } },
  );
  schedule(DOSE_SWEEP_JOB, DOSE_SWEEP_CRON);
}
