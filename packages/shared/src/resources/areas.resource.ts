import { defineResource } from '../core/define-resource';

export const AREA_LEVELS = [
  { value: 'country', label: 'Quốc gia' },
  { value: 'zone', label: 'Vùng' },
  { value: 'province', label: 'Tỉnh/Thành phố' },
  { value: 'district', label: 'Quận/Huyện' },
  { value: 'ward', label: 'Phường/Xã' },
] as const;

export const AREA_KINDS = ['Miền', 'Vùng kinh tế - xã hội', 'Thành phố', 'Tỉnh', 'Quận', 'Huyện', 'Thị xã', 'Phường', 'Xã', 'Thị trấn', 'Đặc khu'].map((k) => ({
  value: k,
  label: k,
}));

/**
 * Đơn vị hành chính: countries (ISO 3166-1), the zones grouping the provinces (3 regions, 6
 * socio-economic regions), Vietnam's provinces and communes of the 2025 arrangement, and the units
 * before 01/07/2025 (63 provinces, 696 districts, ~10,000 communes; legacy, each linked to its main
 * successor; the full old → new conversion is the address calls' business). National
 * reference data shared by every facility, updated with the product: read-only here.
 */
export const areaResource = defineResource({
  name: 'areas',
  label: 'Đơn vị hành chính',
  labelPlural: 'Danh mục đơn vị hành chính',
  path: '/api/catalog/v1/areas',
  scope: 'national',
  readOnly: true,
  authority: 'MANAGER_CATALOG',
  exportName: 'danh-muc-don-vi-hanh-chinh',
  defaultSort: { field: 'code', direction: 'asc' },
  // Provinces in official order (Hà Nội first), as Vietnamese address forms list them.
  selectSort: { field: 'code', direction: 'asc' },
  fields: [
    { key: 'level', label: 'Cấp', type: 'enum', options: AREA_LEVELS, required: true, filter: true },
    { key: 'code', label: 'Mã', type: 'code', required: true, list: true, sortable: true, search: true },
    { key: 'name', label: 'Tên', type: 'text', required: true, list: true, sortable: true, search: true },
    { key: 'kind', label: 'Loại', type: 'enum', options: AREA_KINDS, list: true, filter: true },
    { key: 'parentId', label: 'Trực thuộc', type: 'ref', ref: 'areas', list: true, sortable: true, filter: true },
    { key: 'legacy', label: 'Trước 01/07/2025', type: 'boolean', filter: true },
    { key: 'successorId', label: 'Nay thuộc', type: 'ref', ref: 'areas', list: true, filter: true },
    { key: 'otherNames', label: 'Tên khác', type: 'text', list: true, search: true },
  ],
});
