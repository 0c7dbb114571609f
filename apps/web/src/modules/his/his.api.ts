import {
  type ConnectionBody,
  type HisCheckinStatus,
  type HisItemAction,
  type HisLookupBy,
  type HisMapKind,
  type HisRunKind,
  type HisRunStatus,
  type HisSyncKind,
  hisConnectionEndpoints as C,
  hisPatientEndpoints as P,
  hisSyncEndpoints as S,
} from '@portal/shared/contracts/his.contract';
import { call } from '../../core/api/endpoint-client';
import type { SelectBoxLoader } from '../../core/blocks/select-box';

export type MapState = 'all' | 'matched' | 'unmatched';
export interface Paging {
  page: number;
  size: number;
}
export interface MapsParams extends Paging {
  kind: HisMapKind;
  state: MapState;
  q: string;
}
export interface RunsParams extends Paging {
  kind?: HisRunKind;
  status?: HisRunStatus;
}
export interface CheckinsParams extends Paging {
  status?: HisCheckinStatus;
  date?: string;
}

export const hisKeys = {
  all: ['his'] as const,
  connection: ['his', 'connection'] as const,
  maps: ['his', 'maps'] as const,
  mapList: (q: MapsParams) => ['his', 'maps', 'list', q] as const,
  remote: (kind: HisMapKind, q: Paging) => ['his', 'maps', 'remote', kind, q] as const,
  runs: ['his', 'runs'] as const,
  runList: (q: RunsParams) => ['his', 'runs', 'list', q] as const,
  run: (id: number) => ['his', 'runs', 'one', id] as const,
  items: (id: number, action: HisItemAction | undefined, q: Paging) => ['his', 'runs', 'items', id, action, q] as const,
  checkins: ['his', 'checkins'] as const,
  checkinList: (q: CheckinsParams) => ['his', 'checkins', 'list', q] as const,
  lookup: (by: HisLookupBy, value: string) => ['his', 'patients', by, value] as const,
  recordLink: (profileId: number) => ['his', 'record', profileId] as const,
};

/** /admin/ket-noi-his's calls and the record screen's HIS link (his.contract.ts). */
export const hisApi = {
  connection: async () => (await call(C.get, {})).data,
  save: (body: ConnectionBody) => call(C.save, { body }),
  test: async () => (await call(C.test, {})).data,
  maps: (q: MapsParams, signal?: AbortSignal) => call(C.maps, { query: { ...q, q: q.q || undefined } }, { signal }),
  remote: (kind: HisMapKind, q: Paging & { q?: string; unmatched?: boolean }, signal?: AbortSignal) =>
    call(C.remote, { query: { kind, ...q, q: q.q || undefined, unmatched: q.unmatched === undefined ? undefined : String(q.unmatched) } }, { signal }),
  setMap: (kind: HisMapKind, portalId: number, hisRef: string | null) => call(C.setMap, { body: { kind, portalId, hisRef } }),
  autoMatch: async (kind: HisMapKind) => (await call(C.autoMatch, { body: { kind } })).data,
  /** The HIS's unmatched items of a kind, for a dropdown (value = the FHIR reference). */
  remoteOptions:
    (kind: HisMapKind): SelectBoxLoader =>
    async ({ page, size, search }) => {
      const res = await call(C.remote, { query: { kind, page, size, q: search || undefined, unmatched: 'true' } });
      return { data: res.data.map((r) => ({ value: r.ref, name: `${r.code} · ${r.name}` })), totalPage: res.totalPage };
    },
  checkins: (q: CheckinsParams, signal?: AbortSignal) => call(C.checkins, { query: { ...q } }, { signal }),
  retryCheckin: (bookingId: number) => call(C.retryCheckin, { params: { bookingId } }),

  startSync: (kind: HisSyncKind) => call(S.start, { params: { kind } }),
  runs: (q: RunsParams, signal?: AbortSignal) => call(S.runs, { query: { ...q } }, { signal }),
  run: async (id: number) => (await call(S.run, { params: { id } })).data,
  items: (id: number, action: HisItemAction | undefined, q: Paging, signal?: AbortSignal) =>
    call(S.items, { params: { id }, query: { action, ...q } }, { signal }),
  retryRun: (id: number) => call(S.retry, { params: { id } }),

  lookup: async (by: HisLookupBy, value: string) => (await call(P.lookup, { query: { by, value } })).data,
  link: (hisId: string, profileId: number) => call(P.link, { params: { hisId }, body: { profileId } }),
  unlink: (hisId: string) => call(P.unlink, { params: { hisId } }),
  pull: async (profileId: number) => (await call(P.pull, { params: { profileId } })).data,
  recordLink: async (profileId: number) => (await call(P.hisLink, { params: { profileId } })).data,
};
