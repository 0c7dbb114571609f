import { fmt } from '@portal/shared/messages.vi';
import { formatDuration } from '@portal/shared/rules/format';
import { isApiError } from '../../core/api/api-error';
import { BOOKING_UI } from './appointments.messages';

const M = BOOKING_UI.time;

/**
 * The server's question when a check-in comes long after the slot's end: its 400 names `confirmLate`
 * (docs/booking-states.md "When the slot is over"). The message to show, else null (another error).
 */
export function lateConfirmation(e: unknown): string | null {
  if (!isApiError(e) || e.status !== 400) return null;
  return e.fieldErrors.find((f) => f.field === 'confirmLate')?.message ?? null;
}

/** The "Quá giờ hẹn" hint: the late threshold and the no-show hour of this server (GET /desk). */
export function overdueHint(desk: { lateCheckinMinutes: number; noShowAt: string }): string {
  const noShow = desk.noShowAt === '24:00' ? M.noShowEndOfDay : fmt(M.noShowAt, { time: desk.noShowAt });
  return fmt(M.overdueHint, { late: formatDuration(desk.lateCheckinMinutes), noShow });
}
