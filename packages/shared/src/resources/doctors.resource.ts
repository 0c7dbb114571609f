import { defineResource } from '../core/define-resource';
import { ACADEMIC_TITLES, DEGREES, GENDERS } from '../rules/doctor-title';

const opts = (list: readonly { value: string; label: string }[]) => list.map(({ value, label }) => ({ value, label }));

/**
 * Bác sĩ: the facility's doctors. The definition drives validation, the list's URL state and
 * columns and the Excel export; specialties and rooms are many-to-many (`ref` + `multiple`), and the
 * working process (a list of periods) is added by the doctors contract.
 */
export const doctorResource = defineResource({
  name: 'doctors',
  label: 'Bác sĩ',
  labelPlural: 'Danh sách bác sĩ',
  path: '/api/catalog/v1/doctors',
  scope: 'facility',
  authority: 'MANAGER_DOCTOR',
  exportName: 'danh-sach-bac-si',
  importable: true,
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { key: 'code', label: 'Mã bác sĩ', type: 'code', required: true, unique: true, list: true, sortable: true, search: true, example: 'BS001' },
    { key: 'name', label: 'Họ và tên', type: 'text', required: true, max: 100, list: true, sortable: true, search: true, example: 'Trần Văn Minh' },
    { key: 'gender', label: 'Giới tính', type: 'enum', required: true, options: opts(GENDERS) },
    { key: 'dateOfBirth', label: 'Ngày sinh', type: 'date', example: '12/04/1966' },
    { key: 'academicTitle', label: 'Học hàm', type: 'enum', filter: true, options: opts(ACADEMIC_TITLES) },
    { key: 'degree', label: 'Học vị', type: 'enum', required: true, filter: true, options: opts(DEGREES), example: 'Tiến sĩ (TS)' },
    { key: 'position', label: 'Chức vụ', type: 'text', max: 100, search: true, example: 'Trưởng khoa' },
    { key: 'departmentId', label: 'Khoa', type: 'ref', ref: 'departments', required: true, list: true, filter: true, example: 'KTM' },
    { key: 'specialtyIds', label: 'Chuyên khoa', type: 'ref', multiple: true, ref: 'specialties', max: 20, list: true, example: 'TIMMACH, NOI' },
    { key: 'roomIds', label: 'Phòng khám', type: 'ref', multiple: true, ref: 'rooms', max: 30, list: true, example: 'P103' },
    { key: 'phone', label: 'Số điện thoại', type: 'text', max: 15, search: true, example: '0912 345 678' },
    { key: 'email', label: 'Email', type: 'text', max: 100 },
    { key: 'biography', label: 'Giới thiệu', type: 'textarea', max: 2000 },
    // Filters only: "has this specialty / works in this room" (not form fields, not columns).
    { key: 'specialtyId', label: 'Chuyên khoa', type: 'ref', ref: 'specialties', filter: true, form: false },
    { key: 'roomId', label: 'Phòng khám', type: 'ref', ref: 'rooms', filter: true, form: false },
  ],
});
