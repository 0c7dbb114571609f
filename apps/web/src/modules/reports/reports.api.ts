import { reportEndpoints } from '@portal/shared/contracts/reports.contract';
import { call } from '../../core/api/endpoint-client';
import { fetchFile, saveBlob } from '../../core/crud/download';
import { reportFilterQuery, type ReportState } from './reports.logic';

type Filters = Pick<ReportState, 'from' | 'to' | 'departmentId' | 'doctorId' | 'source'>;

export const reportKeys = {
  all: ['reports'] as const,
  one: (name: string, q: Record<string, string>) => ['reports', name, q] as const,
};

/** The exports of the screen, by report. */
export const REPORT_EXPORTS = {
  quick: reportEndpoints.quickStatisticExport,
  complete: reportEndpoints.appointmentCompleteExport,
  efficiency: reportEndpoints.statisticEfficiencyExport,
  staff: reportEndpoints.staffStatisticEfficiencyExport,
  bookings: reportEndpoints.bookingsExport,
} as const;

/** The report screen's calls (reports.contract.ts). */
export const reportsApi = {
  quick: async (s: Filters, signal?: AbortSignal) => (await call(reportEndpoints.quickStatistic, { query: reportFilterQuery(s) }, { signal })).data,
  complete: async (s: Filters, signal?: AbortSignal) => (await call(reportEndpoints.appointmentComplete, { query: reportFilterQuery(s) }, { signal })).data,
  efficiency: async (s: Filters, signal?: AbortSignal) => (await call(reportEndpoints.statisticEfficiency, { query: reportFilterQuery(s) }, { signal })).data,
  staff: async (s: Filters, accountIds: number[] | undefined, signal?: AbortSignal) =>
    (
      await call(
        reportEndpoints.staffStatisticEfficiency,
        { query: { ...reportFilterQuery(s), ...(accountIds ? { accountIds: accountIds.join(',') } : {}) } },
        { signal },
      )
    ).data,
  /** Downloads an export, telling the bytes received so far (a year of bookings streams for a while). */
  async export(which: keyof typeof REPORT_EXPORTS, s: Filters, extra: Record<string, string>, onProgress: (bytes: number) => void) {
    const { blob, fileName } = await fetchFile(
      REPORT_EXPORTS[which].path,
      { ...reportFilterQuery(s), ...extra },
      `bao-cao-${s.from}-den-${s.to}.xlsx`,
      onProgress,
    );
    saveBlob(blob, fileName);
  },
};
