import { Alert, List } from 'antd';
import type { FieldError } from '@portal/shared/core/api';
import { isApiError } from '../../core/api/api-error';
import { TS } from './schedules.messages';

export interface Refusal {
  message: string;
  bookings: string[];
}

/** The server's refusal as shown in place: its message and, when bookings hold places, their list. */
export function toRefusal(e: unknown, fallback: string): Refusal {
  if (!isApiError(e)) return { message: fallback, bookings: [] };
  const bookings = e.fieldErrors.filter((f: FieldError) => f.field === 'bookings').map((f) => f.message);
  return { message: e.serverMessage ?? fallback, bookings };
}

export function RefusalAlert({ refusal }: { refusal: Refusal | null }) {
  if (!refusal) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="schedule-refusal"
      title={refusal.message}
      description={
        refusal.bookings.length > 0 && (
          <List size="small" header={TS.affected} dataSource={refusal.bookings} renderItem={(b) => <List.Item data-testid="affected-booking">{b}</List.Item>} />
        )
      }
    />
  );
}
