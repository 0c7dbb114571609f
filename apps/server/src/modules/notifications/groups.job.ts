import { GROUP_MESSAGES, notificationLink } from '@portal/shared/contracts/notification-groups.contract';
import { nextAdvertisingWindow } from '@portal/shared/rules/ad-window';
import { audit } from '../../core/audit';
import type { Executor } from '../../core/db';
import { sql } from 'drizzle-orm';
import { defineJob, enqueue, type JobRun } from '../../core/jobs';
import { rows } from '../../core/sql';
import { queueDelivery } from './delivery';
import * as repo from './groups.repository';

/**
 * Queuing a campaign (issue 17): the `notify.campaign` job, run when the group is sent or at its scheduled time,
 * writes one QUEUED `notifications` row per account of the audience in one INSERT … SELECT, makes the group SENDING
 * and hands the rows to the `notify.send` job (delivery.ts), which sends them and moves the group to SENT. The job is transactional: the
 * rows, the group's state and the job's completion commit together, and a run again (a crash, a retry) inserts
 * no account twice (the unique key of group and account). A group cancelled or rescheduled meanwhile is left
 * alone: the job reads the group's state, not its payload. An advertising campaign's rows wait for 07:00 when
 * queued outside 07:00–22:00 (Nghị định 91/2020).
 */
export const NOTIFY_CAMPAIGN_JOB = 'notify.campaign';

/** Queues the campaign's job at `runAt` (now when omitted); one job per group and time. */
export function enqueueCampaign(ex: Executor, facilityId: number, groupId: number, runAt?: Date) {
  return enqueue(ex, {
    name: NOTIFY_CAMPAIGN_JOB,
    facilityId,
    key: `group:${groupId}:${runAt ? runAt.toISOString() : 'now'}`,
    payload: { groupId },
    runAt,
  });
}

export type CampaignOutcome = 'queued' | 'skipped' | 'empty';

/** Writes the campaign's messages, if the group is due; in `ex`, the job's transaction. */
export async function queueCampaign(ex: Executor, facilityId: number, groupId: number, now = new Date()): Promise<CampaignOutcome> {
  const g = await repo.findGroup(ex, facilityId, groupId, true);
  if (!g) return 'skipped';
  // cancelled, or already queued by an earlier run (SENDING, SENT…)
  if (g.status !== 'SCHEDULED') return 'skipped';
  // rescheduled later: the job of the new time will run
  if (g.scheduledAt && new Date(g.scheduledAt).getTime() > now.getTime() + 1000) return 'skipped';
  const notBefore = g.kind === 'ADVERTISING' ? nextAdvertisingWindow(now) : now;
  const link = notificationLink({ type: g.linkType, value: g.linkValue });
  const recipients = await repo.insertRecipients(ex, facilityId, groupId, g.audience, link, notBefore, now);
  if (recipients === 0) {
    await repo.setStatus(ex, facilityId, groupId, { status: 'FAILED', startedAt: now, finishedAt: now, recipients: 0, error: GROUP_MESSAGES.empty });
    await audit(ex, null, {
      facilityId,
      action: 'NOTIFY_GROUP_QUEUE',
      entity: 'notification_group',
      entityId: groupId,
      after: { recipients: 0, status: 'FAILED' },
    });
    return 'empty';
  }
  await repo.setStatus(ex, facilityId, groupId, { status: 'SENDING', startedAt: now, recipients, error: null });
  await queueDelivery(ex, facilityId, notBefore);
  await audit(ex, null, {
    facilityId,
    action: 'NOTIFY_GROUP_QUEUE',
    entity: 'notification_group',
    entityId: groupId,
    after: { recipients, notBefore: notBefore.toISOString() },
  });
  return 'queued';
}

/**
 * The job's body. Its last try runs the queuing in a savepoint: if that fails too, the group is marked FAILED with the
 * reason (visible on the screen) instead of staying "scheduled" for ever behind a dead job.
 */
export async function runCampaignJob(job: Pick<JobRun<{ groupId: number }>, 'ex' | 'facilityId' | 'payload' | 'attempt' | 'maxAttempts'>): Promise<void> {
  const facilityId = job.facilityId;
  if (facilityId === null) return;
  const { groupId } = job.payload;
  if (job.attempt < job.maxAttempts) {
    await queueCampaign(job.ex, facilityId, groupId);
    return;
  }
  try {
    await job.ex.transaction((sp) => queueCampaign(sp, facilityId, groupId));
  } catch (e) {
    const failed = await rows<{ id: number }>(
      job.ex,
      sql`UPDATE notification_groups SET status = 'FAILED', error = ${GROUP_MESSAGES.queueFailed}, finished_at = now(), updated_at = now()
          WHERE facility_id = ${facilityId} AND id = ${groupId} AND status = 'SCHEDULED' RETURNING id`,
    );
    if (failed.length) {
      await audit(job.ex, null, {
        facilityId,
        action: 'NOTIFY_GROUP_QUEUE',
        entity: 'notification_group',
        entityId: groupId,
        after: { status: 'FAILED', error: e instanceof Error ? e.message.slice(0, 500) : String(e) },
      });
    }
  }
}

export function defineCampaignJob(): void {
  defineJob<{ groupId: number }>(NOTIFY_CAMPAIGN_JOB, runCampaignJob, { transactional: true, maxAttempts: 5 });
}
