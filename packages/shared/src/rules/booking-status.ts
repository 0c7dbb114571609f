/**
 * The booking state machine (spec §4 "Booking actions": accept single and bulk, reject, check in,
 * revert, called — the spec leaves the states open). Modelled on FHIR Appointment.status and the
 * front desks of Vietnamese hospitals:
 *
 *   PENDING ──accept──▶ ACCEPTED ──checkin──▶ CHECKED_IN ──call──▶ CALLED ──complete──▶ DONE
 *      │                  │  └──(day over, system)──▶ NO_SHOW
 *      ├──reject─────────┬┘
 *      ▼                 ▼
 *   REJECTED          CANCELLED ◀──cancel── PENDING | ACCEPTED
 *
 * `revert` goes exactly one step back to the state the booking was in before its last transition,
 * and only from the states listed in REVERTIBLE. The server keeps that previous state in the
 * booking log; this module only decides.
 */

export const BOOKING_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED', 'CHECKED_IN', 'CALLED', 'DONE', 'NO_SHOW', 'CANCELLED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_ACTIONS = ['accept', 'reject', 'checkin', 'call', 'complete', 'cancel', 'noShow', 'revert'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/** Vietnamese labels shown in lists, filters and the timeline. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  PENDING: 'Chờ xác nhận',
  ACCEPTED: 'Đã xác nhận',
  REJECTED: 'Đã từ chối',
  CHECKED_IN: 'Đã tiếp đón',
  CALLED: 'Đã gọi khám',
  DONE: 'Đã khám xong',
  NO_SHOW: 'Không đến khám',
  CANCELLED: 'Đã huỷ',
};

export const BOOKING_ACTION_LABELS: Record<BookingAction, string> = {
  accept: 'Xác nhận',
  reject: 'Từ chối',
  checkin: 'Tiếp đón',
  call: 'Gọi khám',
  complete: 'Hoàn thành khám',
  cancel: 'Huỷ lịch',
  noShow: 'Đánh dấu không đến',
  revert: 'Hoàn tác',
};

/**
 * FHIR R4 Appointment.status kept alongside for the hospital information system:
 * a checked-in patient is waiting to be seen ('arrived'); once called the encounter may begin
 * ('checked-in'). A rejection is a cancellation by the provider.
 */
export const FHIR_STATUS: Record<BookingStatus, string> = {
  PENDING: 'pending',
  ACCEPTED: 'booked',
  REJECTED: 'cancelled',
  CHECKED_IN: 'arrived',
  CALLED: 'checked-in',
  DONE: 'fulfilled',
  NO_SHOW: 'noshow',
  CANCELLED: 'cancelled',
};

/** Forward transitions: action → the states it may start from, and where it leads. */
export const TRANSITIONS: Record<Exclude<BookingAction, 'revert'>, { from: readonly BookingStatus[]; to: BookingStatus }> = {
  accept: { from: ['PENDING'], to: 'ACCEPTED' },
  reject: { from: ['PENDING', 'ACCEPTED'], to: 'REJECTED' },
  checkin: { from: ['ACCEPTED'], to: 'CHECKED_IN' },
  call: { from: ['CHECKED_IN'], to: 'CALLED' },
  complete: { from: ['CALLED'], to: 'DONE' },
  cancel: { from: ['PENDING', 'ACCEPTED'], to: 'CANCELLED' },
  noShow: { from: ['ACCEPTED'], to: 'NO_SHOW' },
};

/**
 * States a revert may leave. DONE is final (the visit happened), CANCELLED is the patient's own
 * decision, PENDING has nothing before it.
 */
export const REVERTIBLE: readonly BookingStatus[] = ['ACCEPTED', 'REJECTED', 'CHECKED_IN', 'CALLED', 'NO_SHOW'];

/** States that hold a place in the slot's capacity. A rejected or cancelled booking gives it back. */
export const HOLDS_SLOT: readonly BookingStatus[] = ['PENDING', 'ACCEPTED', 'CHECKED_IN', 'CALLED', 'DONE', 'NO_SHOW'];

/** Actions that need a reason from the member of staff. */
export const NEEDS_REASON: readonly BookingAction[] = ['reject', 'cancel'];

export type TransitionResult = { ok: true; to: BookingStatus } | { ok: false; message: string };

const refused = (action: BookingAction, from: BookingStatus): TransitionResult => ({
  ok: false,
  message: `Không thể ${BOOKING_ACTION_LABELS[action].toLowerCase()} lịch khám đang ở trạng thái "${BOOKING_STATUS_LABELS[from]}"`,
});

/**
 * Where `action` takes a booking in state `from`. For `revert`, `previous` is the state before the
 * booking's last transition (from the booking log); it must be given, and must be one step back.
 */
export function nextStatus(from: BookingStatus, action: BookingAction, previous?: BookingStatus | null): TransitionResult {
  if (action === 'revert') {
    if (!REVERTIBLE.includes(from) || !previous) return refused(action, from);
    const back = Object.values(TRANSITIONS).some((t) => t.to === from && t.from.includes(previous));
    return back ? { ok: true, to: previous } : refused(action, from);
  }
  const t = TRANSITIONS[action];
  return t.from.includes(from) ? { ok: true, to: t.to } : refused(action, from);
}

/** The actions offered on a booking in `status` (the revert button needs the log's previous state). */
export function availableActions(status: BookingStatus, previous?: BookingStatus | null): BookingAction[] {
  return BOOKING_ACTIONS.filter((a) => a !== 'noShow' && nextStatus(status, a, previous).ok);
}

/** A revert whose result holds the slot again while the current state does not: the slot must be retaken. */
export function revertRetakesSlot(from: BookingStatus, to: BookingStatus): boolean {
  return !HOLDS_SLOT.includes(from) && HOLDS_SLOT.includes(to);
}

/**
 * The waiting room's actions (issue 22, docs/booking-states.md "The waiting room"), logged like the transitions:
 * - recall: the room's call of the moment is called again (spoken again on the screens); the state stays CALLED.
 * - skip: the call of the moment did not answer: CALLED → CHECKED_IN, back in the queue a few places behind.
 *   It undoes the call (a revert afterwards undoes the check-in).
 * - walkIn: a patient without a booking gets a number at the counter: a booking made CHECKED_IN at once.
 */
export const QUEUE_ACTIONS = ['recall', 'skip', 'walkIn'] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];
export const QUEUE_ACTION_LABELS: Record<QueueAction, string> = {
  recall: 'Gọi lại',
  skip: 'Bỏ qua (không có mặt)',
  walkIn: 'Cấp số khám không hẹn',
};
/** A skip's change of state. */
export const SKIP = { from: 'CALLED', to: 'CHECKED_IN' } as const satisfies { from: BookingStatus; to: BookingStatus };
