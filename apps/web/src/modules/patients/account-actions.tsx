import { useState, type ReactNode } from 'react';
import { Button, Modal, Popconfirm, Space, Typography } from 'antd';
import { CheckCircleOutlined, KeyOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { PatientUserRow } from '@portal/shared/contracts/patients.contract';
import { fmt } from '@portal/shared/messages.vi';
import { T } from '../../app/messages';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { patientsApi } from './patients.api';

const M = T.patients.list;

/**
 * Verify, lock / unlock and reset-password of one account, each behind a confirmation.
 * The one-time password is shown once in a modal and not kept anywhere.
 */
export function AccountActions({
  account,
  onChanged,
  size = 'small',
  lead,
}: {
  account: PatientUserRow;
  onChanged: () => void;
  size?: 'small' | 'middle';
  /** Shown first among the buttons (the list's "Xem hồ sơ"), so all wrap as one row of actions. */
  lead?: ReactNode;
}) {
  const [password, setPassword] = useState<string | null>(null);
  const action = useMutation({
    mutationFn: (kind: 'verify' | 'lock' | 'unlock') => patientsApi[kind](account.id),
    onSuccess: (res) => notify.success(res.message ?? T.crud.saved),
    onError: (e) => reportError(e),
    onSettled: onChanged,
  });
  const reset = useMutation({
    mutationFn: () => patientsApi.resetPassword(account.id),
    onSuccess: (d) => setPassword(d.password),
    onError: (e) => reportError(e),
    onSettled: onChanged,
  });
  const merged = account.mergedIntoId !== null;
  const confirm = { okText: T.crud.confirm, cancelText: T.crud.cancel };
  return (
    <Space size={4} wrap>
      {lead}
      {!account.verified && !merged && (
        <Popconfirm title={fmt(M.verifyTitle, { name: account.name })} description={M.verifyHint} {...confirm} onConfirm={() => action.mutate('verify')}>
          <Button size={size} type="link" icon={<CheckCircleOutlined />} loading={action.isPending && action.variables === 'verify'}>
            {M.verify}
          </Button>
        </Popconfirm>
      )}
      {!merged &&
        (account.locked ? (
          <Popconfirm title={fmt(M.unlockTitle, { name: account.name })} {...confirm} onConfirm={() => action.mutate('unlock')}>
            <Button size={size} type="link" icon={<UnlockOutlined />}>
              {M.unlock}
            </Button>
          </Popconfirm>
        ) : (
          <Popconfirm
            title={fmt(M.lockTitle, { name: account.name })}
            description={M.lockHint}
            {...confirm}
            okButtonProps={{ danger: true }}
            onConfirm={() => action.mutate('lock')}
          >
            <Button size={size} type="link" danger icon={<LockOutlined />}>
              {M.lock}
            </Button>
          </Popconfirm>
        ))}
      {!merged && (
        <Popconfirm title={fmt(M.resetTitle, { name: account.name })} description={M.resetHint} {...confirm} onConfirm={() => reset.mutate()}>
          <Button size={size} type="link" icon={<KeyOutlined />} loading={reset.isPending}>
            {M.resetPassword}
          </Button>
        </Popconfirm>
      )}
      <Modal
        open={password !== null}
        title={`${M.resetDone} "${account.name}"`}
        onCancel={() => setPassword(null)}
        footer={
          <Button type="primary" onClick={() => setPassword(null)}>
            {M.close}
          </Button>
        }
        destroyOnHidden
      >
        <Typography.Paragraph>
          <Typography.Text code copyable={{ tooltips: [M.copy, M.copied] }} style={{ fontSize: 20 }} data-testid="one-time-password">
            {password}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Text type="warning">{M.resetOnce}</Typography.Text>
      </Modal>
    </Space>
  );
}
