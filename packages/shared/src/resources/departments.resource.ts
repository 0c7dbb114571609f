import { defineResource } from '../core/define-resource';

/** Khoa: the hospital's departments (Khoa Nội, Khoa Ngoại, ...). */
export const departmentResource = defineResource({
  name: 'departments',
  label: 'Khoa',
  labelPlural: 'Danh mục khoa',
  path: '/api/catalog/v1/departments',
  scope: 'facility',
  authority: 'MANAGER_CATALOG',
  exportName: 'danh-muc-khoa',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { key: 'code', label: 'Mã khoa', type: 'code', required: true, unique: true, list: true, sortable: true, search: true },
    { key: 'name', label: 'Tên khoa', type: 'text', required: true, list: true, sortable: true, search: true },
    { key: 'description', label: 'Mô tả', type: 'textarea', max: 1000 },
  ],
});
