import { useEffect, useState } from 'react';
import { Tag, Tooltip } from 'antd';
import type { BookingRow, DeskSettings } from '@portal/shared/contracts/appointments.contract';
import { fmt } from '@portal/shared/messages.vi';
import { isOverdue } from '@portal/shared/rules/booking-time';
import { formatDuration } from '@portal/shared/rules/format';
import { BOOKING_UI } from './appointments.messages';
import { overdueHint } from './booking-desk.logic';

const M = BOOKING_UI.time;

/** The time now, again every minute (a booking's "Quá giờ hẹn" comes with the clock, not with a change). */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type Timed = Pick<BookingRow, 'status' | 'date' | 'endTime' | 'lateCheckinMinutes' | 'calling'>;

/**
 * What a booking's time means now (docs/booking-states.md): "Quá giờ hẹn" while it is pending or
 * accepted and its slot is over, "Tiếp đón muộn" once checked in late, "Đang gọi" while it is its
 * room's call of the moment.
 */
export function BookingTimeTags({ b, now, desk }: { b: Timed; now: Date; desk: DeskSettings | undefined }) {
  return (
    <>
      {b.calling && (
        <Tag color="processing" data-testid="booking-calling">
          {M.calling}
        </Tag>
      )}
      {isOverdue(b, now) && (
        <Tooltip title={desk ? overdueHint(desk) : undefined}>
          <Tag color="orange" data-testid="booking-overdue">
            {M.overdue}
          </Tag>
        </Tooltip>
      )}
      {b.lateCheckinMinutes !== null && (
        <Tooltip title={fmt(M.lateCheckinHint, { late: formatDuration(b.lateCheckinMinutes) })}>
          <Tag color="magenta" data-testid="booking-late">
            {M.lateCheckin}
          </Tag>
        </Tooltip>
      )}
    </>
  );
}
