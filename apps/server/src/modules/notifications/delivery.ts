import type { Executor } from '../../core/db';
import { enqueue } from '../../core/jobs';

/**
 * Delivering notifications (issue 17): every message to a patient account is a `notifications` row (a campaign's,
 * an event's, or one pushed by staff). Whoever writes QUEUED rows calls `queueDelivery` in the same transaction;
 * the `notify.send` job then takes the facility's due rows in chunks and sends each through its channels
 * (a campaign and a single push: the account's devices, else the app's inbox; an event: its channels in their
 * fallback order), writing each outcome. A row is its own idempotency key: a retried or restarted job only takes
 * rows still QUEUED, or left SENDING by a job that died.
 */
export const NOTIFY_SEND_JOB = 'notify.send';

/** Queues the sending of the facility's QUEUED notifications that are due at `runAt` (now when omitted). */
export async function queueDelivery(ex: Executor, facilityId: number, runAt?: Date): Promise<void> {
  const at = runAt && runAt.getTime() > Date.now() ? runAt : undefined;
  await enqueue(ex, { name: NOTIFY_SEND_JOB, facilityId, key: at ? `at:${at.toISOString()}` : undefined, payload: {}, runAt: at });
}
