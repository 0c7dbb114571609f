import { useState } from 'react';
import { Button, Card, Flex, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ClearOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type CampaignTotalsDto,
  type DeliveryCounts,
  type EventTotalsDto,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_SOURCE_LABELS,
  NOTIFICATION_SOURCES,
  NOTIFICATION_STATUS_LABELS,
  NOTIFICATION_STATUSES,
  type NotificationChannel,
  type NotificationRowDto,
  type NotificationStatus,
} from '@portal/shared/contracts/notification-messages.contract';
import { fmt } from '@portal/shared/messages.vi';
import { MESSAGE_KIND_LABELS, MESSAGE_KINDS } from '@portal/shared/rules/ad-window';
import { formatDateTime } from '@portal/shared/rules/format';
import { DebouncedInput } from '../../../core/blocks/debounced-input';
import { EllipsisText, TwoLines } from '../../../core/crud/cells';
import { TEXT_MAX_WIDTH } from '../../../core/crud/cells.logic';
import { useScreenParams } from '../../../core/router/use-screen-params';
import { PushModal } from './push-modal';
import { pushApi, pushKeys } from './push.api';
import { type MessageFilters, messageFiltersToParams, parseMessageFilters, withFilter } from './push.logic';
import { TPUSH as M } from './push.messages';

const STATUS_COLOR: Record<NotificationStatus, string | undefined> = {
  QUEUED: 'gold',
  SENDING: 'processing',
  SENT: 'blue',
  DELIVERED: 'green',
  OPENED: 'cyan',
  FAILED: 'red',
  SKIPPED: undefined,
};
/** Re-read while a message on the page is still on its way. */
const POLL_MS = 3000;
// the title and body are one line each, cut with "…" (whole in the tooltip): the seven columns fit 1,366 px with the sidebar open
const MESSAGE_WIDTH = TEXT_MAX_WIDTH - 120;
const open = (r: NotificationRowDto) => r.status === 'QUEUED' || r.status === 'SENDING';

export function StatusTag({ row }: { row: Pick<NotificationRowDto, 'status' | 'error' | 'attempts'> }) {
  const tag = (
    <Tag color={STATUS_COLOR[row.status]} data-testid="push-status">
      {NOTIFICATION_STATUS_LABELS[row.status]}
    </Tag>
  );
  return (
    <TwoLines
      main={row.error ? <Tooltip title={row.error}>{tag}</Tooltip> : tag}
      sub={row.error ? <EllipsisText secondary text={row.error} width={180} /> : row.attempts > 1 ? fmt(M.attempts, { count: row.attempts }) : ''}
    />
  );
}

/** Gửi / nhận / xem: when the channel reported each step (— until it did). */
function Delivery({ r }: { r: NotificationRowDto }) {
  const line = (label: string, at: string | null) => (
    <Typography.Text type={at ? undefined : 'secondary'} style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      {label}: {at ? formatDateTime(at) : '—'}
    </Typography.Text>
  );
  return (
    <Flex vertical>
      {line(M.deliverySent, r.sentAt)}
      {line(M.deliveryDelivered, r.deliveredAt)}
      {line(M.deliveryRead, r.readAt)}
    </Flex>
  );
}

function CountTags({ c }: { c: DeliveryCounts }) {
  const items: [keyof DeliveryCounts, string | undefined][] = [
    ['queued', 'gold'],
    ['sent', 'blue'],
    ['delivered', 'green'],
    ['opened', 'cyan'],
    ['failed', c.failed > 0 ? 'red' : undefined],
    ['skipped', undefined],
  ];
  return (
    <Flex gap={4} wrap>
      {items.map(([k, color]) => (
        <Tag key={k} color={color} title={M.totals[k]}>
          {M.totals[k]}: {c[k]}
        </Tag>
      ))}
    </Flex>
  );
}

/** Tổng theo nhóm thông báo (paged, newest first) and per event; a campaign's "Xem tin" filters the list to it. */
function Totals({ onShow }: { onShow: (groupId: number) => void }) {
  const [page, setPage] = useState(0);
  const totals = useQuery({ queryKey: pushKeys.totals(page), queryFn: ({ signal }) => pushApi.totals(page, signal), placeholderData: keepPreviousData });
  const events = useQuery({ queryKey: pushKeys.eventTotals, queryFn: ({ signal }) => pushApi.eventTotals(signal) });
  const campaignCols: ColumnsType<CampaignTotalsDto> = [
    { title: M.totals.name, key: 'name', render: (_v, g) => <EllipsisText text={g.name} width={TEXT_MAX_WIDTH - 80} /> },
    { title: M.totals.total, key: 'total', align: 'right', render: (_v, g) => g.counts.total.toLocaleString('vi-VN') },
    { title: M.cols.status, key: 'counts', render: (_v, g) => <CountTags c={g.counts} /> },
    {
      key: 'show',
      render: (_v, g) => (
        <Button size="small" type="link" onClick={() => onShow(g.groupId)}>
          {M.totals.showMessages}
        </Button>
      ),
    },
  ];
  const eventCols: ColumnsType<EventTotalsDto> = [
    { title: M.cols.source, key: 'label', render: (_v, e) => e.label },
    { title: M.totals.total, key: 'total', align: 'right', render: (_v, e) => e.counts.total.toLocaleString('vi-VN') },
    { title: M.cols.status, key: 'counts', render: (_v, e) => <CountTags c={e.counts} /> },
  ];
  return (
    <Flex gap={12} wrap>
      <Card size="small" title={M.totals.title} style={{ flex: '1 1 520px', minWidth: 0 }} data-testid="push-campaign-totals">
        <Table<CampaignTotalsDto>
          size="small"
          rowKey="groupId"
          columns={campaignCols}
          dataSource={totals.data?.data ?? []}
          loading={totals.isFetching}
          locale={{ emptyText: M.totals.empty }}
          pagination={{ current: page + 1, pageSize: 5, total: totals.data?.totalElements ?? 0, onChange: (p) => setPage(p - 1), hideOnSinglePage: true }}
        />
      </Card>
      <Card size="small" title={M.totals.events} style={{ flex: '1 1 420px', minWidth: 0 }} data-testid="push-event-totals">
        <Table<EventTotalsDto> size="small" rowKey="event" columns={eventCols} dataSource={events.data ?? []} loading={events.isFetching} pagination={false} />
      </Card>
    </Flex>
  );
}

/**
 * Tin đã gửi: every message to a patient, newest first, with its delivery; the filters live in the URL (a link
 * opens the same list). Re-read every few seconds while a message on the page is still on its way.
 */
export function MessagesTab() {
  const [params, setParams] = useScreenParams();
  const filters = parseMessageFilters(params);
  const [pushing, setPushing] = useState(false);
  const set = (next: MessageFilters) => setParams(messageFiltersToParams(next), { replace: true });
  const list = useQuery({
    queryKey: pushKeys.messages(filters),
    queryFn: ({ signal }) => pushApi.messages(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some(open) ? POLL_MS : false),
  });
  const select = (key: keyof MessageFilters, placeholder: string, options: { value: string; label: string }[], width = 170) => (
    <Select
      allowClear
      aria-label={placeholder}
      placeholder={placeholder}
      value={filters[key] as string | undefined}
      onChange={(v?: string) => set(withFilter(filters, { [key]: v }))}
      options={options}
      style={{ width }}
      data-testid={`push-filter-${key}`}
    />
  );
  const columns: ColumnsType<NotificationRowDto> = [
    { title: M.cols.time, key: 'time', render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span> },
    { title: M.cols.patient, key: 'patient', render: (_v, r) => <TwoLines main={r.patientName} sub={r.phone ?? ''} /> },
    {
      title: M.cols.message,
      key: 'message',
      render: (_v, r) => (
        <TwoLines main={<EllipsisText text={r.title} width={MESSAGE_WIDTH} />} sub={<EllipsisText secondary text={r.body} width={MESSAGE_WIDTH} />} />
      ),
    },
    {
      title: M.cols.channel,
      key: 'channel',
      render: (_v, r) =>
        r.channel ? (
          (NOTIFICATION_CHANNEL_LABELS[r.channel as NotificationChannel] ?? r.channel)
        ) : (
          <Typography.Text type="secondary">{M.noChannel}</Typography.Text>
        ),
    },
    { title: M.cols.status, key: 'status', render: (_v, r) => <StatusTag row={r} /> },
    { title: M.cols.delivery, key: 'delivery', render: (_v, r) => <Delivery r={r} /> },
    {
      title: M.cols.source,
      key: 'source',
      render: (_v, r) => (
        <TwoLines
          main={NOTIFICATION_SOURCE_LABELS[r.source]}
          sub={<EllipsisText secondary text={r.source === 'SINGLE' ? r.createdBy : r.sourceLabel} width={140} />}
        />
      ),
    },
  ];
  const anyFilter = Object.keys(withFilter(filters, {})).some((k) => k !== 'size');
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" data-testid="push-filters">
        <DebouncedInput
          allowClear
          placeholder={M.filters.patient}
          aria-label={M.filters.patient}
          value={filters.patient ?? ''}
          onDebouncedChange={(v) => set(withFilter(filters, { patient: v.trim() || undefined }))}
          style={{ width: 260 }}
          data-testid="push-filter-patient"
        />
        {select(
          'status',
          M.filters.status,
          NOTIFICATION_STATUSES.map((s) => ({ value: s, label: NOTIFICATION_STATUS_LABELS[s] })),
        )}
        {select(
          'channel',
          M.filters.channel,
          NOTIFICATION_CHANNELS.map((c) => ({ value: c, label: NOTIFICATION_CHANNEL_LABELS[c] })),
          190,
        )}
        {select(
          'source',
          M.filters.source,
          NOTIFICATION_SOURCES.map((s) => ({ value: s, label: NOTIFICATION_SOURCE_LABELS[s] })),
        )}
        {select(
          'kind',
          M.filters.kind,
          MESSAGE_KINDS.map((k) => ({ value: k, label: MESSAGE_KIND_LABELS[k] })),
          150,
        )}
        {anyFilter && (
          <Button icon={<ClearOutlined />} onClick={() => set({})}>
            {M.filters.clear}
          </Button>
        )}
        <Flex gap={8} style={{ marginLeft: 'auto' }}>
          <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
            {M.refresh}
          </Button>
          <Button type="primary" icon={<SendOutlined />} onClick={() => setPushing(true)} data-testid="push-open">
            {M.pushButton}
          </Button>
        </Flex>
      </Flex>
      <Card size="small">
        <Table<NotificationRowDto>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data ?? []}
          loading={list.isFetching && !list.data}
          scroll={{ x: 'max-content' }}
          data-testid="push-messages"
          pagination={{
            current: (filters.page ?? 0) + 1,
            pageSize: filters.size ?? 20,
            total: list.data?.totalElements ?? 0,
            showSizeChanger: true,
            pageSizeOptions: ['20', '50', '100'],
            showTotal: (total) => fmt(M.total, { count: total.toLocaleString('vi-VN') }),
            onChange: (p, size) => set({ ...filters, page: size !== (filters.size ?? 20) ? 0 : p - 1, size: size === 20 ? undefined : size }),
          }}
        />
      </Card>
      <Totals onShow={(groupId) => set(withFilter({}, { groupId: String(groupId) }))} />
      <PushModal
        open={pushing}
        onClose={() => setPushing(false)}
        onSent={() => {
          setPushing(false);
          set({});
        }}
      />
    </Flex>
  );
}
