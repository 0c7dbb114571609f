import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { hasAuthority } from '@portal/shared/authorities';
import { ForbiddenPage } from '../../../core/blocks/forbidden-page';
import { type ScreenTab, TabbedScreen } from '../../../core/blocks/tabbed-screen';
import { useMe } from '../../auth/use-session';
import { EventsTab } from './events-tab';
import { MessagesTab } from './messages-tab';
import { TPUSH as M } from './push.messages';

const ChannelSettings = lazy(() => import('../channels/channel-settings').then((m) => ({ default: m.ChannelSettings })));
/** The channels this screen sets up; SMS is set up on /admin/sms (MANAGER_SMS). */
const PUSH_CHANNELS = ['PUSH', 'WEBPUSH', 'ZALO'] as const;

/**
 * The tabs, in order; the first is the default and keeps the URL free of `tab`.
 */
export const PUSH_TABS: ScreenTab[] = [
  { key: 'messages', label: M.tabs.messages, render: () => <MessagesTab /> },
  { key: 'events', label: M.tabs.events, render: () => <EventsTab /> },
  {
    key: 'channels',
    label: M.tabs.channels,
    render: () => (
      <Suspense fallback={<Spin />}>
        <ChannelSettings channels={PUSH_CHANNELS} />
      </Suspense>
    ),
  },
];

/**
 * /admin/thong-bao-day (MANAGER_NOTIFICATION, issue 17): every message sent to patients with its delivery and the
 * totals, one message pushed to one patient, and the events' settings. The tab is the screen's own state, read
 * from `?tab=` when it opens; the messages tab keeps its filters in the URL beside it.
 */
export function PushPage({ tabs = PUSH_TABS }: { tabs?: ScreenTab[] }) {
  const me = useMe();
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_NOTIFICATION')) return <ForbiddenPage />;
  return <TabbedScreen title={M.title} tabs={tabs} />;
}
