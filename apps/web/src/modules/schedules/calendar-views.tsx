import { Calendar, Empty, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ScheduleRow } from '@portal/shared/contracts/schedules.contract';
import { formatDate } from '@portal/shared/rules/format';
import { addDays, WEEKDAY_LABELS } from '@portal/shared/rules/schedule';
import { ScheduleCard, type ViewBy } from './schedule-card';
import { TS } from './schedules.messages';

function byDate(rows: ScheduleRow[]): Map<string, ScheduleRow[]> {
  const m = new Map<string, ScheduleRow[]>();
  for (const r of rows) m.set(r.date, [...(m.get(r.date) ?? []), r]);
  return m;
}

interface ViewProps {
  rows: ScheduleRow[];
  by: ViewBy;
  today: string;
  onOpen: (s: ScheduleRow) => void;
}

/** Seven columns, Monday to Sunday, each day's periods in time order. */
export function WeekGrid({ monday, rows, by, today, onOpen }: ViewProps & { monday: string }) {
  const days = byDate(rows);
  return (
    <div data-testid="week-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(120px, 1fr))', gap: 8, overflowX: 'auto' }}>
      {[0, 1, 2, 3, 4, 5, 6].map((i) => {
        const date = addDays(monday, i);
        const list = days.get(date) ?? [];
        return (
          <section key={date} aria-label={`${WEEKDAY_LABELS[i + 1]} ${formatDate(date)}`} data-testid={`day-${date}`} style={{ minHeight: 160, background: date === today ? 'var(--ant-color-primary-bg, #e6f4ff)' : 'var(--ant-color-fill-quaternary, #fafafa)', borderRadius: 8, padding: 6 }}>
            <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
              {WEEKDAY_LABELS[i + 1]} <Typography.Text type="secondary">{formatDate(date).slice(0, 5)}</Typography.Text>
            </Typography.Text>
            {list.map((s) => (
              <ScheduleCard key={s.id} s={s} by={by} onOpen={onOpen} />
            ))}
          </section>
        );
      })}
    </div>
  );
}

/** antd's month calendar (its header hidden: the page navigates), periods as compact cards. */
export function MonthView({ month, rows, by, onOpen }: ViewProps & { month: string }) {
  const days = byDate(rows);
  const cell = (d: Dayjs) => {
    const list = days.get(d.format('YYYY-MM-DD')) ?? [];
    if (!list.length) return null;
    const shown = list.slice(0, 4);
    return (
      <div data-testid={`month-day-${d.format('YYYY-MM-DD')}`}>
        {shown.map((s) => (
          <ScheduleCard key={s.id} s={s} by={by} compact onOpen={onOpen} />
        ))}
        {list.length > shown.length && <Typography.Text type="secondary" style={{ fontSize: 12 }}>+{list.length - shown.length}</Typography.Text>}
      </div>
    );
  };
  return (
    <div data-testid="month-view">
      <Calendar value={dayjs(month)} headerRender={() => null} cellRender={(d, info) => (info.type === 'date' ? cell(d) : null)} />
    </div>
  );
}

export function NoSchedules() {
  return <Empty description={TS.empty} />;
}
