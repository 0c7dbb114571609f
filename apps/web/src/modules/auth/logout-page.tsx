import { useEffect, useRef } from 'react';
import { Flex, Spin, Typography } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LOGOUT_REDIRECT_DELAY_MS } from '@portal/shared/constants';
import { MSG } from '@portal/shared/messages.vi';
import { isApiError } from '../../core/api/api-error';
import { authStore, forgetUrlLoginToken, isSignedIn } from '../../core/auth/auth-store';
import { loginUrl } from '../../core/auth/redirect';
import { notify } from '../../core/notify';
import { T } from '../../app/messages';
import { logout } from './auth.api';

/**
 * /logout (spec §2): tells the server, removes the stored login (the report-user list and the
 * layout choices stay), then goes to /login with the redirect value after 2 s.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // After a password change the server has already ended the session: no call that can only answer 401.
  const sessionEnded = (useLocation().state as { sessionEnded?: boolean } | null)?.sessionEnded === true;
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const target = loginUrl(params.get('redirect') ?? '/admin');
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      if (isSignedIn() && !sessionEnded) {
        try {
          await logout();
        } catch (e) {
          // An already-ended session (401, e.g. after a password change) is a successful logout.
          if (!(isApiError(e) && (e.status === 401 || e.code === 401))) notify.error(MSG.logoutFailed);
        }
      }
      authStore.clear();
      forgetUrlLoginToken();
      queryClient.clear();
      timer = setTimeout(() => void navigate(target, { replace: true }), LOGOUT_REDIRECT_DELAY_MS);
    })();
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [navigate, params, queryClient, sessionEnded]);

  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '100vh' }}>
      <Spin size="large" />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {T.logout.inProgress}
      </Typography.Title>
      <Typography.Text type="secondary">{T.logout.hint}</Typography.Text>
    </Flex>
  );
}
