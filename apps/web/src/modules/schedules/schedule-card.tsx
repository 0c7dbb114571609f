import { Tag, Typography } from 'antd';
import type { ScheduleRow } from '@portal/shared/contracts/schedules.contract';
import { SHIFT_LABELS, type ShiftChoice } from '@portal/shared/contracts/schedules.contract';
import { cardLines, fillColor, type Fixed } from './calendar-range.logic';
import { TS } from './schedules.messages';

export type ViewBy = 'doctor' | 'room' | 'department';

/**
 * One working period in the calendar: times, booked/capacity, then who and where (`cardLines`).
 * A button, so Tab + Enter open it.
 */
export function ScheduleCard({ s, fixed, compact, onOpen }: { s: ScheduleRow; fixed: Fixed; compact?: boolean; onOpen: (s: ScheduleRow) => void }) {
  const full = s.booked >= s.capacity;
  const time = (
    <Typography.Text strong style={{ fontSize: 'inherit' }}>
      {s.startTime}–{s.endTime}
    </Typography.Text>
  );
  const fill = (
    <Tag color={fillColor(s.booked, s.capacity)} style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px', paddingInline: 4 }}>
      {full ? `${TS.full} ` : ''}
      {s.booked}/{s.capacity}
    </Tag>
  );
  return (
    <button
      type="button"
      className="schedule-card"
      data-testid="schedule-card"
      data-date={s.date}
      aria-label={`${SHIFT_LABELS[s.shift as ShiftChoice] ?? s.shift} ${s.startTime}–${s.endTime}, ${s.doctor.name}, ${s.room.name}, ${TS.booked} ${s.booked}/${s.capacity}`}
      onClick={() => onOpen(s)}
      style={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        border: '1px solid var(--ant-color-border, #d9d9d9)',
        borderLeft: `4px solid ${full ? '#ff4d4f' : s.shift === 'MORNING' ? '#1677ff' : s.shift === 'AFTERNOON' ? '#fa8c16' : '#722ed1'}`,
        borderRadius: 6,
        background: 'var(--ant-color-bg-container, #fff)',
        padding: compact ? '1px 4px' : '4px 6px',
        marginBottom: 4,
        cursor: 'pointer',
        font: 'inherit',
        fontSize: compact ? 12 : 13,
      }}
    >
      {compact ? (
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 4, alignItems: 'center' }}>
          {time}
          {fill}
        </div>
      ) : (
        <>
          {/* the week's narrow column: the times alone on their line, the shift beside the fill */}
          <div style={{ whiteSpace: 'nowrap' }}>{time}</div>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 4, alignItems: 'center' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {SHIFT_LABELS[s.shift as ShiftChoice] ?? s.shift}
            </Typography.Text>
            {fill}
          </div>
        </>
      )}
      {cardLines(s, fixed, compact).map((line, i) => (
        <Typography.Text key={line} ellipsis title={line} type={i > 0 ? 'secondary' : undefined} style={{ display: 'block', fontSize: 12 }}>
          {line}
        </Typography.Text>
      ))}
    </button>
  );
}
