import { Button, Popconfirm } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@portal/shared/core/api';
import { fmt } from '@portal/shared/messages.vi';
import { accountResource } from '@portal/shared/resources';
import { T } from '../../app/messages';
import { api } from '../../core/api/api-client';
import { resourceKeys } from '../../core/api/query-keys';
import { reportError, type ResourceRow } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import type { IssuedPassword } from './one-time-password-modal';

const one = (id: number) => `${accountResource.path}/${id}`;

/** The spec's named operations on an account: reset-password, locked, unlocked (not on one's own account). */
export function AccountActions({ row, selfId, onIssued }: { row: ResourceRow; selfId: number | undefined; onIssued: (p: IssuedPassword) => void }) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all(['accounts', 'account-rooms'].map((k) => queryClient.invalidateQueries({ queryKey: resourceKeys(k).all })));
  const name = String(row.name ?? row.username);

  const reset = useMutation({
    mutationFn: () => api.put<Envelope<{ oneTimePassword: string }>>(`${one(row.id)}/reset-password`),
    onSuccess: (res) => {
      notify.success(res.message ?? T.crud.saved);
      onIssued({ username: String(row.username), password: res.data.oneTimePassword });
    },
    onError: (e) => reportError(e),
    onSettled: refresh,
  });
  const lock = useMutation({
    mutationFn: (locked: boolean) => api.put<Envelope<unknown>>(`${one(row.id)}/${locked ? 'locked' : 'unlocked'}`),
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
