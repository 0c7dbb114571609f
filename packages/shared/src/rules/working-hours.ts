/**
 * The facility's working hours per weekday (issue 18, spec §7 "work-time-hospital"): each day open or
 * closed, open days with one or two periods (morning, afternoon). Kept in the facility's profile and
 * served with the shifts by GET work-time-hospital; the schedule screens warn (never refuse) about a
 * work period outside them.
 */
import { DAY_TIME_RE } from './booking-time';
import { WEEKDAY_LABELS } from './schedule';

export interface WorkingPeriod {
  from: string;
  to: string;
}
export interface WorkingDay {
  /** ISO weekday: 1 = Thứ Hai … 7 = Chủ nhật. */
  weekday: number;
  open: boolean;
  periods: WorkingPeriod[];
}
export type WorkingHours = WorkingDay[];

export const MAX_PERIODS_PER_DAY = 2;

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** A believable week for a new facility's form: Mon–Fri 07:00–17:00, Sat 07:00–12:00, Sun closed. */
export function sampleWorkingHours(): WorkingHours {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    open: weekday !== 7,
    periods: weekday === 7 ? [] : [{ from: '07:00', to: weekday === 6 ? '12:00' : '17:00' }],
  }));
}

export interface WorkingHoursProblem {
  path: (string | number)[];
  message: string;
}

/**
 * Why a week is refused (Vietnamese, with the path of the field), or an empty list: exactly the seven
 * weekdays once each, in order; an open day has one or two periods, each HH:mm with from before to
 * (24:00 may end one), the second after the first; a closed day has none.
 */
export function workingHoursProblems(week: readonly WorkingDay[]): WorkingHoursProblem[] {
  const out: WorkingHoursProblem[] = [];
  if (week.length !== 7 || week.some((d, i) => d.weekday !== i + 1)) {
    return [{ path: [], message: 'Giờ làm việc phải có đủ 7 ngày từ Thứ Hai đến Chủ nhật' }];
  }
  week.forEach((d, i) => {
    const day = WEEKDAY_LABELS[d.weekday]!;
    if (!d.open) {
      if (d.periods.length) out.push({ path: [i, 'periods'], message: `${day} nghỉ thì không có giờ làm việc` });
      return;
    }
    if (!d.periods.length) out.push({ path: [i, 'periods'], message: `${day}: vui lòng nhập giờ làm việc hoặc chọn nghỉ` });
    if (d.periods.length > MAX_PERIODS_PER_DAY) out.push({ path: [i, 'periods'], message: `${day}: tối đa ${MAX_PERIODS_PER_DAY} buổi` });
    d.periods.forEach((p, j) => {
      if (!DAY_TIME_RE.test(p.from) || p.from === '24:00' || !DAY_TIME_RE.test(p.to)) {
        out.push({ path: [i, 'periods', j], message: `${day}: giờ phải dạng HH:mm` });
        return;
      }
      if (minutes(p.from) >= minutes(p.to)) out.push({ path: [i, 'periods', j], message: `${day}: giờ bắt đầu phải trước giờ kết thúc (${p.from}–${p.to})` });
      const prev = d.periods[j - 1];
      if (prev && DAY_TIME_RE.test(prev.to) && minutes(p.from) < minutes(prev.to)) {
        out.push({ path: [i, 'periods', j], message: `${day}: buổi thứ hai phải bắt đầu sau khi buổi thứ nhất kết thúc (${prev.to})` });
      }
    });
  });
  return out;
}

/**
 * The warning for a work period of `weekday` from `start` to `end` that is not inside the facility's hours
 * (Vietnamese), or null: no hours kept (nothing to compare with), or inside one of the day's periods.
 */
export function outsideWorkingHours(week: readonly WorkingDay[] | null | undefined, weekday: number, start: string, end: string): string | null {
  if (!week?.length) return null;
  const day = week.find((d) => d.weekday === weekday);
  if (!day) return null;
  const label = WEEKDAY_LABELS[weekday]!;
  if (!day.open) return `${label} cơ sở nghỉ, ca ${start}–${end} nằm ngoài giờ làm việc`;
  const s = minutes(start);
  const e = minutes(end);
  if (day.periods.some((p) => minutes(p.from) <= s && e <= minutes(p.to))) return null;
  const hours = day.periods.map((p) => `${p.from}–${p.to}`).join(', ');
  return `Ca ${start}–${end} ${label} nằm ngoài giờ làm việc của cơ sở (${hours})`;
}
