import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Flex, Spin, Tabs, Typography } from 'antd';
import { hasAuthority } from '@portal/shared/authorities';
import { ForbiddenPage } from '../../../core/blocks/forbidden-page';
import { useScreenParams } from '../../../core/router/use-screen-params';
import { useMe } from '../../auth/use-session';
import { EventsTab } from './events-tab';
import { MessagesTab } from './messages-tab';
import { TPUSH as M } from './push.messages';

const ChannelSettings = lazy(() => import('../channels/channel-settings').then((m) => ({ default: m.ChannelSettings })));
/** The channels this screen sets up; SMS is set up on /admin/sms (MANAGER_SMS). */
const PUSH_CHANNELS = ['PUSH', 'WEBPUSH', 'ZALO'] as const;

/** A tab of the screen: its key in `?tab=`, its label, what it shows (rendered only while it is open). */
export interface PushTab {
  key: string;
  label: string;
  render: () => ReactNode;
}

/**
 * The tabs, in order; the first is the default and keeps the URL free of `tab`.
 */
export const PUSH_TABS: PushTab[] = [
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
export function PushPage({ tabs = PUSH_TABS }: { tabs?: PushTab[] }) {
  const me = useMe();
  const [params, setParams] = useScreenParams();
  const [tab, setTab] = useState<string>(() => tabs.find((t) => t.key === params.get('tab'))?.key ?? tabs[0]!.key);
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_NOTIFICATION')) return <ForbiddenPage />;
  const go = (next: string) => {
    setTab(next);
    setParams(next === tabs[0]!.key ? new URLSearchParams() : new URLSearchParams({ tab: next }), { replace: true });
  };
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {M.title}
      </Typography.Title>
      <Tabs activeKey={tab} onChange={go} items={tabs.map((t) => ({ key: t.key, label: t.label, children: tab === t.key && t.render() }))} />
    </Flex>
  );
}
