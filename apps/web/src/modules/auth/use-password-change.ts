import { useState } from 'react';
import type { FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import { RELOGIN_AFTER_PASSWORD_CHANGE_MS, WRONG_OLD_PASSWORD_CODE } from '@portal/shared/constants';
import { MSG } from '@portal/shared/messages.vi';
import { errorMessage, isApiError } from '../../core/api/api-error';
import { notify } from '../../core/notify';
import type { PasswordValues } from './password-fields';

const PASSWORD_FIELDS: readonly string[] = ['passwordOld', 'passwordNew', 'retype'];

/**
 * The submit of every password-change form (spec §4/§8): on success close, toast, and log out
 * after 500 ms; on failure toast the server message or 'Đổi mật khẩu không thành công'; a
 * network failure is only logged.
 */
export function usePasswordChange(
  form: FormInstance<PasswordValues>,
  call: (oldPassword: string, newPassword: string) => Promise<unknown>,
  onDone: () => void,
) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: PasswordValues) => {
    setSubmitting(true);
    try {
      await call(values.passwordOld ?? '', values.passwordNew ?? '');
      onDone();
      form.resetFields();
      notify.success(MSG.passwordChanged);
      // The server has already ended every session of the account: /logout only clears this browser.
      setTimeout(() => void navigate('/logout', { replace: true, state: { sessionEnded: true } }), RELOGIN_AFTER_PASSWORD_CHANGE_MS);
    } catch (e) {
      if (!isApiError(e) || e.isNetworkError) {
        console.error('Đổi mật khẩu: lỗi kết nối', e);
      } else if (e.status !== 401 && e.status !== 403) {
        // 401 and 403 were already handled by the API client (redirect / toast).
        const message = errorMessage(e, MSG.passwordChangeFailed);
        // The server's field errors go under their fields (e.g. 'Mật khẩu mới phải khác mật khẩu cũ'); only the rest is a toast.
        const onForm = e.fieldErrors.filter((f) => PASSWORD_FIELDS.includes(f.field));
        if (onForm.length > 0) form.setFields(onForm.map((f) => ({ name: f.field as keyof PasswordValues, errors: [f.message] })));
        else notify.error(message);
        if (e.code === WRONG_OLD_PASSWORD_CODE) form.setFields([{ name: 'passwordOld', errors: [message] }]);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting };
}
