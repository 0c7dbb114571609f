import { describe, expect, it } from 'vitest';
import {
  maskSecrets,
  NOTIFICATION_EVENTS,
  TEMPLATE_VARIABLES,
  exampleValues,
  notificationEvent,
  renderTemplate,
  templateVariables,
  validateEventTemplate,
  validateTemplate,
} from './message-template';
import { removeDiacritics, smsSegments } from './sms';

const UNCLOSED = 'Mẫu tin nhắn có "{{" chưa được đóng bằng "}}"';
const UNOPENED = 'Mẫu tin nhắn có "}}" không có "{{" mở trước';
const badName = (names: string) => `Tên biến không hợp lệ: ${names} (chỉ gồm chữ thường không dấu và dấu gạch dưới, ví dụ {{ho_ten}})`;

describe('templateVariables', () => {
  it.each([
    ['', []],
    ['Không có biến', []],
    ['Chào {{ho_ten}}', ['ho_ten']],
    ['{{ho_ten}} {{ma_lich}} {{ho_ten}}', ['ho_ten', 'ma_lich']],
    ['{{ ho_ten }}', ['ho_ten']],
    ['{{ho_ten}}{{ngay_kham}}', ['ho_ten', 'ngay_kham']],
    ['{ho_ten} và {{Ho_ten}} và {{ho ten}} và {{_x}} và {{x1}}', []],
    ['{{ho_ten', []],
    ['Giá {100} {{ma_lich}}', ['ma_lich']],
  ])('%j → %j', (text, names) => {
    expect(templateVariables(text)).toEqual(names);
  });
});

describe('validateTemplate', () => {
  const allowed = ['ho_ten', 'ma_lich', 'ngay_kham'];
  it.each([
    ['Chào {{ho_ten}}, lịch {{ma_lich}} ngày {{ngay_kham}}', null],
    ['Không có biến nào', null],
    ['', null],
    ['Giá {100} và {a} là văn bản thường', null],
    ['{{ ho_ten }}', null],
    ['Chào {{ten}}', 'Biến không tồn tại: {{ten}}; các biến dùng được: {{ho_ten}}, {{ma_lich}}, {{ngay_kham}}.'],
    ['{{abc}} {{xyz}} {{abc}} {{ho_ten}}', 'Biến không tồn tại: {{abc}}, {{xyz}}; các biến dùng được: {{ho_ten}}, {{ma_lich}}, {{ngay_kham}}.'],
    ['Chào {{ho_ten', `${UNCLOSED}.`],
    ['Chào {{ho_ten {{ma_lich}}', `${UNCLOSED}.`],
    ['Chào ho_ten}}', `${UNOPENED}.`],
    ['}}{{', `${UNCLOSED}. ${UNOPENED}.`],
    ['Chào {{Ho_Ten}}', `${badName('{{Ho_Ten}}')}.`],
    ['Chào {{họ_tên}} {{ho ten}} {{họ_tên}}', `${badName('{{họ_tên}}, {{ho ten}}')}.`],
    ['{{}}', `${badName('{{}}')}.`],
    ['{{{ho_ten}}}', `${badName('{{{ho_ten}}')}.`],
    ['Chào {{ten}} {{ma_lich', `${UNCLOSED}. Biến không tồn tại: {{ten}}; các biến dùng được: {{ho_ten}}, {{ma_lich}}, {{ngay_kham}}.`],
  ])('%j → %j', (text, message) => {
    expect(validateTemplate(text, allowed)).toBe(message);
  });

  it('says when a template may use no variable at all', () => {
    expect(validateTemplate('{{ho_ten}}', [])).toBe('Biến không tồn tại: {{ho_ten}}; mẫu này không dùng được biến nào.');
  });
});

describe('renderTemplate', () => {
  it.each([
    ['Chào {{ho_ten}}', { ho_ten: 'Nguyễn Văn An' }, { text: 'Chào Nguyễn Văn An' }],
    ['{{ho_ten}}{{ho_ten}}', { ho_ten: 'An' }, { text: 'AnAn' }],
    ['Hiệu lực {{ thoi_han }} phút', { thoi_han: 10 }, { text: 'Hiệu lực 10 phút' }],
    ['Số {{so}}', { so: 0 }, { text: 'Số 0' }],
    ['Không có biến', {}, { text: 'Không có biến' }],
    ['', {}, { text: '' }],
    ['Giá {100}', {}, { text: 'Giá {100}' }],
    ['Chào {{ho_ten}}', { ho_ten: '{{ma_lich}}', ma_lich: 'X' }, { text: 'Chào {{ma_lich}}' }],
    ['Chào {{ho_ten}}', {}, { error: 'Thiếu giá trị cho biến {{ho_ten}}' }],
    ['Chào {{ho_ten}}', { ho_ten: null }, { error: 'Thiếu giá trị cho biến {{ho_ten}}' }],
    ['Chào {{ho_ten}}', { ho_ten: undefined }, { error: 'Thiếu giá trị cho biến {{ho_ten}}' }],
    ['Chào {{ho_ten}}', { ho_ten: '   ' }, { error: 'Thiếu giá trị cho biến {{ho_ten}}' }],
    ['{{a}} {{b}} {{a}} {{c}}', { b: 'x' }, { error: 'Thiếu giá trị cho biến {{a}}, {{c}}' }],
    ['Chào {{toString}}', {}, { error: `${badName('{{toString}}')}.` }],
    ['Chào {{constructor}}', {}, { error: 'Thiếu giá trị cho biến {{constructor}}' }],
    ['Chào {{ho_ten', { ho_ten: 'An' }, { error: `${UNCLOSED}.` }],
    ['Chào ho_ten}}', { ho_ten: 'An' }, { error: `${UNOPENED}.` }],
  ])('%j with %j → %j', (text, values, result) => {
    expect(renderTemplate(text, values)).toEqual(result);
  });
});

describe('the events catalogue', () => {
  it('has the five events of issue 17, the two of the questions and the feedback reply (issue 19), the medicine reminder (issue 20), each a care message with Vietnamese labels', () => {
    expect(NOTIFICATION_EVENTS.map((e) => e.event)).toEqual([
      'BOOKING_ACCEPTED',
      'BOOKING_REJECTED',
      'VISIT_REMINDER',
      'RESULT_READY',
      'PASSWORD_RESET',
      'QUESTION_ANSWERED',
      'QUESTION_REJECTED',
      'FEEDBACK_REPLIED',
      'MEDICINE_REMINDER',
    ]);
    for (const e of NOTIFICATION_EVENTS) {
      expect(e.kind).toBe('CARE');
      expect(removeDiacritics(e.label)).not.toBe(e.label);
      expect(removeDiacritics(e.description)).not.toBe(e.description);
      expect(notificationEvent(e.event)).toBe(e);
    }
  });

  it.each([
    ['BOOKING_ACCEPTED', ['ho_ten', 'ma_lich', 'ngay_kham', 'gio_kham', 'khoa', 'phong', 'goi_y']],
    ['BOOKING_REJECTED', ['ho_ten', 'ma_lich', 'ngay_kham', 'gio_kham', 'khoa', 'phong', 'ly_do']],
    ['VISIT_REMINDER', ['ho_ten', 'ma_lich', 'ngay_kham', 'gio_kham', 'khoa', 'phong', 'goi_y']],
    ['RESULT_READY', ['ho_ten', 'ma_lich', 'ngay_kham', 'khoa']],
    ['PASSWORD_RESET', ['ho_ten', 'ma_xac_nhan', 'duong_dan', 'thoi_han']],
    ['FEEDBACK_REPLIED', ['ho_ten', 'ma_lich', 'ngay_kham', 'khoa']],
    ['MEDICINE_REMINDER', ['ho_ten', 'ten_thuoc', 'lieu_dung', 'gio_uong']],
  ] as const)('%s offers %j', (event, variables) => {
    expect(notificationEvent(event).variables).toEqual(variables);
  });

  it('labels every variable in Vietnamese and gives it a sample value', () => {
    for (const [name, v] of Object.entries(TEMPLATE_VARIABLES)) {
      expect(name).toMatch(/^[a-z][a-z_]*$/);
      expect(v.label.length).toBeGreaterThan(3);
      expect(v.example.trim()).not.toBe('');
    }
    expect(TEMPLATE_VARIABLES.ngay_kham.example).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(TEMPLATE_VARIABLES.gio_kham.example).toMatch(/^\d{2}:\d{2}$/);
  });

  describe.each(NOTIFICATION_EVENTS.map((e) => [e.event, e] as const))('%s default template', (_name, e) => {
    it('is valid for its event and uses the essential variables', () => {
      expect(validateEventTemplate(e.event, e.defaultTemplate)).toBeNull();
      expect(removeDiacritics(e.defaultTemplate)).not.toBe(e.defaultTemplate); // written with its diacritics
      const used = templateVariables(e.defaultTemplate);
      const essential: Record<string, string[]> = {
        BOOKING_ACCEPTED: ['ma_lich', 'ngay_kham', 'gio_kham', 'goi_y'],
        BOOKING_REJECTED: ['ma_lich', 'ly_do'],
        VISIT_REMINDER: ['ngay_kham', 'gio_kham'],
        RESULT_READY: ['ngay_kham'],
        PASSWORD_RESET: ['ma_xac_nhan', 'thoi_han'],
        QUESTION_ANSWERED: ['tieu_de'],
        QUESTION_REJECTED: ['tieu_de', 'ly_do'],
        FEEDBACK_REPLIED: ['ngay_kham', 'ma_lich'],
        MEDICINE_REMINDER: ['ten_thuoc', 'lieu_dung', 'gio_uong'],
      };
      for (const v of essential[e.event]!) expect(used).toContain(v);
    });

    it('renders with the sample values to one GSM-7 part once the diacritics are removed, with room to spare', () => {
      const rendered = renderTemplate(e.defaultTemplate, exampleValues(e.event));
      if (!('text' in rendered)) throw new Error(rendered.error);
      expect(rendered.text).not.toContain('{');
      const plain = smsSegments(removeDiacritics(rendered.text));
      expect(plain.encoding).toBe('GSM-7');
      expect(plain.parts).toBe(1);
      // Room for a patient name or department 20 characters longer than the samples.
      expect(plain.remainingInPart).toBeGreaterThanOrEqual(20);
      // With its diacritics it is UCS-2 and longer than one part: why the composer offers to remove them.
      const withMarks = smsSegments(rendered.text);
      expect(withMarks.encoding).toBe('UCS-2');
      expect(withMarks.parts).toBeGreaterThan(1);
    });
  });

  it('validates a staff template against the event’s variables', () => {
    expect(validateEventTemplate('PASSWORD_RESET', 'Mã {{ma_xac_nhan}}')).toBeNull();
    expect(validateEventTemplate('PASSWORD_RESET', 'Lịch {{ma_lich}}')).toBe(
      'Biến không tồn tại: {{ma_lich}}; các biến dùng được: {{ho_ten}}, {{ma_xac_nhan}}, {{duong_dan}}, {{thoi_han}}.',
    );
    expect(validateEventTemplate('BOOKING_REJECTED', 'Lý do: {{ly_do}}')).toBeNull();
    expect(validateEventTemplate('BOOKING_ACCEPTED', 'Lý do: {{ly_do}}')).toMatch(/^Biến không tồn tại: \{\{ly_do\}\}/);
  });
});

describe('maskSecrets', () => {
  it.each<[string, string, Record<string, unknown> | null, string]>([
    ['the code', 'Mã của bạn là 482913, hiệu lực 10 phút.', { ma_xac_nhan: '482913', thoi_han: '10' }, 'Mã của bạn là ••••••, hiệu lực 10 phút.'],
    ['the link, shortened dots', 'Mở https://bv.vn/r/x7Kp2 để đặt lại', { duong_dan: 'https://bv.vn/r/x7Kp2' }, 'Mở •••••••• để đặt lại'],
    ['every occurrence', '111 và 111', { ma_xac_nhan: '111' }, '••• và •••'],
    ['nothing secret', 'Lịch khám DK1 đã xác nhận', { ma_lich: 'DK1' }, 'Lịch khám DK1 đã xác nhận'],
    ['no values', 'Tin nhắn', null, 'Tin nhắn'],
    ['an empty value changes nothing', 'Tin nhắn', { ma_xac_nhan: '' }, 'Tin nhắn'],
  ])('%s', (_n, text, values, expected) => {
    expect(maskSecrets(text, values)).toBe(expected);
  });
});
