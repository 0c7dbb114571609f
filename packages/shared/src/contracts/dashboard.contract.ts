import { z } from 'zod';
import { envelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { statusCounts } from './appointments.contract';
import { stateCounts } from './reports.contract';
import { DASHBOARD_PATH, FAILED_SIGN_IN_ACTIONS, type DashboardSectionKey } from './dashboard.paths';

/**
 * The /admin home page's morning dashboard (issue 16): today's figures (+07:00) of the modules the
 * caller's authorities open, one section per authority. The server answers only the sections the
 * caller may see, each computed in SQL over the caller's facility; a section absent from the answer is
 * not shown. A new section = one optional key here, one entry in the server's section list
 * (modules/dashboard/dashboard.service.ts) and one widget on the web (modules/dashboard/dashboard.tsx).
 *
 *   GET /api/his/v1/dashboard   { date, appointments?, logs?, report? }
 */

/** A room's queue of the day: who waits (checked in) and the number of the call of the moment. */
export const dashboardRoom = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Checked in, not called yet. */
  waiting: z.number().int(),
  /** Called today (the call of the moment included). */
  called: z.number().int(),
  /** Queue number of the room's call of the moment ("Đang gọi khám"), or null. */
  callingNumber: z.number().int().nullable(),
  /** One of the caller's assigned rooms (listed even when empty). */
  mine: z.boolean(),
});

/** MANAGER_APPOINTMENT: today's bookings by state and the queue of each room (the rooms the caller may see). */
export const appointmentsSection = z.object({
  counts: statusCounts,
  /** Rooms with a queue today (checked in or called) and the caller's own rooms, by code. */
  rooms: z.array(dashboardRoom),
  /** The facility keeps the caller to its rooms: the figures are those rooms'. */
  onlyOwnRooms: z.boolean(),
});

/** MANAGER_LOG: today's failed sign-ins of the facility's accounts by action, and the dead background jobs. */
export const logsSection = z.object({
  failedSignIns: z.record(z.enum(FAILED_SIGN_IN_ACTIONS), z.number().int()),
  /** Dead jobs the caller sees on the logs screen's jobs tab (the system's too for ADMIN_FACILITY). */
  deadJobs: z.number().int(),
});

/** MANAGER_REPORT: the quick statistic of today's visits (the report screen's totals for today). */
export const reportSection = z.object({ totals: stateCounts });

export const dashboardData = z.object({
  /** Today in Vietnam (YYYY-MM-DD): the day of every figure. */
  date: z.string(),
  appointments: appointmentsSection.optional(),
  logs: logsSection.optional(),
  report: reportSection.optional(),
});
export type DashboardData = z.infer<typeof dashboardData>;
/** Every section of DASHBOARD_SECTIONS has its schema here (and nothing else is optional). */
export type DashboardSections = { [K in DashboardSectionKey]-?: NonNullable<DashboardData[K]> };
export type DashboardRoom = z.infer<typeof dashboardRoom>;

export const dashboardEndpoints = {
  get: endpoint({
    method: 'GET',
    path: DASHBOARD_PATH,
    summary: 'Trang chủ: số liệu hôm nay của các phân hệ người dùng được quyền xem',
    response: envelope(dashboardData),
    errors: [401],
  }),
};
