import { describe, expect, it } from 'vitest';
import { batchOpen, costEstimate, messagePending, messageSummary, scheduleNotice, sheetText } from './sms.logic';

describe('messageSummary', () => {
  it.each([
    // [content, kind, sent text, encoding, characters, parts, remaining]
    ['', 'CARE', '', 'GSM-7', 0, 0, 160],
    ['   ', 'ADVERTISING', '', 'GSM-7', 0, 0, 160],
    ['Hello', 'CARE', 'Hello', 'GSM-7', 5, 1, 155],
    // [ and ] are in GSM-7's extension table: two septets each
    ['Hello', 'ADVERTISING', '[QC] Hello', 'GSM-7', 12, 1, 148],
    ['[QC] Hello', 'ADVERTISING', '[QC] Hello', 'GSM-7', 12, 1, 148],
    ['Chào bạn', 'CARE', 'Chào bạn', 'UCS-2', 8, 1, 62],
    ['a'.repeat(160), 'CARE', 'a'.repeat(160), 'GSM-7', 160, 1, 0],
    // the label pushes 160 characters into two parts
    ['a'.repeat(160), 'ADVERTISING', `[QC] ${'a'.repeat(160)}`, 'GSM-7', 167, 2, 139],
    ['ư'.repeat(71), 'CARE', 'ư'.repeat(71), 'UCS-2', 71, 2, 63],
  ] as const)('%j as %s', (content, kind, sent, encoding, characters, parts, remaining) => {
    const s = messageSummary(content, kind);
    expect(s.sent).toBe(sent);
    expect(s.segments).toMatchObject({ encoding, characters, parts, remainingInPart: remaining });
  });

  it('names the characters forcing UCS-2, each once, and flags more than 6 parts', () => {
    expect(messageSummary('Đặt lịch khám đặt', 'CARE').forcing).toEqual(['Đ', 'ặ', 'ị', 'á', 'đ']);
    expect(messageSummary('Dat lich', 'CARE').forcing).toEqual([]);
    expect(messageSummary('ư'.repeat(67 * 6), 'CARE').tooLong).toBe(false);
    expect(messageSummary('ư'.repeat(67 * 6 + 1), 'CARE').tooLong).toBe(true);
  });
});

describe('costEstimate', () => {
  it.each([
    [2, 3, 800, 4800],
    [0, 3, 800, 0],
    [1, 0, 800, 0],
    [3, 1000, undefined, null],
  ] as const)('%i parts × %i numbers × %s', (parts, phones, price, cost) => expect(costEstimate(parts, phones, price)).toBe(cost));
});

describe('scheduleNotice', () => {
  it.each([
    // Vietnam = UTC+7
    ['CARE', '2026-11-26T16:00:00Z', false], // 23:00 but care
    ['ADVERTISING', '2026-11-26T03:00:00Z', false], // 10:00
    ['ADVERTISING', '2026-11-26T00:00:00Z', false], // 07:00 opens
    ['ADVERTISING', '2026-11-25T23:59:00Z', true], // 06:59
    ['ADVERTISING', '2026-11-26T15:00:00Z', true], // 22:00 closed
  ] as const)('%s at %s', (kind, at, shown) => {
    const n = scheduleNotice(kind, new Date(at));
    expect(n !== null).toBe(shown);
  });

  it('says when the batch will start', () => expect(scheduleNotice('ADVERTISING', new Date('2026-11-26T15:30:00Z'))).toContain('07:00 ngày 27/11/2026'));
});

describe('polling', () => {
  it.each([
    ['WAITING', true],
    ['SENDING', true],
    ['DONE', false],
  ] as const)('batch %s open: %s', (status, open) => expect(batchOpen({ status })).toBe(open));
  it.each([
    ['QUEUED', true],
    ['SENDING', true],
    ['SENT', true],
    ['DELIVERED', false],
    ['FAILED', false],
    ['SKIPPED', false],
  ] as const)('message %s pending: %s', (status, pending) => expect(messagePending({ status })).toBe(pending));
});

describe('sheetText', () => {
  it('makes a line per row and a tab between cells, cells of every kind read as text', () => {
    const rows = [
      ['Họ tên', 'Điện thoại'],
      ['An', 912345678],
      [null, { richText: [{ text: '0987 ' }, { text: '654 321' }] }],
      [],
      [undefined, { formula: 'A1', result: '0903123456' }, { text: '0904 000 111', hyperlink: 'tel:0904000111' }],
    ];
    expect(sheetText(rows)).toBe('Họ tên\tĐiện thoại\nAn\t912345678\n0987 654 321\n0903123456\t0904 000 111');
  });

  it('gives numbers parsePhoneList accepts, the heading named invalid', async () => {
    const { parsePhoneList } = await import('@portal/shared/rules/identifiers');
    const list = parsePhoneList(sheetText([['Điện thoại'], [912345678], ['0912345678']]));
    expect(list.valid).toEqual(['0912345678']);
    expect(list.duplicates).toBe(1);
    expect(list.invalid.map((p) => p.line)).toEqual([1]);
  });
});
