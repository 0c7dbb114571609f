import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Card, DatePicker, Flex, Select, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link, useLocation } from 'react-router';
import { useScreenParams } from '../../core/router/use-screen-params';
import { hasAuthority } from '@portal/shared/authorities';
import { BOOKING_PRIORITY_LABELS, BOOKING_SOURCE_LABELS, type BookingRow } from '@portal/shared/contracts/appointments.contract';
import { fmt } from '@portal/shared/messages.vi';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES } from '@portal/shared/rules/booking-status';
import { formatDate } from '@portal/shared/rules/format';
import { formatPhone } from '@portal/shared/rules/identifiers';
import { T } from '../../app/messages';
import { SearchBox } from '../../core/blocks/search-box';
import { SelectBox } from '../../core/blocks/select-box';
import type { ListState } from '../../core/crud/list-state';
import { actionsColumn, TwoLines } from '../../core/crud/cells';
import { type BulkOutcome, BulkResults } from '../../core/crud/bulk-results';
import { PagedTable } from '../../core/crud/paged-table';
import { reportError } from '../../core/crud/resource-api';
import { LiveIndicator } from '../../core/live/live-indicator';
import { pollInterval } from '../../core/live/live.logic';
import { notify } from '../../core/notify';
import { useMe } from '../auth/use-session';
import { bookingKeys, bookingsApi, deskKey, loaders } from './appointments.api';
import { BOOKING_UI } from './appointments.messages';
import { BookingActions } from './booking-actions';
import {
  bookingListQuery,
  changedRowIds,
  parseBookingListState,
  rememberListUrl,
  roomsToShow,
  todayVn,
  totalCount,
  withChange,
  type BookingListState,
} from './booking-list.logic';
import { BookingStatusTag } from './booking-status-tag';
import { BookingTimeTags, useMinuteClock } from './booking-time-tags';
import { RoomFilter } from './room-filter';
import { RoomQueue } from './room-queue';
import { useBookingLive } from './use-booking-live';
import './booking-list.css';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { WalkInButton } from '../queue/walk-in';

const M = BOOKING_UI.list;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'time', direction: 'asc' as const } };
const SEARCH_ID = 'booking-search';

/**
 * '/' anywhere but in a text field focuses the search box and selects what it holds, ready for the
 * next search (front-desk habit). In the search box itself it does the same instead of typing a '/':
 * no code, name, phone or patient code has one, and the box has the focus when the screen opens.
 */
function useSlashFocus(id: string) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t && t.id !== id && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return;
      e.preventDefault();
      const box = document.getElementById(id) as HTMLInputElement | null;
      box?.focus();
      box?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [id]);
}

/** Only a pending booking can be ticked for the bulk accept. */
const isPending = (r: BookingRow) => r.status === 'PENDING';

/**
 * Cells that render from their row alone skip rendering while the row object is the same one; a column
 * that also follows the clock says so with its own shouldCellUpdate.
 */
const withRowIdentity = (columns: ColumnsType<BookingRow>): ColumnsType<BookingRow> =>
  columns.map((c) => ({ shouldCellUpdate: (row: BookingRow, before: BookingRow) => row !== before, ...c }));

/** Rooms the queue card offers at most (a handful of rooms per desk; "all rooms" shows no queue). */
const QUEUE_ROOMS_MAX = 8;

/** Names of the rooms the screen knows: the account's, and those of the rows listed. */
function roomNames(desk: { rooms: readonly { id: number; name: string }[] } | undefined, rows: readonly BookingRow[] | undefined): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  for (const r of desk?.rooms ?? []) names.set(r.id, r.name);
  for (const r of rows ?? []) names.set(r.room.id, r.room.name);
  return names;
}

/** /admin/quan-ly-dat-kham: the bookings of one day, live. */
export function BookingListPage() {
  const me = useMe();
  const allowed = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_APPOINTMENT');
  const today = todayVn();
  const [params, setParams] = useScreenParams();
  const state = useMemo(() => parseBookingListState(params, today), [params, today]);
  const setState = useCallback(
    (next: BookingListState) => setParams(new URLSearchParams(bookingListQuery(next, today, { forUrl: true })), { replace: true }),
    [setParams, today],
  );
  // the account's rooms: the list and the queue open on them (docs/booking-states.md "Rooms of an account")
  const desk = useQuery({ queryKey: deskKey, queryFn: ({ signal }) => bookingsApi.desk(signal), enabled: allowed, staleTime: 60_000 });
  // the source filter's choices come from the server (spec "sources?hospitalId"); they change with a release, not a day
  const sources = useQuery({ queryKey: ['booking-sources'], queryFn: ({ signal }) => bookingsApi.sources(signal), enabled: allowed, staleTime: Infinity });
  const roomIds = useMemo(() => (desk.data ? roomsToShow(state.rooms, desk.data) : undefined), [state.rooms, desk.data]);
  const query = useMemo(() => bookingListQuery(state, today, { roomIds }), [state, today, roomIds]);
  const now = useMinuteClock();
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const live = useBookingLive();
  const list = useQuery({
    queryKey: bookingKeys.list(query),
    queryFn: ({ signal }) => bookingsApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled: allowed && desk.data !== undefined,
    refetchInterval: pollInterval(live.status),
  });
  useSlashFocus(SEARCH_ID);
  const location = useLocation();
  useEffect(() => rememberListUrl(location.pathname + location.search), [location.pathname, location.search]);

  // Rows that changed between two loads of the same query (live event or poll) are highlighted.
  const previous = useRef<{ key: string; rows: BookingRow[] } | null>(null);
  const queryText = JSON.stringify(query);
  const { highlight } = live;
  useEffect(() => {
    const rows = list.data?.data;
    if (!rows || list.isPlaceholderData) return;
    const before = previous.current?.key === queryText ? previous.current.rows : undefined;
    previous.current = { key: queryText, rows };
    highlight(changedRowIds(before, rows));
  }, [list.data, list.isPlaceholderData, queryText, highlight]);

  const [selected, setSelected] = useState<BookingRow[]>([]);
  useEffect(() => setSelected([]), [queryText]);
  const [results, setResults] = useState<BulkOutcome[] | null>(null);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: bookingKeys.all }), [queryClient]);

  const bulk = useMutation({
    mutationFn: (rows: BookingRow[]) => bookingsApi.bulkAccept(rows.map((r) => r.id)),
    onSuccess: (res, rows) => {
      const codes = new Map(rows.map((r) => [r.id, r.code]));
      const text = fmt(M.bulkDone, { succeeded: res.succeeded, total: rows.length });
      if (res.failed === 0) notify.success(text);
      else notify.warning(text);
      setResults(
        res.results.map((r) => ({
          id: r.id,
          label: codes.get(r.id) ?? `#${r.id}`,
          ok: r.ok,
          detail: r.message ?? (r.status ? BOOKING_STATUS_LABELS[r.status] : ''),
        })),
      );
      setSelected([]);
    },
    onError: (e) => reportError(e, BOOKING_UI.actions.failed),
    onSettled: refresh,
  });

  // Stable columns and row classes: a live refetch keeps unchanged rows' objects (react-query's
  // structural sharing), so only the changed rows render again (docs/performance.md, live).
  const columns = useMemo<ColumnsType<BookingRow>>(
    () =>
      withRowIdentity([
        {
          title: M.queue,
          key: 'queue',
          width: 80,
          render: (_v, r) =>
            r.queueNumber === null ? (
              ''
            ) : (
              <Typography.Text strong data-testid="queue-number">
                {r.queueNumber}
              </Typography.Text>
            ),
        },
        // Two facts a column (time and source, code and state, name and priority, doctor and room): the table fits a 1,366 px screen.
        { title: M.time, key: 'time', render: (_v, r) => <TwoLines main={`${r.startTime}–${r.endTime}`} sub={BOOKING_SOURCE_LABELS[r.source]} /> },
        {
          title: M.code,
          key: 'code',
          // its tags follow the clock too ("Quá giờ hẹn" once the slot is over): rendered again each minute
          shouldCellUpdate: () => true,
          render: (_v, r) => (
            <TwoLines
              main={<Link to={`/admin/quan-ly-dat-kham/${r.id}`}>{r.code}</Link>}
              sub={
                <Flex wrap gap={4}>
                  <BookingStatusTag status={r.status} />
                  <BookingTimeTags b={r} now={now} desk={desk.data} />
                </Flex>
              }
            />
          ),
        },
        {
          title: M.patient,
          key: 'patient',
          render: (_v, r) => (
            <TwoLines
              main={
                <span>
                  <Typography.Text strong>{r.patient.name}</Typography.Text>
                  {r.priority > 0 && (
                    <Tag color="volcano" style={{ marginInlineStart: 8 }}>
                      {BOOKING_PRIORITY_LABELS[r.priority]}
                    </Tag>
                  )}
                </span>
              }
              sub={[r.patient.patientCode, formatDate(r.patient.dateOfBirth), formatPhone(r.patient.phone)].filter(Boolean).join(' · ')}
            />
          ),
        },
        { title: M.doctorRoom, key: 'doctor', render: (_v, r) => <TwoLines main={r.doctor.name} sub={r.room.name} /> },
        actionsColumn((r) => <BookingActions booking={r} onDone={refresh} />),
      ]),
    [refresh, now, desk.data],
  );
  const highlighted = live.highlighted;
  const rowClassName = useCallback((r: BookingRow) => (highlighted.has(r.id) ? 'booking-row-changed' : ''), [highlighted]);

  if (!allowed) return <ForbiddenPage />;

  const counts = list.data?.counts;

  const tableState: ListState = { page: state.page, size: state.size, sort: null, q: state.q, active: null, filters: {} };
  const tabs = [
    { key: 'ALL', label: `${M.all} (${totalCount(counts)})` },
    ...BOOKING_STATUSES.map((s) => ({ key: s, label: `${BOOKING_STATUS_LABELS[s]} (${counts?.[s] ?? 0})` })),
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {M.title}
        </Typography.Title>
        <Flex gap={8} wrap>
          <WalkInButton onDone={refresh} />
          <Link to="/admin/dat-kham-moi">
            <Button type="primary" icon={<PlusOutlined />}>
              {M.newBooking}
            </Button>
          </Link>
        </Flex>
      </Flex>
      <LiveIndicator status={live.status} />
      <Card size="small">
        <Flex wrap gap={12} align="center">
          <Flex align="center" gap={6}>
            <Typography.Text>{M.date}</Typography.Text>
            <DatePicker
              aria-label={M.date}
              format="DD/MM/YYYY"
              allowClear={false}
              value={dayjs(state.date)}
              onChange={(d) => d && setState(withChange(state, { date: d.format('YYYY-MM-DD') }))}
            />
            {state.date !== today && <Button onClick={() => setState(withChange(state, { date: today }))}>{M.today}</Button>}
          </Flex>
          <SearchBox
            id={SEARCH_ID}
            autoFocus
            placeholder={M.searchPlaceholder}
            maxLength={100}
            q={state.q}
            onSearch={(q) => setState(withChange(state, { q }))}
            style={{ width: 440 }}
          />
          <SelectBox
            aria-label={M.department}
            prefix={`${M.department}:`}
            allowClear
            style={{ minWidth: 220 }}
            loader={loaders.departments}
            value={state.departmentId ?? undefined}
            onChange={(v?: number) => setState(withChange(state, { departmentId: v ?? null, doctorId: null }))}
          />
          <SelectBox
            aria-label={M.doctor}
            prefix={`${M.doctor}:`}
            allowClear
            style={{ minWidth: 240 }}
            loader={loaders.doctors({ departmentId: state.departmentId ?? undefined })}
            reloadKey={state.departmentId}
            value={state.doctorId ?? undefined}
            onChange={(v?: number) => setState(withChange(state, { doctorId: v ?? null }))}
          />
          {desk.data && <RoomFilter desk={desk.data} choice={state.rooms} shown={roomIds} onChange={(rooms) => setState(withChange(state, { rooms }))} />}
          <Select
            aria-label={M.source}
            prefix={`${M.source}:`}
            style={{ minWidth: 200 }}
            value={state.source ?? 'ALL'}
            loading={sources.isLoading}
            options={[{ value: 'ALL', label: M.all }, ...(sources.data ?? []).map((s) => ({ value: s.value, label: s.name }))]}
            onChange={(v: string) => setState(withChange(state, { source: v === 'ALL' ? null : (v as BookingListState['source']) }))}
          />
        </Flex>
      </Card>
      {roomIds !== undefined && roomIds.length > 0 && roomIds.length <= QUEUE_ROOMS_MAX && (
        <RoomQueue roomIds={roomIds} names={roomNames(desk.data, list.data?.data)} date={state.date} onCalled={refresh} />
      )}
      <Card size="small">
        <Tabs
          // Nine states with their counts fit a 1,366 px laptop screen without the "…" menu.
          tabBarGutter={14}
          activeKey={state.status ?? 'ALL'}
          items={tabs}
          onChange={(k) => setState(withChange(state, { status: k === 'ALL' ? null : (k as BookingListState['status']) }))}
        />
        <PagedTable<BookingRow>
          list={list}
          state={tableState}
          spec={SPEC}
          onChange={(next) => setState({ ...state, page: next.page, size: next.size })}
          columns={columns}
          selected={selected}
          onSelect={setSelected}
          rowClassName={rowClassName}
          selectable={isPending}
          bulkBar={
            <Flex align="center" gap={12} wrap className="crud-bulk-bar" data-testid="bulk-bar">
              <Typography.Text strong>{fmt(T.crud.selected, { count: selected.length })}</Typography.Text>
              <Button
                type="primary"
                size="small"
                loading={bulk.isPending}
                onClick={() =>
                  // a dialog with the focus on "Đồng ý": Enter confirms, Esc goes back (as the revert confirm)
                  modal.confirm({
                    title: fmt(M.bulkAcceptTitle, { count: selected.length }),
                    okText: T.crud.confirm,
                    // 'Đóng', as the booking dialogs: 'Huỷ' beside a booking reads as 'Huỷ lịch'
                    cancelText: BOOKING_UI.actions.cancel,
                    autoFocusButton: 'ok',
                    onOk: () => bulk.mutate(selected),
                  })
                }
              >
                {fmt(M.bulkAccept, { count: selected.length })}
              </Button>
              <Button size="small" type="text" onClick={() => setSelected([])}>
                {T.crud.clearSelection}
              </Button>
            </Flex>
          }
        />
      </Card>
      <BulkResults title={M.bulkResultTitle} itemTitle={M.code} results={results} onClose={() => setResults(null)} />
    </Flex>
  );
}
