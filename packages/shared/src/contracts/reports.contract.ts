import { z } from 'zod';
import { envelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { fileEndpoint, XLSX_MIME } from '../core/endpoint-files';
import { isoDay } from '../core/iso-day';
import { periodProblem } from '../rules/period';
import { BOOKING_SOURCES } from './appointments.contract';

/**
 * The booking reports of /admin/report/bookings (MANAGER_REPORT), spec §7 "Reports": quick-statistic,
 * appointment-complete, statistic-efficiency, staff-statistic-efficiency and their Excel exports, plus the
 * streamed list of the period's bookings. The period is of visit days (bookings.date) in +07:00, except the
 * staff report, which counts what staff did during the period (docs/decisions.md "Reports: the period").
 */
export const REPORTS_PATH = '/api/his/v1/report';

const idText = (label: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${label} không hợp lệ`)
    .transform(Number);

const filterFields = {
  from: isoDay('Từ ngày'),
  to: isoDay('Đến ngày'),
  departmentId: idText('Khoa').optional(),
  doctorId: idText('Bác sĩ').optional(),
  source: z.enum(BOOKING_SOURCES, { message: 'Nguồn đặt khám không hợp lệ' }).optional(),
};

function checkPeriod(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const problem = periodProblem(q);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
}

/** The period and the filters every report takes. */
export const reportFilters = z.object(filterFields).superRefine(checkPeriod);
export type ReportFilters = z.infer<typeof reportFilters>;

/** The staff report may be narrowed to the followed staff ("report users"): `accountIds=3,7`. */
export const staffReportFilters = z
  .object({
    ...filterFields,
    accountIds: z
      .string()
      .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'Danh sách nhân viên không hợp lệ')
      .transform((s) => s.split(',').map(Number))
      .optional(),
  })
  .superRefine(checkPeriod);
export type StaffReportFilters = z.infer<typeof staffReportFilters>;

const n = z.number().int();

/**
 * Bookings of the period by their state now (disjoint: they add up to `total`), with the bookings made
 * online (app, web) and those of new patients (no earlier finished visit at the facility).
 */
export const stateCounts = z.object({
  total: n,
  pending: n,
  accepted: n,
  rejected: n,
  cancelled: n,
  /** Checked in or called, not finished yet. */
  checkedIn: n,
  done: n,
  noShow: n,
  online: n,
  newPatients: n,
});
export type StateCountsDto = z.infer<typeof stateCounts>;

export const groupCounts = stateCounts.extend({ key: z.string(), name: z.string() });
export type GroupCountsDto = z.infer<typeof groupCounts>;

export const quickStatistic = z.object({
  totals: stateCounts,
  byDay: z.array(groupCounts),
  byDepartment: z.array(groupCounts),
  bySpecialty: z.array(groupCounts),
  byDoctor: z.array(groupCounts),
  byRoom: z.array(groupCounts),
  bySource: z.array(groupCounts),
});
export type QuickStatisticDto = z.infer<typeof quickStatistic>;

/** The groupings of the quick statistic's table, in the screen's order. */
export const QUICK_GROUPS = ['byDepartment', 'bySpecialty', 'byDoctor', 'byRoom', 'bySource', 'byDay'] as const;
export type QuickGroup = (typeof QUICK_GROUPS)[number];
export const QUICK_GROUP_LABELS: Record<QuickGroup, string> = {
  byDepartment: 'Theo khoa',
  bySpecialty: 'Theo chuyên khoa',
  byDoctor: 'Theo bác sĩ',
  byRoom: 'Theo phòng khám',
  bySource: 'Theo nguồn đặt',
  byDay: 'Theo ngày',
};
/** The first column's header of each grouping (the screen's table and the workbook's sheets). */
export const QUICK_GROUP_COLUMNS: Record<QuickGroup, string> = {
  byDepartment: 'Khoa',
  bySpecialty: 'Chuyên khoa',
  byDoctor: 'Bác sĩ',
  byRoom: 'Phòng khám',
  bySource: 'Nguồn đặt',
  byDay: 'Ngày',
};

export const completionRow = z.object({ key: z.string(), name: z.string(), planned: n, done: n });
export type CompletionRowDto = z.infer<typeof completionRow>;
export const appointmentComplete = z.object({
  totals: z.object({ planned: n, done: n }),
  byDepartment: z.array(completionRow),
  byDoctor: z.array(completionRow),
  byDay: z.array(completionRow),
});
export type AppointmentCompleteDto = z.infer<typeof appointmentComplete>;

/** Places of the schedules (offered), held by bookings (booked), used by patients who came; wait from check-in to call in minutes. */
export const efficiencyRow = z.object({
  key: z.string(),
  name: z.string(),
  offered: n,
  booked: n,
  used: n,
  waitMedian: z.number().nullable(),
  waitP90: z.number().nullable(),
});
export type EfficiencyRowDto = z.infer<typeof efficiencyRow>;
export const statisticEfficiency = z.object({ byDoctor: z.array(efficiencyRow), byRoom: z.array(efficiencyRow) });
export type StatisticEfficiencyDto = z.infer<typeof statisticEfficiency>;

export const staffRow = z.object({
  accountId: n,
  username: z.string(),
  name: z.string(),
  accepted: n,
  rejected: n,
  checkedIn: n,
  called: n,
  /** Bookings the account took on the phone (source HOTLINE). */
  phone: n,
  /** Median minutes from a booking's arrival to its acceptance by this account. */
  acceptMedian: z.number().nullable(),
});
export type StaffRowDto = z.infer<typeof staffRow>;
export const staffStatisticEfficiency = z.object({ rows: z.array(staffRow) });
export type StaffStatisticEfficiencyDto = z.infer<typeof staffStatisticEfficiency>;

const errors = [400, 401, 403] as const;
const xlsx = { type: XLSX_MIME };

export const reportEndpoints = {
  quickStatistic: endpoint({
    method: 'GET',
    path: `${REPORTS_PATH}/quick-statistic`,
    summary: 'Thống kê nhanh lịch đặt khám theo trạng thái, khoa, chuyên khoa, bác sĩ, phòng, nguồn và ngày',
    query: reportFilters,
    response: envelope(quickStatistic),
    errors: [...errors],
  }),
  quickStatisticExport: fileEndpoint({
    method: 'GET',
    path: `${REPORTS_PATH}/quick-statistic/export`,
    summary: 'Xuất Excel thống kê nhanh',
    query: reportFilters,
    file: xlsx,
    errors: [...errors],
  }),
  appointmentComplete: endpoint({
    method: 'GET',
    path: `${REPORTS_PATH}/appointment-complete`,
    summary: 'Lịch khám hoàn thành so với dự kiến theo khoa, bác sĩ và ngày',
    query: reportFilters,
    response: envelope(appointmentComplete),
    errors: [...errors],
  }),
  appointmentCompleteExport: fileEndpoint({
    method: 'GET',
    path: `${REPORTS_PATH}/appointment-complete/export`,
    summary: 'Xuất Excel lịch khám hoàn thành',
    query: reportFilters,
    file: xlsx,
    errors: [...errors],
  }),
  statisticEfficiency: endpoint({
    method: 'GET',
    path: `${REPORTS_PATH}/statistic-efficiency`,
    summary: 'Hiệu suất bác sĩ và phòng khám: chỗ mở, chỗ đã đặt, chỗ đã dùng, thời gian chờ',
    query: reportFilters,
    response: envelope(statisticEfficiency),
    errors: [...errors],
  }),
  statisticEfficiencyExport: fileEndpoint({
    method: 'GET',
    path: `${REPORTS_PATH}/statistic-efficiency/export`,
    summary: 'Xuất Excel hiệu suất bác sĩ và phòng khám',
    query: reportFilters,
    file: xlsx,
    errors: [...errors],
  }),
  staffStatisticEfficiency: endpoint({
    method: 'GET',
    path: `${REPORTS_PATH}/staff-statistic-efficiency`,
    summary: 'Hiệu suất nhân viên: xác nhận, từ chối, tiếp đón, gọi khám, đặt qua điện thoại',
    query: staffReportFilters,
    response: envelope(staffStatisticEfficiency),
    errors: [...errors],
  }),
  staffStatisticEfficiencyExport: fileEndpoint({
    method: 'GET',
    path: `${REPORTS_PATH}/staff-statistic-efficiency/export`,
    summary: 'Xuất Excel hiệu suất nhân viên',
    query: staffReportFilters,
    file: xlsx,
    errors: [...errors],
  }),
  bookingsExport: fileEndpoint({
    method: 'GET',
    path: `${REPORTS_PATH}/bookings/export`,
    summary: 'Xuất Excel danh sách lịch đặt khám của kỳ (ghi dần, không giữ cả tệp trong bộ nhớ)',
    query: reportFilters,
    file: xlsx,
    errors: [...errors],
  }),
};
