import { describe, expect, it } from 'vitest';
import { feedbackBody, feedbackListQuery } from '../contracts/feedback.contract';
import {
  actionProblem,
  formatStars,
  initialStatus,
  isComplaint,
  isRating,
  lowCriteria,
  maskPhone,
  ratingProblem,
  type Ratings,
  starAverage,
  statusAfter,
} from './feedback';

describe('a rating is an integer from 1 to 5', () => {
  it.each([
    [0, false],
    [1, true],
    [3, true],
    [5, true],
    [6, false],
    [2.5, false],
    ['3', false],
    [-1, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [null, false],
    [undefined, false],
    [true, false],
  ])('%j → %s', (v, ok) => {
    expect(isRating(v)).toBe(ok);
    expect(ratingProblem('doctor', v) === null).toBe(ok || v === null || v === undefined);
  });

  it.each([
    [0, 'phải từ 1 đến 5'],
    [6, 'phải từ 1 đến 5'],
    [2.5, 'số nguyên'],
    ['3', 'phải là một số'],
    [undefined, 'Vui lòng chọn số sao cho mục "Đánh giá chung"'],
    [null, 'Vui lòng chọn số sao'],
  ])('overall %j is refused: %s', (v, message) => {
    expect(ratingProblem('overall', v)).toContain(message);
  });

  it('names the criterion in the message', () => {
    expect(ratingProblem('waiting', 7)).toBe('Số sao của mục "Thời gian chờ" phải từ 1 đến 5');
  });
});

describe('the contract refuses the same ratings, in Vietnamese', () => {
  const body = (ratings: Record<string, unknown>) => feedbackBody.safeParse({ bookingId: 12, ratings });
  it.each([
    [{ overall: 0 }, 'ratings.overall', 'phải từ 1 đến 5'],
    [{ overall: 6 }, 'ratings.overall', 'phải từ 1 đến 5'],
    [{ overall: 2.5 }, 'ratings.overall', 'số nguyên'],
    [{ overall: '3' }, 'ratings.overall', 'phải là một số'],
    [{}, 'ratings.overall', 'Vui lòng chọn số sao'],
    [{ overall: 4, cleanliness: 0 }, 'ratings.cleanliness', '"Vệ sinh" phải từ 1 đến 5'],
    [{ overall: 4, doctor: 4.5 }, 'ratings.doctor', 'số nguyên'],
  ])('%j → %s: %s', (ratings, path, message) => {
    const r = body(ratings);
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path.join('.') === path);
    expect(issue?.message).toContain(message);
  });

  it.each([
    [{ overall: 1 }, { overall: 1, doctor: null, reception: null, waiting: null, cleanliness: null }],
    [
      { overall: 5, doctor: 5, waiting: 1 },
      { overall: 5, doctor: 5, reception: null, waiting: 1, cleanliness: null },
    ],
    [
      { overall: 3, reception: null },
      { overall: 3, doctor: null, reception: null, waiting: null, cleanliness: null },
    ],
  ])('%j is taken as %j', (ratings, parsed) => {
    const r = body(ratings);
    expect(r.success).toBe(true);
    expect(r.data!.ratings).toEqual(parsed);
    expect(r.data!.comment).toBe('');
    expect(r.data!.complaint).toBe(false);
  });

  it('caps the comment at 2,000 characters and trims it', () => {
    expect(feedbackBody.safeParse({ bookingId: 1, ratings: { overall: 4 }, comment: 'a'.repeat(2001) }).success).toBe(false);
    expect(feedbackBody.parse({ bookingId: 1, ratings: { overall: 4 }, comment: `  ${'a'.repeat(2000)}  ` }).comment).toHaveLength(2000);
  });

  it('refuses a booking id that is no positive integer', () => {
    for (const bookingId of [0, -3, 1.5, '12', null]) expect(feedbackBody.safeParse({ bookingId, ratings: { overall: 4 } }).success).toBe(false);
  });
});

describe('the complaint rule: ticked, or any given criterion at 2 stars or fewer', () => {
  it.each<[Ratings, boolean, boolean]>([
    [{ overall: 5 }, false, false],
    [{ overall: 3 }, false, false],
    [{ overall: 2 }, false, true],
    [{ overall: 1 }, false, true],
    [{ overall: 4, doctor: 5, reception: 4, waiting: 1, cleanliness: 5 }, false, true],
    [{ overall: 4, cleanliness: 2 }, false, true],
    [{ overall: 4, doctor: 3, reception: 3, waiting: 3, cleanliness: 3 }, false, false],
    [{ overall: 4, doctor: null, waiting: null }, false, false],
    [{ overall: 5 }, true, true],
  ])('%j ticked %s → %s', (ratings, ticked, complaint) => {
    expect(isComplaint(ratings, ticked)).toBe(complaint);
    expect(initialStatus(isComplaint(ratings, ticked))).toBe(complaint ? 'NEW' : null);
  });

  it('names the low criteria in the catalogue order', () => {
    expect(lowCriteria({ overall: 2, doctor: 4, waiting: 1, cleanliness: 2 })).toEqual(['overall', 'waiting', 'cleanliness']);
    expect(lowCriteria({ overall: 5 })).toEqual([]);
  });
});

describe('the complaint status machine: NEW → HANDLED; one reply in any state', () => {
  const normal = { complaint: false, status: null, replied: false } as const;
  const open = { complaint: true, status: 'NEW', replied: false } as const;
  const handled = { complaint: true, status: 'HANDLED', replied: false } as const;
  it.each([
    ['a new complaint can be handled', open, 'handle', null, 'HANDLED'],
    ['a handled complaint cannot be handled again', handled, 'handle', 'đã được xử lý', 'HANDLED'],
    ['a feedback that is no complaint has nothing to handle', normal, 'handle', 'Chỉ khiếu nại', null],
    ['a new complaint can be replied to, and stays NEW', open, 'reply', null, 'NEW'],
    ['a handled complaint can still be replied to', handled, 'reply', null, 'HANDLED'],
    ['a feedback that is no complaint can be replied to', normal, 'reply', null, null],
    ['a second reply is refused', { ...open, replied: true }, 'reply', 'chỉ trả lời một lần', 'NEW'],
  ] as const)('%s', (_name, f, action, problem, after) => {
    const p = actionProblem(f, action);
    if (problem === null) expect(p).toBeNull();
    else expect(p).toContain(problem);
    expect(statusAfter(f, action)).toBe(after);
  });
});

describe('averages from star counts', () => {
  it.each([
    [[0, 0, 0, 0, 0], 0, null, '—'],
    [[0, 0, 0, 0, 3], 3, 5, '5,0'],
    [[1, 0, 0, 0, 1], 2, 3, '3,0'],
    [[1, 1, 1, 0, 0], 3, 2, '2,0'],
    [[0, 0, 1, 1, 1], 3, 4, '4,0'],
    [[0, 0, 0, 2, 1], 3, 4.33, '4,3'],
    [[1, 0, 0, 0, 2], 3, 3.67, '3,7'],
  ])('%j → %s rated, average %s (%s)', (counts, count, average, text) => {
    expect(starAverage(counts)).toEqual({ count, average });
    expect(formatStars(starAverage(counts).average)).toBe(text);
  });
});

describe('phones in lists are masked', () => {
  it.each([
    ['0912345678', '0912***678'],
    ['0281234567', '0281***567'],
    ['113', '11***'],
    [null, ''],
    ['', ''],
  ])('%j → %j', (phone, masked) => expect(maskPhone(phone)).toBe(masked));
});

describe('the list query', () => {
  it('takes a period of DD/MM/YYYY days sent as ISO days, no longer than 366 days', () => {
    expect(feedbackListQuery.safeParse({ from: '2026-01-01', to: '2026-01-31' }).success).toBe(true);
    const long = feedbackListQuery.safeParse({ from: '2025-01-01', to: '2026-03-01' });
    expect(long.success).toBe(false);
    expect(long.error!.issues[0]!.message).toContain('366');
    expect(feedbackListQuery.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(feedbackListQuery.safeParse({ from: '31/01/2026' }).success).toBe(false);
  });

  it.each([
    ['1', true],
    ['5', true],
    ['LOW', true],
    ['0', false],
    ['6', false],
    ['2.5', false],
  ])('stars=%s → %s', (stars, ok) => expect(feedbackListQuery.safeParse({ stars }).success).toBe(ok));
});
