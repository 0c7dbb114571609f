import { Bar, BarChart, CartesianGrid, Cell, Legend, LabelList, Line, LineChart, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { CompletionRowDto, GroupCountsDto } from '@portal/shared/contracts/reports.contract';
import { TR } from './reports.messages';
import { ChartFigure } from '../../core/blocks/chart-figure';

/**
 * The report screen's charts (Recharts, SVG). Only this screen imports this file, so the library is in
 * the report screen's lazy chunk and never in the first admin load (apps/web/scripts/bundle-budget.mjs).
 * Each chart is a figure named by its title; its numbers are also in the table beside it.
 */
const COLORS = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16'];

/** The screen's figure: the shared block with this screen's "nothing in the period". */
function Figure(props: { title: string; empty: boolean; children: React.ReactElement; testId: string }) {
  return <ChartFigure {...props} emptyText={TR.chartEmpty} />;
}

const shortDay = (label: string) => label.slice(0, 5);
/** Counts as Vietnamese write them ("1.728"), on the axes, the labels and the tooltips. */
const num = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('vi-VN') : String(v ?? ''));
const countAxis = { allowDecimals: false, fontSize: 11, tickFormatter: num } as const;
const tooltipCount = (v: unknown) => num(v);

/** Lines per day (the x axis is every day of the period, "DD/MM"). */
function DayLines({
  title,
  testId,
  data,
  lines,
}: {
  title: string;
  testId: string;
  data: Record<string, number | string>[];
  lines: { key: string; name: string }[];
}) {
  return (
    <Figure title={title} testId={testId} empty={data.every((d) => lines.every((l) => d[l.key] === 0))}>
      <LineChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" fontSize={11} />
        <YAxis {...countAxis} width={44} />
        <Tooltip formatter={tooltipCount} />
        <Legend />
        {lines.map((l, i) => (
          <Line key={l.key} dataKey={l.key} name={l.name} stroke={COLORS[i % COLORS.length]} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    </Figure>
  );
}

/** Bookings per day by state: made, done, no-shows, cancelled or rejected. */
export function TrendChart({ days }: { days: GroupCountsDto[] }) {
  return (
    <DayLines
      title={TR.charts.trend}
      testId="chart-trend"
      data={days.map((d) => ({ day: shortDay(d.name), total: d.total, done: d.done, noShow: d.noShow, cancelled: d.cancelled + d.rejected }))}
      lines={[
        { key: 'total', name: TR.lines.total },
        { key: 'done', name: TR.lines.done },
        { key: 'noShow', name: TR.lines.noShow },
        { key: 'cancelled', name: TR.lines.cancelled },
      ]}
    />
  );
}

/** Bookings per department, the bar's total written at its end (the table's "Tổng đặt"). */
export function DepartmentBars({ rows }: { rows: GroupCountsDto[] }) {
  const data = rows.slice(0, 8).map((r) => ({ name: r.name, total: r.total }));
  return (
    <Figure title={TR.charts.byDepartment} testId="chart-departments" empty={rows.length === 0}>
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 40, left: 8, bottom: 0 }}>
        <XAxis type="number" {...countAxis} />
        <YAxis type="category" dataKey="name" width={130} fontSize={11} />
        <Tooltip formatter={tooltipCount} />
        <Bar dataKey="total" name={TR.lines.total} fill={COLORS[0]} isAnimationActive={false}>
          <LabelList dataKey="total" position="right" fontSize={11} className="report-bar-value" formatter={num} />
        </Bar>
      </BarChart>
    </Figure>
  );
}

/** Share of each source (app, web, hotline, counter). */
export function SourcePie({ rows }: { rows: GroupCountsDto[] }) {
  const data = rows.filter((r) => r.total > 0).map((r) => ({ name: r.name, value: r.total }));
  return (
    <Figure title={TR.charts.bySource} testId="chart-sources" empty={data.length === 0}>
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" outerRadius={62} label={({ value }: { value?: unknown }) => num(value)} isAnimationActive={false}>
          {data.map((d, i) => (
            <Cell key={d.name} fill={COLORS[i % COLORS.length]} />
          ))}
        </Pie>
        <Tooltip formatter={tooltipCount} />
        <Legend />
      </PieChart>
    </Figure>
  );
}

/** Planned and done per day. */
export function CompletionTrend({ days }: { days: CompletionRowDto[] }) {
  return (
    <DayLines
      title={TR.charts.completionTrend}
      testId="chart-completion-trend"
      data={days.map((d) => ({ day: shortDay(d.name), planned: d.planned, done: d.done }))}
      lines={[
        { key: 'planned', name: TR.cols.planned },
        { key: 'done', name: TR.cols.done },
      ]}
    />
  );
}

/** Planned and done per department. */
export function CompletionBars({ rows }: { rows: CompletionRowDto[] }) {
  const data = rows.slice(0, 8).map((r) => ({ name: r.name, planned: r.planned, done: r.done }));
  return (
    <Figure title={TR.charts.completionByDepartment} testId="chart-completion-departments" empty={rows.length === 0}>
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 40, left: 8, bottom: 0 }}>
        <XAxis type="number" {...countAxis} />
        <YAxis type="category" dataKey="name" width={130} fontSize={11} />
        <Tooltip formatter={tooltipCount} />
        <Legend />
        <Bar dataKey="planned" name={TR.cols.planned} fill={COLORS[0]} isAnimationActive={false} />
        <Bar dataKey="done" name={TR.cols.done} fill={COLORS[1]} isAnimationActive={false} />
      </BarChart>
    </Figure>
  );
}

/** Places offered and booked per doctor. */
export function FillBars({ rows }: { rows: { name: string; offered: number; booked: number }[] }) {
  const data = rows.slice(0, 10).map((r) => ({ name: r.name, offered: r.offered, booked: r.booked }));
  return (
    <Figure title={TR.charts.fillByDoctor} testId="chart-fill" empty={rows.length === 0}>
      <BarChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" fontSize={10} interval={0} tickFormatter={(v: string) => v.split(' ').slice(-2).join(' ')} />
        <YAxis {...countAxis} width={44} />
        <Tooltip formatter={tooltipCount} />
        <Legend />
        <Bar dataKey="offered" name={TR.cols.offered} fill={COLORS[0]} isAnimationActive={false} />
        <Bar dataKey="booked" name={TR.cols.booked} fill={COLORS[1]} isAnimationActive={false} />
      </BarChart>
    </Figure>
  );
}
