import { useRef, useState } from 'react';
import { Button, Calendar, Empty, Popover, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ScheduleRow } from '@portal/shared/contracts/schedules.contract';
import { formatDate } from '@portal/shared/rules/format';
import { addDays, WEEKDAY_LABELS } from '@portal/shared/rules/schedule';
import { clipDay, dayLabel, type Fixed } from './calendar-range.logic';
import { ScheduleCard } from './schedule-card';
import { TS } from './schedules.messages';

function byDate(rows: ScheduleRow[]): Map<string, ScheduleRow[]> {
  const m = new Map<string, ScheduleRow[]>();
  for (const r of rows) m.set(r.date, [...(m.get(r.date) ?? []), r]);
  return m;
}

interface ViewProps {
  rows: ScheduleRow[];
  fixed: Fixed;
  today: string;
  onOpen: (s: ScheduleRow) => void;
}

/** Seven columns, Monday to Sunday, each day's periods in time order. */
export function WeekGrid({ monday, rows, fixed, today, onOpen }: ViewProps & { monday: string }) {
  const days = byDate(rows);
  return (
    <div data-testid="week-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(120px, 1fr))', gap: 8, overflowX: 'auto' }}>
      {[0, 1, 2, 3, 4, 5, 6].map((i) => {
        const date = addDays(monday, i);
        const list = days.get(date) ?? [];
        return (
          <section
            key={date}
            aria-label={dayLabel(date)}
            data-testid={`day-${date}`}
            style={{
              minHeight: 160,
              background: date === today ? 'var(--ant-color-primary-bg, #e6f4ff)' : 'var(--ant-color-fill-quaternary, #fafafa)',
              borderRadius: 8,
              padding: 6,
            }}
          >
            <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
              {WEEKDAY_LABELS[i + 1]} <Typography.Text type="secondary">{formatDate(date).slice(0, 5)}</Typography.Text>
            </Typography.Text>
            {list.map((s) => (
              <ScheduleCard key={s.id} s={s} fixed={fixed} onOpen={onOpen} />
            ))}
          </section>
        );
      })}
    </div>
  );
}

/**
 * A busy month cell's "+n ca khác": a button opening a popover titled with the day that lists
 * every period of the day as the cell's own cards (Google Calendar's "n more"). The focus goes to
 * the first card when it opens; Escape, or opening a card, closes it and gives the focus back.
 */
function DayMore({ date, list, hidden, fixed, onOpen }: { date: string; list: ScheduleRow[]; hidden: number; fixed: Fixed; onOpen: (s: ScheduleRow) => void }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const label = dayLabel(date);
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <Popover
      trigger="click"
      placement="rightTop"
      open={open}
      onOpenChange={setOpen}
      afterOpenChange={(o) => o && panel.current?.querySelector<HTMLElement>('.schedule-card')?.focus({ preventScroll: true })}
      title={label}
      content={
        <div
          ref={panel}
          role="dialog"
          aria-label={label}
          data-testid="month-day-popover"
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
          style={{ width: 240, maxHeight: 360, overflowY: 'auto' }}
        >
          {list.map((s) => (
            <ScheduleCard
              key={s.id}
              s={s}
              fixed={fixed}
              layout="month"
              onOpen={(x) => {
                close();
                onOpen(x);
              }}
            />
          ))}
        </div>
      }
    >
      <Button
        ref={trigger}
        type="link"
        size="small"
        aria-label={TS.moreInDayLabel(hidden, label)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="month-day-more"
        style={{ padding: 0, height: 'auto', fontSize: 12 }}
      >
        {TS.moreInDay(hidden)}
      </Button>
    </Popover>
  );
}

/**
 * A cell grows to its cards (at most four) and its "+n ca khác": antd's fixed 86 px holds under
 * two compact cards and scrolls the rest, which hid the button inside the cell. Each day's number
 * stays at the top of its cell when the rows differ in height.
 */
const MONTH_CELL_STYLES = { item: { verticalAlign: 'top' }, itemContent: { height: 'auto', minHeight: 86, overflowY: 'visible' } } as const;

/** antd's month calendar (its header hidden: the page navigates), periods as compact cards. */
export function MonthView({ month, rows, fixed, onOpen }: ViewProps & { month: string }) {
  const days = byDate(rows);
  const cell = (d: Dayjs) => {
    const date = d.format('YYYY-MM-DD');
    const list = days.get(date) ?? [];
    if (!list.length) return null;
    const { shown, hidden } = clipDay(list);
    return (
      <div data-testid={`month-day-${date}`}>
        {shown.map((s) => (
          <ScheduleCard key={s.id} s={s} fixed={fixed} layout="month" onOpen={onOpen} />
        ))}
        {hidden > 0 && <DayMore date={date} list={list} hidden={hidden} fixed={fixed} onOpen={onOpen} />}
      </div>
    );
  };
  return (
    <div data-testid="month-view">
      <Calendar value={dayjs(month)} headerRender={() => null} cellRender={(d, info) => (info.type === 'date' ? cell(d) : null)} styles={MONTH_CELL_STYLES} />
    </div>
  );
}

export function NoSchedules() {
  return <Empty description={TS.empty} />;
}
