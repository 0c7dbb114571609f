import {
  type AudienceFiltersDto,
  type DeliveryStatus,
  type GroupBody,
  type GroupListQuery,
  type GroupOptionKind,
  notificationGroupEndpoints as E,
} from '@portal/shared/contracts/notification-groups.contract';
import { call } from '../../../core/api/endpoint-client';
import type { SelectBoxLoader } from '../../../core/blocks/select-box';

type ListParams = Partial<Omit<GroupListQuery, 'page' | 'size'>> & { page: number; size: number };

export const groupKeys = {
  all: ['notification-groups'] as const,
  list: (q: ListParams) => ['notification-groups', 'list', q] as const,
  one: (id: number) => ['notification-groups', 'one', id] as const,
  recipients: (id: number, status: string | undefined, page: number, size: number) =>
    ['notification-groups', 'recipients', id, status ?? '', page, size] as const,
  count: (audience: unknown) => ['notification-groups', 'count', audience] as const,
};

/** The notification groups screen's calls (notification-groups.contract.ts). */
export const groupsApi = {
  list: (q: ListParams, signal?: AbortSignal) => call(E.list, { query: q as never }, { signal }),
  get: async (id: number) => (await call(E.get, { params: { id } })).data,
  create: async (body: GroupBody) => (await call(E.create, { body: body as never })).data,
  update: async (id: number, body: GroupBody) => (await call(E.update, { params: { id }, body: body as never })).data,
  remove: async (id: number) => (await call(E.remove, { params: { id } })).data,
  send: async (id: number) => (await call(E.send, { params: { id } })).data,
  schedule: async (id: number, scheduledAt: string) => (await call(E.schedule, { params: { id }, body: { scheduledAt } })).data,
  cancel: async (id: number) => (await call(E.cancel, { params: { id } })).data,
  count: async (audience: AudienceFiltersDto, signal?: AbortSignal) => (await call(E.count, { body: { audience } }, { signal })).data.count,
  recipients: (id: number, status: DeliveryStatus | undefined, page: number, size: number, signal?: AbortSignal) =>
    call(E.recipients, { params: { id }, query: { status, page, size } as never }, { signal }),
  loader:
    (kind: GroupOptionKind, provinceCode?: string): SelectBoxLoader =>
    async ({ page, size, search }) =>
      call(E.options, { params: { kind }, query: { page, size, search: search || undefined, provinceCode } as never }),
};
