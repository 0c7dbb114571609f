/**
 * Patients' feedback and star ratings after a visit (issue 19; docs/decisions.md "Feedback and ratings").
 *
 * A feedback rates one finished visit (a DONE booking) on five criteria, 1 to 5 stars each: the visit as a whole
 * (required) and, when the patient chose to, the doctor, the reception, the waiting time and the cleanliness (absent
 * = not rated, never 0). It may carry a comment and the patient's "Khiếu nại" tick.
 *
 * A feedback is a **complaint** when the patient ticked "Khiếu nại" or gave any criterion COMPLAINT_MAX_STARS stars
 * or fewer: a one-star waiting time is a complaint even when the visit got four.
 *
 * Only a complaint has a status (docs/feedback-states.md): NEW ("Chờ xử lý") when it arrives, HANDLED ("Đã xử lý")
 * once a manager says so; HANDLED is final. Any feedback may get one reply to the patient, in any state; the reply
 * does not handle a complaint (handling may mean calling the patient, or talking to the department).
 */

export const FEEDBACK_CRITERIA = ['overall', 'doctor', 'reception', 'waiting', 'cleanliness'] as const;
export type FeedbackCriterion = (typeof FEEDBACK_CRITERIA)[number];

export const FEEDBACK_CRITERION_LABELS: Record<FeedbackCriterion, string> = {
  overall: 'Đánh giá chung',
  doctor: 'Bác sĩ',
  reception: 'Tiếp đón',
  waiting: 'Thời gian chờ',
  cleanliness: 'Vệ sinh',
};

/** Stars of one criterion: an integer from 1 to 5. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const STARS = [1, 2, 3, 4, 5] as const;

/** A rating of this many stars or fewer, on any criterion, makes the feedback a complaint. */
export const COMPLAINT_MAX_STARS = 2;

/** How long after the visit day a patient may still rate it. */
export const FEEDBACK_WINDOW_DAYS = 30;

export const FEEDBACK_COMMENT_MAX = 2000;
export const FEEDBACK_REPLY_MAX = 2000;
export const FEEDBACK_NOTE_MAX = 1000;

/** The criteria's stars of one feedback; overall always, the others when rated. */
export type Ratings = { overall: number } & Partial<Record<Exclude<FeedbackCriterion, 'overall'>, number | null>>;

/** True when `v` is a star count: an integer 1–5 (a number, never the text "3", never 2.5). */
export function isRating(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= RATING_MIN && v <= RATING_MAX;
}

/** Why `v` is no rating of the criterion (Vietnamese), or null when it is one. */
export function ratingProblem(criterion: FeedbackCriterion, v: unknown): string | null {
  const label = FEEDBACK_CRITERION_LABELS[criterion];
  if (v === undefined || v === null) return criterion === 'overall' ? `Vui lòng chọn số sao cho mục "${label}"` : null;
  if (typeof v !== 'number' || !Number.isFinite(v)) return `Số sao của mục "${label}" phải là một số từ ${RATING_MIN} đến ${RATING_MAX}`;
  if (!Number.isInteger(v)) return `Số sao của mục "${label}" phải là số nguyên từ ${RATING_MIN} đến ${RATING_MAX}`;
  if (v < RATING_MIN || v > RATING_MAX) return `Số sao của mục "${label}" phải từ ${RATING_MIN} đến ${RATING_MAX}`;
  return null;
}

/** The criteria rated in `r` with their stars, in the catalogue's order. */
export function givenRatings(r: Ratings): [FeedbackCriterion, number][] {
  return FEEDBACK_CRITERIA.flatMap((c) => {
    const v = r[c];
    return typeof v === 'number' ? [[c, v] as [FeedbackCriterion, number]] : [];
  });
}

/** The complaint rule: the patient ticked "Khiếu nại", or some rated criterion has COMPLAINT_MAX_STARS stars or fewer. */
export function isComplaint(r: Ratings, ticked = false): boolean {
  return ticked || givenRatings(r).some(([, v]) => v <= COMPLAINT_MAX_STARS);
}

/** The criteria that made a feedback a complaint by their stars (shown beside the complaint tag). */
export function lowCriteria(r: Ratings): FeedbackCriterion[] {
  return givenRatings(r)
    .filter(([, v]) => v <= COMPLAINT_MAX_STARS)
    .map(([c]) => c);
}

// ——— the complaint's status ———

export const FEEDBACK_STATUSES = ['NEW', 'HANDLED'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, string> = { NEW: 'Chờ xử lý', HANDLED: 'Đã xử lý' };

/** The status a new feedback starts in: NEW for a complaint, none otherwise. */
export function initialStatus(complaint: boolean): FeedbackStatus | null {
  return complaint ? 'NEW' : null;
}

export type FeedbackAction = 'reply' | 'handle';

/** What a feedback's state allows; the refusal, in Vietnamese, when it does not. */
export function actionProblem(f: { complaint: boolean; status: FeedbackStatus | null; replied: boolean }, action: FeedbackAction): string | null {
  if (action === 'reply') return f.replied ? 'Phản hồi này đã được trả lời: mỗi phản hồi chỉ trả lời một lần' : null;
  if (!f.complaint) return 'Chỉ khiếu nại mới cần đánh dấu đã xử lý';
  if (f.status === 'HANDLED') return 'Khiếu nại này đã được xử lý';
  return null;
}

/** The status after an action (a reply keeps it; handling a NEW complaint makes it HANDLED). */
export function statusAfter(f: { complaint: boolean; status: FeedbackStatus | null }, action: FeedbackAction): FeedbackStatus | null {
  if (action === 'handle' && f.complaint && f.status === 'NEW') return 'HANDLED';
  return f.status;
}

// ——— averages ———

/** The count and average of a criterion from its star counts [1★, 2★, 3★, 4★, 5★]; average null when none. */
export function starAverage(counts: readonly number[]): { count: number; average: number | null } {
  let count = 0;
  let sum = 0;
  counts.forEach((n, i) => {
    count += n;
    sum += n * (i + 1);
  });
  return { count, average: count === 0 ? null : Math.round((sum / count) * 100) / 100 };
}

/** "4,6" of an average (one decimal, Vietnamese comma); "—" when there is none. */
export function formatStars(average: number | null): string {
  return average === null ? '—' : average.toLocaleString('vi-VN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** A phone number as the lists show it: the first four and last three digits, the rest hidden (0912***678). */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length <= 7) return `${phone.slice(0, 2)}***`;
  return `${phone.slice(0, 4)}***${phone.slice(-3)}`;
}
