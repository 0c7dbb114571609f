import type { ReactNode } from 'react';
import { Breadcrumb, Button, Layout, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { layoutStore, useLayoutSettings, useSiderState } from '../layout-settings';
import { MENU, breadcrumbTrail } from '../menu';
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
      {/* A plain heading drawn as Typography.Title (admin-shell.css): antd's Typography brings the TextArea of its editable mode into the first load. */}
      <h5 className="shell-facility" data-testid="facility-name">
        {facilityName}
      </h5>
      <Tooltip title={T.shell.settings}>
        <Button type="text" aria-label={T.shell.settings} icon={<SettingOutlined />} onClick={onOpenSettings} />
      </Tooltip>
    </Layout.Header>
  );
}

/** "Trang chủ / group / screen [/ detail]" from the menu table; a screen before its detail is a link. */
export function ShellBreadcrumb() {
  const location = useLocation();
  const trail = breadcrumbTrail(MENU, location.pathname);
  const items: { title: ReactNode }[] = [{ title: <Link to="/admin">{T.menu.home}</Link> }];
  if (trail && trail.leaves[0]!.path !== '/admin') {
    if (trail.entry.children.filter((l) => !l.hidden).length > 1) items.push({ title: trail.entry.label });
    trail.leaves.forEach((leaf, i) => items.push({ title: i < trail.leaves.length - 1 ? <Link to={leaf.path}>{leaf.label}</Link> : leaf.label }));
  }
  return <Breadcrumb items={items} className="shell-breadcrumb" />;
}
