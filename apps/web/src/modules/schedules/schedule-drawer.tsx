import { useEffect, useState } from 'react';
import { Button, Descriptions, Drawer, Flex, InputNumber, Popconfirm, Space, Table, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SHIFT_LABELS, type ScheduleRow, type ScheduleSlotRow, type ShiftChoice } from '@portal/shared/contracts/schedules.contract';
import { formatDate } from '@portal/shared/rules/format';
import { notify } from '../../core/notify';
import { fillColor } from './calendar-range.logic';
import { scheduleKeys, schedulesApi } from './schedules.api';
import { TS } from './schedules.messages';
import { RefusalAlert, toRefusal, type Refusal } from './refusal';
import { BookingListing, useMayReadListing } from '../appointments/booking-listing';
import { BOOKING_UI } from '../appointments/appointments.messages';

/** A slot's capacity, saved with Enter or the button; never below its booked count (the server says so). */
function SlotCapacity({
  scheduleId,
  slot,
  onSaved,
  onRefused,
}: {
  scheduleId: number;
  slot: ScheduleSlotRow;
  onSaved: () => void;
  onRefused: (r: Refusal) => void;
}) {
  const [value, setValue] = useState<number | null>(slot.capacity);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(slot.capacity), [slot.capacity]);
  const save = async () => {
    if (value === null || value === slot.capacity) return;
    setSaving(true);
    try {
      const res = await schedulesApi.updateSlot(scheduleId, slot.id, value);
      notify.success(res.message ?? TS.saveCapacity);
      onSaved();
    } catch (e) {
      onRefused(toRefusal(e, TS.saveCapacity));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space.Compact>
      <InputNumber
        min={1}
        max={200}
        value={value}
        onChange={setValue}
        onPressEnter={() => void save()}
        aria-label={`${TS.slotCapacity} ${slot.startTime}`}
        style={{ width: 80 }}
      />
      <Button onClick={() => void save()} loading={saving} disabled={value === slot.capacity}>
        {TS.saveCapacity}
      </Button>
    </Space.Compact>
  );
}

/** One schedule: what, who, where; its slots with their places; delete (refused while bookings hold places). */
export function ScheduleDrawer({
  schedule,
  onClose,
  onChanged,
  canWrite,
}: {
  schedule: ScheduleRow | null;
  onClose: () => void;
  onChanged: () => void;
  canWrite: boolean;
}) {
  const qc = useQueryClient();
  const mayReadBookings = useMayReadListing();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const id = schedule?.id ?? 0;
  const slots = useQuery({ queryKey: scheduleKeys.slots(id), queryFn: () => schedulesApi.slots(id), enabled: id > 0 });
  useEffect(() => setRefusal(null), [id]);

  const refresh = () => {
    setRefusal(null);
    void qc.invalidateQueries({ queryKey: scheduleKeys.slots(id) });
    onChanged();
  };
  const remove = async () => {
    try {
      const res = await schedulesApi.remove(id);
      notify.success(res.message ?? TS.deleteSchedule);
      onChanged();
      onClose();
    } catch (e) {
      setRefusal(toRefusal(e, TS.deleteSchedule));
    }
  };

  return (
    <Drawer title={TS.detailTitle} open={schedule !== null} onClose={onClose} size={mayReadBookings ? 720 : 560}>
      {schedule && (
        <Flex vertical gap={12}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Ngày">{formatDate(schedule.date)}</Descriptions.Item>
            <Descriptions.Item label={TS.shifts}>
              {SHIFT_LABELS[schedule.shift as ShiftChoice] ?? schedule.shift} {schedule.startTime}–{schedule.endTime}
            </Descriptions.Item>
            <Descriptions.Item label={TS.doctor}>{schedule.doctor.name}</Descriptions.Item>
            <Descriptions.Item label={TS.room}>{schedule.room.name}</Descriptions.Item>
            <Descriptions.Item label={TS.department}>{schedule.department.name}</Descriptions.Item>
            <Descriptions.Item label={TS.booked}>
              <Tag color={fillColor(schedule.booked, schedule.capacity)}>
                {schedule.booked}/{schedule.capacity}
              </Tag>
            </Descriptions.Item>
            {schedule.note && <Descriptions.Item label={TS.note}>{schedule.note}</Descriptions.Item>}
          </Descriptions>
          <RefusalAlert refusal={refusal} />
          <Table<ScheduleSlotRow>
            size="small"
            rowKey="id"
            loading={slots.isLoading}
            dataSource={slots.data ?? []}
            pagination={false}
            data-testid="slot-table"
            columns={[
              { title: TS.slot, render: (_, s) => `${s.startTime}–${s.endTime}` },
              { title: TS.slotBooked, dataIndex: 'booked', width: 80 },
              {
                title: TS.slotCapacity,
                render: (_, s) => (canWrite ? <SlotCapacity scheduleId={schedule.id} slot={s} onSaved={refresh} onRefused={setRefusal} /> : s.capacity),
              },
            ]}
          />
          {mayReadBookings && <BookingListing by={{ scheduleId: schedule.id }} title={BOOKING_UI.listing.ofSchedule} />}
          {canWrite && (
            <Popconfirm title={TS.deleteConfirm} onConfirm={() => void remove()} okText={TS.confirm} cancelText={TS.cancel}>
              <Button danger icon={<DeleteOutlined />} data-testid="delete-schedule">
                {TS.deleteSchedule}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
