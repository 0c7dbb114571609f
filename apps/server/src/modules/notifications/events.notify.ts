import { and, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { type NotificationEvent, notificationEvent, renderTemplate, type TemplateValues } from '@portal/shared/rules/message-template';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';
import { notificationEvents } from '../../db/schema';
import type { DeliveryChannel } from './channels';
import { queueDelivery } from './delivery';

/** error_code of an event's message whose template lacked a value: kept FAILED, out of the patient's inbox. */
export const TEMPLATE_ERROR_CODE = 'TEMPLATE';

/** The channels an event tries when the facility has not set them: the app, then Zalo, then SMS. */
export const DEFAULT_EVENT_CHANNELS: readonly DeliveryChannel[] = ['PUSH', 'ZALO', 'SMS'];

export interface EventSettings {
  enabled: boolean;
  title: string;
  template: string;
  channels: DeliveryChannel[];
  zaloTemplateId: string | null;
}

/**
 * What one transaction already read or queued: a bulk accept of 50 bookings reads an event's settings once and queues
 * the delivery job once, not 50 times. Keyed by the executor (a transaction object), so it ends with it.
 */
const perExecutor = new WeakMap<object, { settings: Map<string, Promise<EventSettings>>; queued: Set<number> }>();
const memoOf = (ex: Executor) => {
  // only a transaction ends: outside one, nothing is remembered
  if (!('rollback' in ex)) return { settings: new Map<string, Promise<EventSettings>>(), queued: new Set<number>() };
  let m = perExecutor.get(ex);
  if (!m) {
    m = { settings: new Map(), queued: new Set() };
    perExecutor.set(ex, m);
  }
  return m;
};

/** The facility's settings of an event (read once per transaction), or the defaults. */
export function eventSettings(ex: Executor, facilityId: number, event: NotificationEvent): Promise<EventSettings> {
  const memo = memoOf(ex).settings;
  const key = `${facilityId}:${event}`;
  let found = memo.get(key);
  if (!found) {
    found = readEventSettings(ex, facilityId, event);
    memo.set(key, found);
  }
  return found;
}

/** The facility's settings of an event, or the defaults (on, the catalogue's text, every channel). */
async function readEventSettings(ex: Executor, facilityId: number, event: NotificationEvent): Promise<EventSettings> {
  const [row] = await ex
    .select()
    .from(notificationEvents)
    .where(and(eq(notificationEvents.facilityId, facilityId), eq(notificationEvents.event, event)));
  if (row) {
    return { enabled: row.enabled, title: row.title, template: row.template, channels: row.channels as DeliveryChannel[], zaloTemplateId: row.zaloTemplateId };
  }
  const def = notificationEvent(event);
  return { enabled: true, title: def.label, template: def.defaultTemplate, channels: [...DEFAULT_EVENT_CHANNELS], zaloTemplateId: null };
}

export interface EventTarget {
  /** The patient account that receives it. */
  userId: number;
  /** What the event is about (a booking's id, a reset request's id): the event reaches an account once per ref. */
  ref: string;
  values: TemplateValues;
  /** Where the notification opens in the app (a booking, a result). */
  link?: string;
}

/**
 * Writes an event's notification to a patient, in the caller's transaction: nothing when the facility switched the
 * event off or the account already got it for this ref; otherwise the message rendered from the event's template,
 * queued for the `notify.send` job. A template missing a value is kept as a FAILED message naming the variable
 * (visible on the push screen) rather than failing the booking write that raised the event.
 * Returns true when a message was queued.
 */
export async function notifyEvent(ex: Executor, facilityId: number, event: NotificationEvent, target: EventTarget): Promise<boolean> {
  return (await notifyEventMany(ex, facilityId, event, [target])) > 0;
}

/** `notifyEvent` for many targets at once (a bulk accept): one insert for all; returns how many were queued. */
export async function notifyEventMany(ex: Executor, facilityId: number, event: NotificationEvent, targets: readonly EventTarget[]): Promise<number> {
  if (!targets.length) return 0;
  const settings = await eventSettings(ex, facilityId, event);
  if (!settings.enabled) return 0;
  const kind = notificationEvent(event).kind;
  const written = targets.map((t) => {
    const rendered = renderTemplate(settings.template, t.values);
    const ok = 'text' in rendered;
    const data = Object.fromEntries(
      Object.entries(t.values)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    return { t, ok, body: ok ? rendered.text : settings.template, error: ok ? null : rendered.error, data: JSON.stringify(data) };
  });
  const col = <T>(f: (w: (typeof written)[number]) => T) => sql.param(written.map(f));
  const inserted = await rows<{ status: string }>(
    ex,
    sql`INSERT INTO notifications (facility_id, user_id, event, event_ref, title, body, link, data, kind, status, error, error_code)
        SELECT ${facilityId}, w.user_id, ${event}, w.ref, ${settings.title}, w.body, w.link, w.data::jsonb, ${kind},
               CASE WHEN w.error IS NULL THEN 'QUEUED' ELSE 'FAILED' END, w.error, CASE WHEN w.error IS NULL THEN NULL ELSE ${TEMPLATE_ERROR_CODE} END
        FROM unnest(${col((w) => w.t.userId)}::int[], ${col((w) => w.t.ref)}::text[], ${col((w) => w.body)}::text[],
                    ${col((w) => w.t.link ?? null)}::text[], ${col((w) => w.data)}::text[], ${col((w) => w.error)}::text[])
          AS w(user_id, ref, body, link, data, error)
        ON CONFLICT (facility_id, event, event_ref, user_id) WHERE event IS NOT NULL DO NOTHING
        RETURNING status`,
  );
  const queuedCount = inserted.filter((r) => r.status === 'QUEUED').length;
  if (!queuedCount) return 0;
  const queued = memoOf(ex).queued;
  if (!queued.has(facilityId)) {
    queued.add(facilityId);
    await queueDelivery(ex, facilityId);
  }
  return queuedCount;
}
