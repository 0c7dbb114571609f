import { DAY_MS, pad2, pad4, todayVn, vnParts, vnWallClockToMs } from './time';

/**
 * A period of whole days in Vietnam time (+07:00), as the logs and the reports take it:
 * `from` and `to` are calendar days (YYYY-MM-DD), both included.
 */
export interface Period {
  from: string;
  to: string;
}

/** The longest period a log search or a report covers, in days (a leap year). */
export const PERIOD_MAX_DAYS = 366;

const dayMs = (iso: string): number => {
  const [y, m, d] = iso.split('-').map(Number);
  return vnWallClockToMs(y!, m!, d!);
};

const isoOfMs = (ms: number): string => {
  const p = vnParts(new Date(ms));
  return `${pad4(p.year)}-${pad2(p.month)}-${pad2(p.day)}`;
};

/** Adds whole days to a calendar day (no clock change in Vietnam: every day is 24 h). */
export function addDays(iso: string, days: number): string {
  return isoOfMs(dayMs(iso) + days * DAY_MS);
}

/** Days of a period, both ends included: 1 for a single day; 0 or less when `to` is before `from`. */
export function periodDays(p: Period): number {
  return Math.round((dayMs(p.to) - dayMs(p.from)) / DAY_MS) + 1;
}

/** The instants a period covers: [from 00:00 +07:00, the day after `to` 00:00 +07:00). */
export function periodInstants(p: Period): { start: Date; end: Date } {
  return { start: new Date(dayMs(p.from)), end: new Date(dayMs(p.to) + DAY_MS) };
}

/** Why a period is refused (Vietnamese), or null when it is fine. */
export function periodProblem(p: Period): string | null {
  const days = periodDays(p);
  if (days < 1) return 'Ngày kết thúc phải từ ngày bắt đầu trở đi';
  if (days > PERIOD_MAX_DAYS) return `Khoảng thời gian tối đa ${PERIOD_MAX_DAYS} ngày`;
  return null;
}

export type PeriodPreset = 'today' | 'last7' | 'thisWeek' | 'thisMonth' | 'lastMonth' | 'last30';

export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  today: 'Hôm nay',
  last7: '7 ngày qua',
  thisWeek: 'Tuần này',
  thisMonth: 'Tháng này',
  lastMonth: 'Tháng trước',
  last30: '30 ngày qua',
};

/** The period a preset names on `now`'s day in +07:00 (weeks start on Monday, as in Vietnam). */
export function presetPeriod(preset: PeriodPreset, now: Date = new Date()): Period {
  const today = todayVn(now);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const monthStart = (yy: number, mm: number) => `${pad4(yy)}-${pad2(mm)}-01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisWeek': {
      const weekday = new Date(dayMs(today) + 7 * 3600_000).getUTCDay(); // 0 = Sunday
      const monday = addDays(today, -((weekday + 6) % 7));
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'thisMonth': {
      const start = monthStart(y, m);
      return { from: start, to: addDays(m === 12 ? monthStart(y + 1, 1) : monthStart(y, m + 1), -1) };
    }
    case 'lastMonth': {
      const start = m === 1 ? monthStart(y - 1, 12) : monthStart(y, m - 1);
      return { from: start, to: addDays(monthStart(y, m), -1) };
    }
  }
}

/** Every calendar day of a period in order (a trend's x axis: days without a booking are there too). */
export function periodDayList(p: Period): string[] {
  const n = Math.max(0, Math.min(periodDays(p), PERIOD_MAX_DAYS));
  return Array.from({ length: n }, (_, i) => addDays(p.from, i));
}
