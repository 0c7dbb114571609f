import { Tag } from 'antd';
import { AUTHORITY_LABELS, type Authority } from '@portal/shared/authorities';
import { roleResource } from '@portal/shared/resources';
import { ResourceListPage } from '../../core/crud/resource-list-page';
import { AuthorityChecklist } from './authority-checklist';

/** /admin/role-list: Vai trò — named sets of authorities; a change applies on the holders' next request. */
export function RolePage() {
  return (
    <ResourceListPage
      resource={roleResource}
      inputs={{ authorities: () => <AuthorityChecklist /> }}
      cells={{
        authorities: (v) =>
          (v as string[]).map((a) => (
            <Tag key={a} color={a === 'ADMIN_FACILITY' ? 'red' : 'blue'} style={{ marginBottom: 4 }}>
              {AUTHORITY_LABELS[a as Authority] ?? a}
            </Tag>
          )),
      }}
    />
  );
}
