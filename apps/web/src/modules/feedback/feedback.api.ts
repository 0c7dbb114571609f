import { feedbackEndpoints as E, rateReportEndpoints as R } from '@portal/shared/contracts/feedback.contract';
import { fillPath } from '@portal/shared/core/endpoint';
import { call } from '../../core/api/endpoint-client';
import { fetchFile, saveBlob } from '../../core/crud/download';
import { type FeedbackListState, listQuery, type RateReportState, reportQuery } from './feedback.logic';

export const feedbackKeys = {
  all: ['feedback'] as const,
  list: (q: Record<string, string>) => ['feedback', 'list', q] as const,
  users: (q: Record<string, string>) => ['feedback', 'users', q] as const,
  detail: (id: number) => ['feedback', 'detail', id] as const,
  rate: (q: Record<string, string>) => ['feedback', 'rate', q] as const,
  countRate: (q: Record<string, string>) => ['feedback', 'count-rate', q] as const,
};

/** The feedback screen's calls (contracts/feedback.contract.ts). */
export const feedbackApi = {
  list: (s: FeedbackListState, signal?: AbortSignal) => call(E.list, { query: listQuery(s) }, { signal }),
  users: (q: Record<string, string>, signal?: AbortSignal) => call(E.users, { query: q }, { signal }),
  get: async (id: number) => (await call(E.get, { params: { id } })).data,
  reply: async (id: number, text: string) => (await call(E.reply, { params: { id }, body: { text } })).data,
  handled: async (id: number, note: string) => (await call(E.handled, { params: { id }, body: note ? { note } : {} })).data,
  rate: async (s: RateReportState, signal?: AbortSignal) => (await call(R.rateReport, { query: reportQuery(s) }, { signal })).data,
  countRate: async (s: RateReportState, signal?: AbortSignal) => (await call(R.countRateReport, { query: reportQuery(s, true) }, { signal })).data,
  async exportList(s: FeedbackListState, onProgress: (bytes: number) => void) {
    const { blob, fileName } = await fetchFile(fillPath(E.export.path), listQuery(s, false), `phan-hoi-benh-nhan-${s.from}-den-${s.to}.xlsx`, onProgress);
    saveBlob(blob, fileName);
  },
  async exportReport(s: RateReportState, onProgress: (bytes: number) => void) {
    const { blob, fileName } = await fetchFile(fillPath(R.rateReportExport.path), reportQuery(s), `danh-gia-${s.from}-den-${s.to}.xlsx`, onProgress);
    saveBlob(blob, fileName);
  },
};
