import { useEffect, useMemo, useState } from 'react';
import { Button, Layout, Result } from 'antd';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { hasAuthority, type Authority } from '@portal/shared/authorities';
import { decidePasswordDialog } from '@portal/shared/rules/password-dialog';
import { useAuth, urlLoginToken } from '../../core/auth/auth-store';
import { loginUrl, redirectTarget } from '../../core/auth/redirect';
import { ChangePasswordModal } from '../../modules/auth/change-password-modal';
import { PasswordDialog } from '../../modules/auth/password-dialog';
import { readReminderCookie } from '../../modules/auth/reminder-cookie';
import { useMe } from '../../modules/auth/use-session';
import { useLayoutSettings } from '../layout-settings';
import { MENU, breadcrumbTrail } from '../menu';
import { T } from '../messages';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { PageLoading } from '../page-loading';
import { HeaderBar, ShellBreadcrumb } from './header-bar';
import { SettingsDrawer } from './settings-drawer';
import { Sidebar } from './sidebar';
import './admin-shell.css';

/** The admin shell at / (spec §2): sider, header, content, footer, password dialogs. */
export function AdminShell() {
  const auth = useAuth();
  const location = useLocation();
  const me = useMe();
  const settings = useLayoutSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [changePasswordOpen, setChangePasswordOpen] = useState(false);
  const [dialogClosed, setDialogClosed] = useState(false);
  // The authority the matched screen declares (router.tsx puts it in the route's handle).
  const matches = useMatches();
  const required = (matches[matches.length - 1]?.handle as { authority?: Authority | null } | undefined)?.authority ?? null;

  const user = me.data?.user;
  // Decided once per loaded session: the cookie is read when the shell is entered (spec §4).
  const dialog = useMemo(() => {
    if (!user) return 'none' as const;
    if (user.mustChangePassword) return 'mandatory' as const;
    return decidePasswordDialog(user.lastPasswordReset, new Date(), readReminderCookie(user.id));
  }, [user]);

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
      <Result
        status="error"
        title={T.error.title}
        extra={
          <Button type="primary" onClick={() => void me.refetch()}>
            {T.error.retry}
          </Button>
        }
      />
    );
  }

  const data = me.data;
  return (
    <Layout className="shell" hasSider>
      <Sidebar me={data} onChangePassword={() => setChangePasswordOpen(true)} />
      <Layout className="shell-main">
        <HeaderBar facilityName={data.hospitalByAdmin.name} onOpenSettings={() => setSettingsOpen(true)} />
        <Layout.Content className="shell-content">
          {settings.showBreadcrumb && <ShellBreadcrumb />}
          {/* Behind the mandatory dialog the server answers 403 to everything but the password change (spec §4): no screen loads there. */}
          {dialog === 'mandatory' && !dialogClosed ? null : hasAuthority(data.user.authorities, required) ? <Outlet /> : <ForbiddenPage />}
        </Layout.Content>
        {settings.showFooter && (
          <Layout.Footer className="shell-footer">
            {T.product.developedBy} {T.product.vendor}
          </Layout.Footer>
        )}
      </Layout>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ChangePasswordModal
        userId={data.user.id}
        open={changePasswordOpen}
        onClose={() => setChangePasswordOpen(false)}
      />
      {dialog !== 'none' && !dialogClosed && (
        <PasswordDialog mode={dialog} userId={data.user.id} oneTime={data.user.mustChangePassword} onClose={() => setDialogClosed(true)} />
      )}
    </Layout>
  );
}
