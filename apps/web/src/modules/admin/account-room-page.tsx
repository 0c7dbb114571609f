import { accountRoomResource } from '@portal/shared/resources';
import { ResourceListPage } from '../../core/crud/resource-list-page';
import { ACCOUNT_CELLS } from './account-cells';
import { RoomScopeCard } from './room-scope-card';

/**
 * /admin/room-list: the clinic rooms each staff account works in; filter by room, assign with the paged
 * picker. Above the list, the facility's rule: whether an account is kept to its rooms.
 */
export function AccountRoomPage() {
  return <ResourceListPage resource={accountRoomResource} withState={false} canCreate={false} cells={ACCOUNT_CELLS} header={<RoomScopeCard />} />;
}
