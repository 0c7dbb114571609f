import { lazy, Suspense, useMemo } from 'react';
import { Alert, Descriptions, Flex, Skeleton } from 'antd';
import { Link } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import { DASHBOARD_SECTIONS } from '@portal/shared/contracts/dashboard.paths';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate } from '@portal/shared/rules/format';
import { MENU, visibleMenu } from '../../app/menu';
import { T } from '../../app/messages';
import { useMe } from '../../core/auth/session';
import './home-page.css';

/** Today's figures of the account's modules (issue 16), in their own chunk: not part of the first load's budget. */
const Dashboard = lazy(() => import('../dashboard/dashboard').then((m) => ({ default: m.Dashboard })));
const SECTION_AUTHORITIES = Object.values(DASHBOARD_SECTIONS);

/**
 * /admin: who is signed in, for which facility, today's date, and the screens this account can
 * open — the sidebar's own table and filter (app/menu.ts), so the home page never names a module
 * that has no screen yet, and names each one as soon as it exists.
 *
 * The first screen after sign-in, so part of the first load (issue 13, under 300 KB gzipped):
 * its two panels and headings are plain elements drawn like antd's Card and Typography
 * (home-page.css, from antd's theme variables) because antd's Card brings its Tabs and
 * Typography brings the TextArea of its editable mode, ~30 KB gzipped the screen never uses.
 * Under the greeting, for an account holding an authority of a dashboard section, today's figures
 * (modules/dashboard): a lazy chunk, loaded after this screen shows.
 */
export function HomePage() {
  const me = useMe();
  const authorities = me.data?.user.authorities;
  const entries = useMemo(() => (authorities ? visibleMenu(MENU, authorities).filter((e) => e.key !== 'home') : []), [authorities]);
  const withDashboard = !!authorities && SECTION_AUTHORITIES.some((a) => hasAuthority(authorities, a));
  if (!me.data) return <Skeleton active />;
  const { user, hospitalByAdmin } = me.data;

  return (
    <Flex vertical gap={16}>
      <section className="home-panel">
        <div className="home-panel-body">
          <h3 className="home-greeting">{fmt(T.home.greeting, { name: user.name })}</h3>
          <p className="home-intro">
            {fmt(T.home.today, { date: formatDate(new Date()) })}
            {entries.length > 0 && ` · ${T.home.intro}`}
          </p>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={T.home.facility}>{hospitalByAdmin.name}</Descriptions.Item>
            <Descriptions.Item label={T.home.username}>{user.username}</Descriptions.Item>
          </Descriptions>
        </div>
      </section>
      {withDashboard && (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
          <Dashboard />
        </Suspense>
      )}
      <section className="home-panel" aria-labelledby="home-screens-title">
        <h2 className="home-panel-head" id="home-screens-title">
          {T.home.screens}
        </h2>
        <div className="home-panel-body">
          {entries.length === 0 ? (
            <Alert type="info" showIcon title={T.home.noScreens} />
          ) : (
            <ul className="home-screens" data-testid="home-screens">
              {entries.map((e) => (
                <li key={e.key}>
                  {e.kind === 'link' ? (
                    <Link to={e.path}>{e.label}</Link>
                  ) : (
                    <>
                      <span className="home-screens-group">{e.label}</span>
                      <span className="home-screens-leaves">
                        {e.children.map((c) => (
                          <Link key={c.key} to={c.path}>
                            {c.label}
                          </Link>
                        ))}
                      </span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </Flex>
  );
}
