import { describe, expect, it } from 'vitest';
import {
  answerTimeBucket,
  answerTiming,
  askerSummary,
  maskedAsker,
  nextQuestionStatus,
  QUESTION_ACTIONS,
  QUESTION_STATUSES,
  questionActionProblem,
  type QuestionAction,
  type QuestionStatus,
} from './question-status';

/** The whole table of docs/questions.md: every action from every state, allowed (→ next) or refused. */
const TABLE: Record<QuestionAction, Partial<Record<QuestionStatus, QuestionStatus>>> = {
  accept: { NEW: 'ACCEPTED' },
  reject: { NEW: 'REJECTED', ACCEPTED: 'REJECTED' },
  answer: { ACCEPTED: 'ANSWERED', ANSWERED: 'ANSWERED' },
  hide: { ACCEPTED: 'HIDDEN', ANSWERED: 'HIDDEN' },
  unhide: { HIDDEN: 'ANSWERED' },
  sensitivity: { NEW: 'NEW', ACCEPTED: 'ACCEPTED', ANSWERED: 'ANSWERED', HIDDEN: 'HIDDEN' },
  assign: { NEW: 'NEW', ACCEPTED: 'ACCEPTED', ANSWERED: 'ANSWERED', HIDDEN: 'HIDDEN' },
  comment: { NEW: 'NEW', ACCEPTED: 'ACCEPTED', ANSWERED: 'ANSWERED', REJECTED: 'REJECTED', HIDDEN: 'HIDDEN' },
};

describe('the question state machine', () => {
  const cases = QUESTION_ACTIONS.flatMap((action) => QUESTION_STATUSES.map((from) => ({ action, from, to: TABLE[action][from] ?? null })));
  it.each(cases)('$action from $from → $to', ({ action, from, to }) => {
    const problem = questionActionProblem(action, from);
    if (to === null) {
      expect(problem).toMatch(/\S/);
    } else {
      expect(problem).toBeNull();
      expect(nextQuestionStatus(action, from, true)).toBe(to);
    }
  });

  it('unhides to ACCEPTED a question never answered', () => {
    expect(nextQuestionStatus('unhide', 'HIDDEN', false)).toBe('ACCEPTED');
  });

  it.each([
    ['answer', 'REJECTED', 'Câu hỏi đã bị từ chối: không thể trả lời'],
    ['answer', 'NEW', 'Câu hỏi chưa được duyệt: hãy duyệt câu hỏi trước khi trả lời'],
    ['accept', 'ANSWERED', 'Câu hỏi đã ở trạng thái "Đã trả lời": không cần duyệt lại'],
    ['accept', 'REJECTED', 'Không thực hiện được thao tác này với câu hỏi ở trạng thái "Từ chối"'],
    ['sensitivity', 'REJECTED', 'Không thực hiện được thao tác này với câu hỏi ở trạng thái "Từ chối"'],
  ] as const)('%s from %s says: %s', (action, from, message) => {
    expect(questionActionProblem(action, from)).toBe(message);
  });
});

describe('answer time against the target', () => {
  // 25/11/2026 08:00 +07:00
  const asked = new Date('2026-11-25T01:00:00Z');
  const at = (h: number) => new Date(asked.getTime() + h * 3_600_000);
  it.each([
    { status: 'NEW', answered: null, now: 47.9, timing: 'WAITING', hours: null },
    { status: 'NEW', answered: null, now: 48, timing: 'WAITING', hours: null },
    { status: 'ACCEPTED', answered: null, now: 48.01, timing: 'OVERDUE', hours: null },
    { status: 'NEW', answered: null, now: 200, timing: 'OVERDUE', hours: null },
    { status: 'ANSWERED', answered: 2.5, now: 300, timing: 'ON_TIME', hours: 2.5 },
    { status: 'ANSWERED', answered: 48, now: 300, timing: 'ON_TIME', hours: 48 },
    { status: 'ANSWERED', answered: 49, now: 300, timing: 'LATE', hours: 49 },
    { status: 'HIDDEN', answered: 10, now: 300, timing: 'ON_TIME', hours: 10 },
    { status: 'REJECTED', answered: null, now: 300, timing: 'CLOSED', hours: null },
    { status: 'HIDDEN', answered: null, now: 300, timing: 'CLOSED', hours: null },
  ] as const)('$status, answered after $answered h, at $now h: $timing', ({ status, answered, now, timing, hours }) => {
    const r = answerTiming({ status, askedAt: asked, answeredAt: answered === null ? null : at(answered) }, 48, at(now));
    expect(r.timing).toBe(timing);
    expect(r.hours).toBe(hours);
    expect(r.dueAt.toISOString()).toBe('2026-11-27T01:00:00.000Z');
  });

  it('follows the facility target', () => {
    expect(answerTiming({ status: 'NEW', askedAt: asked, answeredAt: null }, 24, at(25)).timing).toBe('OVERDUE');
    expect(answerTiming({ status: 'NEW', askedAt: asked, answeredAt: null }, 72, at(71)).timing).toBe('WAITING');
  });

  it.each([
    [0, 'H24'],
    [24, 'H24'],
    [24.01, 'H48'],
    [48, 'H48'],
    [60, 'H72'],
    [72.5, 'MORE'],
    [1000, 'MORE'],
  ] as const)('%s hours fall in %s', (h, bucket) => {
    expect(answerTimeBucket(h)).toBe(bucket);
  });
});

describe('the asker as the public sees them', () => {
  it.each([
    ['Nguyễn Thị Minh Khai', 'N. T. M. K***'],
    ['  lê   văn  an ', 'L. V. A***'],
    ['Đặng', 'Đ***'],
    ['', 'Ẩn danh'],
  ])('%j → %j', (name, masked) => {
    expect(maskedAsker(name)).toBe(masked);
  });
  it.each([
    ['FEMALE', 34, 'Nữ, 34 tuổi'],
    ['MALE', null, 'Nam'],
    [null, 7, '7 tuổi'],
    [null, null, 'Người hỏi ẩn danh'],
  ] as const)('%s %s → %s', (g, a, s) => {
    expect(askerSummary(g, a)).toBe(s);
  });
});
