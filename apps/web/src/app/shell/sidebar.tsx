import { useEffect, useMemo } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import type { MeData } from '@portal/shared/contracts/auth.contract';
import { layoutStore, useLayoutSettings, useSiderState } from '../layout-settings';
import { MENU, findByPath, sidebarLeaf, visibleMenu } from '../menu';
import { T } from '../messages';
import { BrandMark } from '../brand-mark';
import { findTheme } from '../theme-palette';
import { MENU_ICONS } from './menu-icons';
import { SiderFooter } from './sider-footer';

type Items = NonNullable<MenuProps['items']>;

export const SIDER_WIDTH = 240;
export const SIDER_COLLAPSED_WIDTH = 64;

/**
 * The dark navy sider: brand, the menu the user's authorities allow (spec §6) and the user
 * footer. Inline sub-menus open and close on click; when collapsed, antd shows each
 * sub-menu in a popover on hover.
 */
export function Sidebar({ me, onChangePassword }: { me: MeData; onChangePassword: () => void }) {
  const { collapsed, openKeys } = useSiderState();
  const settings = useLayoutSettings();
  const location = useLocation();
  const entries = useMemo(() => visibleMenu(MENU, me.user.authorities), [me.user.authorities]);

  const items: Items = useMemo(
    () =>
      entries.map((e) =>
        e.kind === 'link'
          ? { key: e.path, icon: MENU_ICONS[e.icon], label: <Link to={e.path}>{e.label}</Link>, title: e.label }
          : {
              key: e.key,
              icon: MENU_ICONS[e.icon],
              label: e.label,
              children: e.children.map((c) => ({ key: c.path, label: <Link to={c.path}>{c.label}</Link> })),
            },
      ),
    [entries],
  );

  const current = findByPath(MENU, location.pathname);
  const highlighted = sidebarLeaf(MENU, location.pathname);
  const selectedKeys = highlighted ? [highlighted.path] : [];
  const currentGroup = current && current.entry.children.length > 1 ? current.entry.key : null;

  // Arriving on a screen opens its sub-menu once; the user may close it again afterwards.
  useEffect(() => {
    const open = layoutStore.sider().openKeys;
    if (currentGroup && !open.includes(currentGroup)) layoutStore.updateSider({ openKeys: [...open, currentGroup] });
  }, [currentGroup, location.pathname]);

  return (
    <Layout.Sider
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      collapsible
      className="shell-sider"
      data-testid="sidebar"
    >
      <div className="shell-sider-inner">
        <Link to="/admin" className="shell-brand" aria-label={collapsed ? T.menu.home : undefined} title={T.menu.home}>
          <BrandMark size={32} color={findTheme(settings.theme).primary} />
          {!collapsed && <span className="shell-brand-text">{T.product.name}</span>}
        </Link>
        <div className="shell-menu">
          <Menu
            theme="dark"
            mode="inline"
            items={items}
            selectedKeys={selectedKeys}
            {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => layoutStore.updateSider({ openKeys: keys }) })}
            data-testid="sidebar-menu"
          />
        </div>
        <SiderFooter me={me} collapsed={collapsed} showDisplayName={settings.showDisplayName} onChangePassword={onChangePassword} />
      </div>
    </Layout.Sider>
  );
}
