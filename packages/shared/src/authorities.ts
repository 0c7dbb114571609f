/** Authorities of spec §6. ADMIN_FACILITY passes every check. */
export const AUTHORITIES = [
  'MANAGER_USER',
  'MANAGER_ADMIN',
  'MANAGER_APPOINTMENT',
  'MANAGER_ROOM_QUEUE',
  'MANAGER_SCHEDULE',
  'MANAGER_CATALOG',
  'MANAGER_DOCTOR',
  'MANAGER_NOTIFICATION',
  'MANAGER_SMS',
  'MANAGER_NEWS',
  'MANAGER_CONSULTATION',
  'MANAGER_SETTING',
  'MANAGER_LOG',
  'MANAGER_REPORT',
  'MANAGER_SHP',
  'FHIR_READ',
  'ADMIN_FACILITY',
] as const;

export type Authority = (typeof AUTHORITIES)[number];

export const AUTHORITY_LABELS: Record<Authority, string> = {
  MANAGER_USER: 'Quản lý tài khoản bệnh nhân',
  MANAGER_ADMIN: 'Quản lý tài khoản quản trị',
  MANAGER_APPOINTMENT: 'Quản lý đặt khám',
  MANAGER_ROOM_QUEUE: 'Gọi bệnh nhân tại phòng khám',
  MANAGER_SCHEDULE: 'Quản lý lịch làm việc bác sĩ',
  MANAGER_CATALOG: 'Quản lý danh mục',
  MANAGER_DOCTOR: 'Quản lý bác sĩ',
  MANAGER_NOTIFICATION: 'Quản lý thông báo',
  MANAGER_SMS: 'Quản lý SMS',
  MANAGER_NEWS: 'Quản lý tin tức',
  MANAGER_CONSULTATION: 'Quản lý câu hỏi',
  MANAGER_SETTING: 'Cấu hình phần mềm',
  MANAGER_LOG: 'Quản lý nhật ký',
  MANAGER_REPORT: 'Báo cáo',
  MANAGER_SHP: 'Phòng khám tư',
  FHIR_READ: 'Hệ thống HIS đọc dữ liệu FHIR',
  ADMIN_FACILITY: 'Quản trị cơ sở y tế',
};

/**
 * Authorities of systems, not of people: no screen of the web needs them, so no sidebar entry carries them
 * (FHIR_READ: a hospital information system reading the FHIR R4 façade, docs/his-facade.md).
 */
export const SYSTEM_AUTHORITIES: readonly Authority[] = ['FHIR_READ'];

export function isAuthority(value: string): value is Authority {
  return (AUTHORITIES as readonly string[]).includes(value);
}

/** True when the holder of `granted` may use something that needs `required`. */
export function hasAuthority(granted: readonly string[], required: Authority | null | undefined): boolean {
  if (!required) return true;
  return granted.includes('ADMIN_FACILITY') || granted.includes(required);
}
