/**
 * Password-change validation of spec §5 (menu dialog, periodic and mandatory dialogs).
 * Each validator returns the first failing message, or null when the value is valid.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { MSG } from '../messages.vi';

export type PasswordField = 'passwordOld' | 'passwordNew' | 'retype';

/** The password inputs accept at most this many characters (spec §5 "Input capped at 15"). */
export const PASSWORD_INPUT_MAX = 15;

/** The special characters of which a strong password must contain at least one. */
export const PASSWORD_REQUIRED_SPECIALS = '@$!%*?&';
/** Every symbol a password may contain (besides ASCII letters and digits). */
export const PASSWORD_ALLOWED_SYMBOLS = '!@#$%^&*()_+{}[]:;<>,.?~-=/\\';

/** Only ASCII letters, digits and the allowed symbols; anything else (accents, spaces…) fails. */
const ALLOWED_RE = /^[A-Za-z0-9!@#$%^&*()_+{}[\]:;<>,.?~\-=/\\]*$/;
const LOWER_RE = /[a-z]/;
const UPPER_RE = /[A-Z]/;
const DIGIT_RE = /[0-9]/;
const SPECIAL_RE = /[@$!%*?&]/;

/** Empty means null, undefined or ''. A whitespace-only value is not empty: it fails later rules. */
function isEmpty(value: string | undefined | null): value is '' | undefined | null {
  return value == null || value === '';
}

export function validateOldPassword(value: string | undefined | null): string | null {
  return isEmpty(value) ? MSG.oldPasswordRequired : null;
}

/** True when the password contains only allowed characters (no accents, no spaces). */
export function hasOnlyAllowedPasswordChars(value: string): boolean {
  return ALLOWED_RE.test(value);
}

/** True when the password meets the strength rule: 8–15 chars, lower, upper, digit, one of @$!%*?&. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    LOWER_RE.test(value) &&
    UPPER_RE.test(value) &&
    DIGIT_RE.test(value) &&
    SPECIAL_RE.test(value)
  );
}

export function validateNewPassword(value: string | undefined | null): string | null {
  if (isEmpty(value)) return MSG.newPasswordRequired;
  if (!hasOnlyAllowedPasswordChars(value)) return MSG.passwordNoDiacritics;
  if (!isStrongPassword(value)) return MSG.passwordWeakFormat;
  return null;
}

export function validateRetype(newPassword: string | undefined | null, retype: string | undefined | null): string | null {
  if (isEmpty(retype)) return MSG.retypeRequired;
  if ((newPassword ?? '').trim() !== retype.trim()) return MSG.retypeMismatch;
  return null;
}

/**
 * Validates the whole change-password form: at most one error per field, in field order
 * (old, new, retype). `requireOld: false` skips the old-password field entirely.
 */
export function validatePasswordChange(
  input: { passwordOld?: string | null; passwordNew?: string | null; retype?: string | null },
  opts?: { requireOld?: boolean },
): { field: PasswordField; message: string }[] {
  const errors: { field: PasswordField; message: string }[] = [];
  if (opts?.requireOld ?? true) {
    const old = validateOldPassword(input.passwordOld);
    if (old) errors.push({ field: 'passwordOld', message: old });
  }
  const fresh = validateNewPassword(input.passwordNew);
  if (fresh) errors.push({ field: 'passwordNew', message: fresh });
  const retype = validateRetype(input.passwordNew, input.retype);
  if (retype) errors.push({ field: 'retype', message: retype });
  return errors;
}
