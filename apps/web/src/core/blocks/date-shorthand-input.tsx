import { useEffect, useState } from 'react';
import { Input, Typography, type InputProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { isValidDisplayDate } from '@portal/shared/rules/date-shorthand';
import { CORE_T as T } from '../messages';
import { resolveDateInput } from './date-input.logic';

export interface DateShorthandInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** DD/MM/YYYY (or whatever the user typed until blur/Enter). */
  value?: string;
  onChange?: (value: string) => void;
  /** Show the 'Ngày không hợp lệ' line under the box; turn off inside a Form.Item using `dateShorthandRule`. */
  showError?: boolean;
}

/**
 * A date box that accepts the shorthand of spec §5 ("1990", "150390", "5" = five years ago…)
 * and rewrites it as DD/MM/YYYY on blur or Enter; an impossible date is flagged.
 */
export function DateShorthandInput({ value, onChange, showError = true, onBlur, onPressEnter, ...rest }: DateShorthandInputProps) {
  const [text, setText] = useState(value ?? '');
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    setText(value ?? '');
  }, [value]);

  const commit = (raw: string) => {
    const result = resolveDateInput(raw);
    setText(result.value);
    setInvalid(result.invalid);
    onChange?.(result.value);
  };

  return (
    <>
      <Input
        placeholder={T.dateInput.placeholder}
        maxLength={10}
        {...rest}
        value={text}
        status={invalid ? 'error' : rest.status}
        onChange={(e) => {
          setText(e.target.value);
          setInvalid(false);
        }}
        onBlur={(e) => {
          commit(e.target.value);
          onBlur?.(e);
        }}
        onPressEnter={(e) => {
          commit(e.currentTarget.value);
          onPressEnter?.(e);
        }}
      />
      {showError && invalid && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} role="alert">
          {T.dateInput.invalid}
        </Typography.Text>
      )}
    </>
  );
}

/** antd Form rule for a DateShorthandInput field: empty passes, otherwise a real DD/MM/YYYY date. */
export const dateShorthandRule: Rule = {
  validator: (_rule, value: string | undefined) => (!value || isValidDisplayDate(value) ? Promise.resolve() : Promise.reject(new Error(T.dateInput.invalid))),
};
