import { specialtyResource } from '@portal/shared/resources';
import { ResourceListPage } from '../../core/crud/resource-list-page';

/** /admin/specialty: Danh mục chuyên khoa. */
export function SpecialtyPage() {
  return <ResourceListPage resource={specialtyResource} />;
}
