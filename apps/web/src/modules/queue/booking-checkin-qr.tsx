import { lazy, Suspense } from 'react';
import type { BookingDetail } from '@portal/shared/contracts/appointments.contract';

const BookingQrCard = lazy(() => import('./booking-qr-card').then((m) => ({ default: m.BookingQrCard })));

/** The booking's check-in QR as the detail carries it (null until the server sends one, or for a closed booking). */
export type BookingWithQr = BookingDetail & { checkinQr?: string | null };

/**
 * On the booking detail: the booking's check-in QR and "In phiếu hẹn", when the detail carries one. The card,
 * its checks (a QR the kiosk reads, else nothing) and the QR encoder load only then: the detail's own chunk
 * stays as it was.
 */
export function BookingCheckinQr({ booking }: { booking: BookingWithQr }) {
  if (!booking.checkinQr) return null;
  return (
    <Suspense fallback={null}>
      <BookingQrCard booking={booking} />
    </Suspense>
  );
}
