/** Screen text of the calling screen (/display). Placeholders are filled with the shared `fmt`. */
export const T = {
  title: 'Màn hình gọi số',
  loading: 'Đang tải màn hình gọi số…',
  loadFailed: 'Chưa kết nối được máy chủ, đang thử lại…',
  reconnecting: 'Mất kết nối, đang kết nối lại…',
  noLink: 'Chưa có liên kết màn hình. Vui lòng mở màn hình bằng liên kết do quản trị cấp.',
  noRooms: 'Màn hình chưa được gán phòng khám nào.',
  nowCalling: 'Đang mời số',
  noCall: 'Chưa có số đang gọi',
  next: 'Tiếp theo',
  noneWaiting: 'Không còn người chờ',
  waitingCount: 'Còn {count} người chờ',
  priority: 'Ưu tiên',
  recall: 'Gọi lại',
  soundBlocked: 'Nhấn phím bất kỳ trên điều khiển để bật âm thanh',
  /** Sunday first, as Date.getUTCDay() counts. */
  weekdays: ['Chủ nhật', 'Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy'],
} as const;
