import { NOTIFICATION_CHANNEL_LABELS, type NotificationChannel } from '@portal/shared/contracts/notification-messages.contract';
import { useState } from 'react';
import { Descriptions, Drawer, Flex, Image, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type GroupDetailDto,
  LINK_TYPE_LABELS,
  type RecipientDto,
} from '@portal/shared/contracts/notification-groups.contract';
import { fmt } from '@portal/shared/messages.vi';
import { MESSAGE_KIND_LABELS } from '@portal/shared/rules/ad-window';
import { formatDateTime } from '@portal/shared/rules/format';
import { WrapText } from '../../../core/crud/cells';
import { EMPTY_LIST_STATE, type ListState } from '../../../core/crud/list-state';
import { StatusFilteredTable } from '../../../core/crud/status-filtered-table';
import { groupKeys, groupsApi } from './groups.api';
import { audienceText, DELIVERY_COLOR, groupPending, POLL_MS } from './groups.logic';
import { TG } from './groups.messages';
import { GroupStatusTag } from './group-status-tag';

const C = TG.cols;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'id', direction: 'asc' as const } };
const STATUS_OPTIONS = DELIVERY_STATUSES.map((s) => ({ value: s, label: DELIVERY_STATUS_LABELS[s] }));
const nowrap = (s: string) => <span style={{ whiteSpace: 'nowrap' }}>{s}</span>;
const columns: ColumnsType<RecipientDto> = [
  { title: C.patient, key: 'patient', render: (_v, r) => r.patientName },
  { title: C.phone, key: 'phone', render: (_v, r) => nowrap(r.phone ?? '—') },
  { title: C.status, key: 'status', render: (_v, r) => <Tag color={DELIVERY_COLOR[r.status]}>{DELIVERY_STATUS_LABELS[r.status]}</Tag> },
  { title: C.channel, key: 'channel', render: (_v, r) => (r.channel ? (NOTIFICATION_CHANNEL_LABELS[r.channel as NotificationChannel] ?? r.channel) : '—') },
  { title: C.sentAt, key: 'sentAt', render: (_v, r) => nowrap(formatDateTime(r.sentAt)) },
  { title: C.deliveredAt, key: 'deliveredAt', render: (_v, r) => nowrap(formatDateTime(r.deliveredAt)) },
  { title: C.readAt, key: 'readAt', render: (_v, r) => nowrap(formatDateTime(r.readAt)) },
  { title: C.error, key: 'error', render: (_v, r) => (r.error ? <WrapText>{r.error}</WrapText> : null) },
];

/** Totals per delivery status, each a tag. */
export function Totals({ g }: { g: GroupDetailDto }) {
  return (
    <Flex wrap gap={4} data-testid="group-totals">
      {DELIVERY_STATUSES.filter((s) => g.totals[s] > 0).map((s) => (
        <Tag key={s} color={DELIVERY_COLOR[s]}>
          {DELIVERY_STATUS_LABELS[s]}: {g.totals[s].toLocaleString('vi-VN')}
        </Tag>
      ))}
    </Flex>
  );
}

function Recipients({ id, pending }: { id: number; pending: boolean }) {
  const [status, setStatus] = useState<DeliveryStatus | undefined>();
  const [state, setState] = useState<ListState>(EMPTY_LIST_STATE);
  const list = useQuery({
    queryKey: groupKeys.recipients(id, status, state.page, state.size),
    queryFn: ({ signal }) => groupsApi.recipients(id, status, state.page, state.size, signal),
    placeholderData: keepPreviousData,
    refetchInterval: pending ? POLL_MS : false,
  });
  return (
    <StatusFilteredTable<RecipientDto, DeliveryStatus>
      title={TG.detail.recipientsTitle}
      statusLabel={C.status}
      allLabel={TG.allStatuses}
      options={STATUS_OPTIONS}
      status={status}
      onStatus={setStatus}
      selectWidth={220}
      list={list}
      state={state}
      onState={setState}
      spec={SPEC}
      columns={columns}
    />
  );
}

/** One group in a drawer: the message, whom it reaches, its status (re-read while sending), totals and each recipient. */
export function GroupDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: groupKeys.one(id ?? 0),
    queryFn: () => groupsApi.get(id!),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && groupPending(query.state.data) ? POLL_MS : false),
  });
  const g = q.data;
  const D = TG.detail;
  return (
    <Drawer open={id !== null} onClose={onClose} title={id !== null ? fmt(D.title, { id }) : ''} size="large" destroyOnHidden>
      {g && id !== null && (
        <Flex vertical gap={16}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'title', label: C.title, children: g.title },
              {
                key: 'content',
                label: TG.form.content,
                children: <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{g.content}</Typography.Paragraph>,
              },
              ...(g.imageUrl ? [{ key: 'image', label: TG.form.image, children: <Image src={g.imageUrl} width={160} alt="" /> }] : []),
              { key: 'link', label: D.link, children: g.link.value ? `${LINK_TYPE_LABELS[g.link.type]}: ${g.link.value}` : LINK_TYPE_LABELS[g.link.type] },
              { key: 'kind', label: C.kind, children: MESSAGE_KIND_LABELS[g.kind] },
              { key: 'audience', label: D.audience, children: audienceText(g.audience, g.audienceNames) },
              { key: 'status', label: C.status, children: <GroupStatusTag g={g} /> },
              { key: 'schedule', label: C.schedule, children: formatDateTime(g.scheduledAt) || '—' },
              { key: 'started', label: D.startedAt, children: formatDateTime(g.startedAt) || '—' },
              { key: 'finished', label: D.finishedAt, children: formatDateTime(g.finishedAt) || '—' },
              { key: 'recipients', label: C.recipients, children: g.recipients === null ? '—' : g.recipients.toLocaleString('vi-VN') },
              { key: 'totals', label: D.totals, children: <Totals g={g} /> },
              ...(g.error ? [{ key: 'error', label: D.error, children: <Typography.Text type="danger">{g.error}</Typography.Text> }] : []),
              { key: 'by', label: C.by, children: `${g.createdBy ?? '—'} · ${formatDateTime(g.createdAt)}` },
            ]}
          />
          {g.status !== 'DRAFT' && <Recipients id={id} pending={groupPending(g)} />}
        </Flex>
      )}
    </Drawer>
  );
}
