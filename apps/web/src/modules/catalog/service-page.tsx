import { serviceResource } from '@portal/shared/resources';
import { ResourceListPage } from '../../core/crud/resource-list-page';

/** /admin/service — Danh mục dịch vụ: the price list's admin side (price entries, import from Excel). */
export function ServicePage() {
  return <ResourceListPage resource={serviceResource} />;
}
