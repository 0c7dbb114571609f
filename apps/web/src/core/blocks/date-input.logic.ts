import { expandDateShorthand, isValidDisplayDate } from '@portal/shared/rules/date-shorthand';

export interface DateInputResult {
  /** What the box shows after expansion (the input itself when it is not a shorthand). */
  value: string;
  /** True when the box is not empty and does not hold a real DD/MM/YYYY date. */
  invalid: boolean;
}

/** On blur or Enter: expand the shorthand (spec §5), then check the date exists (31/02 fails). */
export function resolveDateInput(raw: string | null | undefined, now: Date = new Date()): DateInputResult {
  const text = (raw ?? '').trim();
  if (text === '') return { value: '', invalid: false };
  const value = expandDateShorthand(text, now);
  return { value, invalid: !isValidDisplayDate(value) };
}
