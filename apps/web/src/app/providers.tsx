import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import viVN from 'antd/locale/vi_VN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_DURATION_MS } from '@portal/shared/constants';
import { useReducedMotion } from '../core/motion/reduced-motion';
import { bindNotifications } from '../core/notify';
import { useLayoutSettings } from './layout-settings';
import { buildTheme } from './theme';

const DURATION_S = NOTIFICATION_DURATION_MS / 1000;

/** Hands antd's App-scoped notification instance to code outside React (API client). */
function NotificationBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => {
    bindNotifications(notification);
    return () => bindNotifications(null);
  }, [notification]);
  return null;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { theme, compact } = useLayoutSettings();
  const reducedMotion = useReducedMotion();
  const themeConfig = useMemo(() => buildTheme({ theme, compact }, reducedMotion), [theme, compact, reducedMotion]);
  return (
    // with reduced motion no click ripple either (antd's wave keeps its own motion, not the token's)
    <ConfigProvider locale={viVN} theme={themeConfig} wave={{ disabled: reducedMotion }}>
      {/* Spec §8: notifications top right, auto-close after 3456 ms; high in the header band and left of its settings
          button (global.css), so they cover neither that button nor a screen's actions below the header. */}
      <AntApp notification={{ placement: 'topRight', top: 8, duration: DURATION_S }} message={{ duration: DURATION_S }} style={{ minHeight: '100vh' }}>
        <NotificationBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
