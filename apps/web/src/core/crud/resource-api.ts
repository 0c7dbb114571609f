import type { Envelope, Page } from '@portal/shared/core/api';
import type { ResourceDef } from '@portal/shared/core/define-resource';
import { MSG } from '@portal/shared/messages.vi';
import { api } from '../api/api-client';
import { errorMessage, isApiError } from '../api/api-error';
import { notify } from '../notify';
import { fetchFile, saveBlob } from './download';

/** A row of any resource: its fields plus the system columns. */
export interface ResourceRow {
  id: number;
  active: boolean;
  createdAt?: string;
  updatedAt?: string;
  [key: string]: unknown;
}

type Def = Pick<ResourceDef, 'path' | 'exportName'>;

/** The resource's label inside a sentence: 'Chuyên khoa' → 'chuyên khoa'. */
export function labelInText(resource: Pick<ResourceDef, 'label'>): string {
  return resource.label.charAt(0).toLowerCase() + resource.label.slice(1);
}

/** A failed write or export: the server's message, except 401/403 which the API client already handled. */
export function reportError(e: unknown, fallback: string = MSG.genericError): void {
  if (isApiError(e) && (e.status === 401 || e.status === 403)) return;
  notify.error(errorMessage(e, fallback));
}

/** How a row is named in confirms and dropdowns: its first text field (the name), else its code, else #id. */
export function rowName(resource: Pick<ResourceDef, 'fields'>, row: ResourceRow): string {
  for (const type of ['text', 'code'] as const) {
    const field = resource.fields.find((f) => f.type === type);
    const value = field ? row[field.key] : undefined;
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return `#${row.id}`;
}

/** The generic routes of a resource (ARCHITECTURE "API conventions"). */
export function resourceApi(resource: Def) {
  const one = (id: number) => `${resource.path}/${id}`;
  return {
    list: (query: Record<string, string>, signal?: AbortSignal) => api.get<Page<ResourceRow>>(resource.path, { query, signal }),
    get: async (id: number) => (await api.get<Envelope<ResourceRow>>(one(id))).data,
    create: (body: Record<string, unknown>) => api.post<Envelope<ResourceRow>>(resource.path, body),
    update: (id: number, body: Record<string, unknown>) => api.put<Envelope<ResourceRow>>(one(id), body),
    setActive: (id: number, active: boolean) => api.put<Envelope<ResourceRow>>(`${one(id)}/active`, { active }),
    /** Refused (409, with the reason) while anything uses the row. */
    remove: (id: number) => api.delete<Envelope<ResourceRow>>(one(id)),
    /** GET {path}/export with the list's filters and sort → an .xlsx download. */
    exportExcel: async (query: Record<string, string>) => {
      const { blob, fileName } = await fetchFile(`${resource.path}/export`, query, `${resource.exportName}.xlsx`);
      saveBlob(blob, fileName);
    },
  };
}

export type ResourceApi = ReturnType<typeof resourceApi>;
