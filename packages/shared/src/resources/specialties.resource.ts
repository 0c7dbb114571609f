import { defineResource } from '../core/define-resource';

/** Chuyên khoa: medical specialties (Tim mạch, Tiêu hoá, ...). */
export const specialtyResource = defineResource({
  name: 'specialties',
  label: 'Chuyên khoa',
  labelPlural: 'Danh mục chuyên khoa',
  path: '/api/catalog/v1/specialties',
  scope: 'facility',
  authority: 'MANAGER_CATALOG',
  exportName: 'danh-muc-chuyen-khoa',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { key: 'code', label: 'Mã chuyên khoa', type: 'code', required: true, unique: true, list: true, sortable: true, search: true },
    { key: 'name', label: 'Tên chuyên khoa', type: 'text', required: true, list: true, sortable: true, search: true },
    { key: 'description', label: 'Mô tả', type: 'textarea', max: 1000 },
  ],
});
