import type { CSSProperties } from 'react';
import { fmt } from '@portal/shared/messages.vi';
import type { TicketView } from './queue.logic';
import { TQ } from './queue.messages';

const M = TQ.ticket;

// Plain elements and print units (no antd): the ticket prints the same from the desk's dialog and the kiosk.
const sheet: CSSProperties = {
  width: '80mm',
  boxSizing: 'border-box',
  padding: '4mm 5mm 6mm',
  fontFamily: 'Arial, "Helvetica Neue", sans-serif',
  color: '#000',
  textAlign: 'center',
  lineHeight: 1.3,
};
const small: CSSProperties = { fontSize: '9pt', margin: 0 };
const rule: CSSProperties = { border: 0, borderTop: '1px dashed #000', margin: '2.5mm 0' };
const line: CSSProperties = { display: 'flex', justifyContent: 'space-between', gap: '2mm', fontSize: '9.5pt', textAlign: 'left' };

/**
 * The 80 mm queue ticket (issue 22): the facility, SỐ THỨ TỰ and the number, the room, when, the booking's
 * code — for the walk-in given a number at the desk and the patient checked in at the kiosk. Print it with
 * usePrintSheet(…, 'receipt').
 */
export function QueueTicketSheet({ ticket }: { ticket: TicketView }) {
  return (
    <div style={sheet} data-testid="queue-ticket">
      <p style={{ ...small, fontWeight: 700, textTransform: 'uppercase' }}>{ticket.facility}</p>
      <hr style={rule} />
      <p style={{ margin: 0, fontSize: '12pt', fontWeight: 700, letterSpacing: '0.5pt' }}>{M.heading}</p>
      <p style={{ margin: '1mm 0', fontSize: '44pt', fontWeight: 800, lineHeight: 1 }} data-testid="queue-ticket-number">
        {ticket.number}
      </p>
      {ticket.priority && <p style={{ margin: '0 0 1mm', fontSize: '11pt', fontWeight: 700 }}>{M.priority}</p>}
      <p style={{ margin: 0, fontSize: '13pt', fontWeight: 700 }}>{ticket.roomName}</p>
      {ticket.waitingAhead != null && <p style={{ ...small, marginTop: '1mm' }}>{fmt(M.ahead, { count: ticket.waitingAhead })}</p>}
      <hr style={rule} />
      {ticket.patientName && (
        <div style={line}>
          <span>{M.patient}</span>
          <strong>{ticket.patientName}</strong>
        </div>
      )}
      {ticket.doctorName && (
        <div style={line}>
          <span>{M.doctor}</span>
          <span>{ticket.doctorName}</span>
        </div>
      )}
      <div style={line}>
        <span>{M.at}</span>
        <span>{ticket.at}</span>
      </div>
      <div style={line}>
        <span>{M.code}</span>
        <span>{ticket.code}</span>
      </div>
      <hr style={rule} />
      <p style={small}>{M.footer}</p>
    </div>
  );
}
