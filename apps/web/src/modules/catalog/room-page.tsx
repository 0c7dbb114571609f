import { roomResource } from '@portal/shared/resources';
import { ResourceListPage } from '../../core/crud/resource-list-page';

/** /admin/room: Danh mục phòng khám (khoa bắt buộc, chuyên khoa tuỳ chọn). */
export function RoomPage() {
  return <ResourceListPage resource={roomResource} />;
}
