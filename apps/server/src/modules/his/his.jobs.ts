import { sql } from 'drizzle-orm';
import { HIS_SYNC_KINDS } from '@portal/shared/contracts/his.contract';
import { todayVn, vnParts } from '@portal/shared/rules/time';
import type { AppContext } from '../../core/context';
import { AppError } from '../../core/errors';
import { diskStorage, filesDir } from '../../core/file-storage';
import { defineJob, enqueue, schedule } from '../../core/jobs';
import { rows } from '../../core/sql';
import { hisPatientLinks, hisSyncRuns } from '../../db/schema';
import { clientOf, connectionRow } from './his-connection.service';
import { finishRecordsRun, type PullCounts, pullProfile } from './his-patients.service';
import type { ItemOutcome } from './his-sync.apply';
import { startRun } from './his-sync';

/**
 * The HIS's schedule (docs/his.md): every hour, each facility whose daily sync hour (+07:00) it is gets its three
 * catalogue runs; at 02:00 the facilities that ask for it have their linked patients' records pulled, one RECORDS
 * run for the night.
 */
export const HIS_SCHEDULE_JOB = 'his.schedule';
export const HIS_NIGHTLY_PULL_JOB = 'his.nightlyPull';
export const NIGHTLY_PULL_HOUR = 2;

export async function scheduledRuns(ctx: AppContext, now = new Date()): Promise<number> {
  const hour = vnParts(now).hour;
  const day = todayVn(now);
  const due = await rows<{ facility_id: number; sync_hour: number | null; nightly_pull: boolean }>(
    ctx.database.db,
    sql`SELECT facility_id, sync_hour, nightly_pull FROM his_connections WHERE enabled AND (sync_hour = ${hour} OR (nightly_pull AND ${hour} = ${NIGHTLY_PULL_HOUR}))`,
  );
  let started = 0;
  for (const c of due) {
    if (c.sync_hour === hour) {
      for (const kind of HIS_SYNC_KINDS) {
        try {
          await startRun(ctx, null, c.facility_id, kind, 'SCHEDULE', null, `schedule:${kind}:${day}`);
          started++;
        } catch (e) {
          // a run of that kind still going: the next day's will do
          if (!(e instanceof AppError && e.status === 409)) throw e;
        }
      }
    }
    if (c.nightly_pull && hour === NIGHTLY_PULL_HOUR) {
      await enqueue(ctx.database.db, { name: HIS_NIGHTLY_PULL_JOB, facilityId: c.facility_id, key: `nightly:${day}` });
      started++;
    }
  }
  return started;
}

/** Pulls every linked patient of a facility: one RECORDS run, each visit in its own transaction, one patient's failure logged and passed. */
export async function nightlyPull(ctx: AppContext, facilityId: number): Promise<void> {
  const conn = await connectionRow(ctx.database.db, facilityId);
  if (!conn?.enabled) return;
  const client = clientOf(ctx, conn);
  const storage = diskStorage(filesDir(ctx.config.dataDir));
  const [run] = await ctx.database.db
    .insert(hisSyncRuns)
    .values({ facilityId, kind: 'RECORDS', status: 'RUNNING', trigger: 'SCHEDULE', startedAt: new Date() })
    .returning();
  const links = await ctx.database.db.select().from(hisPatientLinks).where(sql`${hisPatientLinks.facilityId} = ${facilityId}`);
  const outcomes: ItemOutcome[] = [];
  const counts: PullCounts = { encounters: 0, conditions: 0, prescriptions: 0, reports: 0, files: 0 };
  for (const link of links) {
    try {
      outcomes.push(...(await pullProfile(ctx, storage, client, facilityId, link, counts)));
    } catch (e) {
      outcomes.push({ ref: `Patient/${link.hisId}`, name: link.hisName, action: 'FAILED', message: (e as Error).message });
    }
  }
  await finishRecordsRun(ctx, null, facilityId, run.id, outcomes, null);
}

export function defineHisJobs(): void {
  defineJob(HIS_SCHEDULE_JOB, async (_job, ctx) => void (await scheduledRuns(ctx)), { maxAttempts: 3 });
  schedule(HIS_SCHEDULE_JOB, '0 * * * *');
  defineJob(
    HIS_NIGHTLY_PULL_JOB,
    async (job, ctx) => {
      if (job.facilityId != null) await nightlyPull(ctx, job.facilityId);
    },
    { maxAttempts: 1 },
  );
}
