import { smsEndpoints, type SmsComposeBody, type SmsMessageStatus } from '@portal/shared/contracts/sms.contract';
import { smsTemplateResource } from '@portal/shared/resources/sms-templates.resource';
import { call } from '../../core/api/endpoint-client';
import { resourceKeys } from '../../core/api/query-keys';
import type { ListState } from '../../core/crud/list-state';
import { resourceApi } from '../../core/crud/resource-api';

const templates = resourceApi(smsTemplateResource);
/** The composer's template picker: the active templates, by code (a facility keeps a few dozen). */
const TEMPLATE_QUERY = { page: '0', size: '100', active: 'true' };

export const smsKeys = {
  all: ['sms'] as const,
  batches: (s: ListState) => ['sms', 'batches', s.page, s.size] as const,
  batch: (id: number) => ['sms', 'batch', id] as const,
  messages: (id: number, status: string | undefined, s: ListState) => ['sms', 'messages', id, status ?? '', s.page, s.size] as const,
  balance: ['sms', 'balance'] as const,
  groups: ['sms', 'groups'] as const,
  // under the templates' own key: a template saved in the templates tab refreshes the picker
  templates: resourceKeys(smsTemplateResource.name).options(TEMPLATE_QUERY),
};

/** The SMS screen's calls (sms.contract.ts, the templates' generic routes). */
export const smsApi = {
  batches: (s: ListState, signal?: AbortSignal) => call(smsEndpoints.batches, { query: { page: s.page, size: s.size } }, { signal }),
  batch: async (id: number) => (await call(smsEndpoints.batch, { params: { id } })).data,
  messages: (id: number, status: SmsMessageStatus | undefined, s: ListState, signal?: AbortSignal) =>
    call(smsEndpoints.messages, { params: { id }, query: { status, page: s.page, size: s.size } }, { signal }),
  balance: async () => (await call(smsEndpoints.balance, {})).data,
  send: async (body: SmsComposeBody) => (await call(smsEndpoints.send, { body })).data,
  templates: async (signal?: AbortSignal) => (await templates.list(TEMPLATE_QUERY, signal)).data,
  groups: async (signal?: AbortSignal) => (await call(smsEndpoints.groups, {}, { signal })).data,
  groupPhones: async (id: number) => (await call(smsEndpoints.groupPhones, { params: { id } })).data,
};
