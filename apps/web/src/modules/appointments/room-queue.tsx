import { Button, Card, Flex, Tag, Typography } from 'antd';
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
 * The queue of the room the booking list is filtered to: who is in, who waits (priority first),
 * and "Gọi bệnh nhân tiếp theo", which calls the first waiting patient (POST /called). It follows
 * the list's live refetches (its query lives under the bookings' key).
 */
export function RoomQueue({ roomId, date, onCalled }: { roomId: number; date: string; onCalled: () => void }) {
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
  const { called, waiting } = queueSummary(rows);
  const roomName = rows[0]?.room.name;

  return (
    <Card size="small" data-testid="room-queue" title={fmt(M.title, { room: roomName ?? BOOKING_UI.list.room.toLowerCase() })}>
      <Flex wrap gap={16} align="center" justify="space-between">
        <Flex vertical gap={6} style={{ flex: 1, minWidth: 320 }}>
          <Flex gap={8} wrap align="baseline">
            <Typography.Text type="secondary">{M.inRoom}:</Typography.Text>
            {called.length === 0 ? (
              <Typography.Text type="secondary">{M.nobodyInRoom}</Typography.Text>
            ) : (
              called.slice(0, 3).map((b) => <Patient key={b.id} b={b} />)
            )}
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
        </Flex>
        <Button type="primary" size="large" icon={<SoundOutlined />} disabled={waiting.length === 0} loading={next.isPending} onClick={() => next.mutate()}>
          {M.callNext}
        </Button>
      </Flex>
    </Card>
  );
}
