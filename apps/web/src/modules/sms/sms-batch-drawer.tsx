import { useState } from 'react';
import { Descriptions, Drawer, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SMS_MESSAGE_STATUS_LABELS,
  SMS_MESSAGE_STATUSES,
  type SmsBatchDto,
  type SmsMessageDto,
  type SmsMessageStatus,
} from '@portal/shared/contracts/sms.contract';
import { fmt } from '@portal/shared/messages.vi';
import { MESSAGE_KIND_LABELS } from '@portal/shared/rules/ad-window';
import { formatDateTime, formatVnd } from '@portal/shared/rules/format';
import { formatPhone } from '@portal/shared/rules/identifiers';
import { WrapText } from '../../core/crud/cells';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { StatusFilteredTable } from '../../core/crud/status-filtered-table';
import { BatchCounts, BatchStatusTag } from './sms-cells';
import { smsApi, smsKeys } from './sms.api';
import { batchOpen, messagePending, POLL_MS } from './sms.logic';
import { TSMS as M } from './sms.messages';

const SPEC = { sortable: [], filters: [], defaultSort: { field: 'id', direction: 'asc' as const } };
const MESSAGE_COLOR: Record<SmsMessageStatus, string | undefined> = {
  QUEUED: undefined,
  SENDING: 'processing',
  SENT: 'blue',
  DELIVERED: 'success',
  FAILED: 'error',
  SKIPPED: 'warning',
};
const STATUS_OPTIONS = SMS_MESSAGE_STATUSES.map((s) => ({ value: s, label: SMS_MESSAGE_STATUS_LABELS[s] }));

const columns: ColumnsType<SmsMessageDto> = [
  { title: M.cols.phone, key: 'phone', render: (_v, m) => <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(m.phone)}</span> },
  { title: M.cols.status, key: 'status', render: (_v, m) => <Tag color={MESSAGE_COLOR[m.status]}>{SMS_MESSAGE_STATUS_LABELS[m.status]}</Tag> },
  { title: M.cols.attempts, key: 'attempts', align: 'right', render: (_v, m) => m.attempts },
  { title: M.cols.sentAt, key: 'sentAt', render: (_v, m) => formatDateTime(m.sentAt) },
  { title: M.cols.deliveredAt, key: 'deliveredAt', render: (_v, m) => formatDateTime(m.deliveredAt) },
  { title: M.cols.error, key: 'error', render: (_v, m) => (m.error ? <WrapText>{m.error}</WrapText> : null) },
];

/** The recipients of a batch, filtered by status and paged, re-read while any is still on its way. */
function Recipients({ id, open }: { id: number; open: boolean }) {
  const [status, setStatus] = useState<SmsMessageStatus | undefined>();
  const [state, setState] = useState<ListState>(EMPTY_LIST_STATE);
  const list = useQuery({
    queryKey: smsKeys.messages(id, status, state),
    queryFn: ({ signal }) => smsApi.messages(id, status, state, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (open || q.state.data?.data.some(messagePending) ? POLL_MS : false),
  });
  return (
    <StatusFilteredTable<SmsMessageDto, SmsMessageStatus>
      title={M.recipientsTitle}
      statusLabel={M.cols.status}
      allLabel={M.allStatuses}
      options={STATUS_OPTIONS}
      status={status}
      onStatus={setStatus}
      selectWidth={260}
      list={list}
      state={state}
      onState={setState}
      spec={SPEC}
      columns={columns}
    />
  );
}

/** One batch in a drawer: what was sent, to how many, at what cost, and each recipient's delivery. */
export function SmsBatchDrawer({ id, initial, onClose }: { id: number | null; initial?: SmsBatchDto; onClose: () => void }) {
  const batch = useQuery({
    queryKey: smsKeys.batch(id ?? 0),
    queryFn: () => smsApi.batch(id!),
    enabled: id !== null,
    initialData: initial,
    refetchInterval: (q) => (q.state.data && batchOpen(q.state.data) ? POLL_MS : false),
  });
  const b = batch.data;
  // the provider's name as the balance card shows it, when the batch went through the provider in use
  const current = useQuery({ queryKey: smsKeys.balance, queryFn: smsApi.balance, enabled: id !== null }).data;
  return (
    <Drawer open={id !== null} onClose={onClose} title={id !== null ? fmt(M.batchTitle, { id }) : ''} size="large" destroyOnHidden>
      {b && id !== null && (
        <Flex vertical gap={16}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'time', label: M.cols.time, children: formatDateTime(b.createdAt) },
              { key: 'by', label: M.cols.by, children: b.createdBy ?? M.system },
              { key: 'kind', label: M.cols.kind, children: MESSAGE_KIND_LABELS[b.kind] },
              {
                key: 'content',
                label: M.cols.content,
                children: <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{b.content}</Typography.Paragraph>,
              },
              { key: 'encoding', label: M.encoding, children: fmt(M.encodingParts, { encoding: b.encoding, parts: b.parts }) },
              { key: 'recipients', label: M.cols.recipients, children: b.recipients.toLocaleString('vi-VN') },
              { key: 'cost', label: M.cols.cost, children: formatVnd(b.cost) },
              { key: 'provider', label: M.provider, children: current?.provider === b.provider ? current.providerName : b.provider },
              { key: 'notBefore', label: M.notBefore, children: formatDateTime(b.notBefore) },
              { key: 'status', label: M.cols.status, children: <BatchStatusTag status={b.status} /> },
              { key: 'counts', label: M.cols.counts, children: <BatchCounts b={b} /> },
            ]}
          />
          <Recipients id={id} open={batchOpen(b)} />
        </Flex>
      )}
    </Drawer>
  );
}
