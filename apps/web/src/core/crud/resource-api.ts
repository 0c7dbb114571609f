import type { Resource, ResourceDef, ResourceOperation } from '@portal/shared/core/define-resource';
import { fillPath } from '@portal/shared/core/endpoint';
import { resourceEndpoints, type ResourceEndpoints } from '@portal/shared/core/resource-endpoints';
import { MSG } from '@portal/shared/messages.vi';
import { errorMessage, isApiError } from '../api/api-error';
import { call } from '../api/endpoint-client';
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

/**
 * The generic routes of a resource, called through the endpoints packages/shared declares for it
 * (`resourceEndpoints`): the web writes no path and no answer type. A module passes its contract's
 * endpoints when it has them (doctors), for their precise rows. Calling an operation the resource
 * does not offer (`offers`) is a programming error.
 */
export function resourceApi(resource: Resource, endpoints: ResourceEndpoints = resourceEndpoints(resource)) {
  const need = <K extends ResourceOperation>(op: K): NonNullable<ResourceEndpoints[K]> => {
    const e = endpoints[op];
    if (!e) throw new Error(`${resource.name}: no "${op}" endpoint`);
    return e;
  };
  return {
    /** The resource offers this operation (the screen shows only these actions). */
    offers: (op: ResourceOperation) => endpoints[op] !== undefined,
    list: (query: Record<string, string>, signal?: AbortSignal) => call(need('list'), { query }, { signal }),
    get: async (id: number) => (await call(need('get'), { params: { id } })).data,
    create: (body: Record<string, unknown>) => call(need('create'), { body }),
    update: (id: number, body: Record<string, unknown>) => call(need('update'), { params: { id }, body }),
    setActive: (id: number, active: boolean) => call(need('setActive'), { params: { id }, body: { active } }),
    /** Refused (409, with the reason) while anything uses the row. */
    remove: (id: number) => call(need('remove'), { params: { id } }),
    /** GET {path}/export with the list's filters and sort → an .xlsx download. */
    exportExcel: async (query: Record<string, string>) => {
      const e = need('export');
      const { blob, fileName } = await fetchFile(fillPath(e.path), query, e.file.name ?? `${resource.exportName}.xlsx`);
      saveBlob(blob, fileName);
    },
  };
}

export type ResourceApi = ReturnType<typeof resourceApi>;
