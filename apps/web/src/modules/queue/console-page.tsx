import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Flex, Result, Row, Select, Spin, Tag, Typography } from 'antd';
import { CheckOutlined, RedoOutlined, SoundOutlined, StepForwardOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BOOKING_PRIORITY_LABELS } from '@portal/shared/contracts/appointments.contract';
import { BOOKING_LIVE_TOPIC } from '@portal/shared/contracts/live.contract';
import type { ConsoleTicket } from '@portal/shared/contracts/queue.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate } from '@portal/shared/rules/format';
import { ScreenHeader } from '../../core/blocks/screen-header';
import { errorMessage, isApiError } from '../../core/api/api-error';
import { reportError } from '../../core/crud/resource-api';
import { LiveIndicator } from '../../core/live/live-indicator';
import { LIVE_POLL_MS } from '../../core/live/live.logic';
import { useCoalescedInvalidate } from '../../core/live/use-coalesced-invalidate';
import { useLiveTopic } from '../../core/live/use-live';
import { notify } from '../../core/notify';
import { readJson, writeJson } from '../../core/storage';
import { useMe } from '../auth/use-session';
import { queueApi, queueKeys } from './queue.api';
import { CONSOLE_KEYS, type ConsoleAction, canRun, chooseRoom, clockTime, consoleActionOfKey, rememberedRoom, withRememberedRoom } from './queue.logic';
import { TQ } from './queue.messages';
import './queue.css';

const M = TQ.console;
/** Where this browser remembers each account's room (user id → room id). */
const ROOM_KEY = 'queueConsoleRoom';
/** The console follows its room's live events; this poll is the fallback (10 s while the socket is down). */
const FALLBACK_POLL_MS = 30_000;
const COALESCE_MS = 250;

type Room = { id: number; code: string; name: string };
type Run = { action: ConsoleAction | 'call'; bookingId?: number };

function PriorityTag({ priority }: { priority: boolean }) {
  return priority ? (
    <Tag color="volcano" style={{ marginInlineEnd: 0 }}>
      {BOOKING_PRIORITY_LABELS[1]}
    </Tag>
  ) : null;
}

function SkipsTag({ skips }: { skips: number }) {
  return skips > 0 ? (
    <Tag color="orange" style={{ marginInlineEnd: 0 }} data-testid="console-skips">
      {fmt(M.skips, { count: skips })}
    </Tag>
  ) : null;
}

/** A console button with its shortcut on it (and told to assistive technology). */
function KeyButton({
  action,
  label,
  icon,
  onRun,
  disabled,
  loading,
  primary,
  className,
  hint,
}: {
  action: ConsoleAction;
  label: string;
  icon: ReactNode;
  onRun: () => void;
  disabled: boolean;
  loading: boolean;
  primary?: boolean;
  className?: string;
  hint?: string;
}) {
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      size="large"
      icon={icon}
      className={className}
      disabled={disabled}
      loading={loading}
      onClick={onRun}
      aria-keyshortcuts={CONSOLE_KEYS[action]}
      data-testid={`console-${action}`}
    >
      <Flex vertical align="center" gap={0}>
        <span>
          {label}
          <kbd className="console-key">{CONSOLE_KEYS[action]}</kbd>
        </span>
        {hint && <span className="console-hint">{hint}</span>}
      </Flex>
    </Button>
  );
}

function CurrentCall({ current }: { current: ConsoleTicket | null }) {
  if (!current) {
    return (
      <Flex vertical align="center" gap={4} style={{ padding: '8px 0' }}>
        <div className="console-number console-number-none" data-testid="console-current-number">
          —
        </div>
        <Typography.Text strong>{M.nobodyCalled}</Typography.Text>
        <Typography.Text type="secondary">{M.nobodyCalledHint}</Typography.Text>
      </Flex>
    );
  }
  return (
    <Flex vertical align="center" gap={6} style={{ padding: '8px 0', textAlign: 'center' }} data-testid="console-current">
      <div className="console-number" data-testid="console-current-number">
        {current.number}
      </div>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="console-current-name">
        {current.name}
      </Typography.Title>
      <Flex gap={6} wrap justify="center">
        <PriorityTag priority={current.priority} />
        <SkipsTag skips={current.skips} />
        {current.calledAt && <Tag style={{ marginInlineEnd: 0 }}>{fmt(M.calledAt, { time: clockTime(current.calledAt) })}</Tag>}
      </Flex>
      {current.symptom && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }} ellipsis={{ rows: 3, tooltip: current.symptom }}>
          {M.symptom}: {current.symptom}
        </Typography.Paragraph>
      )}
    </Flex>
  );
}

/**
 * A list of the room's patients, one row each: number, name (priority, skips, symptom), a time, one action.
 * Rows rather than a table: a console reads at a glance, and its lists have nothing to sort or page.
 */
function QueueRows({
  rows,
  timeLabel,
  time,
  action,
  empty,
  testId,
}: {
  rows: readonly ConsoleTicket[];
  timeLabel: string;
  time: (t: ConsoleTicket) => string | null;
  action: (t: ConsoleTicket) => ReactNode;
  empty: string;
  testId: string;
}) {
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <div role="list" className="console-rows" data-testid={testId}>
      <div className="console-row console-row-head" aria-hidden="true">
        <span>{M.cols.number}</span>
        <span>{M.cols.name}</span>
        <span>{timeLabel}</span>
        <span />
      </div>
      {rows.map((t) => (
        <div role="listitem" key={t.bookingId} className="console-row" data-testid="console-row" data-booking-id={t.bookingId}>
          <Typography.Text strong className="console-row-number">
            {t.number}
          </Typography.Text>
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Flex gap={6} wrap align="center">
              <Typography.Text strong>{t.name}</Typography.Text>
              <PriorityTag priority={t.priority} />
              <SkipsTag skips={t.skips} />
            </Flex>
            {t.symptom && (
              <Typography.Text type="secondary" ellipsis={{ tooltip: t.symptom }} style={{ fontSize: 12 }}>
                {t.symptom}
              </Typography.Text>
            )}
          </Flex>
          <Typography.Text type="secondary">{time(t) || ''}</Typography.Text>
          {action(t)}
        </div>
      ))}
    </div>
  );
}

/** One room's console: its state, the actions (buttons and keys), live refresh. */
function RoomConsole({ room, picker }: { room: Room; picker: ReactNode }) {
  const qc = useQueryClient();
  const key = queueKeys.console(room.id);
  const refetch = useCoalescedInvalidate(key, COALESCE_MS);
  // the bookings topic carries every booking's change: only this room's concern the console
  const live = useLiveTopic(BOOKING_LIVE_TOPIC, (e) => (Number(e.data?.roomId) === room.id ? refetch() : undefined), refetch);
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => queueApi.consoleState(room.id, signal),
    refetchInterval: live === 'open' ? FALLBACK_POLL_MS : LIVE_POLL_MS,
  });
  const s = state.data;

  const act = useMutation({
    mutationFn: ({ action, bookingId }: Run) => (action === 'callNext' ? queueApi.callNext(room.id) : queueApi.act(room.id, action, bookingId ?? 0)),
    onSuccess: (res) => {
      // the answer is the room's state after the action: no second request
      qc.setQueryData(key, res.data);
      if (res.message) notify.success(res.message);
    },
    onError: (e) => {
      // a 409 (another console called that patient, the call moved on) says why; the state is read again
      reportError(e);
      if (!(isApiError(e) && e.status === 401)) void qc.invalidateQueries({ queryKey: key });
    },
  });

  const run = useCallback(
    (r: Run) => {
      if (act.isPending || !s) return;
      if (r.action !== 'call' && !canRun(r.action, s)) return;
      const bookingId = r.action === 'call' ? r.bookingId : r.action === 'callNext' ? undefined : s.current?.bookingId;
      act.mutate({ action: r.action, bookingId });
    },
    [act, s],
  );

  // F2 F3 F4 F8 anywhere on the page (a function key types nothing, so a focused field does not matter)
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = consoleActionOfKey(e);
      if (!action) return;
      e.preventDefault();
      runRef.current({ action });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const busy = (action: Run['action'], bookingId?: number) =>
    act.isPending && act.variables?.action === action && (bookingId === undefined || act.variables.bookingId === bookingId);

  const header = (
    <ScreenHeader title={M.title}>
      {s && <Typography.Text type="secondary">{fmt(M.date, { date: formatDate(s.date) })}</Typography.Text>}
      {s && (
        <Tag color="green" style={{ marginInlineEnd: 0 }} data-testid="console-done-count">
          {fmt(M.done, { count: s.doneCount })}
        </Tag>
      )}
      {picker}
    </ScreenHeader>
  );

  if (!s) {
    return (
      <Flex vertical gap={16}>
        {header}
        {state.isError ? (
          <Result
            status="error"
            title={M.loadFailed}
            subTitle={errorMessage(state.error, '')}
            extra={
              <Button type="primary" onClick={() => void state.refetch()}>
                {M.retry}
              </Button>
            }
          />
        ) : (
          <Spin style={{ margin: 48 }} />
        )}
      </Flex>
    );
  }

  const current = s.current;
  return (
    <Flex vertical gap={16} data-testid="room-console">
      {header}
      <LiveIndicator status={live} />
      <Row gutter={[16, 16]} align="top">
        <Col xs={24} xl={10} className="console-current">
          <Card size="small" title={`${M.current} · ${s.room.name}`}>
            <Flex vertical gap={12}>
              <CurrentCall current={current} />
              <div className="console-actions">
                <KeyButton
                  action="callNext"
                  label={M.callNext}
                  icon={<SoundOutlined />}
                  primary
                  className="console-wide"
                  onRun={() => run({ action: 'callNext' })}
                  disabled={!canRun('callNext', s) || (act.isPending && !busy('callNext'))}
                  loading={busy('callNext')}
                  hint={s.waiting[0] ? fmt(M.number, { number: s.waiting[0].number }) : M.nobodyWaiting}
                />
                <KeyButton
                  action="recall"
                  label={M.recall}
                  icon={<RedoOutlined />}
                  onRun={() => run({ action: 'recall' })}
                  disabled={!canRun('recall', s) || (act.isPending && !busy('recall'))}
                  loading={busy('recall')}
                />
                <KeyButton
                  action="skip"
                  label={M.skip}
                  icon={<StepForwardOutlined />}
                  onRun={() => run({ action: 'skip' })}
                  disabled={!canRun('skip', s) || (act.isPending && !busy('skip'))}
                  loading={busy('skip')}
                  hint={fmt(M.skipHint, { places: s.skipPlaces })}
                />
                <KeyButton
                  action="complete"
                  label={M.complete}
                  icon={<CheckOutlined />}
                  className="console-wide"
                  onRun={() => run({ action: 'complete' })}
                  disabled={!canRun('complete', s) || (act.isPending && !busy('complete'))}
                  loading={busy('complete')}
                />
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
                {M.keyHint}
              </Typography.Text>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Flex vertical gap={16}>
            <Card size="small" title={fmt(M.waiting, { count: s.waiting.length })} data-testid="console-waiting">
              <QueueRows
                rows={s.waiting}
                timeLabel={M.cols.checkedIn}
                time={(t) => clockTime(t.checkedInAt)}
                empty={M.nobodyWaiting}
                testId="console-waiting-rows"
                action={(t) => (
                  <Button
                    size="small"
                    icon={<SoundOutlined />}
                    loading={busy('call', t.bookingId)}
                    disabled={act.isPending}
                    onClick={() => run({ action: 'call', bookingId: t.bookingId })}
                    data-testid="console-call-one"
                  >
                    {M.call}
                  </Button>
                )}
              />
            </Card>
            <Card
              size="small"
              title={fmt(M.calledEarlier, { count: s.calledEarlier.length })}
              extra={
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {M.calledEarlierHint}
                </Typography.Text>
              }
              data-testid="console-called-earlier"
            >
              <QueueRows
                rows={s.calledEarlier}
                timeLabel={M.cols.calledAt}
                time={(t) => clockTime(t.calledAt)}
                empty={M.nobodyEarlier}
                testId="console-called-earlier-rows"
                action={(t) => (
                  <Button
                    size="small"
                    icon={<CheckOutlined />}
                    loading={busy('complete', t.bookingId)}
                    disabled={act.isPending}
                    onClick={() => act.mutate({ action: 'complete', bookingId: t.bookingId })}
                    data-testid="console-complete-one"
                  >
                    {M.completeOne}
                  </Button>
                )}
              />
            </Card>
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}

/**
 * /admin/phong-kham (MANAGER_ROOM_QUEUE, issue 22): the console of a consulting room. The nurse picks one of
 * the account's rooms (remembered in this browser for the account), sees the call of the moment in large,
 * and calls next, recalls, skips (back in the queue a few places later) and completes with a button or a
 * function key. It follows the room's booking events live, and polls as a fallback.
 */
export function ConsolePage() {
  const me = useMe();
  const userId = me.data?.user.id;
  const rooms = useQuery({ queryKey: queueKeys.consoleRooms, queryFn: ({ signal }) => queueApi.consoleRooms(signal), staleTime: 60_000 });
  const [picked, setPicked] = useState<number | null>(null);
  const list = rooms.data ?? [];
  const roomId = list.some((r) => r.id === picked) ? picked : chooseRoom(list, userId === undefined ? null : rememberedRoom(readJson(ROOM_KEY), userId));
  const room = list.find((r) => r.id === roomId);

  const pick = (id: number) => {
    setPicked(id);
    if (userId !== undefined) writeJson(ROOM_KEY, withRememberedRoom(readJson(ROOM_KEY), userId, id));
  };

  if (rooms.isPending) return <Spin style={{ margin: 48 }} />;
  if (rooms.isError)
    return (
      <Result
        status="error"
        title={M.loadFailed}
        subTitle={errorMessage(rooms.error, '')}
        extra={
          <Button type="primary" onClick={() => void rooms.refetch()}>
            {M.retry}
          </Button>
        }
      />
    );
  if (!room)
    return (
      <Flex vertical gap={16}>
        <ScreenHeader title={M.title} />
        <Result status="info" title={M.noRooms} subTitle={M.noRoomsHint} data-testid="console-no-rooms" />
      </Flex>
    );

  const picker =
    list.length > 1 ? (
      <Select<number>
        aria-label={M.room}
        prefix={`${M.room}:`}
        value={room.id}
        onChange={pick}
        options={list.map((r) => ({ value: r.id, label: r.name }))}
        style={{ minWidth: 260 }}
        data-testid="console-room-picker"
      />
    ) : (
      <Tag color="blue" style={{ marginInlineEnd: 0, fontSize: 14, padding: '2px 10px' }} data-testid="console-room">
        {room.name}
      </Tag>
    );
  return <RoomConsole key={room.id} room={room} picker={picker} />;
}
