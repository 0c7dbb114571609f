/** The smart search box of the admin header (issue 15, item 3). */
export const SEARCH_UI = {
  open: 'Tìm kiếm nhanh',
  trigger: 'Tìm kiếm…',
  shortcut: 'Ctrl K',
  placeholder: 'Tìm bệnh nhân, mã đặt khám, bác sĩ, dịch vụ, màn hình…',
  hint: '↑ ↓ để chọn · Enter để mở · Esc để đóng',
  empty: 'Không tìm thấy kết quả phù hợp',
  typeToSearch: 'Nhập tên, số điện thoại, mã bệnh nhân, CCCD, BHYT, mã đặt khám, tên bác sĩ, dịch vụ hoặc tên màn hình',
  loading: 'Đang tìm…',
  failed: 'Không tìm được, vui lòng thử lại',
  results: 'Kết quả tìm kiếm',
} as const;
