import type { Authority } from '../authorities';

/**
 * The path of the home page's dashboard, apart from dashboard.contract.ts (which builds zod schemas): the
 * dashboard's widgets load on every sign-in, so the web names the path from here and types the answer
 * from `dashboardEndpoints` with a type-only import (as auth.paths.ts does for the shell).
 */
export const DASHBOARD_PATH = '/api/his/v1/dashboard';

/** The failed sign-ins the MANAGER_LOG section counts (audit_log actions written by auth.service's login). */
export const FAILED_SIGN_IN_ACTIONS = ['LOGIN_FAILED', 'LOGIN_REFUSED_LOCKED', 'LOGIN_THROTTLED'] as const;
export type FailedSignInAction = (typeof FAILED_SIGN_IN_ACTIONS)[number];

/**
 * The dashboard's sections and the authority that shows each (ADMIN_FACILITY: all). The server answers a
 * section only to its holders; the web loads the dashboard only for someone holding one of them.
 */
export const DASHBOARD_SECTIONS = {
  appointments: 'MANAGER_APPOINTMENT',
  logs: 'MANAGER_LOG',
  report: 'MANAGER_REPORT',
} as const satisfies Record<string, Authority>;
export type DashboardSectionKey = keyof typeof DASHBOARD_SECTIONS;
