import { useMemo } from 'react';
import { Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FeedbackUserRowDto } from '@portal/shared/contracts/feedback.contract';
import { formatStars } from '@portal/shared/rules/feedback';
import { formatDateTime } from '@portal/shared/rules/format';
import { DebouncedInput } from '../../core/blocks/debounced-input';
import { PeriodFilter } from '../../core/blocks/period-filter';
import { WrapText } from '../../core/crud/cells';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { useScreenParams } from '../../core/router/use-screen-params';
import { feedbackApi, feedbackKeys } from './feedback.api';
import { type FeedbackListState, listParams, parseListState } from './feedback.logic';
import { TF } from './feedback.messages';

const C = TF.cols;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'lastFeedbackAt', direction: 'desc' as const } };
const right = { align: 'right' as const };
const num = (n: number) => n.toLocaleString('vi-VN');

/** Bệnh nhân đã phản hồi: the accounts that gave feedback in the period, how often, their complaints and average, latest first. */
export function FeedbackUsersTab() {
  const [params, setParams] = useScreenParams();
  const s = useMemo(() => parseListState(params), [params]);
  const set = (patch: Partial<FeedbackListState>) => setParams((prev) => listParams({ ...s, page: 0, ...patch }, prev), { replace: false });
  const query: Record<string, string> = { from: s.from, to: s.to, page: String(s.page), size: String(s.size), ...(s.q ? { q: s.q } : {}) };
  const list = useQuery({
    queryKey: feedbackKeys.users(query),
    queryFn: ({ signal }) => feedbackApi.users(query, signal),
    placeholderData: keepPreviousData,
  });
  const state: ListState = { ...EMPTY_LIST_STATE, page: s.page, size: s.size };
  const columns: ColumnsType<FeedbackUserRowDto> = [
    { title: C.name, key: 'name', render: (_v, r) => <WrapText>{r.name}</WrapText> },
    { title: C.phone, key: 'phone', render: (_v, r) => r.phone || '—' },
    { title: C.feedbacks, key: 'feedbacks', ...right, render: (_v, r) => num(r.feedbacks) },
    { title: C.complaints, key: 'complaints', ...right, render: (_v, r) => num(r.complaints) },
    { title: C.average, key: 'average', ...right, render: (_v, r) => formatStars(r.averageOverall) },
    { title: C.last, key: 'last', render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.lastFeedbackAt)}</span> },
  ];
  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex wrap gap={12} align="center">
          <DebouncedInput
            aria-label={TF.searchUsers}
            placeholder={TF.searchUsers}
            allowClear
            maxLength={200}
            style={{ width: 320 }}
            value={s.q}
            onDebouncedChange={(v) => set({ q: v.trim() })}
          />
          <PeriodFilter value={s} onChange={(p) => set(p)} presets={['today', 'last7', 'thisMonth', 'lastMonth', 'last30']} />
        </Flex>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {TF.periodNote}
        </Typography.Text>
      </Card>
      <Card size="small" data-testid="feedback-users">
        <PagedTable<FeedbackUserRowDto>
          list={list}
          state={state}
          onChange={(next) => setParams((prev) => listParams({ ...s, page: next.page, size: next.size }, prev), { replace: false })}
          spec={SPEC}
          columns={columns}
        />
      </Card>
    </Flex>
  );
}
