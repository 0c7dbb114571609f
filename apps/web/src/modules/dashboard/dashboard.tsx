import { Alert, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { DashboardData, DashboardSections, dashboardEndpoints } from '@portal/shared/contracts/dashboard.contract';
import { DASHBOARD_PATH, FAILED_SIGN_IN_ACTIONS } from '@portal/shared/contracts/dashboard.paths';
import { BOOKING_LIVE_TOPIC } from '@portal/shared/contracts/live.contract';
import type { EndpointResponse } from '@portal/shared/core/endpoint';
import { fmt } from '@portal/shared/messages.vi';
import { BOOKING_STATUSES, BOOKING_STATUS_LABELS } from '@portal/shared/rules/booking-status';
import { formatRate, noShowRate, onlineShare } from '@portal/shared/rules/report-rates';
import { api } from '../../core/api/api-client';
import { LiveIndicator } from '../../core/live/live-indicator';
import { useCoalescedInvalidate } from '../../core/live/use-coalesced-invalidate';
import { useLiveTopic } from '../../core/live/use-live';
import { bookingsLink, DEAD_JOBS_LINK, reportLink, roomLink, signInLogLink, sumOf } from './dashboard.logic';
import { DASHBOARD_T as M } from './dashboard.messages';
import './dashboard.css';

const DASHBOARD_KEY = ['dashboard'] as const;
/** Every figure is read again each minute (failed sign-ins and jobs have no live event; the day changes at midnight). */
const POLL_MS = 60_000;
/** A burst of booking events makes one refetch at once and at most one more after this. */
const COALESCE_MS = 500;

async function fetchDashboard(signal: AbortSignal): Promise<DashboardData> {
  return (await api.get<EndpointResponse<typeof dashboardEndpoints.get>>(DASHBOARD_PATH, { signal })).data;
}

/**
 * The home page's morning dashboard (issue 16): today's figures of the modules the account's authorities
 * open, one section per authority as the server answers them (GET /api/his/v1/dashboard), each figure a
 * link into the screen that lists it. Bookings follow the live topic 'bookings' (a change refetches at
 * once); the rest is polled each minute. Loaded in its own chunk by the home page (the first load's budget).
 */
export function Dashboard() {
  const query = useQuery({ queryKey: DASHBOARD_KEY, queryFn: ({ signal }) => fetchDashboard(signal), refetchInterval: POLL_MS });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError) return <Alert type="error" showIcon title={M.loadError} />;
  const d = query.data;
  return (
    <>
      {d.appointments && <AppointmentsSection date={d.date} s={d.appointments} />}
      {d.report && <ReportSection date={d.date} s={d.report} />}
      {d.logs && <LogsSection date={d.date} s={d.logs} />}
    </>
  );
}

/** Refetches the dashboard on each booking change (coalesced); the status says whether the socket is open. */
function useBookingsLive() {
  const refetch = useCoalescedInvalidate(DASHBOARD_KEY, COALESCE_MS);
  return useLiveTopic(BOOKING_LIVE_TOPIC, refetch, refetch);
}

function Figure({ to, label, value, strong, testId }: { to: string; label: string; value: number; strong?: boolean; testId?: string }) {
  return (
    <Link to={to} className={`dash-figure${strong ? ' dash-figure-strong' : ''}`} data-testid={testId}>
      <span className="dash-figure-value">{value}</span>
      <span className="dash-figure-label">{label}</span>
    </Link>
  );
}

function Panel({ id, title, note, children }: { id: string; title: string; note?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="home-panel" aria-labelledby={id} data-testid={id}>
      <h2 className="home-panel-head" id={id}>
        <span>{title}</span>
        {note && <span className="dash-note">{note}</span>}
      </h2>
      <div className="home-panel-body">{children}</div>
    </section>
  );
}

function AppointmentsSection({ date, s }: { date: string; s: DashboardSections['appointments'] }) {
  const live = useBookingsLive();
  return (
    <Panel id="dash-appointments" title={M.appointments.title} note={live === 'open' ? M.appointments.live : undefined}>
      <LiveIndicator status={live} />
      {s.onlyOwnRooms && <p className="dash-muted">{M.appointments.ownRooms}</p>}
      <div className="dash-figures" data-testid="dash-booking-counts">
        <Figure to={bookingsLink(date, null)} label={M.appointments.total} value={sumOf(s.counts)} strong />
        {BOOKING_STATUSES.map((st) => (
          <Figure key={st} to={bookingsLink(date, st)} label={BOOKING_STATUS_LABELS[st]} value={s.counts[st] ?? 0} testId={`dash-status-${st}`} />
        ))}
      </div>
      <h3 className="dash-subtitle">{M.appointments.queues}</h3>
      {s.rooms.length === 0 ? (
        <p className="dash-muted">{M.appointments.noQueue}</p>
      ) : (
        <ul className="dash-rooms" data-testid="dash-rooms">
          {s.rooms.map((r) => {
            return (
              <li key={r.id}>
                <Link to={roomLink(date, r.id)} className="dash-room">
                  <span className="dash-room-name">
                    {r.name}
                    {r.mine && <span className="dash-mine">{M.appointments.mine}</span>}
                  </span>{' '}
                  <span className="dash-room-figures">
                    <span>
                      {M.appointments.waiting} <b>{r.waiting}</b>
                    </span>{' '}
                    {r.callingNumber === null ? (
                      <span>{M.appointments.nobodyCalled}</span>
                    ) : (
                      <span>
                        {M.appointments.calling} <b>{fmt(M.appointments.callingNumber, { number: r.callingNumber })}</b>
                      </span>
                    )}{' '}
                    <span className="dash-muted">{fmt(M.appointments.called, { count: r.called })}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

function LogsSection({ date, s }: { date: string; s: DashboardSections['logs'] }) {
  return (
    <Panel id="dash-logs" title={M.logs.title} note={M.logs.polled}>
      <h3 className="dash-subtitle dash-subtitle-first">{M.logs.signIns}</h3>
      <div className="dash-figures" data-testid="dash-sign-ins">
        {FAILED_SIGN_IN_ACTIONS.map((a) => (
          <Figure
            key={a}
            to={signInLogLink(date, a)}
            label={M.logs.actions[a]}
            value={s.failedSignIns[a] ?? 0}
            testId={`dash-${a}`}
            strong={s.failedSignIns[a] > 0}
          />
        ))}
      </div>
      <h3 className="dash-subtitle">{M.logs.jobs}</h3>
      <div className="dash-figures">
        <Figure to={DEAD_JOBS_LINK} label={M.logs.deadJobs} value={s.deadJobs} testId="dash-dead-jobs" strong={s.deadJobs > 0} />
      </div>
    </Panel>
  );
}

function ReportSection({ date, s }: { date: string; s: DashboardSections['report'] }) {
  const t = s.totals;
  const to = reportLink(date);
  return (
    <Panel id="dash-report" title={M.report.title} note={M.report.note}>
      <div className="dash-figures" data-testid="dash-report">
        <Figure to={to} label={M.report.total} value={t.total} strong />
        <Figure to={to} label={M.report.done} value={t.done} />
        <Figure to={to} label={M.report.noShow} value={t.noShow} />
        <RateFigure to={to} label={M.report.noShowRate} rate={noShowRate(t)} />
        <RateFigure to={to} label={M.report.online} rate={onlineShare(t)} />
        <Figure to={to} label={M.report.newPatients} value={t.newPatients} testId="dash-new-patients" />
      </div>
    </Panel>
  );
}

/** A share of the quick statistic ("12,5 %", "—" when nothing to divide), linking like a figure. */
function RateFigure({ to, label, rate }: { to: string; label: string; rate: number | null }) {
  return (
    <Link to={to} className="dash-figure">
      <span className="dash-figure-value">{formatRate(rate)}</span>
      <span className="dash-figure-label">{label}</span>
    </Link>
  );
}
