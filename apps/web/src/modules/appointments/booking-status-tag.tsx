import { Tag } from 'antd';
import { BOOKING_STATUS_LABELS, type BookingStatus } from '@portal/shared/rules/booking-status';

const COLORS: Record<BookingStatus, string> = {
  PENDING: 'gold',
  ACCEPTED: 'blue',
  REJECTED: 'red',
  CHECKED_IN: 'cyan',
  CALLED: 'purple',
  DONE: 'green',
  NO_SHOW: 'default',
  CANCELLED: 'default',
};

export function BookingStatusTag({ status }: { status: BookingStatus }) {
  return (
    <Tag color={COLORS[status]} data-testid="booking-status">
      {BOOKING_STATUS_LABELS[status]}
    </Tag>
  );
}
