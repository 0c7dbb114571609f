import { useEffect, useMemo, useRef, useState } from 'react';
import { Input, type InputProps } from 'antd';
import { INPUT_DEBOUNCE_MS } from '@portal/shared/constants';
import { createDebouncer } from './debounce';

export interface DebouncedInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> {
  value?: string;
  /** Called 300 ms after the last keystroke (spec §5), or at once on Enter. */
  onDebouncedChange: (value: string) => void;
  delayMs?: number;
}

/** A text box that reports its value after a pause; Enter reports immediately. */
export function DebouncedInput({ value, onDebouncedChange, delayMs = INPUT_DEBOUNCE_MS, onPressEnter, ...rest }: DebouncedInputProps) {
  const [text, setText] = useState(value ?? '');
  const report = useRef(onDebouncedChange);
  report.current = onDebouncedChange;
  const debouncer = useMemo(() => createDebouncer((v: string) => report.current(v), delayMs), [delayMs]);

  // The parent reset or changed the value: show it (without reporting it back).
  useEffect(() => {
    setText(value ?? '');
  }, [value]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  return (
    <Input
      {...rest}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        debouncer.schedule(e.target.value);
      }}
      onPressEnter={(e) => {
        debouncer.flush(e.currentTarget.value);
        onPressEnter?.(e);
      }}
    />
  );
}
