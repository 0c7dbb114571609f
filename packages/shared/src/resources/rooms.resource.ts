import { defineResource } from '../core/define-resource';

/** Phòng khám / phòng chức năng: belongs to a department (khoa), may serve one specialty. */
export const roomResource = defineResource({
  name: 'rooms',
  label: 'Phòng khám',
  labelPlural: 'Danh mục phòng khám',
  path: '/api/catalog/v1/rooms',
  scope: 'facility',
  authority: 'MANAGER_CATALOG',
  exportName: 'danh-muc-phong-kham',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { key: 'code', label: 'Mã phòng', type: 'code', required: true, unique: true, list: true, sortable: true, search: true },
    { key: 'name', label: 'Tên phòng', type: 'text', required: true, list: true, sortable: true, search: true },
    { key: 'departmentId', label: 'Khoa', type: 'ref', ref: 'departments', required: true, list: true, sortable: true, filter: true },
    { key: 'specialtyId', label: 'Chuyên khoa', type: 'ref', ref: 'specialties', list: true, sortable: true, filter: true },
    { key: 'description', label: 'Mô tả', type: 'textarea', max: 1000 },
  ],
});
