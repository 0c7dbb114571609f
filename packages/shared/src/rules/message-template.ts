/**
 * Message templates of the notification events (issue 17): text with variables written
 * `{{ten_bien}}` — lower-case ASCII letters and underscores, starting with a letter; spaces inside
 * the braces are allowed (`{{ ho_ten }}`). A single `{` or `}` is ordinary text; only `{{` and `}}`
 * are syntax, and they must pair up.
 *
 * `validateTemplate` is what the event and SMS-template forms show (null or one Vietnamese
 * message); `renderTemplate` fills a template for one patient and refuses, rather than send the
 * braces, when a value is missing. Values are inserted as they are and never read as template
 * text, so a patient's name containing `{{` cannot inject a variable.
 *
 * The catalogue below names each event, its variables with Vietnamese labels and a sample value,
 * and its default text. Every default fits in one SMS part once its diacritics are removed (what
 * brandname routes send), with the sample values; the test checks it.
 */
import type { MessageKind } from './ad-window';

const NAME_RE = /^[a-z][a-z_]*$/;

type Piece = { text: string } | { variable: string };

interface Scan {
  pieces: Piece[];
  /** `{{` with no `}}` after it (before the next `{{`). */
  unclosed: number;
  /** `}}` with no `{{` before it. */
  unopened: number;
  /** What was written between braces that is no variable name, as written (`{{Ho ten}}`). */
  badNames: string[];
}

function scan(text: string): Scan {
  const pieces: Piece[] = [];
  const badNames: string[] = [];
  let unclosed = 0;
  let unopened = 0;
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{{', i);
    const close = text.indexOf('}}', i);
    if (open === -1 && close === -1) {
      pieces.push({ text: text.slice(i) });
      break;
    }
    if (open === -1 || (close !== -1 && close < open)) {
      unopened += 1;
      pieces.push({ text: text.slice(i, close + 2) });
      i = close + 2;
      continue;
    }
    pieces.push({ text: text.slice(i, open) });
    const end = text.indexOf('}}', open + 2);
    const nextOpen = text.indexOf('{{', open + 2);
    if (end === -1 || (nextOpen !== -1 && nextOpen < end)) {
      unclosed += 1;
      const stop = end === -1 ? text.length : nextOpen;
      pieces.push({ text: text.slice(open, stop) });
      i = stop;
      continue;
    }
    const name = text.slice(open + 2, end).trim();
    if (NAME_RE.test(name)) pieces.push({ variable: name });
    else badNames.push(text.slice(open, end + 2));
    i = end + 2;
  }
  return { pieces, unclosed, unopened, badNames };
}

const braces = (name: string) => `{{${name}}}`;

/** The variables a template uses, each once, in order of first use (malformed ones left out). */
export function templateVariables(text: string): string[] {
  const names = new Set<string>();
  for (const p of scan(text).pieces) if ('variable' in p) names.add(p.variable);
  return [...names];
}

/** Problems of the template's syntax alone, as Vietnamese sentences. */
function syntaxProblems(s: Scan): string[] {
  const problems: string[] = [];
  if (s.unclosed > 0) problems.push('Mẫu tin nhắn có "{{" chưa được đóng bằng "}}"');
  if (s.unopened > 0) problems.push('Mẫu tin nhắn có "}}" không có "{{" mở trước');
  if (s.badNames.length > 0) {
    problems.push(`Tên biến không hợp lệ: ${[...new Set(s.badNames)].join(', ')} (chỉ gồm chữ thường không dấu và dấu gạch dưới, ví dụ {{ho_ten}})`);
  }
  return problems;
}

/**
 * Null when the template is well formed and uses only `allowed` variables; else one Vietnamese
 * message naming the braces that do not pair up, the malformed names and the unknown variables
 * (with the ones that can be used).
 */
export function validateTemplate(text: string, allowed: readonly string[]): string | null {
  const s = scan(text);
  const problems = syntaxProblems(s);
  const allowedSet = new Set(allowed);
  const unknown = templateVariables(text).filter((n) => !allowedSet.has(n));
  if (unknown.length > 0) {
    const usable = allowed.length > 0 ? `; các biến dùng được: ${allowed.map(braces).join(', ')}` : '; mẫu này không dùng được biến nào';
    problems.push(`Biến không tồn tại: ${unknown.map(braces).join(', ')}${usable}`);
  }
  return problems.length === 0 ? null : `${problems.join('. ')}.`;
}

export type TemplateValues = Readonly<Record<string, string | number | null | undefined>>;

/**
 * The template filled with `values`. A variable whose value is missing (undefined, null, or
 * blank text) is an error naming it, as is a malformed template: the patient never receives
 * `{{…}}`.
 */
export function renderTemplate(text: string, values: TemplateValues): { text: string } | { error: string } {
  const s = scan(text);
  const problems = syntaxProblems(s);
  if (problems.length > 0) return { error: `${problems.join('. ')}.` };
  const missing: string[] = [];
  let out = '';
  for (const p of s.pieces) {
    if ('text' in p) {
      out += p.text;
      continue;
    }
    const v = Object.hasOwn(values, p.variable) ? values[p.variable] : undefined;
    const str = v === null || v === undefined ? '' : String(v);
    if (str.trim() === '') {
      if (!missing.includes(p.variable)) missing.push(p.variable);
      continue;
    }
    out += str;
  }
  if (missing.length > 0) return { error: `Thiếu giá trị cho biến ${missing.map(braces).join(', ')}` };
  return { text: out };
}

/** The variables the events offer, with the label the template form shows and a sample value for its preview. */
export const TEMPLATE_VARIABLES = {
  ho_ten: { label: 'Họ tên bệnh nhân', example: 'Nguyễn Thị Minh Khai' },
  ma_lich: { label: 'Mã lịch khám', example: 'DK261127004512' },
  ngay_kham: { label: 'Ngày khám (DD/MM/YYYY)', example: '27/11/2026' },
  gio_kham: { label: 'Giờ khám (HH:mm)', example: '08:30' },
  khoa: { label: 'Khoa / chuyên khoa', example: 'Tai Mũi Họng' },
  phong: { label: 'Phòng khám', example: 'Phòng 204' },
  goi_y: { label: 'Gợi ý giờ đến / số thứ tự', example: 'Vui lòng đến trước 08:15' },
  ly_do: { label: 'Lý do từ chối', example: 'Bác sĩ nghỉ đột xuất' },
  ma_xac_nhan: { label: 'Mã xác nhận', example: '482913' },
  duong_dan: { label: 'Đường dẫn đặt lại mật khẩu', example: 'https://bv.vn/r/x7Kp2' },
  thoi_han: { label: 'Thời hạn hiệu lực (phút)', example: '10' },
  tieu_de: { label: 'Tiêu đề câu hỏi', example: 'Đau họng kéo dài' },
  bac_si: { label: 'Bác sĩ trả lời', example: 'ThS.BS Phạm Thu Trang' },
  ten_thuoc: { label: 'Tên thuốc', example: 'Metformin 500 mg' },
  lieu_dung: { label: 'Liều dùng', example: '1 viên, sau ăn' },
  gio_uong: { label: 'Giờ uống', example: '07:00' },
} as const satisfies Record<string, { label: string; example: string }>;

export type TemplateVariable = keyof typeof TEMPLATE_VARIABLES;

export type NotificationEvent =
  | 'BOOKING_ACCEPTED'
  | 'BOOKING_REJECTED'
  | 'VISIT_REMINDER'
  | 'RESULT_READY'
  | 'PASSWORD_RESET'
  | 'QUESTION_ANSWERED'
  | 'QUESTION_REJECTED'
  | 'FEEDBACK_REPLIED'
  | 'MEDICINE_REMINDER';

export interface NotificationEventDefinition {
  event: NotificationEvent;
  label: string;
  /** When it is sent, for the events screen. */
  description: string;
  /** All are care messages: they answer the patient's own booking or account (Nghị định 91/2020: not advertising). */
  kind: MessageKind;
  variables: readonly TemplateVariable[];
  defaultTemplate: string;
}

/** The events of issue 17 (and the feedback reply of issue 19), in the order the events screen lists them. */
export const NOTIFICATION_EVENTS: readonly NotificationEventDefinition[] = [
  {
    event: 'BOOKING_ACCEPTED',
    label: 'Lịch khám được xác nhận',
    description: 'Gửi khi cơ sở tiếp nhận lịch khám của bệnh nhân',
    kind: 'CARE',
    variables: ['ho_ten', 'ma_lich', 'ngay_kham', 'gio_kham', 'khoa', 'phong', 'goi_y'],
    defaultTemplate: 'Đã xác nhận lịch khám {{ma_lich}} của {{ho_ten}}: {{gio_kham}} ngày {{ngay_kham}}, {{khoa}}, {{phong}}. {{goi_y}}.',
  },
  {
    event: 'BOOKING_REJECTED',
    label: 'Lịch khám bị từ chối',
    description: 'Gửi khi cơ sở từ chối lịch khám, kèm lý do',
    kind: 'CARE',
    variables: ['ho_ten', 'ma_lich', 'ngay_kham', 'gio_kham', 'khoa', 'phong', 'ly_do'],
    defaultTemplate: 'Lịch khám {{ma_lich}} của {{ho_ten}} ngày {{ngay_kham}} không được tiếp nhận: {{ly_do}}. Vui lòng đặt lịch khác.',
  },
  {
    event: 'VISIT_REMINDER',
    label: 'Nhắc lịch khám (tối hôm trước)',
    description: 'Gửi vào buổi tối trước ngày khám cho các lịch đã xác nhận',
    kind: 'CARE',
    variables: ['ho_ten', 'ma_lich', 'ngay_kham', 'gio_kham', 'khoa', 'phong', 'goi_y'],
    defaultTemplate: 'Nhắc lịch khám: {{ho_ten}}, {{gio_kham}} ngày mai {{ngay_kham}}, {{khoa}}, {{phong}}, mã {{ma_lich}}. Mang theo CCCD, thẻ BHYT.',
  },
  {
    event: 'RESULT_READY',
    label: 'Đã có kết quả khám',
    description: 'Gửi khi kết quả khám hoặc xét nghiệm của lượt khám đã sẵn sàng',
    kind: 'CARE',
    variables: ['ho_ten', 'ma_lich', 'ngay_kham', 'khoa'],
    defaultTemplate: 'Đã có kết quả khám ngày {{ngay_kham}} của {{ho_ten}} (mã {{ma_lich}}). Xem trên ứng dụng hoặc nhận tại quầy trả kết quả.',
  },
  {
    event: 'PASSWORD_RESET',
    label: 'Đặt lại mật khẩu',
    description: 'Gửi khi bệnh nhân yêu cầu đặt lại mật khẩu tài khoản',
    kind: 'CARE',
    variables: ['ho_ten', 'ma_xac_nhan', 'duong_dan', 'thoi_han'],
    defaultTemplate: 'Mã xác nhận đặt lại mật khẩu của bạn là {{ma_xac_nhan}}, có hiệu lực {{thoi_han}} phút. Không chia sẻ mã này cho bất kỳ ai.',
  },
  {
    event: 'QUESTION_ANSWERED',
    label: 'Câu hỏi đã được trả lời',
    description: 'Gửi khi bác sĩ trả lời câu hỏi của bệnh nhân lần đầu',
    kind: 'CARE',
    variables: ['ho_ten', 'tieu_de', 'bac_si'],
    defaultTemplate: 'Câu hỏi "{{tieu_de}}" của {{ho_ten}} đã được {{bac_si}} trả lời. Mở ứng dụng để xem câu trả lời.',
  },
  {
    event: 'QUESTION_REJECTED',
    label: 'Câu hỏi không được tiếp nhận',
    description: 'Gửi khi câu hỏi của bệnh nhân bị từ chối, kèm lý do',
    kind: 'CARE',
    variables: ['ho_ten', 'tieu_de', 'ly_do'],
    defaultTemplate: 'Câu hỏi "{{tieu_de}}" của {{ho_ten}} không được tiếp nhận: {{ly_do}}.',
  },
  {
    // issue 19: the reply itself is read in the app (it may be long); the message only says there is one
    event: 'FEEDBACK_REPLIED',
    label: 'Cơ sở trả lời đánh giá',
    description: 'Gửi khi cơ sở trả lời phản hồi, đánh giá của bệnh nhân về một lượt khám',
    kind: 'CARE',
    variables: ['ho_ten', 'ma_lich', 'ngay_kham', 'khoa'],
    defaultTemplate: 'Cơ sở đã trả lời đánh giá của {{ho_ten}} về lượt khám ngày {{ngay_kham}} (mã {{ma_lich}}). Xem chi tiết trên ứng dụng.',
  },
  {
    // issue 20: the private clinic's dose reminder, once per dose; the member confirms the dose from it in the app
    event: 'MEDICINE_REMINDER',
    label: 'Nhắc uống thuốc',
    description: 'Gửi cho thành viên phòng khám riêng đúng giờ uống của mỗi liều thuốc',
    kind: 'CARE',
    variables: ['ho_ten', 'ten_thuoc', 'lieu_dung', 'gio_uong'],
    defaultTemplate: 'Đến giờ uống thuốc ({{gio_uong}}): {{ten_thuoc}}, {{lieu_dung}}. {{ho_ten}} vui lòng xác nhận đã uống trên ứng dụng.',
  },
];

const EVENTS_BY_KEY = new Map(NOTIFICATION_EVENTS.map((e) => [e.event, e]));

/** The definition of an event. */
export function notificationEvent(event: NotificationEvent): NotificationEventDefinition {
  return EVENTS_BY_KEY.get(event)!;
}

/** `validateTemplate` against the variables the event offers. */
export function validateEventTemplate(event: NotificationEvent, text: string): string | null {
  return validateTemplate(text, notificationEvent(event).variables);
}

/** The sample values of an event's variables, for the template preview. */
export function exampleValues(event: NotificationEvent): Record<string, string> {
  return Object.fromEntries(notificationEvent(event).variables.map((v) => [v, TEMPLATE_VARIABLES[v].example]));
}

/**
 * Variables whose values let someone act as the patient (a password reset code, its link): the staff screens never
 * show them. The patient's own inbox does.
 */
export const SECRET_VARIABLES: readonly TemplateVariable[] = ['ma_xac_nhan', 'duong_dan'];

/** The text as staff see it: each secret value the message was written with replaced by dots. */
export function maskSecrets(text: string, values: Readonly<Record<string, unknown>> | null | undefined): string {
  let out = text;
  for (const name of SECRET_VARIABLES) {
    const v = values?.[name];
    if (typeof v === 'string' && v !== '') out = out.split(v).join('•'.repeat(Math.min(v.length, 8)));
  }
  return out;
}
