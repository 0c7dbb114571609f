import { Button, Checkbox, Flex, Input, Switch, Typography } from 'antd';
import { WEEKDAY_LABELS } from '@portal/shared/rules/schedule';
import { MAX_PERIODS_PER_DAY, sampleWorkingHours, type WorkingDay, type WorkingHours } from '@portal/shared/rules/working-hours';
import { TS } from './settings.messages';

const M = TS.profile;

function TimeBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return <Input aria-label={label} value={value} onChange={(e) => onChange(e.target.value.trim())} placeholder="HH:mm" maxLength={5} style={{ width: 76 }} />;
}

/**
 * The facility's week (rules/working-hours.ts): kept or not; each day working or closed, with one or two periods.
 * The form checks it with the shared rule (workingHoursProblems), the server with the same.
 */
export function WorkingHoursField({ value, onChange }: { value?: WorkingHours | null; onChange?: (v: WorkingHours | null) => void }) {
  const week = value ?? null;
  const setDay = (weekday: number, next: Partial<WorkingDay>) => onChange?.(week!.map((d) => (d.weekday === weekday ? { ...d, ...next } : d)));
  return (
    <Flex vertical gap={8}>
      <Checkbox checked={week !== null} onChange={(e) => onChange?.(e.target.checked ? sampleWorkingHours() : null)}>
        {M.keepHours}
      </Checkbox>
      {week?.map((d) => {
        const day = WEEKDAY_LABELS[d.weekday]!;
        return (
          // a day per line: its name and switch on the left, its periods one under the other on the right
          <Flex key={d.weekday} gap={12} align="start" style={{ paddingTop: 8, borderTop: '1px solid rgba(5, 5, 5, 0.06)' }} data-testid={`hours-${d.weekday}`}>
            <Flex vertical gap={4} style={{ width: 96, flex: 'none' }}>
              <Typography.Text strong>{day}</Typography.Text>
              <Switch
                aria-label={`${day}: ${M.open}`}
                checked={d.open}
                checkedChildren={M.open}
                unCheckedChildren={M.closed}
                onChange={(open) => setDay(d.weekday, { open, periods: open ? [{ from: '07:00', to: '17:00' }] : [] })}
                style={{ alignSelf: 'flex-start' }}
              />
            </Flex>
            <Flex vertical gap={6} align="start">
              {d.periods.map((p, i) => (
                // a day's periods are its first and second (buổi 1, buổi 2): the position is their identity
                <Flex key={i === 0 ? 'first' : 'second'} gap={4} align="center">
                  <Typography.Text type="secondary">{i === 0 ? M.morning : M.afternoon}</Typography.Text>
                  <TimeBox
                    label={`${day} ${i + 1} ${M.from}`}
                    value={p.from}
                    onChange={(from) => setDay(d.weekday, { periods: d.periods.map((q, j) => (j === i ? { ...q, from } : q)) })}
                  />
                  –
                  <TimeBox
                    label={`${day} ${i + 1} ${M.to}`}
                    value={p.to}
                    onChange={(to) => setDay(d.weekday, { periods: d.periods.map((q, j) => (j === i ? { ...q, to } : q)) })}
                  />
                </Flex>
              ))}
              {d.open && d.periods.length < MAX_PERIODS_PER_DAY && (
                <Button size="small" type="link" onClick={() => setDay(d.weekday, { periods: [...d.periods, { from: '13:00', to: '17:00' }] })}>
                  {M.addPeriod}
                </Button>
              )}
              {d.open && d.periods.length === MAX_PERIODS_PER_DAY && (
                <Button size="small" type="link" onClick={() => setDay(d.weekday, { periods: d.periods.slice(0, 1) })}>
                  {M.removePeriod}
                </Button>
              )}
            </Flex>
          </Flex>
        );
      })}
    </Flex>
  );
}
