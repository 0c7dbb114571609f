import { z } from 'zod';
import { AUTHORITIES, AUTHORITY_LABELS } from '../authorities';
import { defineResource } from '../core/define-resource';

/** Each authority of spec §6 with its Vietnamese label, in the spec's order. */
export const AUTHORITY_OPTIONS = AUTHORITIES.map((value) => ({ value, label: AUTHORITY_LABELS[value] }));

const authorityList = z
  .array(z.enum(AUTHORITIES, { message: 'Quyền không hợp lệ' }), {
    error: (iss) => (iss.input == null ? 'Vui lòng chọn ít nhất một quyền' : 'Danh sách quyền không hợp lệ'),
  })
  .min(1, 'Vui lòng chọn ít nhất một quyền')
  .max(AUTHORITIES.length, 'Danh sách quyền không hợp lệ')
  .refine((list) => new Set(list).size === list.length, { message: 'Một quyền được chọn hai lần' });

/**
 * Vai trò: a named set of authorities of one facility. Changing it changes what its holders may
 * do on their next request (authorities are read per request, core/sessions.ts).
 */
export const roleResource = defineResource({
  name: 'roles',
  label: 'Vai trò',
  labelPlural: 'Vai trò',
  path: '/api/his/v1/roles',
  scope: 'facility',
  authority: 'MANAGER_ADMIN',
  // A role is deactivated (refused while accounts hold it), not deleted.
  operations: ['list', 'options', 'export', 'get', 'create', 'update', 'setActive'],
  exportName: 'vai-tro',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { key: 'code', label: 'Mã vai trò', type: 'code', max: 50, required: true, unique: true, list: true, sortable: true, search: true },
    { key: 'name', label: 'Tên vai trò', type: 'text', max: 100, required: true, list: true, sortable: true, search: true },
    {
      key: 'authorities',
      label: 'Quyền',
      type: 'enum',
      options: AUTHORITY_OPTIONS,
      multiple: true,
      required: true,
      list: true,
      filter: true,
      schema: authorityList,
    },
    { key: 'holders', label: 'Số tài khoản', type: 'integer', list: true, sortable: true, form: false, export: true },
    { key: 'description', label: 'Mô tả', type: 'textarea', max: 500 },
  ],
});
