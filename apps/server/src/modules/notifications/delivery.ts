import { isAdvertisingAllowedAt, nextAdvertisingWindow } from '@portal/shared/rules/ad-window';
import { removeDiacritics } from '@portal/shared/rules/sms';
import { SETTINGS_MESSAGES } from '@portal/shared/contracts/settings.contract';
import type { AppContext } from '../../core/context';
import { facilitySettings } from '../settings/settings.accessor';
import type { Executor } from '../../core/db';
import { backoffDelay, defineJob, enqueue } from '../../core/jobs';
import type { Channel, OutgoingMessage, SendOutcome } from '../notify/channels';
import { type DeliveryChannel, type FacilityChannels, facilityChannels } from './channels';
import * as repo from './delivery.repository';
import { type Reach, type SendRoute, routeOf } from './delivery.route';

/**
 * Delivering notifications (issue 17): every message to a patient account is a `notifications` row (a campaign's,
 * an event's, or one pushed by staff). Whoever writes QUEUED rows calls `queueDelivery` in the same transaction;
 * the `notify.send` job then takes the facility's due rows in chunks and sends each through its channels
 * (a campaign and a single push: the account's devices, else the app's inbox; an event: its channels in their
 * fallback order), writing each outcome. A row is its own idempotency key: a retried or restarted job only takes
 * rows still QUEUED, or left SENDING by a job that died (after the lease).
 */
export const NOTIFY_SEND_JOB = 'notify.send';
/** Rows taken per round trip. */
const CHUNK = 500;
/** Tries of one message before it fails for good. */
export const NOTIFY_MAX_TRIES = 8;
const RETRY_BACKOFF = { baseMs: 30_000, maxMs: 30 * 60_000 };

/** Queues the sending of the facility's QUEUED notifications that are due at `runAt` (now when omitted). */
export async function queueDelivery(ex: Executor, facilityId: number, runAt?: Date): Promise<void> {
  const at = runAt && runAt.getTime() > Date.now() ? runAt : undefined;
  await enqueue(ex, { name: NOTIFY_SEND_JOB, facilityId, key: at ? `at:${at.toISOString()}` : undefined, payload: {}, runAt: at });
}

export interface DeliveryTotals {
  sent: number;
  /** Put back to wait: the provider refused for now, or an advertisement outside 07:00–22:00. */
  waiting: number;
  failed: number;
  skipped: number;
}

/**
 * Sends the facility's due notifications until none is left, then marks the campaigns that have nothing left to
 * send, and queues the next run at the earliest time a message waits for.
 */
export async function deliverDue(ctx: AppContext, facilityId: number, opts: { now?: () => Date; channels?: FacilityChannels } = {}): Promise<DeliveryTotals> {
  const totals: DeliveryTotals = { sent: 0, waiting: 0, failed: 0, skipped: 0 };
  const now = opts.now ?? (() => new Date());
  const channels = opts.channels ?? (await facilityChannels(ctx, facilityId));
  const lease = ctx.config.NOTIFY_SENDING_LEASE_SECONDS;
  for (;;) {
    const claimed = await repo.claim(ctx.database.db, facilityId, CHUNK, lease);
    if (!claimed.length) break;
    const results = await deliverChunk(ctx, facilityId, channels, claimed, now());
    for (const r of results) {
      if (r.status === 'QUEUED') totals.waiting += 1;
      else if (r.status === 'FAILED') totals.failed += 1;
      else if (r.status === 'SKIPPED') totals.skipped += 1;
      else totals.sent += 1;
    }
    await repo.record(ctx.database.db, facilityId, results);
  }
  await repo.finishGroups(ctx.database.db, facilityId);
  const next = await repo.nextWaiting(ctx.database.db, facilityId, lease);
  if (next) await queueDelivery(ctx.database.db, facilityId, next);
  return totals;
}

/** One chunk: who can be reached how, the route of each message, the sends (with fallbacks), the outcomes. */
async function deliverChunk(ctx: AppContext, facilityId: number, channels: FacilityChannels, claimed: repo.Claimed[], at: Date): Promise<repo.Result[]> {
  const results: repo.Result[] = [];
  const adAllowed = isAdvertisingAllowedAt(at);
  const window = nextAdvertisingWindow(at);
  let todo = claimed.filter((m) => {
    if (m.kind !== 'ADVERTISING' || adAllowed) return true;
    // an advertisement taken outside 07:00–22:00 (a retry ran late) waits for the next window
    results.push({ id: m.id, status: 'QUEUED', notBefore: window, attempts: m.attempts - 1 });
    return false;
  });
  if (!todo.length) return results;
  const db = ctx.database.db;
  // the facility switched SMS off (general configuration SMS_ENABLED): SMS leaves every channel order
  const smsOff = !(await facilitySettings(ctx, facilityId)).SMS_ENABLED;
  const userIds = [...new Set(todo.map((m) => m.userId))];
  const adUsers = [...new Set(todo.filter((m) => m.kind === 'ADVERTISING').map((m) => m.userId))];
  const [reach, capped, events] = await Promise.all([
    repo.reachOf(db, facilityId, userIds),
    repo.recentlyAdvertised(
      db,
      facilityId,
      adUsers,
      todo.map((m) => m.id),
    ),
    repo.eventRoutes(db, facilityId, [...new Set(todo.flatMap((m) => (m.event ? [m.event] : [])))]),
  ]);
  // the advertisement each account gets in this run (one per 24 hours)
  const advertisedNow = new Map<number, number>();
  const excluded = new Map<number, Set<DeliveryChannel>>();
  const lastFailure = new Map<number, Extract<SendOutcome, { status: 'FAILED' }>>();
  // a message falls back to the next channel of its order when one says the recipient cannot be reached there
  for (let round = 0; todo.length && round < 4; round += 1) {
    const routed: { m: repo.Claimed; route: SendRoute }[] = [];
    for (const m of todo) {
      const r = reach.get(m.userId) ?? { devices: [], phone: null, optedOut: new Set() };
      const ev = m.event ? events.get(m.event) : undefined;
      let order: DeliveryChannel[] = m.event ? (ev?.channels ?? ['PUSH']) : ['PUSH'];
      if (smsOff && order.includes('SMS')) {
        order = order.filter((c) => c !== 'SMS');
        if (!order.length) {
          results.push({ id: m.id, status: 'SKIPPED', errorCode: 'SMS_OFF', error: SETTINGS_MESSAGES.smsDisabled, attempts: m.attempts });
          continue;
        }
      }
      const advertising = m.kind === 'ADVERTISING';
      const route = routeOf({
        order,
        reach: r,
        advertising,
        cappedAdvertising: advertising && (capped.has(m.userId) || (advertisedNow.get(m.userId) ?? m.id) !== m.id),
        zaloTemplateId: ev?.zaloTemplateId ?? null,
        excluded: excluded.get(m.id) ?? new Set(),
      });
      if ('skip' in route) {
        results.push({ id: m.id, status: 'SKIPPED', errorCode: route.code, error: route.skip, attempts: m.attempts });
        continue;
      }
      if (advertising) advertisedNow.set(m.userId, m.id);
      if (!('channel' in route) || route.channel === 'NONE') {
        const f = lastFailure.get(m.id);
        if (f) results.push(failure(m, f));
        else results.push({ id: m.id, status: 'DELIVERED', channel: 'INBOX', attempts: m.attempts });
        continue;
      }
      routed.push({ m, route });
    }
    const outcomes = await sendRouted(channels, routed);
    const again: repo.Claimed[] = [];
    for (const { m, route } of routed) {
      const o = outcomes.get(m.id)!;
      if (o.invalidDevices.length) await repo.dropDevices(db, facilityId, o.invalidDevices);
      if (o.outcome.status === 'SENT') {
        const recording = route.channel === 'PUSH' ? o.recording : channels.recording[route.channel === 'ZALO' ? 'zalo' : 'sms'];
        results.push({
          id: m.id,
          status: recording ? 'DELIVERED' : 'SENT',
          channel: route.channel,
          providerMessageId: o.outcome.providerMessageId,
          attempts: m.attempts,
        });
        continue;
      }
      const f = o.outcome;
      if (f.failure === 'RETRYABLE' || f.failure === 'ACCOUNT') {
        if (m.attempts >= NOTIFY_MAX_TRIES) {
          results.push({ ...failure(m, f), error: `${f.reason} (đã thử ${m.attempts} lần)` });
        } else {
          const wait = f.retryAfterMs ?? backoffDelay(RETRY_BACKOFF, m.attempts);
          results.push({
            id: m.id,
            status: 'QUEUED',
            channel: route.channel,
            errorCode: f.providerCode,
            error: f.reason,
            notBefore: new Date(at.getTime() + wait),
            attempts: m.attempts,
          });
        }
        continue;
      }
      // RECIPIENT_INVALID or PERMANENT on this channel: try the next one of the order
      const ex = excluded.get(m.id) ?? new Set<DeliveryChannel>();
      ex.add(route.channel);
      excluded.set(m.id, ex);
      lastFailure.set(m.id, f);
      again.push(m);
    }
    todo = again;
  }
  return results;
}

/**
 * Our id as the provider's request or tracking id (eSMS RequestId, Zalo tracking_id), told apart from an SMS batch
 * message's plain number, so a delivery report finds its row.
 */
export const providerRef = (id: number) => `n${id}`;
export function notificationIdOf(ref: string | undefined): number | null {
  const m = ref ? /^n(\d{1,15})$/.exec(ref) : null;
  return m ? Number(m[1]) : null;
}

function failure(m: repo.Claimed, f: Extract<SendOutcome, { status: 'FAILED' }>): repo.Result {
  return { id: m.id, status: 'FAILED', errorCode: f.providerCode, error: f.reason, attempts: m.attempts };
}

interface RoutedOutcome {
  outcome: SendOutcome;
  /** Devices the push provider said are gone (uninstalled app, expired subscription). */
  invalidDevices: number[];
  /** The push went only through recording channels. */
  recording: boolean;
}

/** Sends each routed message through its channel, all channels at once; one outcome per message. */
async function sendRouted(channels: FacilityChannels, routed: { m: repo.Claimed; route: SendRoute }[]): Promise<Map<number, RoutedOutcome>> {
  const fcm: OutgoingMessage[] = [];
  const web: OutgoingMessage[] = [];
  const zalo: OutgoingMessage[] = [];
  const sms: OutgoingMessage[] = [];
  for (const { m, route } of routed) {
    const base = { title: m.title, body: m.body, imageUrl: m.imageUrl ?? undefined, link: m.link ?? undefined, data: { notificationId: String(m.id) } };
    if (route.channel === 'PUSH') {
      for (const d of route.devices) {
        const id = `${m.id}.${d.id}`;
        if (d.platform === 'WEB') web.push({ ...base, id, to: { subscription: { endpoint: d.token, keys: d.keys! } } });
        else fcm.push({ ...base, id, to: { token: d.token } });
      }
    } else if (route.channel === 'ZALO') {
      zalo.push({ id: providerRef(m.id), to: { phone: route.phone }, body: m.body, templateId: route.templateId, templateData: m.data ?? {} });
    } else if (route.channel === 'SMS') {
      sms.push({ id: providerRef(m.id), to: { phone: route.phone }, body: removeDiacritics(m.body) });
    }
  }
  const send = (c: Channel, list: OutgoingMessage[]) => (list.length ? c.send(list) : Promise.resolve([]));
  const [fcmOut, webOut, zaloOut, smsOut] = await Promise.all([
    send(channels.push, fcm),
    send(channels.webpush, web),
    send(channels.zalo, zalo),
    send(channels.sms, sms),
  ]);
  const out = new Map<number, RoutedOutcome>();
  for (const o of [...zaloOut, ...smsOut]) out.set(notificationIdOf(o.messageId)!, { outcome: o, invalidDevices: [], recording: false });
  // a push reaches a patient when one of the account's devices took it
  const byMessage = new Map<number, { outcomes: SendOutcome[]; recording: boolean[] }>();
  const collect = (list: SendOutcome[], recording: boolean) => {
    for (const o of list) {
      const id = Number(o.messageId.split('.')[0]);
      const e = byMessage.get(id) ?? { outcomes: [], recording: [] };
      e.outcomes.push(o);
      e.recording.push(recording);
      byMessage.set(id, e);
    }
  };
  collect(fcmOut, channels.recording.push);
  collect(webOut, channels.recording.webpush);
  for (const [id, e] of byMessage) {
    const invalidDevices = e.outcomes.flatMap((o) => (o.status === 'FAILED' && o.failure === 'RECIPIENT_INVALID' ? [Number(o.messageId.split('.')[1])] : []));
    const okIndex = e.outcomes.findIndex((o) => o.status === 'SENT');
    if (okIndex >= 0) {
      out.set(id, { outcome: { ...e.outcomes[okIndex]!, messageId: String(id) }, invalidDevices, recording: e.recording[okIndex]! });
      continue;
    }
    // none took it: wait when one may later (provider down), else the recipient cannot be reached by push
    const worst =
      e.outcomes.find((o) => o.status === 'FAILED' && (o.failure === 'RETRYABLE' || o.failure === 'ACCOUNT')) ??
      e.outcomes.find((o) => o.status === 'FAILED' && o.failure === 'PERMANENT') ??
      e.outcomes[0]!;
    out.set(id, { outcome: { ...worst, messageId: String(id) }, invalidDevices, recording: false });
  }
  return out;
}

export function defineDeliveryJob(): void {
  defineJob(
    NOTIFY_SEND_JOB,
    async (job, ctx) => {
      if (job.facilityId !== null && job.facilityId !== undefined) await deliverDue(ctx, job.facilityId);
    },
    { maxAttempts: 5, backoff: { baseMs: 10_000, maxMs: 10 * 60_000 } },
  );
}

export type { Reach };
