import type { FastifyInstance } from 'fastify';
import {
  EVENT_MESSAGES,
  eventSettingsProblems,
  eventVariables,
  notificationEventEndpoints,
  type NotificationEventBody,
  type NotificationEventDto,
} from '@portal/shared/contracts/notification-events.contract';
import { NOTIFICATION_EVENTS, type NotificationEvent } from '@portal/shared/rules/message-template';
import { sql } from 'drizzle-orm';
import { caller } from '../../core/access';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { route } from '../../core/endpoints';
import { badRequest } from '../../core/errors';
import { iso, rows } from '../../core/sql';
import { DEFAULT_EVENT_CHANNELS } from './events.notify';

/**
 * The events' settings as the events tab of /admin/thong-bao-day edits them (MANAGER_NOTIFICATION; issue 17):
 * the five events with the facility's stored row or the catalogue's default, and the upsert of one event with
 * its audit row. notifyEvent (events.notify.ts) reads what is stored here.
 */

type StoredEvent = {
  event: string;
  enabled: boolean;
  title: string;
  template: string;
  channels: string[];
  zaloTemplateId: string | null;
  updatedAt: Date | string;
  updatedBy: string | null;
};

async function storedEvents(ex: Executor, facilityId: number): Promise<Map<string, StoredEvent>> {
  const found = await rows<StoredEvent>(
    ex,
    sql`SELECT e.event, e.enabled, e.title, e.template, e.channels, e.zalo_template_id AS "zaloTemplateId", e.updated_at AS "updatedAt", a.username AS "updatedBy"
        FROM notification_events e LEFT JOIN accounts a ON a.id = e.updated_by AND a.facility_id = e.facility_id
        WHERE e.facility_id = ${facilityId}`,
  );
  return new Map(found.map((r) => [r.event, r]));
}

function toDto(event: NotificationEvent, row: StoredEvent | undefined): NotificationEventDto {
  const def = NOTIFICATION_EVENTS.find((e) => e.event === event)!;
  const base = { event, label: def.label, description: def.description, kind: def.kind, variables: eventVariables(event) };
  if (!row) {
    return {
      ...base,
      enabled: true,
      title: def.label,
      template: def.defaultTemplate,
      // Zalo sends only a registered template: without its id the delivery skips Zalo (delivery.route.ts), so the
      // defaults as they work — and as the form can save them without a template id — are the app, then SMS
      channels: DEFAULT_EVENT_CHANNELS.filter((c) => c !== 'ZALO'),
      zaloTemplateId: null,
      stored: false,
      updatedAt: null,
      updatedBy: null,
    };
  }
  return {
    ...base,
    enabled: row.enabled,
    title: row.title,
    template: row.template,
    channels: row.channels as NotificationEventDto['channels'],
    zaloTemplateId: row.zaloTemplateId,
    stored: true,
    updatedAt: iso(row.updatedAt),
    updatedBy: row.updatedBy,
  };
}

export async function listEvents(ex: Executor, facilityId: number): Promise<NotificationEventDto[]> {
  const stored = await storedEvents(ex, facilityId);
  return NOTIFICATION_EVENTS.map((d) => toDto(d.event, stored.get(d.event)));
}

/** The settings as stored: trimmed, Zalo's template id kept only when given. */
function clean(body: NotificationEventBody) {
  const zalo = body.zaloTemplateId?.trim() || null;
  return { enabled: body.enabled, title: body.title.trim(), template: body.template.trim(), channels: [...body.channels], zaloTemplateId: zalo };
}

/** Writes one event's settings (insert or replace) and its audit row in one transaction; 400 naming each problem. */
export async function saveEvent(
  ex: Executor,
  who: Caller | null,
  facilityId: number,
  event: NotificationEvent,
  body: NotificationEventBody,
  accountId: number | null,
): Promise<void> {
  const problems = eventSettingsProblems(event, { ...body, zaloTemplateId: body.zaloTemplateId ?? null });
  if (problems.length) throw badRequest(problems[0]!.message, problems);
  const s = clean(body);
  const before = (await storedEvents(ex, facilityId)).get(event);
  await ex.execute(
    sql`INSERT INTO notification_events (facility_id, event, enabled, title, template, channels, zalo_template_id, updated_by, updated_at)
        VALUES (${facilityId}, ${event}, ${s.enabled}, ${s.title}, ${s.template}, ${sql.param(s.channels)}::text[], ${s.zaloTemplateId}, ${accountId}, now())
        ON CONFLICT (facility_id, event) DO UPDATE SET enabled = EXCLUDED.enabled, title = EXCLUDED.title, template = EXCLUDED.template,
          channels = EXCLUDED.channels, zalo_template_id = EXCLUDED.zalo_template_id, updated_by = EXCLUDED.updated_by, updated_at = now()`,
  );
  const { updatedAt: _u, updatedBy: _b, ...was } = before ?? ({} as Partial<StoredEvent>);
  await audit(ex, who, {
    action: before ? 'UPDATE' : 'CREATE',
    entity: 'notification_event',
    entityId: event,
    before: before ? was : null,
    after: s,
    ...(who ? {} : { facilityId, actorId: null, actorUsername: 'SYSTEM' }),
  });
}

const access = { access: 'MANAGER_NOTIFICATION' as const };
const tags = ['Thông báo'];

export function notificationEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, notificationEventEndpoints.list, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await listEvents(ctx.database.db, caller(req).facilityId) }),
  });
  route(app, notificationEventEndpoints.update, {
    config: access,
    tags,
    handler: async (req) => {
      const c = caller(req);
      const event = req.params.event;
      await ctx.database.transaction((tx) => saveEvent(tx, c, c.facilityId, event, req.body, c.accountId));
      const saved = (await listEvents(ctx.database.db, c.facilityId)).find((e) => e.event === event)!;
      return { code: 0 as const, message: EVENT_MESSAGES.saved, data: saved };
    },
  });
}
