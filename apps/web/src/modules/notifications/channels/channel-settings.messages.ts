/** Labels of the channel providers' cards (the "Nhà cung cấp" tabs of /admin/thong-bao-day and /admin/sms). */
export const TCH = {
  provider: 'Nhà cung cấp',
  secretSet: 'Đã lưu',
  secretKeepHint: 'Đã lưu — để trống để giữ nguyên',
  save: 'Lưu',
  saved: 'Đã lưu cấu hình kênh {channel}',
  test: 'Gửi thử',
  testPlaceholder: 'Nơi nhận tin thử',
  lastTest: 'Lần gửi thử gần nhất ({at}): {message}',
  updated: 'Cập nhật {at} bởi {by}',
  noKey: 'Máy chủ chưa có khóa NOTIFY_SECRET_KEY: chỉ dùng được "Lưu trong hệ thống".',
  recordHint: 'Tin nhắn được lưu trong hệ thống và coi như đã gửi; không có tin nào gửi ra ngoài.',
  loadFailed: 'Không tải được cấu hình các kênh gửi tin',
  empty: 'Bạn không có quyền quản lý kênh gửi tin nào',
} as const;
