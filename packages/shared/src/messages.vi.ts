/**
 * Every visible Vietnamese string shared by web and server. Screen-only labels live in the
 * web's own messages file; everything a rule or the API can say lives here.
 */
/** One word for one thing across the screens, the public page, the exports and the API summaries (issue 14, item 12). */
export const TERMS = {
  state: 'Trạng thái',
  servicePrice: 'Giá dịch vụ',
  highQualityPrice: 'Giá chất lượng cao',
  insurancePrice: 'Giá BHYT',
  reissuePassword: 'Cấp lại mật khẩu',
} as const;

export const MSG = {
  // §4 login / logout
  loginSuccess: 'Đăng nhập thành công',
  genericError: 'Xảy ra lỗi, vui lòng thử lại sau',
  wrongCredentials: 'Thông tin tài khoản không đúng',
  logoutFailed: 'Lỗi hệ thống',
  loginThrottled: 'Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau {minutes} phút.',
  accountLocked: 'Tài khoản đã bị khoá. Vui lòng liên hệ quản trị viên.',
  // §5 password
  oldPasswordRequired: 'Vui lòng nhập mật khẩu cũ',
  newPasswordRequired: 'Vui lòng nhập mật khẩu!',
  passwordNoDiacritics: 'Mật khẩu không được chứa ký tự có dấu!',
  passwordWeakFormat: 'Mật khẩu tối thiểu 8 ký tự, tối đa 15 ký tự, bao gồm số, chữ thường, chữ in hoa và ký tự đặc biệt!',
  retypeRequired: 'Vui lòng nhập lại mật khẩu mới',
  retypeMismatch: 'Mật khẩu mới và nhập lại mật khẩu mới không giống nhau!',
  passwordChanged: 'Đổi mật khẩu thành công! Vui lòng đăng nhập lại bằng mật khẩu mới.',
  passwordChangeFailed: 'Đổi mật khẩu không thành công',
  oldPasswordWrong: 'Mật khẩu cũ không đúng',
  passwordSameAsOld: 'Mật khẩu mới phải khác mật khẩu cũ',
  passwordTooCommon: 'Mật khẩu này quá phổ biến, dễ bị đoán. Vui lòng chọn mật khẩu khác',
  passwordLikeAccount: 'Mật khẩu không được trùng với tên đăng nhập, email hoặc số điện thoại',
  passwordEmpty: 'Vui lòng nhập mật khẩu mới',
  passwordHashInvalid: 'Mật khẩu gửi lên không hợp lệ',
  // §6 / §8
  forbidden: 'Bạn không có quyền thao tác',
  unauthorized: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
  notFound: 'Không tìm thấy dữ liệu',
  routeNotFound: 'Không tìm thấy đường dẫn yêu cầu',
  validationFailed: 'Dữ liệu không hợp lệ',
  conflict: 'Dữ liệu đã tồn tại',
  tooManyRequests: 'Bạn thao tác quá nhanh, vui lòng thử lại sau',
  payloadTooLarge: 'Dữ liệu gửi lên quá lớn',
  // refused at the edge (security issue: NUL / lone surrogates, impossible dates, bad paths, races)
  unsafeText: 'Dữ liệu chứa ký tự không hợp lệ',
  invalidDate: 'Ngày không hợp lệ',
  badUrl: 'Đường dẫn không hợp lệ',
  concurrentChange: 'Dữ liệu vừa được thay đổi bởi một thao tác khác, vui lòng tải lại và thử lại',
  referenceConflict: 'Dữ liệu đang được sử dụng hoặc tham chiếu không tồn tại',
  internalError: 'Lỗi hệ thống',
  bookingSuccess: 'Đặt khám thành công',
  bookingFailed: 'Đặt khám không thành công',
  // live updates
  liveBadMessage: 'Yêu cầu theo dõi không hợp lệ',
  // server start
  dataDirInUse:
    'Thư mục dữ liệu {dir} đang được một tiến trình khác của cổng quản trị dùng (pid {pid}). Hãy dừng tiến trình đó rồi khởi động lại; nếu chắc chắn không còn tiến trình nào, xoá tệp {file}.',
  portInUse: 'Cổng {port} đang được một chương trình khác dùng. Hãy dừng chương trình đó hoặc chọn cổng khác (biến môi trường PORT).',
  portDenied: 'Không được phép mở cổng {port} trên địa chỉ {host}. Hãy chọn cổng từ 1024 trở lên (biến môi trường PORT).',
  hostUnavailable: 'Địa chỉ {host} không có trên máy này (biến môi trường HOST).',
  startFailed: 'Không khởi động được cổng quản trị: {reason}',
  serverListening: 'Cổng quản trị đang chạy tại http://{host}:{port}',
  serverStopped: 'Cổng quản trị đã dừng.',
  liveOffline: 'Mất kết nối cập nhật trực tiếp, đang thử kết nối lại…',
  // generic field errors (zod → Vietnamese)
  fieldRequired: 'Vui lòng nhập {field}',
  fieldTooLong: '{field} tối đa {max} ký tự',
  fieldTooShort: '{field} tối thiểu {min} ký tự',
  fieldInvalid: '{field} không hợp lệ',
  fieldNotNumber: '{field} phải là số',
  fieldTooSmall: '{field} phải lớn hơn hoặc bằng {min}',
  fieldTooBig: '{field} phải nhỏ hơn hoặc bằng {max}',
  unknownField: 'Trường {field} không được hỗ trợ',
  // admin accounts and roles (issue 4)
  accountCreated: 'Đã tạo tài khoản. Mật khẩu dùng một lần chỉ hiển thị lần này.',
  passwordReset: 'Đã đặt lại mật khẩu. Mật khẩu dùng một lần chỉ hiển thị lần này; các phiên đăng nhập của tài khoản đã kết thúc.',
  accountLockedDone: 'Đã khoá tài khoản; các phiên đăng nhập của tài khoản đã kết thúc',
  accountUnlockedDone: 'Đã mở khoá tài khoản',
  roomScopeOn: 'Đã bật: tài khoản có phòng được phân chỉ làm việc với lịch đặt khám của các phòng đó',
  roomScopeOff: 'Đã tắt: mọi tài khoản làm việc được với lịch đặt khám của mọi phòng',
  cannotLockSelf: 'Bạn không thể tự khoá tài khoản của chính mình',
  cannotResetSelf: 'Hãy dùng chức năng Đổi mật khẩu cho tài khoản của chính bạn',
  lastFacilityAdmin: 'Cơ sở phải còn ít nhất một tài khoản đang hoạt động có quyền Quản trị cơ sở y tế',
  selfLockout: 'Thay đổi này sẽ làm chính bạn mất quyền quản trị tài khoản',
  facilityAdminOnly: 'Chỉ tài khoản có quyền Quản trị cơ sở y tế mới được thay đổi vai trò hoặc tài khoản mang quyền này',
  roleHeld: 'Vai trò đang được gán cho {count} tài khoản. Hãy gỡ vai trò khỏi các tài khoản này trước khi ngừng hoạt động.',
  mustChangePasswordFirst: 'Vui lòng đổi mật khẩu dùng một lần trước khi tiếp tục',
  mustChangeToStrongPassword:
    'Mật khẩu của bạn được đặt trước ngày 22/09/2024, khi quy định mật khẩu mạnh bắt đầu áp dụng. Vui lòng đổi mật khẩu trước khi tiếp tục',
  // usernames (issue 15): the rule of rules/username.ts, on the form and on the server
  usernameRequired: 'Vui lòng nhập tên đăng nhập',
  usernameSpaces: 'Tên đăng nhập không được chứa dấu cách',
  usernameDiacritics: 'Tên đăng nhập không được có dấu tiếng Việt (viết "{plain}" thay cho "{input}")',
  usernameFirstLetter: 'Tên đăng nhập phải bắt đầu bằng chữ cái',
  usernameChars: 'Tên đăng nhập chỉ gồm chữ thường không dấu, số và các ký tự . _ -',
  usernameTooShort: 'Tên đăng nhập tối thiểu 3 ký tự',
  usernameTooLong: 'Tên đăng nhập tối đa 50 ký tự',
  usernameCheckEmpty: 'Vui lòng nhập tên đăng nhập hoặc họ và tên',
  // rich content (issue 13): sanitised HTML and its images
  richTextTooLong: '{field} quá dài (tối đa {max} ký tự, kể cả định dạng)',
  contentImageRequired: 'Vui lòng chọn ảnh',
  contentImageTooBig: 'Ảnh tối đa {max} MB',
  contentImageWrongType: 'Ảnh phải là tệp JPEG, PNG hoặc WebP (không nhận SVG, HTML hay tệp khác)',
  contentImageUploaded: 'Đã tải ảnh lên',
  contentImageNotFound: 'Không tìm thấy ảnh',
  // background jobs (issue 13)
  jobNotFound: 'Không tìm thấy công việc',
  jobNotDead: 'Chỉ chạy lại được công việc ở trạng thái Thất bại',
  jobRetried: 'Đã đưa công việc vào hàng chờ để chạy lại',
  // acronyms and smart search (issue 15)
  acronymDuplicate: 'Từ viết tắt "{key}" đã có trong danh mục ("{existing}": {expansion})',
  acronymShadowsService: 'Từ viết tắt "{key}" trùng mã dịch vụ "{code}" ({name}): tìm theo mã dịch vụ sẽ bị nhầm',
  acronymLoop: 'Từ viết tắt "{key}" tạo vòng lặp: {path}',
  smartSearchQuery: 'Vui lòng nhập từ khoá (tối đa 100 ký tự)',
  logNotFound: 'Không tìm thấy dòng nhật ký',
  reportDepartmentUnknown: 'Khoa đã chọn không thuộc cơ sở y tế của bạn',
  reportDoctorUnknown: 'Bác sĩ đã chọn không thuộc cơ sở y tế của bạn',
  noData: 'Không có dữ liệu',
  // durations (formatDuration)
  durationHoursMinutes: '{h} giờ {m} phút',
  durationHours: '{h} giờ',
  durationMinutes: '{m} phút',
  // common UI
  loading: 'Đang tải',
  select: 'Chọn',
  all: 'Tất cả',
  notFoundPlaceholder: 'Not Found',
} as const;

export type MessageKey = keyof typeof MSG;

/** Fills `{name}` placeholders of a message. */
export function fmt(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
