import { jobEndpoints } from '@portal/shared/contracts/jobs.contract';
import { logEndpoints } from '@portal/shared/contracts/logs.contract';
import { call } from '../../core/api/endpoint-client';
import type { SelectBoxLoader } from '../../core/blocks/select-box';
import { fetchFile, saveBlob } from '../../core/crud/download';
import type { ListState } from '../../core/crud/list-state';
import { logQuery, type LogScreenState } from './logs.logic';

export const logKeys = {
  all: ['logs'] as const,
  page: (q: Record<string, string>) => ['logs', 'page', q] as const,
  one: (id: number) => ['logs', 'one', id] as const,
  deadJobs: (s: ListState) => ['jobs', 'dead', s.page, s.size] as const,
};

/** The logs screen's calls (logs.contract.ts, jobs.contract.ts). */
export const logsApi = {
  page: (s: LogScreenState, signal?: AbortSignal) => call(logEndpoints.list, { query: logQuery(s) }, { signal }),
  one: async (id: number) => (await call(logEndpoints.one, { params: { id } })).data,
  actors: (async ({ page, size, search }) => {
    const res = await call(logEndpoints.actors, { query: { page, size, search: search || undefined } });
    return { data: res.data.map((a) => ({ id: a.id, name: `${a.username} · ${a.name}` })), totalPage: res.totalPage };
  }) satisfies SelectBoxLoader,
  async export(s: LogScreenState) {
    const { before: _page, ...filters } = s;
    const { blob, fileName } = await fetchFile(logEndpoints.export.path, logQuery(filters), `nhat-ky-${s.from}-den-${s.to}.xlsx`);
    saveBlob(blob, fileName);
  },
  deadJobs: (s: ListState, signal?: AbortSignal) => call(jobEndpoints.list, { query: { state: 'dead', page: s.page, size: s.size } }, { signal }),
  retry: async (id: number) => (await call(jobEndpoints.retry, { params: { id } })).data,
};
