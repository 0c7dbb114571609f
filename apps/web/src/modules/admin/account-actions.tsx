import { Button, Popconfirm } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints } from '@portal/shared/contracts/admin.contract';
import { fmt } from '@portal/shared/messages.vi';
import { T } from '../../app/messages';
import { call } from '../../core/api/endpoint-client';
import { resourceKeys } from '../../core/api/query-keys';
import { reportError, type ResourceRow } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import type { IssuedPassword } from './one-time-password-modal';

/** The spec's named operations on an account: reset-password, locked, unlocked (not on one's own account). */
export function AccountActions({ row, selfId, onIssued }: { row: ResourceRow; selfId: number | undefined; onIssued: (p: IssuedPassword) => void }) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all(['accounts', 'account-rooms'].map((k) => queryClient.invalidateQueries({ queryKey: resourceKeys(k).all })));
  const name = String(row.name ?? row.username);

  const reset = useMutation({
    mutationFn: () => call(adminEndpoints.resetPassword, { params: { id: row.id } }),
    onSuccess: (res) => {
      notify.success(res.message ?? T.crud.saved);
      onIssued({ username: String(row.username), password: res.data.oneTimePassword });
    },
    onError: (e) => reportError(e),
    onSettled: refresh,
  });
  const lock = useMutation({
    mutationFn: (locked: boolean) => call(locked ? adminEndpoints.lock : adminEndpoints.unlock, { params: { id: row.id } }),
    onSuccess: (res) => notify.success(res.message ?? T.crud.saved),
    onError: (e) => reportError(e),
    onSettled: refresh,
  });

  if (row.id === selfId) return null;
  return (
    <>
      <Popconfirm
        title={fmt(T.admin.resetTitle, { name })}
        description={T.admin.resetHint}
        okText={T.crud.confirm}
        cancelText={T.crud.cancel}
        onConfirm={() => reset.mutate()}
      >
        <Button type="link" size="small" loading={reset.isPending}>
          {T.admin.resetPassword}
        </Button>
      </Popconfirm>
      {row.locked ? (
        <Button type="link" size="small" loading={lock.isPending} onClick={() => lock.mutate(false)}>
          {T.admin.unlock}
        </Button>
      ) : (
        <Popconfirm
          title={fmt(T.admin.lockTitle, { name })}
          description={T.admin.lockHint}
          okText={T.crud.confirm}
          cancelText={T.crud.cancel}
          okButtonProps={{ danger: true }}
          onConfirm={() => lock.mutate(true)}
        >
          <Button type="link" size="small" danger loading={lock.isPending}>
            {T.admin.lock}
          </Button>
        </Popconfirm>
      )}
    </>
  );
}
