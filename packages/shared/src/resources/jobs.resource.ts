import { defineResource } from '../core/define-resource';

/** Nghề nghiệp (QĐ 34/2020/QĐ-TTg, levels 1–2), copied into each facility at its creation. */
export const jobResource = defineResource({
  name: 'jobs',
  label: 'Nghề nghiệp',
  labelPlural: 'Danh mục nghề nghiệp',
  path: '/api/catalog/v1/jobs',
  scope: 'facility',
  authority: 'MANAGER_CATALOG',
  exportName: 'danh-muc-nghe-nghiep',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { key: 'code', label: 'Mã nghề nghiệp', type: 'code', required: true, unique: true, list: true, sortable: true, search: true },
    { key: 'name', label: 'Tên nghề nghiệp', type: 'text', required: true, list: true, sortable: true, search: true },
    { key: 'description', label: 'Mô tả', type: 'textarea', max: 1000 },
  ],
});
