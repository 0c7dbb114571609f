/**
 * Doctors' work schedules: which calendar days a schedule covers, how a shift is cut into time
 * slots, and whether two working periods of one doctor clash. Pure; dates are calendar dates
 * 'YYYY-MM-DD' and times wall-clock 'HH:mm' in Vietnam (+07:00), so no time zone enters here.
 */

/** The usual shifts of a Vietnamese hospital's outpatient clinic. */
export const SHIFTS = {
  MORNING: { label: 'Ca sáng', start: '07:00', end: '11:30' },
  AFTERNOON: { label: 'Ca chiều', start: '13:00', end: '16:30' },
  EVENING: { label: 'Ca tối', start: '17:00', end: '20:00' },
} as const;
export type ShiftKey = keyof typeof SHIFTS;

/** Weekdays as ISO numbers: 1 = Thứ Hai … 7 = Chủ nhật. */
export const WEEKDAY_LABELS: Record<number, string> = { 1: 'Thứ Hai', 2: 'Thứ Ba', 3: 'Thứ Tư', 4: 'Thứ Năm', 5: 'Thứ Sáu', 6: 'Thứ Bảy', 7: 'Chủ nhật' };

/** The longest date range one schedule request may cover. */
export const MAX_SCHEDULE_DAYS = 92;

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

function dateMs(date: string): number | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === date ? ms : null;
}

const msDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Minutes since midnight of 'HH:mm', or null when it is not a time. */
export function minutesOf(time: string): number | null {
  const m = TIME_RE.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
  const ms = dateMs(date);
  if (ms === null) throw new Error(`not a date: ${date}`);
  return ((new Date(ms).getUTCDay() + 6) % 7) + 1;
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const ms = dateMs(date);
  if (ms === null) throw new Error(`not a date: ${date}`);
  return msDate(ms + days * DAY_MS);
}

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * The days from `from` to `to` (both included) that fall on one of `weekdays`, for a schedule
 * built over a date range. Refuses a reversed range, one longer than MAX_SCHEDULE_DAYS, or no weekday.
 */
export function workDays(from: string, to: string, weekdays: readonly number[]): Result<string[]> {
  const a = dateMs(from);
  const b = dateMs(to);
  if (a === null) return { ok: false, message: 'Ngày bắt đầu không hợp lệ' };
  if (b === null) return { ok: false, message: 'Ngày kết thúc không hợp lệ' };
  if (b < a) return { ok: false, message: 'Ngày kết thúc phải sau hoặc bằng ngày bắt đầu' };
  if ((b - a) / DAY_MS + 1 > MAX_SCHEDULE_DAYS) return { ok: false, message: `Mỗi lần chỉ xếp lịch tối đa ${MAX_SCHEDULE_DAYS} ngày` };
  const wanted = new Set(weekdays.filter((d) => Number.isInteger(d) && d >= 1 && d <= 7));
  if (wanted.size === 0) return { ok: false, message: 'Vui lòng chọn ít nhất một ngày trong tuần' };
  const days: string[] = [];
  for (let ms = a; ms <= b; ms += DAY_MS) {
    const d = msDate(ms);
    if (wanted.has(isoWeekday(d))) days.push(d);
  }
  return { ok: true, value: days };
}

export interface Slot {
  start: string;
  end: string;
  capacity: number;
}

/**
 * A working period cut into consecutive slots of `minutes`, each taking `capacity` patients.
 * A remainder shorter than one slot is left unbooked (07:00–11:30 by 20 min → 13 slots, the last
 * 11:00–11:20). Refuses bad times, an empty period, a slot length outside 5–240 minutes or a
 * capacity outside 1–200.
 */
export function cutSlots(start: string, end: string, minutes: number, capacity: number): Result<Slot[]> {
  const s = minutesOf(start);
  const e = minutesOf(end);
  if (s === null) return { ok: false, message: 'Giờ bắt đầu không hợp lệ (HH:mm)' };
  if (e === null) return { ok: false, message: 'Giờ kết thúc không hợp lệ (HH:mm)' };
  if (e <= s) return { ok: false, message: 'Giờ kết thúc phải sau giờ bắt đầu' };
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > 240) return { ok: false, message: 'Thời lượng mỗi khung giờ từ 5 đến 240 phút' };
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > 200) return { ok: false, message: 'Số lượt khám mỗi khung giờ từ 1 đến 200' };
  if (e - s < minutes) return { ok: false, message: 'Ca làm việc ngắn hơn một khung giờ' };
  const slots: Slot[] = [];
  for (let t = s; t + minutes <= e; t += minutes) slots.push({ start: timeOf(t), end: timeOf(t + minutes), capacity });
  return { ok: true, value: slots };
}

export interface WorkPeriod {
  date: string;
  start: string;
  end: string;
  /** What to name in a clash message, e.g. "Phòng khám Nội 101". */
  label?: string;
}

/** Two periods of the same day overlap when each starts before the other ends (touching is fine). */
export function periodsOverlap(a: WorkPeriod, b: WorkPeriod): boolean {
  if (a.date !== b.date) return false;
  return minutesOf(a.start)! < minutesOf(b.end)! && minutesOf(b.start)! < minutesOf(a.end)!;
}

/**
 * The first clash of a doctor's new periods with their existing ones or with each other, as a
 * Vietnamese message naming the day, the times and the other period; null when none clash.
 */
export function findClash(existing: readonly WorkPeriod[], added: readonly WorkPeriod[]): string | null {
  const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  const seen: WorkPeriod[] = [...existing];
  for (const p of added) {
    const other = seen.find((q) => periodsOverlap(p, q));
    if (other) {
      const where = other.label ? ` tại ${other.label}` : '';
      return `Trùng lịch ngày ${dmy(p.date)}: ${p.start}–${p.end} chồng lên ca ${other.start}–${other.end}${where}`;
    }
    seen.push(p);
  }
  return null;
}

/** A week's periods copied `weeks` weeks later (negative = earlier). */
export function copyWeek<T extends { date: string }>(periods: readonly T[], weeks = 1): T[] {
  return periods.map((p) => ({ ...p, date: addDays(p.date, 7 * weeks) }));
}
