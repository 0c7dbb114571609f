import { z } from 'zod';
import { envelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { bookingOne } from './appointments.contract';

/**
 * The waiting room (issue 22; docs/waiting-room.md): calling screens, kiosks, the room's console, walk-ins.
 *
 * Screens (display and kiosk links), MANAGER_SETTING (or ADMIN_FACILITY), screen /admin/man-hinh-goi-so:
 *   GET    /api/queue/v1/screens?kind&state            the facility's links (the token itself is never listed)
 *   POST   /api/queue/v1/screens                        { kind, name, roomIds, volume, chime } → the row with its token and link, once
 *   PUT    /api/queue/v1/screens/:id                    { name, roomIds, volume, chime }
 *   POST   /api/queue/v1/screens/:id/revoke             revoke: its open screens close at once
 * Public, with the link's token in the header X-Screen-Token (no staff sign-in):
 *   GET    /api/queue/v1/display                        the calling screen's state (rooms, calls, waiting numbers)
 *   GET    /api/queue/v1/display/live  (WebSocket)      first message { type: 'hello', token }; then DisplayServerMessage
 *   GET    /api/queue/v1/kiosk                          the kiosk's facility, rooms and day
 *   POST   /api/queue/v1/kiosk/checkin                  { qr } | { code, phone } → the queue ticket
 * Room console (MANAGER_ROOM_QUEUE, and the account assigned to the room: 403 otherwise), /admin/phong-kham:
 *   GET    /api/queue/v1/rooms                          the caller's rooms (its console's choices)
 *   GET    /api/queue/v1/rooms/:roomId                  today's queue of the room: the call of the moment, waiting, called earlier
 *   POST   /api/queue/v1/rooms/:roomId/call-next        call the next patient (priority first, then by place)
 *   POST   /api/queue/v1/rooms/:roomId/call             { bookingId } call one waiting patient (a skipped one who came back)
 *   POST   /api/queue/v1/rooms/:roomId/recall           { bookingId } call the current patient again (spoken again)
 *   POST   /api/queue/v1/rooms/:roomId/skip             { bookingId } the current patient did not answer: back in the queue
 *   POST   /api/queue/v1/rooms/:roomId/complete         { bookingId } the visit is done
 * Walk-ins at the counter (MANAGER_APPOINTMENT):
 *   GET    /api/appointment/v1/walk-ins/rooms           today's rooms with a doctor working, and their queues' sizes
 *   POST   /api/appointment/v1/walk-ins                 { medicalProfileId, roomId, priority, symptom } → a checked-in booking with its number
 */
export const QUEUE_PATH = '/api/queue/v1';
export const WALK_IN_PATH = '/api/appointment/v1/walk-ins';
/** The header carrying a display's or kiosk's token (never the URL: it would land in access logs). */
export const SCREEN_TOKEN_HEADER = 'x-screen-token';
/** The public pages: the token follows '#' in the link, so it never reaches a server log or a Referer. */
export const DISPLAY_PAGE = '/display';
export const KIOSK_PAGE = '/kiosk';

export const SCREEN_KINDS = ['DISPLAY', 'KIOSK'] as const;
export type ScreenKind = (typeof SCREEN_KINDS)[number];
export const SCREEN_KIND_LABELS: Record<ScreenKind, string> = { DISPLAY: 'Màn hình gọi số', KIOSK: 'Ki-ốt tự tiếp đón' };
export const SCREEN_STATES = ['ACTIVE', 'REVOKED'] as const;
export const SCREEN_STATE_LABELS: Record<(typeof SCREEN_STATES)[number], string> = { ACTIVE: 'Đang dùng', REVOKED: 'Đã thu hồi' };

/** A display shows up to this many rooms; a kiosk may serve any (none = every room of the facility). */
export const DISPLAY_MAX_ROOMS = 12;
/** Waiting numbers a display shows under each room's call. */
export const DISPLAY_WAITING_SHOWN = 5;

/** How names appear on calling screens and kiosk tickets (the facility's QUEUE_DISPLAY_NAMES setting). */
export const NAME_MODES = ['MASKED', 'FULL', 'HIDDEN'] as const;
export type NameMode = (typeof NAME_MODES)[number];

export const QUEUE_MESSAGES = {
  screenNotFound: 'Không tìm thấy liên kết màn hình',
  screenRevoked: 'Liên kết đã bị thu hồi',
  screenInvalid: 'Liên kết màn hình không còn hiệu lực. Vui lòng liên hệ quản trị để được cấp liên kết mới.',
  screenWrongKind: 'Liên kết này không dùng cho màn hình này',
  created: 'Đã tạo liên kết màn hình',
  updated: 'Đã cập nhật liên kết màn hình',
  revoked: 'Đã thu hồi liên kết màn hình',
  roomsRequired: 'Chọn ít nhất một phòng khám',
  tooManyRooms: `Một màn hình gọi số hiển thị tối đa ${DISPLAY_MAX_ROOMS} phòng`,
  roomNotFound: 'Không tìm thấy phòng khám',
  notYourRoom: 'Tài khoản chưa được phân vào phòng khám này',
  noCurrentCall: 'Phòng chưa gọi bệnh nhân nào',
  notCurrentCall: 'Bệnh nhân này không còn là người đang được gọi của phòng',
  notWaiting: 'Bệnh nhân này không ở trong hàng chờ của phòng',
  called: 'Mời số {number} vào phòng',
  recalled: 'Đã gọi lại số {number}',
  skipped: 'Đã bỏ qua số {number}: xếp lại sau {places} người',
  completed: 'Đã hoàn thành khám số {number}',
  walkInCreated: 'Đã cấp số {number} tại {room}',
  walkInNoSchedule: 'Hôm nay phòng này không có lịch làm việc của bác sĩ',
  walkInDuplicate: 'Bệnh nhân đã có số {number} đang chờ tại phòng này hôm nay',
  kioskNotFound: 'Không tìm thấy lịch khám. Vui lòng kiểm tra lại mã lịch và số điện thoại.',
  kioskQrInvalid: 'Mã QR không phải mã lịch khám của bệnh viện.',
  kioskOtherFacility: 'Lịch khám này không thuộc bệnh viện này.',
  kioskOtherDay: 'Lịch khám này hẹn ngày {date}, không phải hôm nay. Ki-ốt chỉ tiếp đón lịch khám của hôm nay.',
  kioskOtherRoom: 'Lịch khám này không tiếp đón tại ki-ốt này. Vui lòng đến quầy tiếp đón.',
  kioskPending: 'Lịch khám chưa được bệnh viện xác nhận. Vui lòng đến quầy tiếp đón.',
  kioskClosed: 'Lịch khám đang ở trạng thái "{status}", không tiếp đón được. Vui lòng đến quầy tiếp đón.',
  kioskLate: 'Đã quá giờ hẹn {time} hơn {allowed}. Vui lòng đến quầy tiếp đón để được hỗ trợ.',
  kioskCheckedIn: 'Tiếp đón thành công',
  kioskAlready: 'Lịch khám đã được tiếp đón trước đó',
  kioskTooMany: 'Nhập sai quá nhiều lần. Vui lòng thử lại sau ít phút hoặc đến quầy tiếp đón.',
} as const;

const id = z.number({ message: 'Mã không hợp lệ' }).int('Mã không hợp lệ').positive('Mã không hợp lệ');
const idSegment = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);
const roomRef = z.object({ id: z.number(), code: z.string(), name: z.string() });

// ---- Screens (links) ----

export const screenRow = z.object({
  id: z.number(),
  kind: z.enum(SCREEN_KINDS),
  name: z.string(),
  /** The rooms it shows (display) or checks in for (kiosk; empty = every room). */
  rooms: z.array(roomRef),
  /** 0–100, the display's voice and chime. */
  volume: z.number(),
  chime: z.boolean(),
  /** The first characters of the token, to tell links apart. */
  tokenHint: z.string(),
  state: z.enum(SCREEN_STATES),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type ScreenRow = z.infer<typeof screenRow>;

export const screenListQuery = z.object({
  kind: z.enum(SCREEN_KINDS, { message: 'Loại màn hình không hợp lệ' }).optional(),
  state: z.enum(SCREEN_STATES, { message: 'Trạng thái không hợp lệ' }).optional(),
});

const screenFields = {
  name: z.string({ message: 'Vui lòng nhập tên màn hình' }).trim().min(1, 'Vui lòng nhập tên màn hình').max(100, 'Tên màn hình tối đa 100 ký tự'),
  roomIds: z.array(id, { message: 'Danh sách phòng không hợp lệ' }).max(200, 'Danh sách phòng không hợp lệ'),
  volume: z.number({ message: 'Âm lượng từ 0 đến 100' }).int('Âm lượng từ 0 đến 100').min(0, 'Âm lượng từ 0 đến 100').max(100, 'Âm lượng từ 0 đến 100'),
  chime: z.boolean({ message: 'Chuông báo không hợp lệ' }),
};
export const createScreenBody = z.strictObject({ kind: z.enum(SCREEN_KINDS, { message: 'Loại màn hình không hợp lệ' }), ...screenFields });
export type CreateScreenBody = z.infer<typeof createScreenBody>;
export const updateScreenBody = z.strictObject(screenFields);
export type UpdateScreenBody = z.infer<typeof updateScreenBody>;
/** Answer of a creation: the token and the link are shown once (only a hash of the token is kept). */
export const createdScreen = screenRow.extend({ token: z.string(), link: z.string() });
export type CreatedScreen = z.infer<typeof createdScreen>;
export const screenIdParams = z.object({ id: idSegment('Mã màn hình không hợp lệ') });

// ---- The calling screen ----

/** A number shown on a calling screen. `name` as the facility's name mode allows (null when hidden). */
export const displayTicket = z.object({ number: z.number(), name: z.string().nullable(), priority: z.boolean() });
export type DisplayTicket = z.infer<typeof displayTicket>;
/** The call of the moment of a room: `callId` changes with each call and recall (the screen flashes and speaks once per id). */
export const displayCall = displayTicket.extend({ callId: z.string(), at: z.string() });
export type DisplayCall = z.infer<typeof displayCall>;
export const displayRoom = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  current: displayCall.nullable(),
  /** The next ones, in the order they will be called (priority first), at most DISPLAY_WAITING_SHOWN. */
  waiting: z.array(displayTicket),
  waitingCount: z.number(),
});
export type DisplayRoom = z.infer<typeof displayRoom>;
export const displayState = z.object({
  facility: z.object({ name: z.string() }),
  screen: z.object({ id: z.number(), name: z.string(), volume: z.number(), chime: z.boolean() }),
  nameMode: z.enum(NAME_MODES),
  date: z.string(),
  rooms: z.array(displayRoom),
  serverTime: z.string(),
});
export type DisplayState = z.infer<typeof displayState>;

/** A call to announce: spoken and flashed once (a recall is a new announcement of the same patient). */
export interface DisplayAnnouncement {
  callId: string;
  roomId: number;
  roomName: string;
  number: number;
  name: string | null;
  priority: boolean;
  recall: boolean;
}

/** WebSocket GET /api/queue/v1/display/live: client → server. */
export type DisplayClientMessage = { type: 'hello'; token: string };
/** Server → client: the whole state after hello (and after a reconnect), a room when it changes, a call to announce. */
export type DisplayServerMessage =
  | { type: 'state'; state: DisplayState }
  | { type: 'room'; room: DisplayRoom }
  | { type: 'announce'; announcement: DisplayAnnouncement }
  | { type: 'error'; message: string }
  /** Once a minute when nothing else was sent: the screen knows its connection is alive (it reconnects after 3 silent minutes). */
  | { type: 'ping' };
export const DISPLAY_LIVE_PATH = `${QUEUE_PATH}/display/live`;
/** Close codes: the link is revoked or unknown (show QUEUE_MESSAGES.screenInvalid, do not reconnect). */
export const DISPLAY_SOCKET_CLOSE = { invalid: 4403 } as const;

// ---- The kiosk ----

export const kioskInfo = z.object({
  facility: z.object({ name: z.string(), hotline: z.string().nullable() }),
  screen: z.object({ id: z.number(), name: z.string() }),
  date: z.string(),
  nameMode: z.enum(NAME_MODES),
});
export type KioskInfo = z.infer<typeof kioskInfo>;

/** What the patient reads and prints at the kiosk. */
export const queueTicket = z.object({
  bookingCode: z.string(),
  number: z.number(),
  room: roomRef,
  doctorName: z.string(),
  departmentName: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** As the facility's name mode allows. */
  patientName: z.string().nullable(),
  priority: z.boolean(),
  /** Patients to be called before this one, now. */
  waitingAhead: z.number(),
  checkedInAt: z.string(),
  alreadyCheckedIn: z.boolean(),
});
export type QueueTicket = z.infer<typeof queueTicket>;

const codeField = z
  .string({ message: 'Vui lòng nhập mã lịch khám' })
  .trim()
  .min(1, 'Vui lòng nhập mã lịch khám')
  .max(40, 'Mã lịch khám không hợp lệ')
  .transform((s) => s.toUpperCase());
const phoneField = z
  .string({ message: 'Vui lòng nhập số điện thoại' })
  .trim()
  .min(1, 'Vui lòng nhập số điện thoại')
  .max(20, 'Số điện thoại không hợp lệ')
  .regex(/^[0-9 +.-]+$/, 'Số điện thoại không hợp lệ');
export const kioskCheckinBody = z.union(
  [
    z.strictObject({ qr: z.string({ message: 'Mã QR không hợp lệ' }).trim().min(1, 'Mã QR không hợp lệ').max(200, 'Mã QR không hợp lệ') }),
    z.strictObject({ code: codeField, phone: phoneField }),
  ],
  { message: 'Quét mã QR hoặc nhập mã lịch khám và số điện thoại' },
);
export type KioskCheckinBody = z.infer<typeof kioskCheckinBody>;

/**
 * The booking's QR payload (printed on the confirmation, shown in the patient app): its code and its
 * random check-in key, "DK2611270001234.3f9a…". The kiosk reads it from a barcode scanner (a keyboard) or the camera.
 */
export const BOOKING_QR_SEPARATOR = '.';
export const bookingQrPayload = (code: string, key: string) => `${code}${BOOKING_QR_SEPARATOR}${key}`;
export function parseBookingQr(qr: string): { code: string; key: string } | null {
  const m = /^(DK\d{6,20})\.([0-9a-f]{16})$/i.exec(qr.trim());
  return m ? { code: m[1]!.toUpperCase(), key: m[2]!.toLowerCase() } : null;
}

// ---- The room console ----

export const consoleTicket = z.object({
  bookingId: z.number(),
  code: z.string(),
  number: z.number(),
  name: z.string(),
  priority: z.boolean(),
  /** Times the patient was called and did not answer. */
  skips: z.number(),
  symptom: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  calledAt: z.string().nullable(),
  source: z.string(),
});
export type ConsoleTicket = z.infer<typeof consoleTicket>;
export const consoleState = z.object({
  room: roomRef,
  date: z.string(),
  current: consoleTicket.nullable(),
  /** In the order they will be called. */
  waiting: z.array(consoleTicket),
  /** Called before the current one, visit not yet marked done. */
  calledEarlier: z.array(consoleTicket),
  doneCount: z.number(),
  /** The facility's QUEUE_SKIP_PLACES: how far back a skipped patient goes. */
  skipPlaces: z.number(),
});
export type ConsoleState = z.infer<typeof consoleState>;
export const roomParams = z.object({ roomId: idSegment('Mã phòng không hợp lệ') });
export const consoleBookingBody = z.strictObject({ bookingId: id });
const consoleAnswer = envelope(consoleState);

// ---- Walk-ins ----

export const walkInRoom = roomRef.extend({
  doctors: z.array(z.string()),
  waitingCount: z.number(),
  lastNumber: z.number(),
});
export type WalkInRoom = z.infer<typeof walkInRoom>;
export const walkInBody = z.strictObject({
  medicalProfileId: id,
  roomId: id,
  priority: z.union([z.literal(0), z.literal(1)], { message: 'Mức ưu tiên không hợp lệ' }),
  symptom: z.string().trim().max(500, 'Lý do khám tối đa 500 ký tự').nullish(),
});
export type WalkInBody = z.infer<typeof walkInBody>;

const Q = QUEUE_PATH;
export const queueScreenEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${Q}/screens`,
    summary: 'Liên kết màn hình gọi số và ki-ốt',
    query: screenListQuery,
    response: envelope(z.array(screenRow)),
    errors: [400, 401, 403],
  }),
  create: endpoint({
    method: 'POST',
    path: `${Q}/screens`,
    summary: 'Tạo liên kết màn hình (mã chỉ hiện một lần)',
    body: createScreenBody,
    response: envelope(createdScreen),
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: 'PUT',
    path: `${Q}/screens/:id`,
    summary: 'Sửa liên kết màn hình',
    params: screenIdParams,
    body: updateScreenBody,
    response: envelope(screenRow),
    errors: [400, 401, 403, 404, 409],
  }),
  revoke: endpoint({
    method: 'POST',
    path: `${Q}/screens/:id/revoke`,
    summary: 'Thu hồi liên kết màn hình',
    params: screenIdParams,
    response: envelope(screenRow),
    errors: [400, 401, 403, 404, 409],
  }),
};

export const queuePublicEndpoints = {
  display: endpoint({
    method: 'GET',
    path: `${Q}/display`,
    summary: 'Màn hình gọi số: trạng thái (mã liên kết trong header X-Screen-Token)',
    response: envelope(displayState),
    errors: [401],
  }),
  kiosk: endpoint({
    method: 'GET',
    path: `${Q}/kiosk`,
    summary: 'Ki-ốt: thông tin cơ sở (mã liên kết trong header X-Screen-Token)',
    response: envelope(kioskInfo),
    errors: [401],
  }),
  kioskCheckin: endpoint({
    method: 'POST',
    path: `${Q}/kiosk/checkin`,
    summary: 'Ki-ốt: bệnh nhân tự tiếp đón bằng mã QR hoặc mã lịch và số điện thoại',
    body: kioskCheckinBody,
    response: envelope(queueTicket),
    errors: [400, 401, 404, 409, 429],
  }),
};

const consoleAction = (path: string, summary: string) =>
  endpoint({
    method: 'POST',
    path: `${Q}/rooms/:roomId/${path}`,
    summary,
    params: roomParams,
    body: consoleBookingBody,
    response: consoleAnswer,
    errors: [400, 401, 403, 404, 409],
  });
export const queueConsoleEndpoints = {
  rooms: endpoint({
    method: 'GET',
    path: `${Q}/rooms`,
    summary: 'Phòng khám của tài khoản (bàn gọi bệnh nhân)',
    response: envelope(z.array(roomRef)),
    errors: [401, 403],
  }),
  state: endpoint({
    method: 'GET',
    path: `${Q}/rooms/:roomId`,
    summary: 'Hàng chờ hôm nay của phòng',
    params: roomParams,
    response: consoleAnswer,
    errors: [400, 401, 403, 404],
  }),
  callNext: endpoint({
    method: 'POST',
    path: `${Q}/rooms/:roomId/call-next`,
    summary: 'Gọi bệnh nhân tiếp theo',
    params: roomParams,
    response: consoleAnswer,
    errors: [400, 401, 403, 404, 409],
  }),
  call: consoleAction('call', 'Gọi một bệnh nhân đang chờ'),
  recall: consoleAction('recall', 'Gọi lại bệnh nhân đang được gọi'),
  skip: consoleAction('skip', 'Bỏ qua bệnh nhân không có mặt (xếp lại sau vài người)'),
  complete: consoleAction('complete', 'Hoàn thành khám'),
};

export const walkInEndpoints = {
  rooms: endpoint({
    method: 'GET',
    path: `${WALK_IN_PATH}/rooms`,
    summary: 'Phòng có bác sĩ làm việc hôm nay (khám không hẹn)',
    response: envelope(z.array(walkInRoom)),
    errors: [401, 403],
  }),
  create: endpoint({
    method: 'POST',
    path: WALK_IN_PATH,
    summary: 'Cấp số khám không hẹn trước',
    body: walkInBody,
    response: bookingOne,
    errors: [400, 401, 403, 404, 409],
  }),
};

/** The groups above, by screen. */
export const queueEndpoints = { screens: queueScreenEndpoints, public: queuePublicEndpoints, console: queueConsoleEndpoints, walkIn: walkInEndpoints };
