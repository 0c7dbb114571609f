import { departmentResource } from '@portal/shared/resources';
import { ResourceListPage } from '../../core/crud/resource-list-page';

/** /admin/department: Danh mục khoa. */
export function DepartmentPage() {
  return <ResourceListPage resource={departmentResource} />;
}
