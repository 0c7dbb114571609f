import { Tooltip, Typography } from 'antd';
import type { DrugMemberDetailDto } from '@portal/shared/contracts/clinic-drugs.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatAdherence } from '@portal/shared/rules/adherence';
import { formatDate } from '@portal/shared/rules/format';
import { dayTone } from './drugs.logic';
import { TD } from './drugs.messages';

const WEEKDAYS = ['T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'CN'];

/** Monday = 0 … Sunday = 6 of a calendar day (the day's own date, no time zone involved). */
const weekdayOf = (iso: string) => (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * The period's days in weeks (Monday first, as Vietnamese calendars): each day shows the doses taken and missed,
 * green when all were taken, yellow when some were missed but the day stays at or above the threshold, red below it.
 */
export function DrugCalendar({ days, threshold }: { days: DrugMemberDetailDto['days']; threshold: number }) {
  const lead = days.length ? weekdayOf(days[0]!.day) : 0;
  return (
    <div data-testid="drug-calendar" style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 4 }}>
      {WEEKDAYS.map((w) => (
        <Typography.Text key={w} type="secondary" style={{ textAlign: 'center', fontSize: 12 }}>
          {w}
        </Typography.Text>
      ))}
      {WEEKDAYS.slice(0, lead).map((w) => (
        <span key={`lead-${w}`} />
      ))}
      {days.map((d) => {
        const tone = dayTone(d, threshold);
        const label = `${formatDate(d.day)}: ${fmt(TD.calendarCell, { taken: d.taken, missed: d.missed })}${d.pending ? `, ${fmt(TD.pending, { n: d.pending })}` : ''} (${formatAdherence(d.adherence)})`;
        return (
          <Tooltip key={d.day} title={label}>
            <div
              className={tone === 'none' ? 'drug-day' : `drug-day drug-day-${tone}`}
              data-testid={`drug-day-${d.day}`}
              data-tone={tone}
              role="img"
              aria-label={label}
              style={{ textAlign: 'center', minWidth: 0, border: '1px solid #f0f0f0' }}
            >
              <div style={{ fontWeight: 600 }}>{d.day.slice(8, 10)}</div>
              <div>{tone === 'none' ? (d.pending ? '…' : '—') : `${d.taken}/${d.taken + d.missed}`}</div>
            </div>
          </Tooltip>
        );
      })}
    </div>
  );
}
