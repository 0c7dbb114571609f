import { hasAuthority } from '@portal/shared/authorities';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { type ScreenTab, TabbedScreen } from '../../core/blocks/tabbed-screen';
import { useMe } from '../auth/use-session';
import { TAC } from './app-config.messages';
import { GeneralConfigTab } from '../settings/general-config-tab';
import { BannersTab } from './banners-tab';
import { MenuTab } from './menu-tab';

/**
 * The tabs, in order; the first is the default and keeps the URL free of `tab`. Another tab is one entry here
 * (and its import).
 */
export const SOFTWARE_CONFIG_TABS: ScreenTab[] = [
  { key: 'menu', label: TAC.tabs.menu, render: () => <MenuTab /> },
  { key: 'banners', label: TAC.tabs.banners, render: () => <BannersTab /> },
  { key: 'general', label: TAC.tabs.general, render: () => <GeneralConfigTab /> },
];

/**
 * /admin/menu "Cấu hình phần mềm" (MANAGER_SETTING, issue 18): the patient app's home menu and banners, with a
 * phone preview of the app's home, and the general configuration (typed keys of modules/settings). The tab is the screen's own state, read from `?tab=` when it opens.
 */
export function SoftwareConfigPage({ tabs = SOFTWARE_CONFIG_TABS }: { tabs?: ScreenTab[] }) {
  const me = useMe();
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_SETTING')) return <ForbiddenPage />;
  return <TabbedScreen title={TAC.title} tabs={tabs} />;
}
