/** The home page's dashboard (issue 16): the words of its sections. */
export const DASHBOARD_T = {
  loadError: 'Không tải được số liệu hôm nay. Vui lòng tải lại trang.',
  appointments: {
    title: 'Lịch đặt khám hôm nay',
    total: 'Tất cả',
    ownRooms: 'Số liệu các phòng được phân cho tài khoản của bạn',
    queues: 'Hàng đợi theo phòng',
    noQueue: 'Chưa có bệnh nhân nào được tiếp đón hôm nay.',
    waiting: 'Đang chờ',
    calling: 'Đang gọi',
    callingNumber: 'số {number}',
    nobodyCalled: 'Chưa gọi số nào',
    called: 'Đã gọi {count}',
    mine: 'Phòng của bạn',
    live: 'Cập nhật ngay khi lịch thay đổi',
  },
  logs: {
    title: 'Nhật ký hôm nay',
    signIns: 'Đăng nhập không thành công',
    /** Under "Đăng nhập không thành công": the audit actions LOGIN_FAILED, LOGIN_REFUSED_LOCKED, LOGIN_THROTTLED. */
    actions: {
      LOGIN_FAILED: 'Sai tên đăng nhập hoặc mật khẩu',
      LOGIN_REFUSED_LOCKED: 'Tài khoản đang bị khoá',
      LOGIN_THROTTLED: 'Bị chặn tạm thời do sai nhiều lần',
    },
    jobs: 'Công việc nền',
    /** Every dead job not retried yet, whatever its day. */
    deadJobs: 'Thất bại, chờ chạy lại',
    polled: 'Cập nhật mỗi phút',
  },
  report: {
    title: 'Thống kê nhanh hôm nay',
    note: 'Theo ngày khám · cập nhật mỗi phút',
    total: 'Lịch khám hôm nay',
    done: 'Đã khám xong',
    noShow: 'Không đến',
    noShowRate: 'Tỉ lệ không đến',
    online: 'Đặt trực tuyến',
    newPatients: 'Bệnh nhân mới',
  },
} as const;
