import { AUTHORITY_LABELS, type Authority } from '@portal/shared/authorities';
import { roleResource } from '@portal/shared/resources';
import { TagList } from '../../core/crud/cells';
import { ResourceListPage } from '../../core/crud/resource-list-page';
import { AuthorityChecklist } from './authority-checklist';

/** /admin/role-list: Vai trò — named sets of authorities; a change applies on the holders' next request. */
export function RolePage() {
  return (
    <ResourceListPage
      resource={roleResource}
      inputs={{ authorities: () => <AuthorityChecklist /> }}
      cells={{
        authorities: (v) => (
          <TagList
            max={3}
            items={(v as string[]).map((a) => ({ key: a, text: AUTHORITY_LABELS[a as Authority] ?? a, color: a === 'ADMIN_FACILITY' ? 'red' : 'blue' }))}
          />
        ),
      }}
    />
  );
}
