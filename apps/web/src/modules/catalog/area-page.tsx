import { Tabs } from 'antd';
import { useScreenParams } from '../../core/router/use-screen-params';
import { areaResource } from '@portal/shared/resources';
import { T } from '../../app/messages';
import { ResourceListPage } from '../../core/crud/resource-list-page';
import { AreaSyncButton } from './area-sync';

/**
 * One tab per level; each tab is the generic list with the level fixed (kept in the URL, so a
 * link opens the same tab). Wards filter by province through the paged dropdown.
 */
const TABS = [
  { key: 'country', label: T.areas.countries, fixed: { level: 'country', legacy: 'false' }, hidden: ['kind', 'parentId', 'successorId'] },
  { key: 'zone', label: T.areas.zones, fixed: { level: 'zone', legacy: 'false' }, hidden: ['parentId', 'successorId', 'otherNames'] },
  { key: 'province', label: T.areas.provinces, fixed: { level: 'province', legacy: 'false' }, hidden: ['parentId', 'successorId', 'otherNames'] },
  {
    key: 'ward',
    label: T.areas.wards,
    fixed: { level: 'ward', legacy: 'false' },
    hidden: ['successorId', 'otherNames'],
    refQueries: { parentId: { level: 'province', legacy: 'false' } },
  },
  {
    key: 'legacy-province',
    label: T.areas.legacyProvinces,
    fixed: { level: 'province', legacy: 'true' },
    hidden: ['parentId', 'otherNames'],
    refQueries: { successorId: { level: 'province', legacy: 'false' } },
  },
  {
    key: 'legacy-district',
    label: T.areas.legacyDistricts,
    fixed: { level: 'district', legacy: 'true' },
    hidden: ['otherNames'],
    refQueries: { parentId: { level: 'province', legacy: 'true' }, successorId: { level: 'province', legacy: 'false' } },
  },
  {
    key: 'legacy-ward',
    label: T.areas.legacyWards,
    fixed: { level: 'ward', legacy: 'true' },
    hidden: [],
    refQueries: { parentId: { level: 'district', legacy: 'true' }, successorId: { level: 'ward', legacy: 'false' } },
  },
] as const;

/** /admin/administrative: Danh mục đơn vị hành chính. */
export function AreaPage() {
  const [params, setParams] = useScreenParams();
  const tab =
    TABS.find((t) => t.fixed.level === params.get('level') && t.fixed.legacy === (params.get('legacy') ?? 'false')) ?? TABS.find((t) => t.key === 'province')!;
  return (
    <ResourceListPage
      key={tab.key}
      resource={areaResource}
      fixedFilters={tab.fixed}
      hiddenFields={tab.hidden}
      refQueries={'refQueries' in tab ? tab.refQueries : undefined}
      toolbar={<AreaSyncButton />}
      header={
        <Tabs
          activeKey={tab.key}
          items={TABS.map((t) => ({ key: t.key, label: t.label }))}
          onChange={(key) => setParams(new URLSearchParams(TABS.find((t) => t.key === key)!.fixed), { replace: true })}
          style={{ marginBottom: -16 }}
        />
      }
    />
  );
}
