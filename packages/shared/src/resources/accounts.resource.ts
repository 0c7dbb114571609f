import { z } from 'zod';
import { defineResource } from '../core/define-resource';
import { MSG, TERMS } from '../messages.vi';
import { USERNAME_PATTERN, usernameProblem } from '../rules/username';

/** Login names (rules/username): lower case, start with a letter; unique across the platform (login does not name the facility). */
export { USERNAME_PATTERN };
const username = z
  .string({ error: (iss) => (iss.input == null ? MSG.usernameRequired : 'Tên đăng nhập phải là chuỗi ký tự') })
  .trim()
  .toLowerCase()
  .max(50, { message: MSG.usernameTooLong, abort: true })
  .superRefine((v, c) => {
    const problem = usernameProblem(v);
    if (problem) c.addIssue({ code: 'custom', message: problem });
  });

/**
 * local@domain.tld: no space or @ anywhere, and the domain's labels separated by single dots, the last
 * of at least 2 characters. No two quantifiers can take the same character (the former
 * `[^\s@]+\.[^\s@]{2,}` let a run of dots be split in n² ways: "a@" + 120,000 dots + "@" took 7.9 s).
 */
const EMAIL = /^$|^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;
const email = z
  .string({ message: 'Email phải là chuỗi ký tự' })
  .trim()
  .max(100, { message: 'Email tối đa 100 ký tự', abort: true })
  .regex(EMAIL, 'Email không hợp lệ')
  .nullable()
  .optional();

/** Vietnamese numbers: 10 digits for mobiles, 11 for some landlines, always from 0. */
const PHONE = /^$|^0\d{9,10}$/;
const phone = z
  .string({ message: 'Số điện thoại phải là chuỗi ký tự' })
  .trim()
  .max(11, { message: 'Số điện thoại tối đa 11 chữ số', abort: true })
  .regex(PHONE, 'Số điện thoại gồm 10–11 chữ số, bắt đầu bằng 0')
  .nullable()
  .optional();

/**
 * Tài khoản quản trị: the facility's staff accounts. The password is never in the form: a new
 * account (and a reset) gets a one-time password shown once, which must be changed at first sign-in.
 */
export const accountResource = defineResource({
  name: 'accounts',
  label: 'Tài khoản',
  labelPlural: 'Tài khoản quản trị',
  path: '/api/his/v1/vendor/accounts',
  scope: 'facility',
  authority: 'MANAGER_ADMIN',
  // No dropdown, no (de)activation (an account is locked or unlocked: its own operations), no delete.
  operations: ['list', 'export', 'get', 'create', 'update'],
  exportName: 'tai-khoan-quan-tri',
  defaultSort: { field: 'username', direction: 'asc' },
  fields: [
    {
      key: 'username',
      label: 'Tên đăng nhập',
      type: 'code',
      max: 50,
      required: true,
      unique: true,
      list: true,
      sortable: true,
      search: true,
      schema: username,
    },
    { key: 'name', label: 'Họ và tên', type: 'text', max: 100, required: true, list: true, sortable: true, search: true },
    { key: 'email', label: 'Email', type: 'text', max: 100, list: true, search: true, schema: email },
    { key: 'phone', label: 'Số điện thoại', type: 'text', max: 11, list: true, search: true, schema: phone },
    { key: 'roleIds', label: 'Vai trò', type: 'ref', ref: 'roles', multiple: true, max: 20, required: true, list: true, filter: true },
    { key: 'roomIds', label: 'Phòng', type: 'ref', ref: 'room-options', multiple: true, max: 50, list: true, filter: true },
    // holds 'Hoạt động' / 'Đã khoá': the column is the account's state
    { key: 'locked', label: TERMS.state, type: 'boolean', list: true, filter: true, form: false, export: true },
    { key: 'lastPasswordReset', label: 'Đổi mật khẩu lần cuối', type: 'text', list: true, sortable: true, form: false, export: true },
  ],
});

/**
 * Phòng của tài khoản (spec "vendor rooms"): one row per staff account with the clinic rooms it
 * works in; the form sets the rooms only.
 */
export const accountRoomResource = defineResource({
  name: 'account-rooms',
  label: 'Phòng của tài khoản',
  labelPlural: 'Phòng của tài khoản',
  path: '/api/his/v1/vendor/rooms',
  scope: 'facility',
  authority: 'MANAGER_ADMIN',
  // Rows are the accounts: the form only sets their rooms.
  operations: ['list', 'export', 'get', 'update'],
  exportName: 'phong-cua-tai-khoan',
  defaultSort: { field: 'username', direction: 'asc' },
  fields: [
    { key: 'username', label: 'Tên đăng nhập', type: 'code', list: true, sortable: true, search: true, form: false, export: true },
    { key: 'name', label: 'Họ và tên', type: 'text', list: true, sortable: true, search: true, form: false, export: true },
    { key: 'roomIds', label: 'Phòng', type: 'ref', ref: 'room-options', multiple: true, max: 50, list: true, filter: true },
  ],
});

/**
 * The facility's clinic rooms as the account screens pick them (read-only, MANAGER_ADMIN): an
 * account administrator assigns rooms without holding MANAGER_CATALOG.
 */
export const roomOptionResource = defineResource({
  name: 'room-options',
  label: 'Phòng',
  labelPlural: 'Phòng khám',
  path: '/api/his/v1/vendor/room-options',
  scope: 'facility',
  authority: 'MANAGER_ADMIN',
  operations: ['list', 'options', 'get'],
  exportName: 'phong-kham',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { key: 'code', label: 'Mã phòng', type: 'code', list: true, sortable: true, search: true },
    { key: 'name', label: 'Tên phòng', type: 'text', list: true, sortable: true, search: true },
  ],
});
