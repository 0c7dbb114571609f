import type { Readable } from 'node:stream';
import { MSG } from '@portal/shared';
import type { CountRateQuery, CountRateReportDto, CountRateRowDto, RateFilters, RateReportDto, RateRowDto } from '@portal/shared/contracts/feedback.contract';
import { FEEDBACK_CRITERIA, FEEDBACK_CRITERION_LABELS, type FeedbackCriterion, starAverage, STARS } from '@portal/shared/rules/feedback';
import { formatDate } from '@portal/shared/rules/format';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { streamWorkbook, type StreamSheet } from '../../core/crud/excel-stream';
import { badRequest } from '../../core/errors';
import { names } from '../reports/reports.repository';
import * as repo from './feedback.repository';

/**
 * The rate reports (issue 19, spec §7 "rate-report, count-rate-report, export rate-report"): per department and per
 * doctor, how many feedbacks and complaints, each criterion's average stars, and how many 1★ … 5★ a criterion got.
 * Read from the daily rollup (feedback_day_stats), so a year over a million feedbacks is one small GROUP BY.
 */

const NO_NAME = { department: 'Khoa không còn', doctor: 'Bác sĩ không còn' } as const;
const TOTAL = 'Tổng cộng';

const starsOf = (g: repo.RateGroupRow, c: FeedbackCriterion): number[] => STARS.map((n) => g[`${c}_${n}`] ?? 0);

function rateRow(g: repo.RateGroupRow | undefined, key: string, name: string): RateRowDto {
  const per = (c: FeedbackCriterion) => (g ? starAverage(starsOf(g, c)) : { count: 0, average: null });
  return {
    key,
    name,
    feedbacks: g?.feedbacks ?? 0,
    complaints: g?.complaints ?? 0,
    overall: per('overall'),
    doctor: per('doctor'),
    reception: per('reception'),
    waiting: per('waiting'),
    cleanliness: per('cleanliness'),
  };
}

function countRow(g: repo.RateGroupRow | undefined, key: string, name: string, c: FeedbackCriterion): CountRateRowDto {
  const stars = g ? starsOf(g, c) : [0, 0, 0, 0, 0];
  return { key, name, total: stars.reduce((a, b) => a + b, 0), stars };
}

async function checkFilters(ctx: AppContext, caller: Caller, f: RateFilters): Promise<void> {
  const owns = await repo.ownsFilterRows(ctx.database.db, caller.facilityId, f);
  if (!owns.department) throw badRequest(MSG.reportDepartmentUnknown, [{ field: 'departmentId', message: MSG.reportDepartmentUnknown }]);
  if (!owns.doctor) throw badRequest(MSG.reportDoctorUnknown, [{ field: 'doctorId', message: MSG.reportDoctorUnknown }]);
}

/** The rollup's groups of the filters with their names, the groups sorted by feedbacks then name. */
async function groups(ctx: AppContext, caller: Caller, f: RateFilters) {
  await checkFilters(ctx, caller, f);
  const found = await repo.rateGroups(ctx.database.db, caller.facilityId, f);
  const ids = (kind: 'department' | 'doctor') => found.filter((g) => g.kind === kind).map((g) => Number(g.key));
  const named = await names(ctx.database.db, caller.facilityId, { department: ids('department'), doctor: ids('doctor'), specialty: [], room: [] });
  const of = (kind: 'department' | 'doctor') =>
    found
      .filter((g) => g.kind === kind)
      .map((g) => ({ g, key: g.key!, name: named.get(`${kind}:${g.key}`) ?? NO_NAME[kind] }))
      .sort((a, b) => b.g.feedbacks - a.g.feedbacks || a.name.localeCompare(b.name, 'vi'));
  return { all: found.find((g) => g.kind === 'all'), byDepartment: of('department'), byDoctor: of('doctor') };
}

export async function rateReport(ctx: AppContext, caller: Caller, f: RateFilters): Promise<RateReportDto> {
  const g = await groups(ctx, caller, f);
  return {
    totals: rateRow(g.all, '__total', TOTAL),
    byDepartment: g.byDepartment.map((x) => rateRow(x.g, x.key, x.name)),
    byDoctor: g.byDoctor.map((x) => rateRow(x.g, x.key, x.name)),
  };
}

export async function countRateReport(ctx: AppContext, caller: Caller, q: CountRateQuery): Promise<CountRateReportDto> {
  const g = await groups(ctx, caller, q);
  const c = q.criterion;
  return {
    criterion: c,
    totals: countRow(g.all, '__total', TOTAL, c),
    byDepartment: g.byDepartment.map((x) => countRow(x.g, x.key, x.name, c)),
    byDoctor: g.byDoctor.map((x) => countRow(x.g, x.key, x.name, c)),
  };
}

// ——— Excel ———

const col = (header: string, width = 12) => ({ header, width });
/** An average as the workbook keeps it: a number (one decimal shown), or "—" when nobody rated the criterion. */
const avgCell = (a: { average: number | null }) => a.average ?? '—';

async function title(ctx: AppContext, caller: Caller, f: RateFilters): Promise<string> {
  const found = await names(ctx.database.db, caller.facilityId, {
    department: f.departmentId === undefined ? [] : [f.departmentId],
    doctor: f.doctorId === undefined ? [] : [f.doctorId],
    specialty: [],
    room: [],
  });
  const parts = [`Báo cáo đánh giá của bệnh nhân từ ${formatDate(f.from)} đến ${formatDate(f.to)}`];
  if (f.departmentId !== undefined) parts.push(`Khoa: ${found.get(`department:${f.departmentId}`) ?? NO_NAME.department}`);
  if (f.doctorId !== undefined) parts.push(`Bác sĩ: ${found.get(`doctor:${f.doctorId}`) ?? NO_NAME.doctor}`);
  return parts.join(' · ');
}

/**
 * The workbook of the rate report: averages per department and per doctor (with the total row), and the
 * distribution of the overall stars per department and per doctor. Averages are numbers (format 0.0).
 */
export async function exportRateReport(ctx: AppContext, caller: Caller, f: RateFilters): Promise<{ stream: Readable; fileName: string }> {
  const g = await groups(ctx, caller, f);
  const head = await title(ctx, caller, f);
  const empty = (g.all?.feedbacks ?? 0) === 0;
  const averages = (name: string, first: string, list: typeof g.byDepartment): StreamSheet => ({
    name,
    title: head,
    columns: [
      col(first, 32),
      col('Số phản hồi'),
      col('Khiếu nại'),
      ...FEEDBACK_CRITERIA.map((c) => ({ header: `${FEEDBACK_CRITERION_LABELS[c]} (TB)`, width: 16, numFmt: '0.0' })),
    ],
    rows: empty
      ? []
      : [...list.map((x) => rateRow(x.g, x.key, x.name)), rateRow(g.all, '__total', TOTAL)].map((r) => [
          r.name,
          r.feedbacks,
          r.complaints,
          ...FEEDBACK_CRITERIA.map((c) => avgCell(r[c])),
        ]),
  });
  const distribution = (name: string, first: string, list: typeof g.byDepartment): StreamSheet => ({
    name,
    title: `${head} · ${FEEDBACK_CRITERION_LABELS.overall}`,
    columns: [col(first, 32), ...STARS.map((n) => col(`${n} sao`, 10)), col('Tổng', 10)],
    rows: empty
      ? []
      : [...list.map((x) => countRow(x.g, x.key, x.name, 'overall')), countRow(g.all, '__total', TOTAL, 'overall')].map((r) => [r.name, ...r.stars, r.total]),
  });
  const stream = streamWorkbook([
    averages('Theo khoa', 'Khoa', g.byDepartment),
    averages('Theo bác sĩ', 'Bác sĩ', g.byDoctor),
    distribution('Số sao theo khoa', 'Khoa', g.byDepartment),
    distribution('Số sao theo bác sĩ', 'Bác sĩ', g.byDoctor),
  ]);
  return { stream, fileName: `danh-gia-${f.from}-den-${f.to}.xlsx` };
}
