import { useState } from 'react';
import { Button, Card, Flex, Segmented, Tag, Typography } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { BOOKING_PRIORITY_LABELS, type BookingRow } from '@portal/shared/contracts/appointments.contract';
import { fmt } from '@portal/shared/messages.vi';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { bookingKeys, bookingsApi } from './appointments.api';
import { BOOKING_UI } from './appointments.messages';
import { queueSummary } from './booking-list.logic';

const M = BOOKING_UI.queue;
/** Waiting patients named on the card; the rest are counted. */
const SHOWN = 6;
/** Patients called before the call of the moment named on the card (one line). */
const SHOWN_BEFORE = 4;

function Patient({ b }: { b: BookingRow }) {
  return (
    <span>
      <Typography.Text strong>{fmt(M.number, { queue: b.queueNumber ?? '' })}</Typography.Text> · {b.patient.name}
      {b.priority > 0 && (
        <Tag color="volcano" style={{ marginInlineStart: 6 }}>
          {BOOKING_PRIORITY_LABELS[b.priority]}
        </Tag>
      )}
    </span>
  );
}

/**
 * The queue of a room the booking list shows (the account's rooms by default; one at a time, picked
 * above the card when there are several): the room's call of the moment — one patient, a new call ends
 * the previous one's (docs/booking-states.md) —, those called before it, who waits (priority first), and
 * "Gọi bệnh nhân tiếp theo", which calls the first waiting patient (POST /called). It follows the list's
 * live refetches (its query lives under the bookings' key).
 */
export function RoomQueue({
  roomIds,
  names,
  date,
  onCalled,
}: {
  roomIds: readonly number[];
  names: ReadonlyMap<number, string>;
  date: string;
  onCalled: () => void;
}) {
  const [picked, setPicked] = useState<number | null>(null);
  const roomId = picked !== null && roomIds.includes(picked) ? picked : roomIds[0]!;
  const queue = useQuery({
    queryKey: [...bookingKeys.all, 'queue', roomId, date],
    queryFn: ({ signal }) => bookingsApi.queue(roomId, date, signal),
    placeholderData: keepPreviousData,
  });
  const next = useMutation({
    mutationFn: () => bookingsApi.callNext(roomId, date),
    onSuccess: (res) => notify.success(res.message ?? ''),
    onError: (e) => reportError(e),
    onSettled: onCalled,
  });
  const rows = queue.data ?? [];
  const { calling, calledBefore, waiting } = queueSummary(rows);
  const roomName = names.get(roomId) ?? rows[0]?.room.name ?? BOOKING_UI.list.room.toLowerCase();

  return (
    <Card
      size="small"
      data-testid="room-queue"
      title={fmt(M.title, { room: roomName })}
      extra={
        roomIds.length > 1 && (
          <Segmented
            size="small"
            aria-label={BOOKING_UI.list.room}
            value={roomId}
            onChange={(v) => setPicked(Number(v))}
            options={roomIds.map((id) => ({ value: id, label: names.get(id) ?? String(id) }))}
          />
        )
      }
    >
      <Flex wrap gap={16} align="center" justify="space-between">
        <Flex vertical gap={6} style={{ flex: 1, minWidth: 320 }}>
          <Flex gap={8} wrap align="baseline" data-testid="room-queue-calling" title={M.oneAtATime}>
            <Typography.Text type="secondary">{M.inRoom}:</Typography.Text>
            {calling ? <Patient b={calling} /> : <Typography.Text type="secondary">{M.nobodyInRoom}</Typography.Text>}
          </Flex>
          <Flex gap={8} wrap align="baseline" data-testid="room-queue-waiting">
            <Typography.Text type="secondary">{fmt(M.waiting, { count: waiting.length })}</Typography.Text>
            {waiting.length === 0 && <Typography.Text type="secondary">{M.nobodyWaiting}</Typography.Text>}
            {waiting.slice(0, SHOWN).map((b, i) => (
              <span key={b.id}>
                {i > 0 && <Typography.Text type="secondary"> → </Typography.Text>}
                <Patient b={b} />
              </span>
            ))}
            {waiting.length > SHOWN && <Typography.Text type="secondary">{fmt(M.more, { count: waiting.length - SHOWN })}</Typography.Text>}
          </Flex>
          {calledBefore.length > 0 && (
            <Flex gap={8} wrap align="baseline" data-testid="room-queue-called-before">
              <Typography.Text type="secondary">{fmt(M.calledBefore, { count: calledBefore.length })}</Typography.Text>
              {calledBefore.slice(0, SHOWN_BEFORE).map((b) => (
                <Typography.Text key={b.id} type="secondary">
                  {fmt(M.number, { queue: b.queueNumber ?? '' })} · {b.patient.name}
                </Typography.Text>
              ))}
              {calledBefore.length > SHOWN_BEFORE && (
                <Typography.Text type="secondary">{fmt(M.more, { count: calledBefore.length - SHOWN_BEFORE })}</Typography.Text>
              )}
            </Flex>
          )}
        </Flex>
        <Button type="primary" size="large" icon={<SoundOutlined />} disabled={waiting.length === 0} loading={next.isPending} onClick={() => next.mutate()}>
          {M.callNext}
        </Button>
      </Flex>
    </Card>
  );
}
