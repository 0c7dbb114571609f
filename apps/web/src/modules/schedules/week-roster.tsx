import { Table, theme, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ScheduleRow } from '@portal/shared/contracts/schedules.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate } from '@portal/shared/rules/format';
import { addDays, WEEKDAY_LABELS } from '@portal/shared/rules/schedule';
import { dayLabel } from './calendar-range.logic';
import { NoSchedules } from './calendar-views';
import { ScheduleCard } from './schedule-card';
import { TS } from './schedules.messages';
import { ROSTER_PAGE_SIZE, rosterRows, type RosterBy, type RosterRow } from './week-roster.logic';

/** The first column: the doctor's or room's name in full (it wraps), the department under it. */
const NAME_WIDTH = 160;
/** A day's cell keeps little padding: its cards' times and fill then share one line (about 105 px). */
const DAY_CELL = { padding: 4 } as const;

/**
 * The week of every doctor (or every room): one row each, named once in full, and one column a day
 * with that row's periods as two-line cards (times and fill, then the other party); ten rows a page,
 * the page in the URL. Thirty doctors' week is three pages of about a screen each, not 4,000 px of cards.
 */
export function WeekRoster({
  monday,
  rows,
  by,
  today,
  page,
  onPage,
  loading,
  onOpen,
}: {
  monday: string;
  rows: ScheduleRow[];
  by: RosterBy;
  today: string;
  page: number;
  onPage: (page: number) => void;
  loading: boolean;
  onOpen: (s: ScheduleRow) => void;
}) {
  const { token } = theme.useToken();
  const roster = rosterRows(rows, by);
  const dayCell = (date: string) => ({ style: date === today ? { ...DAY_CELL, background: token.colorPrimaryBg } : DAY_CELL });
  const columns: ColumnsType<RosterRow<ScheduleRow>> = [
    {
      key: 'name',
      title: by === 'doctor' ? TS.doctor : TS.room,
      width: NAME_WIDTH,
      render: (_v, r) => (
        <>
          <Typography.Text strong data-testid="roster-name" style={{ display: 'block' }}>
            {r.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.department}
          </Typography.Text>
        </>
      ),
    },
    ...[0, 1, 2, 3, 4, 5, 6].map((i) => {
      const date = addDays(monday, i);
      return {
        key: date,
        title: (
          <span title={dayLabel(date)} data-testid={`roster-day-${date}`}>
            {WEEKDAY_LABELS[i + 1]} <Typography.Text type="secondary">{formatDate(date).slice(0, 5)}</Typography.Text>
          </span>
        ),
        onHeaderCell: () => dayCell(date),
        onCell: () => dayCell(date),
        render: (_v: unknown, r: RosterRow<ScheduleRow>) =>
          (r.days[date] ?? []).map((s) => <ScheduleCard key={s.id} s={s} fixed={by} layout="roster" onOpen={onOpen} />),
      };
    }),
  ];
  return (
    <div data-testid="week-roster">
      <Table<RosterRow<ScheduleRow>>
        rowKey="id"
        size="small"
        bordered
        // equal day columns whatever their cards say; the names wrap inside them
        tableLayout="fixed"
        columns={columns}
        dataSource={roster}
        loading={loading}
        locale={{ emptyText: <NoSchedules /> }}
        pagination={{
          current: page,
          pageSize: ROSTER_PAGE_SIZE,
          total: roster.length,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total, [from, to]) => fmt(by === 'doctor' ? TS.rosterDoctors : TS.rosterRooms, { from, to, total }),
          onChange: onPage,
        }}
      />
    </div>
  );
}
