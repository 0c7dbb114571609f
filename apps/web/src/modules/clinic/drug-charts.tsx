import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { DrugStatisticsDto } from '@portal/shared/contracts/clinic-drugs.contract';
import { formatAdherence } from '@portal/shared/rules/adherence';
import { TD } from './drugs.messages';
import { ChartFigure } from '../../core/blocks/chart-figure';

/**
 * The adherence charts (Recharts, SVG), only in the medicine reminders' lazy chunk. Each is a figure named by its
 * title; its numbers are also in the table below it. Days with no dose due have no point (a gap, not 0 %).
 */
const percentAxis = { domain: [0, 100] as [number, number], fontSize: 11, width: 40, tickFormatter: (v: number) => `${v}` };
const tooltip = (v: unknown) => formatAdherence(typeof v === 'number' ? v : null);

/** The screen's figure: the shared block with this screen's "nothing in the period". */
function Figure(props: { title: string; empty: boolean; children: React.ReactElement; testId: string }) {
  return <ChartFigure {...props} emptyText={TD.charts.empty} />;
}

export function AdherenceByDay({ days, threshold }: { days: DrugStatisticsDto['byDay']; threshold: number }) {
  const data = days.map((d) => ({ day: `${d.day.slice(8, 10)}/${d.day.slice(5, 7)}`, adherence: d.adherence }));
  return (
    <Figure title={TD.charts.byDay} testId="drug-chart-days" empty={days.every((d) => d.adherence === null)}>
      <LineChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" fontSize={11} />
        <YAxis {...percentAxis} />
        <Tooltip formatter={tooltip} />
        <ReferenceLine
          y={threshold}
          stroke="#f5222d"
          strokeDasharray="4 4"
          label={{ value: TD.charts.threshold, fontSize: 11, position: 'insideBottomRight' }}
        />
        <Line dataKey="adherence" name={TD.charts.adherence} stroke="#1677ff" dot={false} connectNulls={false} isAnimationActive={false} />
      </LineChart>
    </Figure>
  );
}

export function AdherenceByProgram({ programs, threshold }: { programs: DrugStatisticsDto['byProgram']; threshold: number }) {
  const data = programs.map((p) => ({ label: p.label, adherence: p.adherence ?? 0, below: p.adherence !== null && p.adherence < threshold }));
  return (
    <Figure title={TD.charts.byProgram} testId="drug-chart-programs" empty={programs.every((p) => p.adherence === null)}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" domain={[0, 100]} fontSize={11} />
        <YAxis type="category" dataKey="label" width={150} fontSize={11} />
        <Tooltip formatter={tooltip} />
        <ReferenceLine x={threshold} stroke="#f5222d" strokeDasharray="4 4" />
        <Bar dataKey="adherence" name={TD.charts.adherence} isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.label} fill={d.below ? '#f5222d' : '#52c41a'} />
          ))}
        </Bar>
      </BarChart>
    </Figure>
  );
}
