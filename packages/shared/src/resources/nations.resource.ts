import { defineResource } from '../core/define-resource';

/** Dân tộc: the 54 ethnic groups (QĐ 121-TCTK/PPCĐ) and foreigners, copied into each facility. */
export const nationResource = defineResource({
  name: 'nations',
  label: 'Dân tộc',
  labelPlural: 'Danh mục dân tộc',
  path: '/api/catalog/v1/nations',
  scope: 'facility',
  authority: 'MANAGER_CATALOG',
  exportName: 'danh-muc-dan-toc',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { key: 'code', label: 'Mã dân tộc', type: 'code', required: true, unique: true, list: true, sortable: true, search: true },
    { key: 'name', label: 'Tên dân tộc', type: 'text', required: true, list: true, sortable: true, search: true },
    { key: 'otherNames', label: 'Tên gọi khác', type: 'text', list: true, search: true },
    { key: 'description', label: 'Mô tả', type: 'textarea', max: 1000 },
  ],
});
