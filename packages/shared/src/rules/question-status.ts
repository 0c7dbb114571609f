/**
 * Patients' questions to doctors (issue 19; docs/questions.md): the states, what each action starts from, the answer
 * time against the facility's target, and how the asker is shown to someone who is not a moderator.
 *
 *   NEW ──accept──▶ ACCEPTED ──answer──▶ ANSWERED ──answer──▶ ANSWERED (the answer edited)
 *    │                 │                     │
 *    └──reject──▶ REJECTED ◀──reject──┘       └──hide──▶ HIDDEN ──unhide──▶ ANSWERED (or ACCEPTED when never answered)
 *                                   ACCEPTED ──hide──▶ HIDDEN
 *
 * REJECTED is final: the patient saw the reason, and a rejected question is never answered. Sensitivity is not a
 * state: a flag any moderator sets or clears on a question that is not rejected; a sensitive question is never public
 * and its asker is masked for anyone but the moderators.
 */
export const QUESTION_STATUSES = ['NEW', 'ACCEPTED', 'ANSWERED', 'REJECTED', 'HIDDEN'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

export const QUESTION_STATUS_LABELS: Record<QuestionStatus, string> = {
  NEW: 'Chờ duyệt',
  ACCEPTED: 'Đã duyệt',
  ANSWERED: 'Đã trả lời',
  REJECTED: 'Từ chối',
  HIDDEN: 'Đã ẩn',
};

export const QUESTION_ACTIONS = ['accept', 'reject', 'answer', 'hide', 'unhide', 'sensitivity', 'assign', 'comment'] as const;
export type QuestionAction = (typeof QUESTION_ACTIONS)[number];

/** The states each action starts from. */
export const QUESTION_ACTION_FROM: Record<QuestionAction, readonly QuestionStatus[]> = {
  accept: ['NEW'],
  reject: ['NEW', 'ACCEPTED'],
  answer: ['ACCEPTED', 'ANSWERED'],
  hide: ['ACCEPTED', 'ANSWERED'],
  unhide: ['HIDDEN'],
  sensitivity: ['NEW', 'ACCEPTED', 'ANSWERED', 'HIDDEN'],
  assign: ['NEW', 'ACCEPTED', 'ANSWERED', 'HIDDEN'],
  comment: ['NEW', 'ACCEPTED', 'ANSWERED', 'REJECTED', 'HIDDEN'],
};

/** Why `action` is refused from `status` (a Vietnamese sentence), or null when it is allowed. */
export function questionActionProblem(action: QuestionAction, status: QuestionStatus): string | null {
  if (QUESTION_ACTION_FROM[action].includes(status)) return null;
  if (action === 'answer' && status === 'REJECTED') return 'Câu hỏi đã bị từ chối: không thể trả lời';
  if (action === 'answer' && status === 'NEW') return 'Câu hỏi chưa được duyệt: hãy duyệt câu hỏi trước khi trả lời';
  if (action === 'answer' && status === 'HIDDEN') return 'Câu hỏi đang bị ẩn: hãy hiện lại trước khi sửa câu trả lời';
  if (action === 'accept' && status !== 'REJECTED') return `Câu hỏi đã ở trạng thái "${QUESTION_STATUS_LABELS[status]}": không cần duyệt lại`;
  return `Không thực hiện được thao tác này với câu hỏi ở trạng thái "${QUESTION_STATUS_LABELS[status]}"`;
}

/** Where a question goes: the next status of an allowed action (sensitivity, assign and comment keep it). */
export function nextQuestionStatus(action: QuestionAction, status: QuestionStatus, everAnswered: boolean): QuestionStatus {
  switch (action) {
    case 'accept':
      return 'ACCEPTED';
    case 'reject':
      return 'REJECTED';
    case 'answer':
      return 'ANSWERED';
    case 'hide':
      return 'HIDDEN';
    case 'unhide':
      return everAnswered ? 'ANSWERED' : 'ACCEPTED';
    default:
      return status;
  }
}

/** The answer-time target when the facility sets none (hours after the question is asked). */
export const QUESTION_ANSWER_HOURS_DEFAULT = 48;
const HOUR_MS = 3_600_000;

export type AnswerTiming = 'WAITING' | 'OVERDUE' | 'ON_TIME' | 'LATE' | 'CLOSED';

/**
 * A question's answer time against the target, in whole hours of the clock (the same in +07:00 as anywhere: a patient
 * waits nights and Sundays too). Still to answer (NEW, ACCEPTED): WAITING, or OVERDUE once `targetHours` have passed.
 * Answered: ON_TIME or LATE by the first answer's time. Rejected or hidden without an answer: CLOSED.
 */
export function answerTiming(
  q: { status: QuestionStatus; askedAt: Date; answeredAt: Date | null },
  targetHours: number,
  now: Date,
): { timing: AnswerTiming; dueAt: Date; hours: number | null } {
  const dueAt = new Date(q.askedAt.getTime() + targetHours * HOUR_MS);
  if (q.answeredAt) {
    const hours = (q.answeredAt.getTime() - q.askedAt.getTime()) / HOUR_MS;
    return { timing: q.answeredAt.getTime() > dueAt.getTime() ? 'LATE' : 'ON_TIME', dueAt, hours };
  }
  if (q.status === 'NEW' || q.status === 'ACCEPTED') return { timing: now.getTime() > dueAt.getTime() ? 'OVERDUE' : 'WAITING', dueAt, hours: null };
  return { timing: 'CLOSED', dueAt, hours: null };
}

/** The answer-time buckets of the statistics (hours from the question to its first answer). */
export const ANSWER_TIME_BUCKETS = [
  { key: 'H24', label: 'Trong 24 giờ', upTo: 24 },
  { key: 'H48', label: 'Từ 24 đến 48 giờ', upTo: 48 },
  { key: 'H72', label: 'Từ 48 đến 72 giờ', upTo: 72 },
  { key: 'MORE', label: 'Trên 72 giờ', upTo: Number.POSITIVE_INFINITY },
] as const;
export type AnswerTimeBucket = (typeof ANSWER_TIME_BUCKETS)[number]['key'];

export function answerTimeBucket(hours: number): AnswerTimeBucket {
  return ANSWER_TIME_BUCKETS.find((b) => hours <= b.upTo)!.key;
}

/**
 * The asker as someone who is not a moderator sees them: the initial of each word of the name but the last, which
 * keeps its first letter ("Nguyễn Thị Minh Khai" → "N. T. M. K***"), never the phone, the account or the profile.
 */
export function maskedAsker(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Ẩn danh';
  return words.map((w, i) => (i < words.length - 1 ? `${w[0]!.toUpperCase()}.` : `${w[0]!.toUpperCase()}***`)).join(' ');
}

/** "Nữ, 34 tuổi": what the public answer says of the asker. */
export function askerSummary(gender: string | null, age: number | null): string {
  const g = gender === 'FEMALE' ? 'Nữ' : gender === 'MALE' ? 'Nam' : null;
  const a = age === null ? null : `${age} tuổi`;
  return [g, a].filter(Boolean).join(', ') || 'Người hỏi ẩn danh';
}
