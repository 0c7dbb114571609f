/**
 * The words of the walk-in dialog (issue 22). Apart from queue.messages.ts: the booking list's toolbar carries its
 * button, and its first load carries these few words only.
 */
export const TW = {
  button: 'Khám không hẹn',
  title: 'Khám không hẹn trước',
  patient: 'Bệnh nhân',
  patientRequired: 'Vui lòng chọn bệnh nhân',
  patientHint: 'Tìm theo tên, số điện thoại, CCCD hoặc mã bệnh nhân.',
  room: 'Phòng khám',
  roomRequired: 'Vui lòng chọn phòng khám',
  roomPlaceholder: 'Chọn phòng có bác sĩ làm việc hôm nay',
  noRooms: 'Hôm nay chưa có phòng nào có bác sĩ làm việc',
  waitingCount: 'đang chờ {count}',
  noDoctor: 'chưa có bác sĩ',
  priority: 'Mức ưu tiên',
  priorityHint: 'Ưu tiên: người cao tuổi, trẻ dưới 6 tuổi, phụ nữ có thai, người khuyết tật.',
  symptom: 'Lý do khám',
  submit: 'Cấp số',
  cancel: 'Huỷ',
  result: 'Số {number} — {room}',
  resultHint: 'Mời bệnh nhân {name} đến {room} và chờ gọi số.',
  code: 'Mã lịch khám: {code}',
  print: 'In phiếu số thứ tự',
  another: 'Cấp số khác',
  close: 'Đóng',
} as const;
