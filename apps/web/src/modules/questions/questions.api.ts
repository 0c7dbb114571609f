import { questionEndpoints as E, type QuestionListQuery } from '@portal/shared/contracts/questions.contract';
import { call } from '../../core/api/endpoint-client';
import type { SelectBoxLoader } from '../../core/blocks/select-box';

type ListParams = Partial<Omit<QuestionListQuery, 'page' | 'size'>> & { page: number; size: number };
type Period = { from?: string; to?: string };

export const questionKeys = {
  all: ['questions'] as const,
  list: (q: ListParams) => ['questions', 'list', q] as const,
  stats: (p: Period) => ['questions', 'stats', p] as const,
  counts: (p: Period) => ['questions', 'stats', 'counts', p] as const,
  specialties: (p: Period) => ['questions', 'specialties', p] as const,
  one: (id: number) => ['questions', 'one', id] as const,
  comments: (id: number) => ['questions', 'comments', id] as const,
};

/** The question screens' calls (questions.contract.ts, MANAGER_CONSULTATION). */
export const questionsApi = {
  list: (q: ListParams, signal?: AbortSignal) => call(E.list, { query: q as never }, { signal }),
  statistics: async (p: Period) => (await call(E.statistics, { query: p as never })).data,
  statusCounts: async (p: Period) => (await call(E.statusCounts, { query: p as never })).data,
  specializations: async (p: Period) => (await call(E.specializations, { query: p as never })).data,
  get: async (id: number) => (await call(E.get, { params: { id } })).data,
  accept: async (id: number) => (await call(E.accept, { params: { id } })).data,
  bulkAccept: async (ids: number[]) => (await call(E.bulkAccept, { body: { ids } })).data,
  reject: async (id: number, reason: string) => (await call(E.reject, { params: { id }, body: { reason } })).data,
  sensitivity: async (id: number, sensitive: boolean) => (await call(E.sensitivity, { params: { id }, body: { sensitive } })).data,
  assign: async (id: number, specialtyId: number | null, doctorId: number | null) =>
    (await call(E.assign, { params: { id }, body: { specialtyId, doctorId } })).data,
  hide: async (id: number) => (await call(E.hide, { params: { id } })).data,
  unhide: async (id: number) => (await call(E.unhide, { params: { id } })).data,
  comments: async (id: number) => (await call(E.comments, { params: { id } })).data,
  addComment: async (id: number, text: string) => (await call(E.addComment, { params: { id }, body: { text } })).data,
  answer: async (id: number, body: { answerHtml: string; doctorId?: number; version?: number }) =>
    (await call(E.commentary, { params: { id }, body: body as never })).data,
  deeplink: async (id: number) => (await call(E.deeplink, { params: { id } })).data,
  /** The specialties' or doctors' dropdown (doctors of `specialtyId` first). */
  loader:
    (kind: 'specialties' | 'doctors', specialtyId?: number): SelectBoxLoader =>
    async ({ page, size, search }) => {
      const res = await call(E.options, { params: { kind }, query: { page, size, q: search, specialtyId } as never });
      return { data: res.data, totalPage: res.totalPage };
    },
};
