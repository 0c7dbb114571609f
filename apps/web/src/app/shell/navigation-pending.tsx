import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { MSG } from '@portal/shared/messages.vi';

/** Shown only when a screen takes longer than this to arrive, so quick navigations do not flash it. */
const DELAY_MS = 150;

/**
 * While another screen's code loads after a click (each screen is its own chunk, issue 13), the
 * current screen stays and a thin bar with "Đang tải…" runs along the top of the content. It is
 * positioned over the content (admin-shell.css), so nothing moves when it appears or goes.
 */
export function NavigationPending() {
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.state !== 'idle' && navigation.location != null && navigation.location.pathname !== location.pathname;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  if (!shown) return null;
  return (
    <div className="shell-pending" role="status" data-testid="navigation-pending">
      <span className="shell-pending-bar" />
      <span className="shell-pending-text">{MSG.loading}…</span>
    </div>
  );
}
