import type { QueueTicket } from '@portal/shared/contracts/queue.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatVisit } from '@portal/shared/rules/format';
import { T } from './messages';
import { printReceipt } from './print-ticket';
import { useIdleCountdown } from './use-idle';

/** Seconds a ticket stays on screen after the last touch. */
export const TICKET_IDLE_SECONDS = 20;

/** The check-in's result: the number, where and when, the queue ahead; print it, or leave it for the next patient. */
export function TicketView({ ticket, message, onDone }: { ticket: QueueTicket; message: string; onDone: () => void }) {
  const left = useIdleCountdown(TICKET_IDLE_SECONDS, onDone);
  const rows: [string, string | null][] = [
    [T.room, ticket.room.name],
    [T.department, ticket.departmentName],
    [T.doctor, ticket.doctorName],
    [T.time, formatVisit(ticket)],
    [T.patient, ticket.patientName],
  ];
  return (
    <div className="ks-ticket" data-testid="ticket">
      {message && (
        <p className="ks-ticket-message" role="status">
          {message}
        </p>
      )}
      <div className="ks-ticket-main">
        <div className="ks-ticket-number-box">
          <div className="ks-ticket-label">{T.ticketNumber}</div>
          <div className="ks-ticket-number" data-testid="ticket-number">
            {ticket.number}
          </div>
          {ticket.priority && <div className="ks-priority">{T.priority}</div>}
        </div>
        <dl className="ks-ticket-facts">
          {rows
            .filter((r): r is [string, string] => !!r[1])
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </div>
      <p className="ks-ahead" data-testid="waiting-ahead">
        {ticket.waitingAhead > 0 ? fmt(T.ahead, { count: ticket.waitingAhead }) : T.aheadNone}
      </p>
      <div className="ks-actions">
        <button type="button" className="ks-button ks-button-quiet" onClick={onDone}>
          {T.done}
        </button>
        <button type="button" className="ks-button ks-button-primary" data-testid="print-ticket" onClick={printReceipt}>
          {T.print}
        </button>
      </div>
      <p className="ks-countdown" aria-live="off" data-testid="countdown">
        {fmt(T.backIn, { seconds: left })}
      </p>
    </div>
  );
}
