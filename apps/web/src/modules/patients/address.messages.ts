/** The profile form's "old address" panel (address validate and map, issue 15). */
export const OLD_ADDRESS = {
  open: 'Nhập địa chỉ cũ',
  openHint: 'Địa chỉ trước 01/07/2025 (tỉnh, quận/huyện, phường/xã cũ)',
  title: 'Chuyển địa chỉ cũ sang đơn vị hành chính hiện hành',
  paste: 'Dán địa chỉ',
  pastePlaceholder: 'VD: 12 Phó Đức Chính, P. Trúc Bạch, Q. Ba Đình, TP Hà Nội',
  or: 'hoặc nhập từng phần (mã hoặc tên, có dấu hoặc không)',
  province: 'Tỉnh/Thành phố cũ',
  district: 'Quận/Huyện cũ',
  ward: 'Phường/Xã cũ',
  check: 'Kiểm tra',
  close: 'Đóng',
  apply: 'Áp dụng',
  today: 'Địa chỉ hiện hành',
  oldWas: 'Địa chỉ cũ',
  street: 'Số nhà, đường',
  candidates: 'Chọn đơn vị hiện hành',
  partOf: (name: string) => `một phần của ${name}`,
  from: (name: string) => `từ ${name}`,
  inactive: 'Ngừng hoạt động',
  needInput: 'Vui lòng dán địa chỉ hoặc nhập tỉnh/thành phố, phường/xã',
} as const;

/** The patient list's zone filter. */
export const ZONE_FILTER = {
  label: 'Vùng',
  all: 'Tất cả',
  regions: 'Miền',
  economic: 'Vùng kinh tế - xã hội',
} as const;
