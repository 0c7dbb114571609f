import { Alert, Button, Modal, Typography } from 'antd';
import { fmt } from '@portal/shared/messages.vi';
import { T } from '../../app/messages';
import { notify } from '../../core/notify';

export interface IssuedPassword {
  username: string;
  password: string;
}

/** Shows a one-time password once (new account, reset); it cannot be shown again after closing. */
export function OneTimePasswordModal({ issued, onClose }: { issued: IssuedPassword | null; onClose: () => void }) {
  return (
    <Modal
      open={issued !== null}
      title={T.admin.otpTitle}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {T.admin.close}
        </Button>
      }
    >
      {issued && (
        <>
          <Typography.Paragraph>{fmt(T.admin.otpIntro, { username: issued.username })}</Typography.Paragraph>
          <Typography.Paragraph>
            <Typography.Text
              code
              strong
              data-testid="one-time-password"
              style={{ fontSize: 20, letterSpacing: 1 }}
              copyable={{ text: issued.password, tooltips: [T.admin.copy, T.admin.copied], onCopy: () => notify.success(T.admin.copied) }}
            >
              {issued.password}
            </Typography.Text>
          </Typography.Paragraph>
          <Alert type="warning" showIcon title={T.admin.otpHint} />
        </>
      )}
    </Modal>
  );
}
