import { Alert } from 'antd';
import { CORE_T as T } from '../messages';
import type { LiveStatus } from './live.logic';

/** The small notice a live screen shows while its socket is down and it polls instead. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  if (status === 'open') return null;
  return <Alert type="warning" showIcon banner data-testid="live-offline" title={T.live.offline} />;
}
