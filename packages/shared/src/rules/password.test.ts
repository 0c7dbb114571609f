import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.vi';
import {
  PASSWORD_ALLOWED_SYMBOLS,
  PASSWORD_INPUT_MAX,
  PASSWORD_REQUIRED_SPECIALS,
  hasOnlyAllowedPasswordChars,
  isStrongPassword,
  validateNewPassword,
  validateOldPassword,
  validatePasswordChange,
  validateRetype,
} from './password';

const REQUIRED = 'Vui lòng nhập mật khẩu!';
const DIACRITICS = 'Mật khẩu không được chứa ký tự có dấu!';
const WEAK = 'Mật khẩu tối thiểu 8 ký tự, tối đa 15 ký tự, bao gồm số, chữ thường, chữ in hoa và ký tự đặc biệt!';

describe('messages come from the spec', () => {
  it.each([
    [MSG.oldPasswordRequired, 'Vui lòng nhập mật khẩu cũ'],
    [MSG.newPasswordRequired, REQUIRED],
    [MSG.passwordNoDiacritics, DIACRITICS],
    [MSG.passwordWeakFormat, WEAK],
    [MSG.retypeRequired, 'Vui lòng nhập lại mật khẩu mới'],
    [MSG.retypeMismatch, 'Mật khẩu mới và nhập lại mật khẩu mới không giống nhau!'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('constants', () => {
  it.each([
    ['PASSWORD_INPUT_MAX', PASSWORD_INPUT_MAX, 15],
    ['PASSWORD_REQUIRED_SPECIALS', PASSWORD_REQUIRED_SPECIALS, '@$!%*?&'],
    ['PASSWORD_ALLOWED_SYMBOLS', PASSWORD_ALLOWED_SYMBOLS, '!@#$%^&*()_+{}[]:;<>,.?~-=/\\'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('validateOldPassword', () => {
  it.each<[string | null | undefined, string | null]>([
    [undefined, 'Vui lòng nhập mật khẩu cũ'],
    [null, 'Vui lòng nhập mật khẩu cũ'],
    ['', 'Vui lòng nhập mật khẩu cũ'],
    ['x', null],
    ['old password with spaces é', null], // legacy passwords are not re-validated
    [' ', null],
  ])('%j → %j', (value, expected) => {
    expect(validateOldPassword(value)).toBe(expected);
  });
});

describe('validateNewPassword', () => {
  it.each<[string, string | null | undefined, string | null]>([
    // required
    ['undefined', undefined, REQUIRED],
    ['null', null, REQUIRED],
    ['empty', '', REQUIRED],
    // allowed characters, checked before the strength rule
    ['Vietnamese accented letter', 'Mậtkhẩu@123', DIACRITICS],
    ['single accented letter é', 'Abcdé@123', DIACRITICS],
    ['đ', 'Đăng@1234', DIACRITICS],
    ['space inside', 'Abc @1234', DIACRITICS],
    ['leading space', ' Abc@1234', DIACRITICS],
    ['whitespace only', '   ', DIACRITICS],
    ['tab', 'Abc\t@1234', DIACRITICS],
    ['double quote', 'Abc"@1234', DIACRITICS],
    ['single quote', "Abc'@1234", DIACRITICS],
    ['backtick', 'Abc`@1234', DIACRITICS],
    ['pipe', 'Abc|@1234', DIACRITICS],
    ['emoji', 'Abc@1234😀', DIACRITICS],
    ['fullwidth A', 'Ａbc@1234', DIACRITICS],
    ['accent and too short: accent wins', 'é', DIACRITICS],
    // strength
    ['valid 8 chars', 'Abcdef1@', null],
    ['valid 15 chars', 'Abcdefghij12@$!', null],
    ['7 chars', 'Abcde1@', WEAK],
    ['16 chars', 'Abcdefghij12@$!x', WEAK],
    ['no lowercase', 'ABCDEF1@', WEAK],
    ['no uppercase', 'abcdef1@', WEAK],
    ['no digit', 'Abcdefg@', WEAK],
    ['no special', 'Abcdefg1', WEAK],
    ['only a non-required symbol #', 'Abcdefg1#', WEAK],
    ['only allowed but non-required symbols', 'Abcd1^()_+{}', WEAK],
    ['single char', 'a', WEAK],
    ['P@ssw0rd', 'P@ssw0rd', null],
  ])('%s: %j', (_label, value, expected) => {
    expect(validateNewPassword(value)).toBe(expected);
  });

  // Every allowed symbol is accepted by the character rule; only @ $ ! % * ? & satisfy the
  // special-character requirement.
  it.each([...'!@#$%^&*()_+{}[]:;<>,.?~-=/\\'].map((c) => [c, '@$!%*?&'.includes(c)] as const))(
    'symbol %s is allowed (counts as special: %s)',
    (symbol, isSpecial) => {
      expect(hasOnlyAllowedPasswordChars(`Abcdef1${symbol}`)).toBe(true);
      expect(validateNewPassword(`Abcdef1${symbol}`)).toBe(isSpecial ? null : WEAK);
      expect(validateNewPassword(`Abcdef1${symbol}@`)).toBe(null);
    },
  );

  it.each([
    ['lowercase letters', 'abcdefghijklmnopqrstuvwxyz', true],
    ['uppercase letters', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', true],
    ['digits', '0123456789', true],
    ['space', ' ', false],
    ['ơ', 'ơ', false],
    ['ư', 'ư', false],
    ['NBSP', '\u00a0', false],
    ['newline', '\n', false],
    ['empty string', '', true],
  ])('hasOnlyAllowedPasswordChars(%s) = %s', (_label, value, expected) => {
    expect(hasOnlyAllowedPasswordChars(value)).toBe(expected);
  });

  it.each([
    ['Abcdef1@', true],
    ['Abcdefghij12@$!', true],
    ['Abcde1@', false],
    ['Abcdefghij12@$!x', false],
    ['Abcdefg1', false],
  ])('isStrongPassword(%s) = %s', (value, expected) => {
    expect(isStrongPassword(value)).toBe(expected);
  });
});

describe('validateRetype', () => {
  it.each<[string | null | undefined, string | null | undefined, string | null]>([
    ['Abcdef1@', undefined, 'Vui lòng nhập lại mật khẩu mới'],
    ['Abcdef1@', null, 'Vui lòng nhập lại mật khẩu mới'],
    ['Abcdef1@', '', 'Vui lòng nhập lại mật khẩu mới'],
    ['Abcdef1@', 'Abcdef1@', null],
    ['Abcdef1@', ' Abcdef1@ ', null], // compared after trimming both
    [' Abcdef1@', 'Abcdef1@  ', null],
    ['Abcdef1@', 'abcdef1@', 'Mật khẩu mới và nhập lại mật khẩu mới không giống nhau!'],
    ['Abcdef1@', 'Abcdef1', 'Mật khẩu mới và nhập lại mật khẩu mới không giống nhau!'],
    ['Abc def1@', 'Abcdef1@', 'Mật khẩu mới và nhập lại mật khẩu mới không giống nhau!'],
    [null, 'x', 'Mật khẩu mới và nhập lại mật khẩu mới không giống nhau!'],
    ['', 'x', 'Mật khẩu mới và nhập lại mật khẩu mới không giống nhau!'],
    ['Abcdef1@', '   ', 'Mật khẩu mới và nhập lại mật khẩu mới không giống nhau!'],
    ['   ', ' ', null],
  ])('new %j, retype %j → %j', (fresh, retype, expected) => {
    expect(validateRetype(fresh, retype)).toBe(expected);
  });
});

describe('validatePasswordChange', () => {
  type Input = Parameters<typeof validatePasswordChange>[0];
  type Opts = Parameters<typeof validatePasswordChange>[1];
  type Out = ReturnType<typeof validatePasswordChange>;
  it.each<[string, Input, Opts, Out]>([
    [
      'all empty',
      {},
      undefined,
      [
        { field: 'passwordOld', message: 'Vui lòng nhập mật khẩu cũ' },
        { field: 'passwordNew', message: REQUIRED },
        { field: 'retype', message: 'Vui lòng nhập lại mật khẩu mới' },
      ],
    ],
    [
      'all empty, requireOld false',
      {},
      { requireOld: false },
      [
        { field: 'passwordNew', message: REQUIRED },
        { field: 'retype', message: 'Vui lòng nhập lại mật khẩu mới' },
      ],
    ],
    [
      'requireOld true explicitly',
      { passwordNew: 'Abcdef1@', retype: 'Abcdef1@' },
      { requireOld: true },
      [{ field: 'passwordOld', message: 'Vui lòng nhập mật khẩu cũ' }],
    ],
    ['valid', { passwordOld: 'old', passwordNew: 'Abcdef1@', retype: 'Abcdef1@' }, undefined, []],
    ['valid without old', { passwordNew: 'Abcdef1@', retype: 'Abcdef1@' }, { requireOld: false }, []],
    [
      'weak and mismatch',
      { passwordOld: 'old', passwordNew: 'abc', retype: 'abd' },
      undefined,
      [
        { field: 'passwordNew', message: WEAK },
        { field: 'retype', message: 'Mật khẩu mới và nhập lại mật khẩu mới không giống nhau!' },
      ],
    ],
    [
      'accented new, equal retype',
      { passwordOld: null, passwordNew: 'Mậtkhẩu@1', retype: 'Mậtkhẩu@1' },
      undefined,
      [
        { field: 'passwordOld', message: 'Vui lòng nhập mật khẩu cũ' },
        { field: 'passwordNew', message: DIACRITICS },
      ],
    ],
  ])('%s', (_label, input, opts, expected) => {
    expect(validatePasswordChange(input, opts)).toEqual(expected);
  });
});
