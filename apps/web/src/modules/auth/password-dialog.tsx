import { Alert, Button, Form, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { T } from '../../app/messages';
import { changePassword } from './auth.api';
import { PasswordFields, type PasswordValues } from './password-fields';
import { writeSnoozeCookie } from './reminder-cookie';
import { usePasswordChange } from './use-password-change';

/**
 * The password dialogs of spec §4, both through PUT /user/{id}:
 * - mandatory: cannot be closed (no X, no mask click, no Esc); logging out is the only way out;
 * - periodic: closable; closing writes the 7-day snooze cookie.
 */
export function PasswordDialog({
  mode,
  userId,
  onClose,
  oneTime = false,
}: {
  mode: 'mandatory' | 'periodic';
  userId: number;
  onClose: () => void;
  /** The password is a one-time password issued by an administrator (new account, reset). */
  oneTime?: boolean;
}) {
  const [form] = Form.useForm<PasswordValues>();
  const navigate = useNavigate();
  const { submit, submitting } = usePasswordChange(form, (o, n) => changePassword(userId, o, n), onClose);
  const mandatory = mode === 'mandatory';

  const snooze = () => {
    writeSnoozeCookie(userId);
    onClose();
  };

  const confirm = (
    <Button key="ok" type="primary" loading={submitting} onClick={() => form.submit()}>
      {T.password.submit}
    </Button>
  );

  return (
    <Modal
      open
      title={mandatory ? T.password.mandatoryTitle : T.password.periodicTitle}
      closable={!mandatory}
      keyboard={!mandatory}
      mask={{ closable: !mandatory }}
      onCancel={mandatory ? undefined : snooze}
      footer={
        mandatory
          ? [
              <Button key="logout" onClick={() => void navigate('/logout')}>
                {T.password.logout}
              </Button>,
              confirm,
            ]
          : [
              <Button key="later" onClick={snooze}>
                {T.password.later}
              </Button>,
              confirm,
            ]
      }
    >
      <Alert
        type={mandatory ? 'warning' : 'info'}
        showIcon
        title={oneTime ? T.password.oneTimeText : mandatory ? T.password.mandatoryText : T.password.periodicText}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" onFinish={submit}>
        <PasswordFields autoFocus={false} />
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
