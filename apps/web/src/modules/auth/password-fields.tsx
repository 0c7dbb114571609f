import { Form, Input, type InputProps } from 'antd';
import type { Rule, RuleObject } from 'antd/es/form';
import { validateNewPassword, validateOldPassword, validateRetype, PASSWORD_INPUT_MAX } from '@portal/shared/rules/password';
import { T } from '../../app/messages';

export interface PasswordValues {
  passwordOld?: string;
  passwordNew?: string;
  retype?: string;
}

/** Turns a shared validator (message or null) into an antd rule: the rule text lives in one place. */
function ruleOf(check: (value: string | undefined) => string | null): RuleObject {
  return {
    validator: (_rule, value: string | undefined) => {
      const message = check(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

const oldRules: Rule[] = [ruleOf(validateOldPassword)];
const newRules: Rule[] = [ruleOf(validateNewPassword)];
const retypeRules: Rule[] = [({ getFieldValue }) => ruleOf((value) => validateRetype(getFieldValue('passwordNew') as string | undefined, value))];

/**
 * The new-password box with the rule under it while the field is not in error: the red error already
 * says the rule, once is enough (Form.Item.useStatus reads the item's errors from inside its control).
 */
function NewPasswordInput(props: InputProps) {
  const { errors } = Form.Item.useStatus();
  return (
    <>
      <Input.Password {...props} />
      {errors.length === 0 && (
        <div className="ant-form-item-extra" data-testid="password-rule-hint">
          {T.password.rule}
        </div>
      )}
    </>
  );
}

/** Old / new / retype fields of spec §5, shared by the menu dialog and the password dialogs. */
export function PasswordFields({ autoFocus = true }: { autoFocus?: boolean }) {
  return (
    <>
      <Form.Item label={T.password.old} name="passwordOld" rules={oldRules} required validateFirst>
        <Input.Password maxLength={PASSWORD_INPUT_MAX} autoComplete="current-password" autoFocus={autoFocus} data-autofocus={autoFocus || undefined} />
      </Form.Item>
      <Form.Item label={T.password.new} name="passwordNew" rules={newRules} required validateFirst>
        <NewPasswordInput maxLength={PASSWORD_INPUT_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={T.password.retype} name="retype" rules={retypeRules} dependencies={['passwordNew']} required validateFirst>
        <Input.Password maxLength={PASSWORD_INPUT_MAX} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
