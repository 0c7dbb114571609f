import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { fileBody } from '../core/endpoint-files';
import { idFilter, pagingParams } from '../core/list-query';
import { CLINIC_PROGRAMS } from '../rules/clinic-programs';
import { CLINIC_PATH, idParam, positiveId, text } from './clinic.contract';
import { CONTENT_IMAGE_SRC_RE, contentImageOne } from './content.contract';
import { APP_PATH } from './patient-app.contract';

/**
 * The private clinic's conversations (issue 20; spec §7 "chat groups (filter, by id, create, members)"; docs/clinic.md):
 * groups of a programme's members with their doctors and nurses, and one-to-one conversations between a staff account
 * and a member. Staff (MANAGER_SHP) read every conversation of the facility and write in those they are in; a member
 * reads and writes in theirs through the patient app. Messages are persisted before they are delivered; the live topic
 * carries each new message to every open screen, and a client that lost its socket catches up with `after=`.
 */
export const GROUPS_CHAT_PATH = `${CLINIC_PATH}/groups-chat`;
export const APP_CLINIC_PATH = `${APP_PATH}/clinic`;
export const CLINIC_CHAT_LIVE_TOPIC = 'clinic-chat';
/** Live events of the topic: a new message (data: { groupId, message? }), a message hidden or shown again, a read mark, a change of the group. */
export const CHAT_EVENTS = { message: 'MESSAGE', hidden: 'HIDDEN', read: 'READ', group: 'GROUP' } as const;

export const CHAT_TEXT_MAX = 2000;
export const CHAT_NAME_MAX = 120;
export const CHAT_DESCRIPTION_MAX = 500;
export const CHAT_PAGE_MAX = 100;
/** Most participants one request may add. */
export const CHAT_ADD_MAX = 500;

export const CHAT_MESSAGES = {
  groupNotFound: 'Không tìm thấy cuộc trò chuyện',
  messageNotFound: 'Không tìm thấy tin nhắn',
  notParticipant: 'Bạn không ở trong cuộc trò chuyện này: hãy tham gia nhóm trước khi gửi tin nhắn',
  notMember: 'Bạn không ở trong cuộc trò chuyện này',
  empty: 'Vui lòng nhập tin nhắn hoặc chọn ảnh',
  staffUnknown: 'Có nhân viên không thuộc cơ sở y tế của bạn hoặc đã bị khoá (mã {ids})',
  membersUnknown: 'Có bệnh nhân không phải thành viên đang hoạt động của phòng khám (mã tài khoản {ids})',
  directNoMember: 'Bệnh nhân này không phải thành viên đang hoạt động của phòng khám',
  directFixed: 'Cuộc trò chuyện riêng chỉ gồm một nhân viên và một thành viên: không thêm hay bớt người',
  lastStaff: 'Nhóm cần ít nhất một nhân viên: không bỏ được nhân viên cuối cùng',
  participantNotFound: 'Người này không ở trong cuộc trò chuyện',
  created: 'Đã tạo nhóm',
  added: 'Đã thêm {count} người vào nhóm',
  removed: 'Đã bỏ khỏi nhóm',
  hidden: 'Đã ẩn tin nhắn',
  shown: 'Đã hiện lại tin nhắn',
  inactiveMember: 'Tài khoản của bạn không còn là thành viên đang hoạt động của phòng khám',
} as const;

const messageIdParam = z
  .string()
  .regex(/^\d{1,15}$/, 'Mã tin nhắn không hợp lệ')
  .transform(Number);

export const chatMessage = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  sender: z.object({ kind: z.enum(['STAFF', 'MEMBER']), id: z.number().int(), name: z.string() }),
  /** Empty for a hidden message read by a member. */
  text: z.string(),
  imageUrl: z.string().nullable(),
  hidden: z.boolean(),
  hiddenBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessageDto = z.infer<typeof chatMessage>;

export const chatParticipant = z.object({
  id: z.number().int(),
  kind: z.enum(['STAFF', 'MEMBER']),
  /** The account id (STAFF) or the patient app account id (MEMBER). */
  refId: z.number().int(),
  name: z.string(),
  /** Staff: the username; member: the patient code. */
  detail: z.string().nullable(),
  lastReadMessageId: z.number().int(),
  joinedAt: z.string(),
});
export type ChatParticipantDto = z.infer<typeof chatParticipant>;

export const chatGroupRow = z.object({
  id: z.number().int(),
  kind: z.enum(['GROUP', 'DIRECT']),
  name: z.string(),
  program: z.enum(CLINIC_PROGRAMS).nullable(),
  memberCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  lastMessagePreview: z.string().nullable(),
  /** Whether the caller is in it (may write), and how many messages of others they have not read (capped at 99). */
  joined: z.boolean(),
  unread: z.number().int(),
});
export type ChatGroupRowDto = z.infer<typeof chatGroupRow>;

export const chatGroupDetail = chatGroupRow.extend({
  description: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  participants: z.array(chatParticipant),
});
export type ChatGroupDetailDto = z.infer<typeof chatGroupDetail>;

export const chatGroupQuery = z.object({
  q: z.string().trim().max(100, 'Từ khoá tối đa 100 ký tự').optional(),
  kind: z.enum(['GROUP', 'DIRECT'], { message: 'Loại cuộc trò chuyện không hợp lệ' }).optional(),
  /** Only the conversations the caller is in. */
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  ...pagingParams(30),
});

const ids = (message: string) => z.array(positiveId(message), { message }).max(CHAT_ADD_MAX, `Tối đa ${CHAT_ADD_MAX} người mỗi lần`);

export const createGroupBody = z.strictObject({
  name: text('Tên nhóm', CHAT_NAME_MAX).min(1, 'Vui lòng nhập tên nhóm'),
  description: text('Mô tả', CHAT_DESCRIPTION_MAX).optional(),
  program: z.enum(CLINIC_PROGRAMS, { message: 'Chương trình chăm sóc không hợp lệ' }).nullable().optional(),
  /** Add every active member of the programme. */
  withProgramMembers: z.boolean().optional(),
  /** Staff accounts besides the creator (who is always in it). */
  accountIds: ids('Nhân viên không hợp lệ').optional(),
  /** Members' patient app accounts. */
  userIds: ids('Thành viên không hợp lệ').optional(),
});
export type CreateGroupBody = z.input<typeof createGroupBody>;

export const addParticipantsBody = z
  .strictObject({ accountIds: ids('Nhân viên không hợp lệ').optional(), userIds: ids('Thành viên không hợp lệ').optional() })
  .refine((b) => (b.accountIds?.length ?? 0) + (b.userIds?.length ?? 0) > 0, { message: 'Vui lòng chọn ít nhất một người' });

export const directBody = z.strictObject({ userId: positiveId('Thành viên không hợp lệ') });

export const messageBody = z
  .strictObject({
    text: text('Tin nhắn', CHAT_TEXT_MAX).optional(),
    imageUrl: z.string().regex(CONTENT_IMAGE_SRC_RE, 'Ảnh không hợp lệ: hãy tải ảnh lên (JPEG, PNG hoặc WebP)').nullable().optional(),
  })
  .refine((b) => Boolean(b.text) || Boolean(b.imageUrl), { message: CHAT_MESSAGES.empty, path: ['text'] });
export type MessageBody = z.input<typeof messageBody>;

/** A page of messages, oldest first: `before` pages backwards (history), `after` catches up (newer than the last seen). */
export const messagesQuery = z
  .object({
    before: messageIdParam.optional(),
    after: messageIdParam.optional(),
    size: z
      .string()
      .regex(/^\d{1,3}$/, 'Số dòng không hợp lệ')
      .transform(Number)
      .pipe(z.number().int().min(1, 'Số dòng tối thiểu 1').max(CHAT_PAGE_MAX, `Số dòng tối đa ${CHAT_PAGE_MAX}`))
      .optional(),
  })
  .refine((q) => q.before === undefined || q.after === undefined, { message: 'Chỉ dùng một trong before hoặc after', path: ['after'] });
export type MessagesQuery = z.infer<typeof messagesQuery>;

export const messagesPage = z.object({
  messages: z.array(chatMessage),
  /** Older messages exist (before the first of this page). */
  hasOlder: z.boolean(),
  /** Newer messages exist (after the last of this page: `after` met the page size). */
  hasNewer: z.boolean(),
});
export type MessagesPageDto = z.infer<typeof messagesPage>;

export const readBody = z.strictObject({ messageId: z.number({ message: 'Mã tin nhắn không hợp lệ' }).int().nonnegative() });
export const hiddenBody = z.strictObject({ hidden: z.boolean({ message: 'Vui lòng chọn ẩn hoặc hiện' }) });

const person = z.object({ id: z.number().int(), name: z.string(), detail: z.string().nullable() });
export const CHAT_OPTION_KINDS = ['staff', 'members'] as const;

const errors4 = [400, 401, 403, 404] as const;
const groupParams = idParam;
const one = envelope(chatGroupDetail);

/** The staff's API (MANAGER_SHP). */
export const chatEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${GROUPS_CHAT_PATH}/filter`,
    summary: 'Phòng khám: các cuộc trò chuyện, mới có tin nhắn trước, với số tin chưa đọc',
    query: chatGroupQuery,
    response: pageEnvelope(chatGroupRow),
    errors: [400, 401, 403],
  }),
  create: endpoint({
    method: 'POST',
    path: GROUPS_CHAT_PATH,
    summary: 'Phòng khám: tạo nhóm trò chuyện (người tạo luôn ở trong nhóm)',
    body: createGroupBody,
    response: one,
    errors: [400, 401, 403],
  }),
  direct: endpoint({
    method: 'POST',
    path: `${GROUPS_CHAT_PATH}/direct`,
    summary: 'Phòng khám: mở (hoặc tạo) cuộc trò chuyện riêng giữa tôi và một thành viên',
    body: directBody,
    response: one,
    errors: [400, 401, 403],
  }),
  options: endpoint({
    method: 'GET',
    path: `${GROUPS_CHAT_PATH}/options/:kind`,
    summary: 'Phòng khám: nhân viên / thành viên để thêm vào nhóm',
    params: z.object({ kind: z.enum(CHAT_OPTION_KINDS, { message: 'Loại danh mục không hợp lệ' }) }),
    query: z.object({ q: z.string().trim().max(100, 'Từ khoá tối đa 100 ký tự').optional(), ...pagingParams(20) }),
    response: pageEnvelope(person),
    errors: [400, 401, 403],
  }),
  get: endpoint({
    method: 'GET',
    path: `${GROUPS_CHAT_PATH}/:id`,
    summary: 'Phòng khám: một cuộc trò chuyện',
    params: groupParams,
    response: one,
    errors: [...errors4],
  }),
  join: endpoint({
    method: 'POST',
    path: `${GROUPS_CHAT_PATH}/:id/join`,
    summary: 'Phòng khám: tham gia nhóm (để gửi tin nhắn)',
    params: groupParams,
    response: one,
    errors: [...errors4, 409],
  }),
  addMembers: endpoint({
    method: 'POST',
    path: `${GROUPS_CHAT_PATH}/:id/members`,
    summary: 'Phòng khám: thêm nhân viên và thành viên vào nhóm (người đã ở trong nhóm được bỏ qua)',
    params: groupParams,
    body: addParticipantsBody,
    response: one,
    errors: [...errors4, 409],
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: `${GROUPS_CHAT_PATH}/:id/members/:participantId`,
    summary: 'Phòng khám: bỏ một người khỏi nhóm',
    params: z.object({ id: idFilter.pipe(z.number()), participantId: idFilter.pipe(z.number()) }),
    response: one,
    errors: [...errors4, 409],
  }),
  messages: endpoint({
    method: 'GET',
    path: `${GROUPS_CHAT_PATH}/:id/messages`,
    summary: 'Phòng khám: tin nhắn (cũ trước); before = trang cũ hơn, after = tin mới hơn tin đã thấy',
    params: groupParams,
    query: messagesQuery,
    response: envelope(messagesPage),
    errors: [...errors4],
  }),
  send: endpoint({
    method: 'POST',
    path: `${GROUPS_CHAT_PATH}/:id/messages`,
    summary: 'Phòng khám: gửi tin nhắn (chữ và/hoặc một ảnh đã tải lên)',
    params: groupParams,
    body: messageBody,
    response: envelope(chatMessage),
    errors: [...errors4],
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: `${GROUPS_CHAT_PATH}/images`,
    summary: 'Phòng khám: tải ảnh để gửi trong tin nhắn (JPEG, PNG hoặc WebP, tối đa 5 MB; loại tệp xác định từ nội dung)',
    body: fileBody,
    response: contentImageOne,
    errors: [400, 401, 403, 413, 415],
  }),
  read: endpoint({
    method: 'PUT',
    path: `${GROUPS_CHAT_PATH}/:id/read`,
    summary: 'Phòng khám: đánh dấu đã đọc đến tin nhắn này',
    params: groupParams,
    body: readBody,
    response: envelope(z.object({ lastReadMessageId: z.number().int() })),
    errors: [...errors4],
  }),
  hide: endpoint({
    method: 'PUT',
    path: `${GROUPS_CHAT_PATH}/:id/messages/:messageId/hidden`,
    summary: 'Phòng khám: ẩn (hoặc hiện lại) một tin nhắn — người điều phối; ghi nhật ký',
    params: z.object({ id: idFilter.pipe(z.number()), messageId: messageIdParam }),
    body: hiddenBody,
    response: envelope(chatMessage),
    errors: [...errors4],
  }),
};

// ——— the patient app ———

export const appMembership = z.object({
  memberId: z.number().int(),
  program: z.enum(CLINIC_PROGRAMS),
  programName: z.string(),
  active: z.boolean(),
  doctor: z.string().nullable(),
  surveys: z.array(z.object({ kind: z.string(), name: z.string(), everyDays: z.number().int() })),
});

export const appChatEndpoints = {
  membership: endpoint({
    method: 'GET',
    path: `${APP_CLINIC_PATH}/membership`,
    summary: 'Ứng dụng: tư cách thành viên phòng khám của tôi (chương trình, bác sĩ phụ trách, khảo sát)',
    response: envelope(appMembership),
    errors: [401, 404],
  }),
  groups: endpoint({
    method: 'GET',
    path: `${APP_CLINIC_PATH}/groups`,
    summary: 'Ứng dụng: các cuộc trò chuyện của tôi, với số tin chưa đọc',
    query: z.object({ ...pagingParams(30) }),
    response: pageEnvelope(chatGroupRow),
    errors: [400, 401],
  }),
  messages: endpoint({
    method: 'GET',
    path: `${APP_CLINIC_PATH}/groups/:id/messages`,
    summary: 'Ứng dụng: tin nhắn của một cuộc trò chuyện của tôi',
    params: groupParams,
    query: messagesQuery,
    response: envelope(messagesPage),
    errors: [400, 401, 404],
  }),
  send: endpoint({
    method: 'POST',
    path: `${APP_CLINIC_PATH}/groups/:id/messages`,
    summary: 'Ứng dụng: gửi tin nhắn vào cuộc trò chuyện của tôi',
    params: groupParams,
    body: messageBody,
    response: envelope(chatMessage),
    errors: [400, 401, 403, 404],
  }),
  read: endpoint({
    method: 'PUT',
    path: `${APP_CLINIC_PATH}/groups/:id/read`,
    summary: 'Ứng dụng: đánh dấu đã đọc',
    params: groupParams,
    body: readBody,
    response: envelope(z.object({ lastReadMessageId: z.number().int() })),
    errors: [400, 401, 404],
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: `${APP_CLINIC_PATH}/images`,
    summary: 'Ứng dụng: tải ảnh để gửi trong tin nhắn (JPEG, PNG hoặc WebP, tối đa 5 MB)',
    body: fileBody,
    response: contentImageOne,
    errors: [400, 401, 403, 413, 415],
  }),
};
