import { hasAuthority } from '@portal/shared/authorities';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { type ScreenTab, TabbedScreen } from '../../core/blocks/tabbed-screen';
import { useMe } from '../auth/use-session';
import { CheckinsTab } from './checkins-tab';
import { ConnectionTab } from './connection-tab';
import { TH } from './his.messages';
import { MapsTab } from './maps-tab';
import { PatientsTab } from './patients-tab';
import { SyncTab } from './sync-tab';

/** The tabs, in order; the first is the default and keeps the URL free of `tab` (`?tab=patients` opens the lookup). */
export const HIS_TABS: ScreenTab[] = [
  { key: 'connection', label: TH.tabs.connection, render: () => <ConnectionTab /> },
  { key: 'maps', label: TH.tabs.maps, render: () => <MapsTab /> },
  { key: 'sync', label: TH.tabs.sync, render: () => <SyncTab /> },
  { key: 'patients', label: TH.tabs.patients, render: () => <PatientsTab /> },
  { key: 'checkins', label: TH.tabs.checkins, render: () => <CheckinsTab /> },
];

/**
 * /admin/ket-noi-his (MANAGER_SETTING, issue 21): the facility's connection to its hospital information system over
 * FHIR R4 (docs/his-fhir.md): the endpoint and its test, the code maps, the catalogue syncs and their logs, the HIS's
 * patients linked to portal profiles, and the check-ins sent to the HIS.
 */
export function HisPage() {
  const me = useMe();
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_SETTING')) return me.data ? <ForbiddenPage /> : null;
  return <TabbedScreen title={TH.title} tabs={HIS_TABS} />;
}
