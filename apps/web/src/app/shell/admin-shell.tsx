import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Layout } from 'antd';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { hasAuthority, type Authority } from '@portal/shared/authorities';
import { decidePasswordDialog } from '@portal/shared/rules/password-dialog';
import { useAuth, urlLoginToken } from '../../core/auth/auth-store';
import { loginUrl, redirectTarget } from '../../core/auth/redirect';
import { readReminderCookie } from '../../modules/auth/reminder-cookie';
import { useMe } from '../../modules/auth/use-session';
import { useLayoutSettings } from '../layout-settings';
import { MENU, breadcrumbTrail } from '../menu';
import { T } from '../messages';
import { PageLoading } from '../page-loading';
import { HeaderBar, ShellBreadcrumb } from './header-bar';
import { NavigationPending } from './navigation-pending';
import { Sidebar } from './sidebar';
import './admin-shell.css';

/*
 * What the first screen after sign-in does not need is loaded when it is first shown (issue 13:
 * the first load stays under 300 KB gzipped): the settings drawer and the change-password modal
 * (opened by a click), the password dialogs (only when a password must or should be changed),
 * the 403 screen and the load-error view (antd's Result weighs ~10 KB gzipped of illustrations).
 */
const SettingsDrawer = lazy(() => import('./settings-drawer').then((m) => ({ default: m.SettingsDrawer })));
const ChangePasswordModal = lazy(() => import('../../modules/auth/change-password-modal').then((m) => ({ default: m.ChangePasswordModal })));
const PasswordDialog = lazy(() => import('../../modules/auth/password-dialog').then((m) => ({ default: m.PasswordDialog })));
const ForbiddenPage = lazy(() => import('../../core/blocks/forbidden-page').then((m) => ({ default: m.ForbiddenPage })));
const ShellLoadError = lazy(() => import('./shell-load-error').then((m) => ({ default: m.ShellLoadError })));

/** The admin shell at / (spec §2): sider, header, content, footer, password dialogs. */
export function AdminShell() {
  const auth = useAuth();
  const location = useLocation();
  const me = useMe();
  const settings = useLayoutSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [changePasswordOpen, setChangePasswordOpen] = useState(false);
  // Mounted from their first opening on, so that closing them still animates.
  const [settingsUsed, setSettingsUsed] = useState(false);
  const [changePasswordUsed, setChangePasswordUsed] = useState(false);
  const [dialogClosed, setDialogClosed] = useState(false);
  // The authority the matched screen declares (router.tsx puts it in the route's handle).
  const matches = useMatches();
  const required = (matches[matches.length - 1]?.handle as { authority?: Authority | null } | undefined)?.authority ?? null;

  const user = me.data?.user;
  // Decided once per loaded session: the cookie is read when the shell is entered (spec §4).
  const dialog = useMemo(() => {
    if (!user) return 'none' as const;
    if (user.mustChangePassword) return 'mandatory' as const;
    return decidePasswordDialog(user.lastPasswordReset, new Date(), readReminderCookie(user.id), me.data?.passwordReminderDays);
  }, [user, me.data?.passwordReminderDays]);

  // The browser tab names the screen and the facility ("Chi tiết đặt khám · Bệnh viện …"): a desk keeps several tabs open.
  const screen = breadcrumbTrail(MENU, location.pathname)?.leaves.at(-1)?.label;
  const facility = me.data?.hospitalByAdmin.name;
  useEffect(() => {
    document.title = [screen, facility ?? T.product.name].filter(Boolean).join(' · ');
  }, [screen, facility]);

  // Signed out in another tab (or the 401 handler cleared storage): leave the shell.
  if (!auth && !urlLoginToken(location.search)) {
    return <Navigate to={loginUrl(redirectTarget(location.pathname, location.search))} replace />;
  }
  if (me.isPending) return <PageLoading />;
  if (me.isError) {
    return (
      <Suspense fallback={<PageLoading />}>
        <ShellLoadError onRetry={() => void me.refetch()} />
      </Suspense>
    );
  }

  const data = me.data;
  return (
    <Layout className="shell" hasSider>
      <Sidebar
        me={data}
        onChangePassword={() => {
          setChangePasswordUsed(true);
          setChangePasswordOpen(true);
        }}
      />
      <Layout className="shell-main">
        <HeaderBar
          facilityName={data.hospitalByAdmin.name}
          authorities={data.user.authorities}
          onOpenSettings={() => {
            setSettingsUsed(true);
            setSettingsOpen(true);
          }}
        />
        <Layout.Content className="shell-content">
          {settings.showBreadcrumb && <ShellBreadcrumb />}
          <NavigationPending />
          {/* Behind the mandatory dialog the server answers 403 to everything but the password change (spec §4): no screen loads there. */}
          {dialog === 'mandatory' && !dialogClosed ? null : hasAuthority(data.user.authorities, required) ? (
            <Outlet />
          ) : (
            <Suspense fallback={<PageLoading fullScreen={false} />}>
              <ForbiddenPage />
            </Suspense>
          )}
        </Layout.Content>
        {settings.showFooter && (
          <Layout.Footer className="shell-footer">
            {T.product.developedBy} {T.product.vendor}
          </Layout.Footer>
        )}
      </Layout>
      {/* Each overlay renders nothing while its code loads (a click's few milliseconds); one boundary each, so one loading never hides another. */}
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      {changePasswordUsed && (
        <Suspense fallback={null}>
          <ChangePasswordModal userId={data.user.id} open={changePasswordOpen} onClose={() => setChangePasswordOpen(false)} />
        </Suspense>
      )}
      {dialog !== 'none' && !dialogClosed && (
        <Suspense fallback={null}>
          <PasswordDialog mode={dialog} userId={data.user.id} oneTime={data.user.mustChangePassword} onClose={() => setDialogClosed(true)} />
        </Suspense>
      )}
    </Layout>
  );
}
