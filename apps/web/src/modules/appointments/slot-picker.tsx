import { Empty, Flex, Radio, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { TimeSlotRow } from '@portal/shared/contracts/appointments.contract';
import { fmt } from '@portal/shared/messages.vi';
import { bookingKeys, bookingsApi } from './appointments.api';
import { BOOKING_UI } from './appointments.messages';

const M = BOOKING_UI.form;

/** A slot can be taken when it has a free place and has not started; the booking's own slot stays choosable. */
export function slotDisabled(s: Pick<TimeSlotRow, 'id' | 'free' | 'past'>, currentSlotId?: number): boolean {
  if (s.id === currentSlotId) return false;
  return s.past || s.free <= 0;
}

/** The slots of a doctor's day as buttons with their free places; full and past slots are disabled. */
export function SlotPicker({
  doctorId,
  date,
  value,
  onChange,
  currentSlotId,
}: {
  doctorId?: number;
  date?: string;
  value?: number;
  onChange?: (id: number) => void;
  currentSlotId?: number;
}) {
  const slots = useQuery({
    queryKey: [...bookingKeys.all, 'slots', doctorId, date],
    queryFn: () => bookingsApi.timeSlots(doctorId!, date!),
    enabled: !!doctorId && !!date,
  });
  if (!doctorId || !date) return <Typography.Text type="secondary">{M.pickDateFirst}</Typography.Text>;
  if (slots.isLoading) return <Spin size="small" />;
  const rows = slots.data ?? [];
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={M.noSlots} />;
  return (
    <Radio.Group value={value} onChange={(e) => onChange?.(e.target.value as number)} data-testid="slot-picker">
      <Flex wrap gap={8}>
        {rows.map((s) => {
          const note = s.past ? M.past : s.free <= 0 ? M.full : fmt(M.free, { free: s.free, capacity: s.capacity });
          return (
            <Radio.Button key={s.id} value={s.id} disabled={slotDisabled(s, currentSlotId)} style={{ height: 'auto', lineHeight: 1.4, padding: '4px 12px' }}>
              <Flex vertical align="center">
                <span>{`${s.startTime}–${s.endTime}`}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {note}
                </Typography.Text>
              </Flex>
            </Radio.Button>
          );
        })}
      </Flex>
    </Radio.Group>
  );
}
