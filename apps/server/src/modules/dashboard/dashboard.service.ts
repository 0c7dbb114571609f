import { hasAuthority } from '@portal/shared';
import type { DashboardData, DashboardSections } from '@portal/shared/contracts/dashboard.contract';
import { DASHBOARD_SECTIONS, type DashboardSectionKey } from '@portal/shared/contracts/dashboard.paths';
import { periodInstants } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { countDayByStatus } from '../appointments/appointments.repository';
import { roomScopeOf, roomsToRead } from '../appointments/room-scope';
import { countJobs } from '../jobs/jobs.service';
import { quickTotals } from '../reports/reports.service';
import { failedSignInsBetween, roomQueuesOfDay } from './dashboard.repository';

/** How a section of the home page's dashboard reads today's figures (its authority: DASHBOARD_SECTIONS). */
type Readers = { [K in DashboardSectionKey]: (ctx: AppContext, caller: Caller, day: string) => Promise<DashboardSections[K]> };

/**
 * The sections, one per authority (issue 16). Each reads only the caller's facility. To add one: its
 * authority in DASHBOARD_SECTIONS and its schema in dashboard.contract.ts, its reader here, its widget on the web.
 */
const READERS: Readers = {
  /** Bookings by state and the rooms' queues, over the rooms the booking list would show with "Tất cả phòng". */
  async appointments(ctx, caller, day) {
    const db = ctx.database.db;
    const scope = await roomScopeOf(db, caller);
    const only = roomsToRead(scope);
    const [counts, rooms] = await Promise.all([
      countDayByStatus(ctx.database, { facilityId: caller.facilityId, date: day, roomIds: only }),
      roomQueuesOfDay(
        db,
        caller.facilityId,
        day,
        scope.rooms.map((r) => r.id),
        only,
      ),
    ]);
    const mine = new Set(scope.rooms.map((r) => r.id));
    return { counts, rooms: rooms.map((r) => ({ ...r, mine: mine.has(r.id) })), onlyOwnRooms: scope.restricted };
  },
  /** Today's failed sign-ins (+07:00 day) and the dead background jobs. */
  async logs(ctx, caller, day) {
    const { start, end } = periodInstants({ from: day, to: day });
    const [failedSignIns, jobs] = await Promise.all([failedSignInsBetween(ctx.database.db, caller.facilityId, start, end), countJobs(ctx, caller)]);
    return { failedSignIns, deadJobs: jobs.dead };
  },
  /** The quick statistic of today's visits: the report screen's totals for today, counted by the report's own SQL. */
  async report(ctx, caller, day) {
    return { totals: await quickTotals(ctx, caller, { from: day, to: day }) };
  },
};

/** GET /dashboard: today's sections the caller's authorities open (ADMIN_FACILITY: all), and only those. */
export async function dashboard(ctx: AppContext, caller: Caller, now = new Date()): Promise<DashboardData> {
  const day = todayVn(now);
  const keys = (Object.keys(READERS) as DashboardSectionKey[]).filter((k) => hasAuthority(caller.authorities, DASHBOARD_SECTIONS[k]));
  const parts = await Promise.all(keys.map(async (k) => [k, await READERS[k](ctx, caller, day)] as const));
  return { date: day, ...Object.fromEntries(parts) };
}
