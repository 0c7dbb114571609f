import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SmsBatchDto } from '@portal/shared/contracts/sms.contract';
import { MESSAGE_KIND_LABELS } from '@portal/shared/rules/ad-window';
import { formatDateTime, formatVnd } from '@portal/shared/rules/format';
import { actionsColumn, EllipsisText } from '../../core/crud/cells';
import { COLUMN_WIDTH, TAG_MIN_WIDTH, TEXT_MAX_WIDTH } from '../../core/crud/cells.logic';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { SmsBatchDrawer } from './sms-batch-drawer';
import { BatchCounts, BatchStatusTag } from './sms-cells';
import { smsApi, smsKeys } from './sms.api';
import { batchOpen, POLL_MS } from './sms.logic';
import { TSMS as M } from './sms.messages';

// the content is one line cut with "…" (whole in its tooltip and the drawer): narrower than a text column's
// widest so the ten columns fit 1,366 px with the sidebar open
const CONTENT_WIDTH = TEXT_MAX_WIDTH - 100;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'id', direction: 'desc' as const } };
/** The provider in use, its brandname and the balance it reports (null → —). */
function BalanceCard() {
  const balance = useQuery({ queryKey: smsKeys.balance, queryFn: smsApi.balance });
  const b = balance.data;
  return (
    <Card size="small" data-testid="sms-balance">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, lg: 4 }}
          items={[
            { key: 'provider', label: M.balanceCard.provider, children: b?.providerName ?? '—' },
            { key: 'brandname', label: M.balanceCard.brandname, children: b?.brandname ?? '—' },
            { key: 'balance', label: M.balanceCard.balance, children: b?.balance == null ? '—' : formatVnd(b.balance) },
            { key: 'price', label: M.balanceCard.price, children: b ? formatVnd(b.pricePerPart) : '—' },
          ]}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button icon={<ReloadOutlined />} loading={balance.isFetching} onClick={() => void balance.refetch()}>
          {M.refresh}
        </Button>
      </Flex>
    </Card>
  );
}

/** Nhật ký gửi: each batch, newest first, re-read every few seconds while one on the page is still sending. */
export function SmsLog({ openId, onOpen }: { openId: number | null; onOpen: (id: number | null) => void }) {
  const [state, setState] = useState<ListState>(EMPTY_LIST_STATE);
  const list = useQuery({
    queryKey: smsKeys.batches(state),
    queryFn: ({ signal }) => smsApi.batches(state, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some(batchOpen) ? POLL_MS : false),
  });
  const columns: ColumnsType<SmsBatchDto> = [
    { title: M.cols.time, key: 'time', render: (_v, b) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(b.createdAt)}</span> },
    { title: M.cols.by, key: 'by', render: (_v, b) => b.createdBy ?? <Typography.Text type="secondary">{M.system}</Typography.Text> },
    { title: M.cols.kind, key: 'kind', render: (_v, b) => <Tag style={{ whiteSpace: 'normal', minWidth: TAG_MIN_WIDTH }}>{MESSAGE_KIND_LABELS[b.kind]}</Tag> },
    { title: M.cols.content, key: 'content', render: (_v, b) => <EllipsisText text={b.content} width={CONTENT_WIDTH} /> },
    { title: M.cols.recipients, key: 'recipients', align: 'right', render: (_v, b) => b.recipients.toLocaleString('vi-VN') },
    { title: M.cols.parts, key: 'parts', align: 'right', render: (_v, b) => b.parts },
    {
      title: M.cols.cost,
      key: 'cost',
      align: 'right',
      width: COLUMN_WIDTH.number,
      render: (_v, b) => <span style={{ whiteSpace: 'nowrap' }}>{formatVnd(b.cost)}</span>,
    },
    { title: M.cols.status, key: 'status', render: (_v, b) => <BatchStatusTag status={b.status} /> },
    { title: M.cols.counts, key: 'counts', render: (_v, b) => <BatchCounts b={b} /> },
    actionsColumn((b) => (
      <Button size="small" type="link" onClick={() => onOpen(b.id)}>
        {M.detail}
      </Button>
    )),
  ];
  return (
    <Flex vertical gap={12}>
      <BalanceCard />
      <Card size="small">
        <PagedTable<SmsBatchDto> list={list} state={state} onChange={setState} spec={SPEC} columns={columns} />
      </Card>
      <SmsBatchDrawer id={openId} initial={list.data?.data.find((b) => b.id === openId)} onClose={() => onOpen(null)} />
    </Flex>
  );
}
