import { useState } from 'react';
import { Button, Col, Flex, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CheckinRowDto,
  HIS_CHECKIN_STATUS_LABELS,
  HIS_CHECKIN_STATUSES,
  HIS_MESSAGES,
  type HisCheckinStatus,
} from '@portal/shared/contracts/his.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate, formatDateTime, orDash } from '@portal/shared/rules/format';
import { DayFilter, FilterCard } from '../../core/blocks/filter-card';
import { actionsColumn, EllipsisText, TwoLines } from '../../core/crud/cells';
import { TEXT_MAX_WIDTH } from '../../core/crud/cells.logic';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { hisApi, hisKeys } from './his.api';
import { CHECKIN_STATUS_COLOR, POLL_MS } from './his.logic';
import { TH } from './his.messages';

const M = TH.checkins;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'id', direction: 'desc' as const } };
type Row = CheckinRowDto & { id: number };

/** Tab "Gửi check-in": the front desk's check-ins sent to the HIS, with the HIS's queue number, and "Gửi lại" on a failed one. */
export function CheckinsTab() {
  const qc = useQueryClient();
  const [filter, setFilter] = useState<{ status?: HisCheckinStatus; date?: string }>({});
  const [state, setState] = useState<ListState>(EMPTY_LIST_STATE);
  const params = { ...filter, page: state.page, size: state.size };
  const list = useQuery({
    queryKey: hisKeys.checkinList(params),
    queryFn: async ({ signal }) => {
      const res = await hisApi.checkins(params, signal);
      return { ...res, data: res.data.map((r) => ({ ...r, id: r.bookingId })) };
    },
    placeholderData: keepPreviousData,
    // a check-in being sent shows its answer without a reload
    refetchInterval: (q) => (q.state.data?.data.some((r) => r.status === 'PENDING') ? POLL_MS : false),
  });
  const retry = useMutation({
    mutationFn: (bookingId: number) => hisApi.retryCheckin(bookingId),
    onSuccess: (res) => {
      notify.success(res.message ?? HIS_MESSAGES.checkinRequeued);
      void qc.invalidateQueries({ queryKey: hisKeys.checkins });
    },
    onError: (e) => reportError(e),
  });
  const choose = (next: typeof filter) => {
    setFilter(next);
    setState(EMPTY_LIST_STATE);
  };
  const counts = list.data?.counts;

  const columns: ColumnsType<Row> = [
    {
      title: M.cols.booking,
      key: 'booking',
      render: (_v, r) => <TwoLines main={<Typography.Text code>{r.bookingCode}</Typography.Text>} sub={formatDate(r.date)} />,
    },
    { title: M.cols.patient, key: 'patient', render: (_v, r) => <TwoLines main={r.patientName} sub={r.roomName} /> },
    { title: M.cols.checkedInAt, key: 'checkedInAt', render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.checkedInAt)}</span> },
    { title: M.cols.queue, key: 'queue', align: 'right', render: (_v, r) => orDash(r.queueNumber) },
    { title: M.cols.hisQueue, key: 'hisQueue', align: 'right', render: (_v, r) => <Typography.Text strong>{orDash(r.hisQueueNumber)}</Typography.Text> },
    { title: M.cols.status, key: 'status', render: (_v, r) => <Tag color={CHECKIN_STATUS_COLOR[r.status]}>{HIS_CHECKIN_STATUS_LABELS[r.status]}</Tag> },
    { title: M.cols.attempts, key: 'attempts', align: 'right', render: (_v, r) => r.attempts },
    { title: M.cols.lastError, key: 'lastError', render: (_v, r) => <EllipsisText text={r.lastError} width={TEXT_MAX_WIDTH} secondary /> },
    actionsColumn<Row>((r) =>
      r.status === 'FAILED' ? (
        <Button size="small" type="link" loading={retry.isPending && retry.variables === r.bookingId} onClick={() => retry.mutate(r.bookingId)}>
          {M.retry}
        </Button>
      ) : null,
    ),
  ];

  return (
    <Flex vertical gap={16}>
      {counts && (
        <Flex wrap gap={8} data-testid="his-checkin-counts">
          {HIS_CHECKIN_STATUSES.map((s) => (
            <Tag key={s} color={CHECKIN_STATUS_COLOR[s]}>
              {fmt(M.count, { label: HIS_CHECKIN_STATUS_LABELS[s], count: counts[s] })}
            </Tag>
          ))}
        </Flex>
      )}
      <FilterCard>
        <Col xs={12} lg={6}>
          <Select<HisCheckinStatus>
            aria-label={M.status}
            placeholder={M.allStatuses}
            allowClear
            style={{ width: '100%' }}
            value={filter.status}
            options={HIS_CHECKIN_STATUSES.map((s) => ({ value: s, label: HIS_CHECKIN_STATUS_LABELS[s] }))}
            onChange={(status) => choose({ ...filter, status })}
          />
        </Col>
        <DayFilter label={M.date} value={filter.date} onChange={(date) => choose({ ...filter, date })} col={{ xs: 12, lg: 4 }} />
      </FilterCard>
      <PagedTable<Row> list={list} state={state} onChange={setState} spec={SPEC} columns={columns} />
    </Flex>
  );
}
