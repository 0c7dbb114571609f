import { Bar, BarChart, CartesianGrid, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { CountRateRowDto, RateRowDto } from '@portal/shared/contracts/feedback.contract';
import { formatStars, STARS } from '@portal/shared/rules/feedback';
import { TF } from './feedback.messages';
import { ChartFigure } from '../../core/blocks/chart-figure';

/**
 * The rate report's charts (Recharts, SVG). The report tab loads this file with React.lazy, so the library stays out
 * of the feedback list's code and of the first admin load. Each chart is a figure named by its title; its numbers are
 * the table's beside it (the bars carry their value).
 */
const BLUE = '#1677ff';
/** 1★ … 5★: red to green. */
const STAR_COLORS = ['#cf1322', '#d4380d', '#d48806', '#7cb305', '#389e0d'];
const TEXT = '#262626';

/** The screen's figure: the shared block with this screen's "nothing in the period". */
function Figure(props: { title: string; empty: boolean; children: React.ReactElement; testId: string }) {
  return <ChartFigure {...props} emptyText={TF.charts.empty} />;
}

const avgText = (v: unknown) => (typeof v === 'number' ? formatStars(v) : '—');
const countText = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('vi-VN') : String(v ?? ''));
const legendText = (v: string) => <span style={{ color: TEXT }}>{v}</span>;

/** The overall average of each row (0–5), written at the bar's end. */
function AverageBars({ title, testId, rows }: { title: string; testId: string; rows: RateRowDto[] }) {
  const data = rows.filter((r) => r.overall.average !== null).map((r) => ({ name: r.name, average: r.overall.average }));
  return (
    <Figure title={title} testId={testId} empty={data.length === 0}>
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 40, left: 8, bottom: 0 }}>
        <XAxis type="number" domain={[0, 5]} ticks={[0, 1, 2, 3, 4, 5]} fontSize={11} />
        <YAxis type="category" dataKey="name" width={150} fontSize={11} />
        <Tooltip formatter={avgText} />
        <Bar dataKey="average" name={TF.charts.average} fill={BLUE} maxBarSize={28} isAnimationActive={false}>
          <LabelList dataKey="average" position="right" fontSize={11} fill={TEXT} className="feedback-bar-value" formatter={avgText} />
        </Bar>
      </BarChart>
    </Figure>
  );
}

export function DepartmentAverages({ rows }: { rows: RateRowDto[] }) {
  return <AverageBars title={TF.charts.departments} testId="chart-feedback-departments" rows={rows.slice(0, 8)} />;
}

export function DoctorAverages({ rows }: { rows: RateRowDto[] }) {
  return <AverageBars title={TF.charts.doctors} testId="chart-feedback-doctors" rows={rows.slice(0, 10)} />;
}

/** How many 1★ … 5★ each department got (stacked). */
export function StarDistribution({ rows }: { rows: CountRateRowDto[] }) {
  const data = rows.slice(0, 8).map((r) => ({ name: r.name, ...Object.fromEntries(r.stars.map((n, i) => [`s${i + 1}`, n])) }));
  return (
    <Figure title={TF.charts.distribution} testId="chart-feedback-stars" empty={rows.every((r) => r.total === 0)}>
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} fontSize={11} tickFormatter={countText} />
        <YAxis type="category" dataKey="name" width={150} fontSize={11} />
        <Tooltip formatter={countText} />
        <Legend formatter={legendText} />
        {STARS.map((n) => (
          <Bar key={n} dataKey={`s${n}`} name={`${n} sao`} stackId="stars" fill={STAR_COLORS[n - 1]} maxBarSize={28} isAnimationActive={false} />
        ))}
      </BarChart>
    </Figure>
  );
}
