import { z } from 'zod';
import { defineResource } from '../core/define-resource';
import { ACRONYM_KEY_MAX, ACRONYM_KEY_RE } from '../rules/acronyms';

/** Từ viết tắt: a facility's abbreviations that every search expands ("SA" → "Siêu âm"). */
export const acronymResource = defineResource({
  name: 'acronyms',
  label: 'Từ viết tắt',
  labelPlural: 'Danh mục từ viết tắt',
  path: '/api/catalog/v1/acronyms',
  scope: 'facility',
  authority: 'MANAGER_CATALOG',
  exportName: 'danh-muc-tu-viet-tat',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    {
      key: 'code',
      label: 'Từ viết tắt',
      type: 'text',
      required: true,
      max: ACRONYM_KEY_MAX,
      list: true,
      sortable: true,
      search: true,
      example: 'SA',
      hint: 'Một từ, chỉ gồm chữ và số; không phân biệt hoa thường, có dấu hay không dấu',
      schema: z
        .string({ message: 'Vui lòng nhập từ viết tắt' })
        .trim()
        .min(1, 'Vui lòng nhập từ viết tắt')
        .max(ACRONYM_KEY_MAX, `Từ viết tắt tối đa ${ACRONYM_KEY_MAX} ký tự`)
        .regex(ACRONYM_KEY_RE, 'Từ viết tắt là một từ, chỉ gồm chữ và số (không khoảng trắng, không dấu câu)'),
    },
    { key: 'name', label: 'Nghĩa đầy đủ', type: 'text', required: true, max: 200, list: true, sortable: true, search: true, example: 'Siêu âm' },
    { key: 'description', label: 'Ghi chú', type: 'textarea', max: 1000 },
  ],
});
