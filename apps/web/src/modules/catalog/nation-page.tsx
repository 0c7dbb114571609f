import { nationResource } from '@portal/shared/resources';
import { ResourceListPage } from '../../core/crud/resource-list-page';

/** /admin/nations: Danh mục dân tộc. */
export function NationPage() {
  return <ResourceListPage resource={nationResource} />;
}
