import { BOOKING_PRIORITY_LABELS } from '@portal/shared/contracts/appointments.contract';
import { fmt } from '@portal/shared/messages.vi';
import { EMPTY_FIELD, formatDuration, formatVnd } from '@portal/shared/rules/format';
import { BOOKING_UI } from './appointments.messages';

const L = BOOKING_UI.logChanges;

type Side = Record<string, unknown>;
const side = (v: unknown): Side => (v && typeof v === 'object' ? (v as Side) : {});
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : EMPTY_FIELD);
const priority = (v: unknown) => BOOKING_PRIORITY_LABELS[Number(v)] ?? String(v);

/**
 * What one history entry changed, in Vietnamese lines for the timeline: the slot moved to, the total,
 * the priority, the reason for the visit, the queue number given at check-in and how late it was. From
 * the log row's `detail` ({ before, after, queueNumber, lateMinutes }); an entry that changed none of these gives no line.
 */
export function logChanges(action: string, detail: Record<string, unknown> | null): string[] {
  if (!detail) return [];
  const before = side(detail.before);
  const after = side(detail.after);
  const lines: string[] = [];
  if (typeof after.slot === 'string') lines.push(fmt(L.slot, { before: text(before.slot), after: after.slot }));
  if ('totalPrice' in after && before.totalPrice !== after.totalPrice) {
    lines.push(fmt(L.total, { before: formatVnd(Number(before.totalPrice ?? 0)), after: formatVnd(Number(after.totalPrice)) }));
  }
  if ('priority' in after && before.priority !== after.priority)
    lines.push(fmt(L.priority, { before: priority(before.priority), after: priority(after.priority) }));
  if ('symptom' in after && (before.symptom ?? null) !== (after.symptom ?? null))
    lines.push(fmt(L.symptom, { before: text(before.symptom), after: text(after.symptom) }));
  if (action === 'checkin' && typeof detail.queueNumber === 'number') lines.push(fmt(L.queue, { queue: detail.queueNumber }));
  if (action === 'checkin' && typeof detail.lateMinutes === 'number') lines.push(fmt(L.late, { late: formatDuration(detail.lateMinutes) }));
  return lines;
}
