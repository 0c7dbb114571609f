/**
 * The ratios of the reports (issue 16), each a share in [0, 1] or null when its denominator is 0
 * (no booking in the period: the screen shows "—", never 0 % or NaN).
 */
export function rate(part: number, whole: number): number | null {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0) return null;
  return part / whole;
}

/** The counts a rate of the quick statistic is read from (current states of the period's bookings). */
export interface StateCounts {
  total: number;
  checkedIn: number;
  done: number;
  noShow: number;
  rejected: number;
  cancelled: number;
  online: number;
}

/** No-shows among the accepted bookings whose day came: NO_SHOW / (NO_SHOW + came: checked in, called, done). */
export const noShowRate = (c: Pick<StateCounts, 'noShow' | 'checkedIn' | 'done'>) => rate(c.noShow, c.noShow + c.checkedIn + c.done);

/** Bookings made in the app or on the web among all bookings made. */
export const onlineShare = (c: Pick<StateCounts, 'online' | 'total'>) => rate(c.online, c.total);

/** Completed among planned. */
export const completionRate = (done: number, planned: number) => rate(done, planned);

/** Places booked among places offered by the schedules. */
export const fillRate = (booked: number, offered: number) => rate(booked, offered);

/** A share as the screen and the workbook show it: "12,5 %" (one decimal, Vietnamese comma), "—" for none. */
export function formatRate(r: number | null): string {
  if (r === null) return '—';
  return `${(Math.round(r * 1000) / 10).toLocaleString('vi-VN', { maximumFractionDigits: 1 })} %`;
}
