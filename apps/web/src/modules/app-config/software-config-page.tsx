import { type ReactNode, useState } from 'react';
import { Flex, Tabs, Typography } from 'antd';
import { hasAuthority } from '@portal/shared/authorities';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { useScreenParams } from '../../core/router/use-screen-params';
import { useMe } from '../auth/use-session';
import { TAC } from './app-config.messages';
import { GeneralConfigTab } from '../settings/general-config-tab';
import { BannersTab } from './banners-tab';
import { MenuTab } from './menu-tab';

/** A tab of the screen: its key in `?tab=`, its label, what it shows (rendered only while it is open). */
export interface ConfigTab {
  key: string;
  label: string;
  render: () => ReactNode;
}

/**
 * The tabs, in order; the first is the default and keeps the URL free of `tab`. Another tab is one entry here
 * (and its import).
 */
export const SOFTWARE_CONFIG_TABS: ConfigTab[] = [
  { key: 'menu', label: TAC.tabs.menu, render: () => <MenuTab /> },
  { key: 'banners', label: TAC.tabs.banners, render: () => <BannersTab /> },
  { key: 'general', label: TAC.tabs.general, render: () => <GeneralConfigTab /> },
];

/**
 * /admin/menu "Cấu hình phần mềm" (MANAGER_SETTING, issue 18): the patient app's home menu and banners, with a
 * phone preview of the app's home, and the general configuration (typed keys of modules/settings). The tab is the screen's own state, read from `?tab=` when it opens.
 */
export function SoftwareConfigPage({ tabs = SOFTWARE_CONFIG_TABS }: { tabs?: ConfigTab[] }) {
  const me = useMe();
  const [params, setParams] = useScreenParams();
  const [tab, setTab] = useState<string>(() => tabs.find((t) => t.key === params.get('tab'))?.key ?? tabs[0]!.key);
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_SETTING')) return <ForbiddenPage />;
  const go = (next: string) => {
    setTab(next);
    setParams(next === tabs[0]!.key ? new URLSearchParams() : new URLSearchParams({ tab: next }), { replace: true });
  };
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {TAC.title}
      </Typography.Title>
      <Tabs activeKey={tab} onChange={go} items={tabs.map((t) => ({ key: t.key, label: t.label, children: tab === t.key && t.render() }))} />
    </Flex>
  );
}
