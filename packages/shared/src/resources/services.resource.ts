import { HIGH_QUALITY_DEPARTMENT_ID, SERVICE_CODE_MAX, SERVICE_NAME_MAX } from '../constants';
import { defineResource } from '../core/define-resource';
import { TERMS } from '../messages.vi';

/**
 * The kinds of service on a price list (value = `loaiDichVu`), after the Ministry of Health's
 * grouping of technical services. Every facility's `service_types` rows are seeded from this
 * list; the admin form offers exactly these. 10 = Khám bệnh is the public page's default.
 */
export const SERVICE_TYPES = [
  { value: 10, name: 'Khám bệnh' },
  { value: 20, name: 'Xét nghiệm' },
  { value: 30, name: 'Chẩn đoán hình ảnh' },
  { value: 40, name: 'Thăm dò chức năng' },
  { value: 50, name: 'Nội soi' },
  { value: 60, name: 'Thủ thuật' },
  { value: 70, name: 'Phẫu thuật' },
  { value: 80, name: 'Giường bệnh' },
  { value: 90, name: 'Y học cổ truyền – Phục hồi chức năng' },
  { value: 100, name: 'Răng Hàm Mặt' },
  { value: 110, name: 'Mắt' },
  { value: 120, name: 'Tai Mũi Họng' },
] as const;

/** The fixed department entry of a price entry: the high-quality clinic of spec §3 (id 1000102). */
export const HIGH_QUALITY_DEPARTMENT_OPTION = { value: HIGH_QUALITY_DEPARTMENT_ID, label: `Khám chất lượng cao (${HIGH_QUALITY_DEPARTMENT_ID})` } as const;

/** Most price entries one service may carry. */
export const PRICE_ENTRIES_MAX = 50;

/**
 * Dịch vụ kỹ thuật: the admin side of the public price list (`medical_services`). Money is
 * integer VND. `highQualityPrice` is computed by rules/high-quality-price on every read; it is
 * listed and exported but never written.
 */
export const serviceResource = defineResource({
  name: 'medical-services',
  label: 'Dịch vụ',
  labelPlural: 'Danh mục dịch vụ',
  path: '/api/catalog/v1/medical-services',
  scope: 'facility',
  authority: 'MANAGER_CATALOG',
  exportName: 'danh-muc-dich-vu',
  importable: true,
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    {
      key: 'code',
      label: 'Mã dịch vụ',
      type: 'code',
      max: SERVICE_CODE_MAX,
      required: true,
      unique: true,
      list: true,
      sortable: true,
      search: true,
      example: 'SA001',
    },
    {
      key: 'name',
      label: 'Tên dịch vụ',
      type: 'text',
      max: SERVICE_NAME_MAX,
      required: true,
      list: true,
      sortable: true,
      search: true,
      example: 'Siêu âm ổ bụng tổng quát',
    },
    {
      key: 'typeValue',
      label: 'Loại dịch vụ',
      type: 'enum',
      required: true,
      list: true,
      sortable: true,
      filter: true,
      options: SERVICE_TYPES.map((t) => ({ value: t.value, label: t.name })),
      example: 'Chẩn đoán hình ảnh',
    },
    // the three prices in the public page's order, under the same words (TERMS)
    { key: 'price', label: TERMS.servicePrice, type: 'money', required: true, list: true, sortable: true, example: 250000 },
    { key: 'highQualityPrice', label: TERMS.highQualityPrice, type: 'money', list: true, form: false },
    { key: 'insurancePrice', label: TERMS.insurancePrice, aliases: ['Giá bảo hiểm'], type: 'money', list: true, sortable: true, example: 195000 },
    {
      key: 'priceEntries',
      label: 'Giá theo khoa chỉ định',
      type: 'list',
      max: PRICE_ENTRIES_MAX,
      hint: `Giá chất lượng cao = đơn giá của dòng có khoa "${HIGH_QUALITY_DEPARTMENT_OPTION.label}" và không có ngày kết thúc; nếu không có, lấy dòng có "Đến ngày" muộn nhất. Để trống "Đến ngày" nghĩa là không thời hạn.`,
      item: [
        { key: 'khoaChiDinhId', label: 'Khoa chỉ định', type: 'ref', ref: 'departments', required: true, options: [HIGH_QUALITY_DEPARTMENT_OPTION] },
        { key: 'donGiaDichVu', label: 'Đơn giá', type: 'money', required: true },
        { key: 'denNgay', label: 'Đến ngày', type: 'date' },
      ],
    },
  ],
});
