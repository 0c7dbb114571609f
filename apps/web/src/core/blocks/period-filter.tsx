import { Flex, Select, Typography } from 'antd';
import { displayDateToIso, formatDate } from '@portal/shared/rules/format';
import { PERIOD_PRESET_LABELS, presetPeriod, type Period, type PeriodPreset } from '@portal/shared/rules/period';
import { CORE_T as T } from '../messages';
import { DateShorthandInput } from './date-shorthand-input';

const ALL_PRESETS = Object.keys(PERIOD_PRESET_LABELS) as PeriodPreset[];

/**
 * A period of whole +07:00 days: a quick choice (today, this week, this month, last month…) and the two
 * days typed DD/MM/YYYY (shorthands accepted). The logs and the reports use it; the server checks the
 * same rule (rules/period periodProblem).
 */
export function PeriodFilter({ value, onChange, presets = ALL_PRESETS }: { value: Period; onChange: (p: Period) => void; presets?: readonly PeriodPreset[] }) {
  const setDay = (key: 'from' | 'to', text: string) => {
    const iso = displayDateToIso(text);
    if (iso) onChange({ ...value, [key]: iso });
  };
  return (
    <>
      <Select<PeriodPreset>
        aria-label={T.period.preset}
        prefix={`${T.period.preset}:`}
        placeholder={T.period.presetPlaceholder}
        style={{ width: 230 }}
        value={null}
        options={presets.map((p) => ({ value: p, label: PERIOD_PRESET_LABELS[p] }))}
        onChange={(p) => onChange(presetPeriod(p))}
      />
      <Flex align="center" gap={6}>
        <Typography.Text>{T.period.from}</Typography.Text>
        <span style={{ width: 130 }}>
          <DateShorthandInput aria-label={T.period.from} value={formatDate(value.from)} onChange={(v) => setDay('from', v)} />
        </span>
        <Typography.Text>{T.period.to}</Typography.Text>
        <span style={{ width: 130 }}>
          <DateShorthandInput aria-label={T.period.to} value={formatDate(value.to)} onChange={(v) => setDay('to', v)} />
        </span>
      </Flex>
    </>
  );
}
