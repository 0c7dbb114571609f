import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Breadcrumb, Button, Layout, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { layoutStore, useLayoutSettings, useSiderState } from '../layout-settings';
import { MENU, breadcrumbTrail } from '../menu';
import { T } from '../messages';
import { SEARCH_UI } from '../../modules/search/search.messages';

// The smart search dialog (its results, the API contract and zod) loads at its first opening.
const SmartSearchDialog = lazy(() => import('../../modules/search/smart-search-dialog').then((m) => ({ default: m.SmartSearchDialog })));

/** Ctrl+K (⌘K on a Mac) opens the smart search from anywhere in the admin. */
const isSearchShortcut = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

/** Header: sider toggle, facility name, smart search (Ctrl+K), settings gear. */
export function HeaderBar({ facilityName, authorities, onOpenSettings }: { facilityName: string; authorities: readonly string[]; onOpenSettings: () => void }) {
  const { collapsed } = useSiderState();
  const { fixedHeader } = useLayoutSettings();
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchUsed, setSearchUsed] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      setSearchUsed(true);
      setSearchOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
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
      <button
        type="button"
        className="shell-search"
        title={SEARCH_UI.open}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => {
          setSearchUsed(true);
          setSearchOpen(true);
        }}
      >
        <SearchOutlined aria-hidden />
        <span className="shell-search-text">{SEARCH_UI.trigger}</span>
        <kbd>{SEARCH_UI.shortcut}</kbd>
      </button>
      {searchUsed && (
        <Suspense fallback={null}>
          <SmartSearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} authorities={authorities} />
        </Suspense>
      )}
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
