import { jobResource } from '@portal/shared/resources';
import { ResourceListPage } from '../../core/crud/resource-list-page';

/** /admin/jobs: Danh mục nghề nghiệp. */
export function JobPage() {
  return <ResourceListPage resource={jobResource} />;
}
