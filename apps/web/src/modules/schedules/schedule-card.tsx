import { Tag, Typography } from 'antd';
import type { ScheduleRow } from '@portal/shared/contracts/schedules.contract';
import { SHIFT_LABELS, type ShiftChoice } from '@portal/shared/contracts/schedules.contract';
import { cardLines, fillColor, type Fixed } from './calendar-range.logic';
import { TS } from './schedules.messages';

export type ViewBy = 'doctor' | 'room' | 'department';

/** The colour of a shift on the card's left edge (antd palette, a theme token: the full card's is the error colour). */
const SHIFT_COLORS: Record<ShiftChoice, string> = { MORNING: 'blue', AFTERNOON: 'orange', EVENING: 'purple', CUSTOM: 'purple' };

/**
 * One working period in the calendar: times, booked/capacity, then who and where (`cardLines`).
 * A button, so Tab + Enter open it. Three layouts:
 * - `week` (one doctor's or one room's week, seven wide columns): times, shift and fill, then the names;
 * - `roster` (a row of the week of every doctor or room, issue 14 item 2): times and fill, then the other
 *   party (the room on a doctor's row), two lines in a narrow column;
 * - `month` (compact): times and fill, and the first name on one line ("…", whole in its title).
 * The names wrap in full in the week and the roster: a name cut to "PGS.TS.BS Hoàn…" told nobody who works.
 */
export function ScheduleCard({
  s,
  fixed,
  layout = 'week',
  onOpen,
}: {
  s: ScheduleRow;
  fixed: Fixed;
  layout?: 'week' | 'roster' | 'month';
  onOpen: (s: ScheduleRow) => void;
}) {
  const compact = layout !== 'week';
  const full = s.booked >= s.capacity;
  const time = (
    <Typography.Text strong style={{ fontSize: 'inherit', whiteSpace: 'nowrap' }}>
      {s.startTime}–{s.endTime}
    </Typography.Text>
  );
  const fill = (
    <Tag color={fillColor(s.booked, s.capacity)} style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px', paddingInline: 4 }}>
      {full ? `${TS.full} ` : ''}
      <span className="sr-only">{TS.booked} </span>
      {s.booked}/{s.capacity}
    </Tag>
  );
  const lines = cardLines(s, fixed, layout === 'month');
  return (
    <button
      type="button"
      className="schedule-card"
      data-testid="schedule-card"
      data-date={s.date}
      onClick={() => onOpen(s)}
      style={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        border: '1px solid var(--ant-color-border, #d9d9d9)',
        borderLeft: `4px solid ${full ? 'var(--ant-color-error)' : `var(--ant-${SHIFT_COLORS[s.shift as ShiftChoice] ?? 'purple'}-6)`}`,
        borderRadius: 6,
        background: 'var(--ant-color-bg-container, #fff)',
        padding: layout === 'week' ? '4px 6px' : layout === 'roster' ? '1px 3px' : '1px 4px',
        marginBottom: 4,
        cursor: 'pointer',
        font: 'inherit',
        fontSize: compact ? 12 : 13,
      }}
    >
      {compact ? (
        // the fill goes under the times when the column is too narrow for both
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 4, alignItems: 'center' }}>
          {time}
          {fill}
        </div>
      ) : (
        <>
          {/* the week's narrow column: the times alone on their line, the shift beside the fill */}
          <div>{time}</div>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 4, alignItems: 'center' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {SHIFT_LABELS[s.shift as ShiftChoice] ?? s.shift}
            </Typography.Text>
            {fill}
          </div>
        </>
      )}
      {lines.map((line, i) =>
        layout === 'month' ? (
          <Typography.Text key={line} ellipsis title={line} style={{ display: 'block', fontSize: 12 }}>
            {line}
          </Typography.Text>
        ) : (
          <Typography.Text key={line} type={i > 0 ? 'secondary' : undefined} data-testid="card-name" style={{ display: 'block', fontSize: 12 }}>
            {line}
          </Typography.Text>
        ),
      )}
    </button>
  );
}
