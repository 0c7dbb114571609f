import type { CSSProperties } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { BookingDetail } from '@portal/shared/contracts/appointments.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { useMe } from '../auth/use-session';
import { usePrintSheet } from './print-sheet';
import QrCode from './qr-code';
import type { BookingWithQr } from './booking-checkin-qr';
import { checkinQrOf, confirmationLines } from './queue.logic';
import { TQ } from './queue.messages';

const M = TQ.bookingQr;

const sheet: CSSProperties = {
  boxSizing: 'border-box',
  width: '100%',
  padding: '2mm 4mm',
  fontFamily: 'Arial, "Helvetica Neue", sans-serif',
  color: '#000',
  fontSize: '11pt',
  lineHeight: 1.4,
};
const cell: CSSProperties = { padding: '1.2mm 0', verticalAlign: 'top', borderBottom: '0.2mm solid #999' };

/**
 * The booking confirmation printed on A5 (issue 22): the facility, the booking and its visit, and the QR the
 * kiosk reads, with "Mang phiếu này đến ki-ốt tiếp đón để lấy số". Plain elements and print units.
 */
export function BookingConfirmationSheet({ booking, qr, facility, printedAt }: { booking: BookingDetail; qr: string; facility: string; printedAt: string }) {
  return (
    <div style={sheet} data-testid="booking-confirmation">
      <p style={{ margin: 0, fontWeight: 700, textTransform: 'uppercase', textAlign: 'center' }}>{facility}</p>
      <p style={{ margin: '4mm 0 5mm', fontSize: '16pt', fontWeight: 800, textAlign: 'center' }}>{M.sheetTitle}</p>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <tbody>
          {confirmationLines(booking).map(([label, value]) => (
            <tr key={label}>
              <td style={{ ...cell, width: '32%' }}>{label}</td>
              <td style={{ ...cell, fontWeight: 700 }}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', marginTop: '6mm', gap: '2mm' }}>
        <div style={{ width: '45mm', height: '45mm' }}>
          <QrCode value={qr} size={170} title={M.title} />
        </div>
        <span style={{ fontFamily: 'monospace', fontSize: '9pt' }}>{booking.code}</span>
        <p style={{ margin: '3mm 0 0', fontSize: '13pt', fontWeight: 700, textAlign: 'center' }}>{M.bring}</p>
      </div>
      <p style={{ margin: '6mm 0 0', fontSize: '8pt', textAlign: 'right' }}>{fmt(M.printedAt, { at: printedAt })}</p>
    </div>
  );
}

/** The booking detail's card: the QR (what the patient app shows too), its code, and "In phiếu hẹn". */
export function BookingQrCard({ booking }: { booking: BookingWithQr }) {
  const me = useMe();
  const { sheet: printing, print } = usePrintSheet();
  const qr = checkinQrOf(booking);
  if (!qr) return null;
  const printIt = () =>
    print(<BookingConfirmationSheet booking={booking} qr={qr} facility={me.data?.hospitalByAdmin.name ?? ''} printedAt={formatDateTime(new Date())} />, 'a5');
  return (
    <Card
      size="small"
      title={M.title}
      data-testid="booking-checkin-qr"
      extra={
        <Button size="small" icon={<PrinterOutlined />} onClick={printIt} data-testid="booking-print-confirmation">
          {M.print}
        </Button>
      }
    >
      <Flex gap={16} align="center">
        <div style={{ flex: 'none', lineHeight: 0, background: '#fff' }}>
          <QrCode value={qr} size={128} title={M.title} />
        </div>
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{M.hint}</Typography.Text>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {booking.code}
          </Typography.Text>
        </Flex>
      </Flex>
      {printing}
    </Card>
  );
}
