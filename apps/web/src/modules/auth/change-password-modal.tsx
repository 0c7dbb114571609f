import { Button, Form, Modal } from 'antd';
import { T } from '../../app/messages';
import { focusMarkedField } from '../../core/motion/dialog-focus';
import { updatePassword } from './auth.api';
import { PasswordFields, type PasswordValues } from './password-fields';
import { usePasswordChange } from './use-password-change';

/** The menu's change-password modal (spec §2): PUT /user/update-password. */
export function ChangePasswordModal({ userId, open, onClose }: { userId: number; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PasswordValues>();
  const { submit, submitting } = usePasswordChange(form, (oldPw, newPw) => updatePassword(userId, oldPw, newPw), onClose);

  return (
    <Modal
      title={T.password.menuTitle}
      open={open}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      afterOpenChange={focusMarkedField}
      footer={
        <Button type="primary" loading={submitting} onClick={() => form.submit()}>
          {T.password.submit}
        </Button>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <PasswordFields />
        {/* Enter in a field submits the form. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
