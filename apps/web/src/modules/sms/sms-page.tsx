import { lazy, Suspense, useState } from 'react';
import { Flex, Spin, Tabs, Typography } from 'antd';
import { hasAuthority } from '@portal/shared/authorities';
import { smsTemplateResource } from '@portal/shared/resources/sms-templates.resource';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { ResourceListPage } from '../../core/crud/resource-list-page';
import { useScreenParams } from '../../core/router/use-screen-params';
import { useMe } from '../auth/use-session';
import { SmsCompose } from './sms-compose';
import { SmsLog } from './sms-log';
import { TSMS as M } from './sms.messages';

const ChannelSettings = lazy(() => import('../notifications/channels/channel-settings').then((m) => ({ default: m.ChannelSettings })));
const SMS_ONLY = ['SMS'] as const;

const TABS = ['compose', 'log', 'templates', 'provider'] as const;
type Tab = (typeof TABS)[number];

/**
 * /admin/sms (MANAGER_SMS, issue 17): compose a message to pasted numbers, the sending log with each
 * recipient's delivery, the templates catalogue and the SMS provider (the channel settings' SMS card). The tab is the screen's own state, set from
 * `?tab=` when the screen opens: the templates tab is the generic list, which keeps its filters in
 * the URL and would drop a `tab` parameter.
 */
export function SmsPage() {
  const me = useMe();
  const [params, setParams] = useScreenParams();
  const [tab, setTab] = useState<Tab>(() => TABS.find((t) => t === params.get('tab')) ?? 'compose');
  const [openBatch, setOpenBatch] = useState<number | null>(null);
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_SMS')) return <ForbiddenPage />;
  const go = (next: Tab) => {
    setTab(next);
    setParams(next === 'compose' ? new URLSearchParams() : new URLSearchParams({ tab: next }), { replace: true });
  };
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {M.title}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(k) => go(k as Tab)}
        items={[
          { key: 'compose', label: M.tabs.compose, children: tab === 'compose' && <SmsCompose onSent={() => go('log')} /> },
          { key: 'log', label: M.tabs.log, children: tab === 'log' && <SmsLog openId={openBatch} onOpen={setOpenBatch} /> },
          { key: 'templates', label: M.tabs.templates, children: tab === 'templates' && <ResourceListPage resource={smsTemplateResource} /> },
          {
            key: 'provider',
            label: M.tabs.provider,
            children: tab === 'provider' && (
              <Suspense fallback={<Spin />}>
                <ChannelSettings channels={SMS_ONLY} />
              </Suspense>
            ),
          },
        ]}
      />
    </Flex>
  );
}
