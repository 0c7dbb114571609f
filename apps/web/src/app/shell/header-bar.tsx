import type { ReactNode } from 'react';
import { Breadcrumb, Button, Layout, Tooltip, Typography } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { layoutStore, useLayoutSettings, useSiderState } from '../layout-settings';
import { MENU, findByPath } from '../menu';
import { T } from '../messages';

/** Header: sider toggle, facility name, settings gear. */
export function HeaderBar({ facilityName, onOpenSettings }: { facilityName: string; onOpenSettings: () => void }) {
  const { collapsed } = useSiderState();
  const { fixedHeader } = useLayoutSettings();
  return (
    <Layout.Header className={`shell-header${fixedHeader ? ' shell-header-fixed' : ''}`}>
      <Tooltip title={collapsed ? T.shell.expand : T.shell.collapse}>
        <Button
          type="text"
          aria-label={collapsed ? T.shell.expand : T.shell.collapse}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => layoutStore.updateSider({ collapsed: !collapsed })}
        />
      </Tooltip>
      <Typography.Title level={5} className="shell-facility" data-testid="facility-name">
        {facilityName}
      </Typography.Title>
      <Tooltip title={T.shell.settings}>
        <Button type="text" aria-label={T.shell.settings} icon={<SettingOutlined />} onClick={onOpenSettings} />
      </Tooltip>
    </Layout.Header>
  );
}

/** "Trang chủ / group / screen" from the menu table. */
export function ShellBreadcrumb() {
  const location = useLocation();
  const found = findByPath(MENU, location.pathname);
  const items: { title: ReactNode }[] = [{ title: <Link to="/admin">{T.menu.home}</Link> }];
  if (found && found.leaf.path !== '/admin') {
    if (found.entry.children.length > 1) items.push({ title: found.entry.label });
    items.push({ title: found.leaf.label });
  }
  return <Breadcrumb items={items} className="shell-breadcrumb" />;
}
