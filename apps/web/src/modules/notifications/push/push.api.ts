import { notificationEventEndpoints, type NotificationEventBody } from '@portal/shared/contracts/notification-events.contract';
import { notificationMessageEndpoints, type NotificationPushBody } from '@portal/shared/contracts/notification-messages.contract';
import type { NotificationEvent } from '@portal/shared/rules/message-template';
import { call } from '../../../core/api/endpoint-client';
import type { MessageFilters } from './push.logic';

export const pushKeys = {
  all: ['notifications'] as const,
  messages: (f: MessageFilters) => ['notifications', 'messages', f] as const,
  totals: (page: number) => ['notifications', 'totals', page] as const,
  eventTotals: ['notifications', 'totals', 'events'] as const,
  events: ['notifications', 'events'] as const,
};

/** The push-notifications screen's calls (notification-messages and notification-events contracts). */
export const pushApi = {
  messages: (f: MessageFilters, signal?: AbortSignal) => call(notificationMessageEndpoints.list, { query: f }, { signal }),
  totals: (page: number, signal?: AbortSignal) => call(notificationMessageEndpoints.totals, { query: { page, size: 5 } }, { signal }),
  eventTotals: async (signal?: AbortSignal) => (await call(notificationMessageEndpoints.eventTotals, {}, { signal })).data,
  patients: async (q: string) => (await call(notificationMessageEndpoints.patients, { query: { q } })).data,
  push: async (body: NotificationPushBody) => (await call(notificationMessageEndpoints.push, { body })).data,
  events: async (signal?: AbortSignal) => (await call(notificationEventEndpoints.list, {}, { signal })).data,
  saveEvent: async (event: NotificationEvent, body: NotificationEventBody) => (await call(notificationEventEndpoints.update, { params: { event }, body })).data,
};
