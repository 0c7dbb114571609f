import { acronymResource } from '@portal/shared/resources';
import { ResourceListPage } from '../../core/crud/resource-list-page';

/** /admin/acronym: Danh mục từ viết tắt ("SA" → "Siêu âm"), expanded by every search. */
export function AcronymPage() {
  return <ResourceListPage resource={acronymResource} />;
}
