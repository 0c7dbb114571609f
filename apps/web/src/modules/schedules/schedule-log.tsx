import { useState } from 'react';
import { Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SCHEDULE_LOG_LABELS, type ScheduleLogRow } from '@portal/shared/contracts/schedules.contract';
import { formatDateTime } from '@portal/shared/rules/format';
import { scheduleKeys, schedulesApi } from './schedules.api';
import { TS } from './schedules.messages';

const COLORS: Record<string, string> = { CREATE: 'blue', COPY_WEEK: 'geekblue', UPDATE: 'gold', DELETE: 'red', DAY_OFF: 'volcano' };
const SIZE = 20;

/** The schedule log, newest first, for the chosen doctor or the whole facility. */
export function ScheduleLog({ doctorId }: { doctorId?: number }) {
  const [page, setPage] = useState(0);
  const q = useQuery({ queryKey: scheduleKeys.logs(page, doctorId), queryFn: () => schedulesApi.logs({ page, size: SIZE, doctorId }) });
  return (
    <Table<ScheduleLogRow>
      size="small"
      rowKey="id"
      data-testid="schedule-log"
      loading={q.isLoading}
      dataSource={q.data?.data ?? []}
      pagination={{ current: page + 1, pageSize: SIZE, total: q.data?.totalElements ?? 0, showSizeChanger: false, onChange: (p) => setPage(p - 1) }}
      columns={[
        { title: TS.logTime, width: 150, render: (_, r) => formatDateTime(r.createdAt) },
        { title: TS.logAction, width: 130, render: (_, r) => <Tag color={COLORS[r.action]}>{SCHEDULE_LOG_LABELS[r.action]}</Tag> },
        { title: TS.logSummary, dataIndex: 'summary' },
        { title: TS.logAccount, width: 180, render: (_, r) => r.account ?? TS.system },
      ]}
    />
  );
}
