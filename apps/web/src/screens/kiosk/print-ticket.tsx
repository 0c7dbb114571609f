import type { QueueTicket } from '@portal/shared/contracts/queue.contract';
import { formatDateTime } from '@portal/shared/rules/format';
import { T } from './messages';

const RECEIPT_ID = 'ks-receipt';
const PAGE_STYLE_ID = 'ks-receipt-page';
const PX_PER_MM = 96 / 25.4;

/**
 * Prints the receipt on an 80 mm roll. A page as long as the receipt: `@page { size: 80mm auto }` is not
 * valid CSS (Chromium ignores it and prints on Letter), so the receipt is measured (it is laid out off
 * screen at its printed width) and the page's length set from it.
 */
export function printReceipt() {
  const receipt = document.getElementById(RECEIPT_ID);
  if (receipt) {
    const lengthMm = Math.ceil(receipt.getBoundingClientRect().height / PX_PER_MM) + 2;
    let style = document.getElementById(PAGE_STYLE_ID);
    if (!style) {
      style = document.createElement('style');
      style.id = PAGE_STYLE_ID;
      document.head.append(style);
    }
    style.textContent = `@page { size: 80mm ${lengthMm}mm; margin: 0; }`;
  }
  window.print();
}

/** The 80 mm receipt (kiosk.css): laid out off screen, and the only thing printed, black on white. */
export function PrintTicket({ ticket, facility }: { ticket: QueueTicket; facility: string }) {
  return (
    <div className="ks-print" id={RECEIPT_ID} data-testid="print-receipt" aria-hidden="true">
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
