import type { QueueTicket } from '@portal/shared/contracts/queue.contract';
import { formatDateTime } from '@portal/shared/rules/format';
import { T } from './messages';

/** The 80 mm receipt (kiosk.css @media print): only this is printed, black on white. */
export function PrintTicket({ ticket, facility }: { ticket: QueueTicket; facility: string }) {
  return (
    <div className="ks-print" data-testid="print-receipt">
      <div className="ks-print-facility">{facility}</div>
      <div className="ks-print-title">{T.receiptTitle}</div>
      <div className="ks-print-number">{ticket.number}</div>
      {ticket.priority && <div className="ks-print-priority">{T.priority}</div>}
      <div className="ks-print-room">{ticket.room.name}</div>
      <div className="ks-print-line">
        {T.receiptCheckedIn}: {formatDateTime(ticket.checkedInAt)}
      </div>
      <div className="ks-print-line">
        {T.receiptCode}: {ticket.bookingCode}
      </div>
      <div className="ks-print-keep">{T.receiptKeep}</div>
    </div>
  );
}
