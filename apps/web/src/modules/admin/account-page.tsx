import { useState } from 'react';
import { accountResource } from '@portal/shared/resources';
import { ResourceListPage } from '../../core/crud/resource-list-page';
import { useMe } from '../auth/use-session';
import { AccountActions } from './account-actions';
import { ACCOUNT_CELLS } from './account-cells';
import { OneTimePasswordModal, type IssuedPassword } from './one-time-password-modal';
import { UsernameInput } from './username-input';

const CONTACT_FIELDS = ['email', 'phone'];

/**
 * /admin/account-list: Tài khoản quản trị. The generic list and drawer, without the
 * active/inactive state (an account is locked or not); a new account's one-time password is
 * shown once after the create.
 */
export function AccountPage() {
  const me = useMe();
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  return (
    <>
      <ResourceListPage
        resource={accountResource}
        withState={false}
        cells={ACCOUNT_CELLS}
        inputs={{ username: (_f, { row }) => <UsernameInput current={row ? String(row.username) : null} /> }}
        // shown under the name (ACCOUNT_CELLS): ten columns do not fit 1,366 px
        hiddenFields={CONTACT_FIELDS}
        rowActions={(row) => <AccountActions row={row} selfId={me.data?.user.id} onIssued={setIssued} />}
        onSaved={(row, created) => {
          if (created && typeof row.oneTimePassword === 'string') setIssued({ username: String(row.username), password: row.oneTimePassword });
        }}
      />
      <OneTimePasswordModal issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
