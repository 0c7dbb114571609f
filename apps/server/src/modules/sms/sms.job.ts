import { isAdvertisingAllowedAt, nextAdvertisingWindow } from '@portal/shared/rules/ad-window';
import type { AppContext } from '../../core/context';
import { defineJob, enqueue } from '../../core/jobs';
import type { Executor } from '../../core/db';
import { facilitySms } from '../notifications/channels';
import { SETTINGS_MESSAGES } from '@portal/shared/contracts/settings.contract';
import { facilitySettings } from '../settings/settings.accessor';
import * as repo from './sms.repository';

/**
 * Sending a batch (issue 17): the `sms.send` job takes its messages 100 at a time, sends them through the
 * configured provider and writes each answer. A message is sent at most once: its row is the idempotency
 * key (our id goes to the provider as its request id), a retried job only takes messages still queued or
 * left SENDING by a job that died. A provider that is down or refuses for a while leaves the messages
 * queued and the job retries with backoff; a number the provider says is invalid fails alone.
 */
export const SMS_SEND_JOB = 'sms.send';
const CHUNK = 100;
/** Tries of one message before it is failed for good. */
export const SMS_MAX_TRIES = 8;
/** Why a number of an advertising batch was skipped: its patient refused advertising by SMS. */
export const SMS_OPTED_OUT = 'Bệnh nhân đã từ chối nhận tin quảng cáo qua SMS';

export function enqueueBatch(ex: Executor, facilityId: number, batchId: number, runAt: Date) {
  return enqueue(ex, { name: SMS_SEND_JOB, facilityId, key: `batch:${batchId}:${runAt.toISOString()}`, payload: { batchId }, runAt });
}

/** Sends what is left of one batch; throws when some messages must wait for the provider (the job retries). */
export async function sendBatch(ctx: AppContext, batchId: number, now = () => new Date()): Promise<{ sent: number; waiting: number }> {
  const batch = await ctx.database.db.query.smsBatches.findFirst({ where: (b, { eq }) => eq(b.id, batchId) });
  if (!batch) return { sent: 0, waiting: 0 };
  const advertising = batch.kind === 'ADVERTISING';
  if (advertising && !isAdvertisingAllowedAt(now())) {
    // outside 07:00–22:00 (a retry ran late): wait for the next window
    await enqueueBatch(ctx.database.db, batch.facilityId, batchId, nextAdvertisingWindow(now()));
    return { sent: 0, waiting: 0 };
  }
  // the facility's provider (its "Nhà cung cấp" tab), else the server's SMS configuration
  const sms = await facilitySms(ctx, batch.facilityId);
  const channel = sms.channel(batch.encoding === 'UCS-2');
  const recording = sms.recording;
  const smsOff = !(await facilitySettings(ctx, batch.facilityId)).SMS_ENABLED;
  let sent = 0;
  let waiting = 0;
  for (;;) {
    const claimed = await ctx.database.transaction((tx) => repo.claimMessages(tx, batchId, CHUNK, ctx.config.SMS_SENDING_LEASE_SECONDS));
    if (!claimed.length) break;
    const results: repo.MessageResult[] = [];
    let toSend = claimed;
    if (smsOff) {
      // the facility switched SMS off (general configuration SMS_ENABLED): nothing goes out, each message says why
      for (const m of claimed) results.push({ id: m.id, status: 'SKIPPED', errorCode: 'SMS_OFF', error: SETTINGS_MESSAGES.smsDisabled });
      toSend = [];
    } else if (advertising) {
      // at most one advertising message per number in 24 hours (Nghị định 91/2020, the facility's rule)
      const capped = await repo.recentlyAdvertised(
        ctx.database.db,
        batch.facilityId,
        batchId,
        claimed.map((m) => m.phone),
      );
      // a patient who refused advertising by SMS in the app gets none (Nghị định 91/2020)
      const refused = await repo.optedOutOfSmsAdvertising(
        ctx.database.db,
        batch.facilityId,
        claimed.map((m) => m.phone),
      );
      for (const m of claimed) {
        if (refused.has(m.phone)) results.push({ id: m.id, status: 'SKIPPED', errorCode: 'OPTED_OUT', error: SMS_OPTED_OUT });
        else if (capped.has(m.phone)) results.push({ id: m.id, status: 'SKIPPED', errorCode: 'CAP_24H', error: 'Đã nhận 1 tin quảng cáo trong 24 giờ qua' });
      }
      toSend = claimed.filter((m) => !capped.has(m.phone) && !refused.has(m.phone));
    }
    let refused = 0;
    const outcomes = !toSend.length ? [] : await channel.send(toSend.map((m) => ({ id: String(m.id), to: { phone: m.phone }, body: batch.content })));
    for (const o of outcomes) {
      const id = Number(o.messageId);
      if (o.status === 'SENT') {
        results.push({ id, status: recording ? 'DELIVERED' : 'SENT', providerMessageId: o.providerMessageId });
        sent += 1;
      } else if (o.failure === 'RETRYABLE' || o.failure === 'ACCOUNT') {
        results.push({ id, status: 'QUEUED', errorCode: o.providerCode, error: o.reason });
        refused += 1;
      } else {
        results.push({ id, status: 'FAILED', errorCode: o.providerCode, error: o.reason });
      }
    }
    await repo.recordResults(ctx.database.db, results);
    if (refused) {
      // the provider refused for now: those tried too often fail for good, the job's retry takes the rest later
      await repo.failExhausted(ctx.database.db, batchId, SMS_MAX_TRIES);
      waiting = refused;
      break;
    }
  }
  if (waiting) throw new Error(`Nhà cung cấp SMS chưa nhận ${waiting} tin, sẽ gửi lại`);
  // messages a dead run had taken are still under its lease: this run ends, another takes them when the lease ends
  const leased = await repo.leasedUntil(ctx.database.db, batchId, ctx.config.SMS_SENDING_LEASE_SECONDS);
  if (leased) await enqueueBatch(ctx.database.db, batch.facilityId, batchId, new Date(Math.max(leased.getTime(), now().getTime()) + 1000));
  return { sent, waiting };
}

export function defineSmsJob(): void {
  defineJob<{ batchId: number }>(
    SMS_SEND_JOB,
    async (job, ctx) => {
      await sendBatch(ctx, job.payload.batchId);
    },
    { maxAttempts: SMS_MAX_TRIES, backoff: { baseMs: 30_000, maxMs: 30 * 60_000 } },
  );
}
