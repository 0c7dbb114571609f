/**
 * Screen text of the public service price page (/list-service). Messages the API or a shared
 * rule can say (the 'Tất cả' option, 'Đang tải', the generic error) come from the shared MSG;
 * placeholders are filled with the shared `fmt`.
 */
export const T = {
  title: 'Bảng giá dịch vụ bệnh viện',
  subtitle: 'Tra cứu giá dịch vụ kỹ thuật, giá chất lượng cao và giá bảo hiểm y tế. Đơn vị tính: đồng.',
  home: 'Trang chủ',
  hotline: 'Hotline',
  emergency: 'Cấp cứu',
  callHotline: 'Gọi hotline {phone}',
  logoAlt: 'Logo {name}',
  col: {
    stt: 'STT',
    code: 'Mã dịch vụ',
    name: 'Tên dịch vụ',
    price: 'Giá dịch vụ',
    highQuality: 'Giá chất lượng cao',
    insurance: 'Giá BHYT',
    type: 'Loại dịch vụ',
  },
  search: {
    code: 'Nhập mã',
    name: 'Nhập tên dịch vụ (có hoặc không dấu)',
    hint: 'Gõ tên dịch vụ, có thể gõ không dấu, ví dụ “sieu am bung”.',
    filters: 'Tìm kiếm dịch vụ',
  },
  /** Shown instead of a price the service does not have. */
  noPrice: '—',
  empty: 'Không tìm thấy dịch vụ phù hợp',
  emptyHint: 'Hãy thử từ khoá ngắn hơn hoặc chọn loại dịch vụ “Tất cả”.',
  /** A search with no match in the chosen type, but matches in others. */
  elsewhere: 'Có {count} dịch vụ phù hợp ở các loại dịch vụ khác.',
  showAllTypes: 'Xem trong tất cả các loại',
  total: 'Tổng số: {total} dịch vụ',
  pageSize: 'Số dịch vụ mỗi trang',
  perPage: '{size} / trang',
  retry: 'Thử lại',
  loadFailed: 'Không tải được bảng giá',
  resultsLabel: 'Danh sách dịch vụ và giá',
  footer: {
    experts: 'Đội ngũ chuyên gia',
    contact: 'Liên hệ',
    address: 'Địa chỉ',
    website: 'Website',
    rights: 'Bảng giá chỉ mang tính tham khảo; giá thanh toán thực tế theo chỉ định của bác sĩ và quy định hiện hành.',
  },
} as const;
