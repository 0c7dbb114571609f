import { lazy, Suspense, useMemo } from 'react';
import { Card, Col, Flex, Row, Select, Spin, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CountRateRowDto, RateRowDto } from '@portal/shared/contracts/feedback.contract';
import { FEEDBACK_CRITERIA, FEEDBACK_CRITERION_LABELS, type FeedbackCriterion, formatStars, STARS } from '@portal/shared/rules/feedback';
import { CORE_T } from '../../core/messages';
import { PeriodFilter } from '../../core/blocks/period-filter';
import { useScreenParams } from '../../core/router/use-screen-params';
import { DepartmentDoctorFilters, ExportLink } from './feedback-parts';
import { feedbackApi, feedbackKeys } from './feedback.api';
import { parseReportState, type RateReportState, reportParams, reportQuery } from './feedback.logic';
import { TF } from './feedback.messages';

// Recharts only here, in its own chunk: the list tab never loads it
const LazyDepartmentAverages = lazy(() => import('./feedback-charts').then((m) => ({ default: m.DepartmentAverages })));
const LazyDoctorAverages = lazy(() => import('./feedback-charts').then((m) => ({ default: m.DoctorAverages })));
const LazyStarDistribution = lazy(() => import('./feedback-charts').then((m) => ({ default: m.StarDistribution })));

const R = TF.report;
const right = { align: 'right' as const };
const num = (n: number) => n.toLocaleString('vi-VN');

function averageColumns(first: string): ColumnsType<RateRowDto> {
  return [
    { title: first, key: 'name', dataIndex: 'name', width: '24%' },
    { title: R.feedbacks, key: 'feedbacks', ...right, render: (_v, r) => num(r.feedbacks) },
    { title: R.complaints, key: 'complaints', ...right, render: (_v, r) => num(r.complaints) },
    ...FEEDBACK_CRITERIA.map((c) => ({
      title: FEEDBACK_CRITERION_LABELS[c],
      key: c,
      ...right,
      render: (_v: unknown, r: RateRowDto) => formatStars(r[c].average),
    })),
  ];
}

function distributionColumns(first: string): ColumnsType<CountRateRowDto> {
  return [
    { title: first, key: 'name', dataIndex: 'name', width: '30%' },
    ...STARS.map((n) => ({ title: `${n} sao`, key: `s${n}`, ...right, render: (_v: unknown, r: CountRateRowDto) => num(r.stars[n - 1]!) })),
    { title: R.total, key: 'total', ...right, render: (_v, r) => num(r.total) },
  ];
}

/** A report table with its total row ("Tổng cộng") last, in bold. */
function ReportTable<T extends { key: string }>(p: { rows: T[]; total?: T; columns: ColumnsType<T>; loading: boolean; testId: string; label: string }) {
  return (
    <Table<T>
      data-testid={p.testId}
      aria-label={p.label}
      rowKey="key"
      size="small"
      tableLayout="fixed"
      columns={p.columns}
      dataSource={p.total && p.rows.length ? [...p.rows, p.total] : p.rows}
      loading={p.loading}
      pagination={p.rows.length > 20 ? { pageSize: 21, showSizeChanger: false } : false}
      onRow={(r) => (r === p.total ? { style: { fontWeight: 600 } } : {})}
      locale={{ emptyText: CORE_T.crud.empty }}
    />
  );
}

const chart = (node: React.ReactNode) => <Suspense fallback={<Spin />}>{node}</Suspense>;

/**
 * Báo cáo đánh giá: for a period (the days feedback was given), per department and per doctor, how many feedbacks
 * and complaints and each criterion's average; how many 1★ … 5★ a criterion got; charts; the Excel export.
 */
export function RateReportTab() {
  const [params, setParams] = useScreenParams();
  const s = useMemo(() => parseReportState(params), [params]);
  const set = (patch: Partial<RateReportState>) => setParams(reportParams({ ...s, ...patch }), { replace: false });
  const rate = useQuery({
    queryKey: feedbackKeys.rate(reportQuery(s)),
    queryFn: ({ signal }) => feedbackApi.rate(s, signal),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: feedbackKeys.countRate(reportQuery(s, true)),
    queryFn: ({ signal }) => feedbackApi.countRate(s, signal),
    placeholderData: keepPreviousData,
  });
  const d = rate.data;
  const c = count.data;
  const loading = rate.isLoading || (rate.isFetching && rate.isPlaceholderData);
  const countLoading = count.isLoading || (count.isFetching && count.isPlaceholderData);
  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex wrap gap={12} align="center">
          <PeriodFilter value={s} onChange={(p) => set(p)} presets={['thisWeek', 'thisMonth', 'lastMonth', 'last30']} />
          <DepartmentDoctorFilters departmentId={s.departmentId} doctorId={s.doctorId} set={set} />
          <span style={{ marginInlineStart: 'auto' }}>
            <ExportLink run={(p) => feedbackApi.exportReport(s, p)} />
          </span>
        </Flex>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {TF.periodNote}
        </Typography.Text>
      </Card>
      {d && (
        <Row gutter={[12, 12]}>
          {[
            { title: R.feedbacks, value: num(d.totals.feedbacks) },
            { title: R.complaints, value: num(d.totals.complaints) },
            { title: R.overall, value: formatStars(d.totals.overall.average) },
            { title: R.waiting, value: formatStars(d.totals.waiting.average) },
          ].map((i) => (
            <Col key={i.title} flex="1 1 150px">
              <Card size="small">
                <Statistic title={i.title} value={i.value} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {d && c && (
        <Row gutter={[12, 12]}>
          <Col span={8}>
            <Card size="small">{chart(<LazyDepartmentAverages rows={d.byDepartment} />)}</Card>
          </Col>
          <Col span={8}>
            <Card size="small">{chart(<LazyDoctorAverages rows={d.byDoctor} />)}</Card>
          </Col>
          <Col span={8}>
            <Card size="small">{chart(<LazyStarDistribution rows={c.byDepartment} />)}</Card>
          </Col>
        </Row>
      )}
      <Card size="small" title={R.byDepartment}>
        <ReportTable
          testId="rate-departments"
          label={R.byDepartment}
          rows={d?.byDepartment ?? []}
          total={d?.totals}
          columns={averageColumns(TF.department)}
          loading={loading}
        />
      </Card>
      <Card size="small" title={R.byDoctor}>
        <ReportTable
          testId="rate-doctors"
          label={R.byDoctor}
          rows={d?.byDoctor ?? []}
          total={d?.totals}
          columns={averageColumns(TF.doctor)}
          loading={loading}
        />
      </Card>
      <Card
        size="small"
        title={R.distribution}
        extra={
          <Select<FeedbackCriterion>
            aria-label={R.criterion}
            prefix={`${R.criterion}:`}
            style={{ width: 260 }}
            value={s.criterion}
            options={FEEDBACK_CRITERIA.map((k) => ({ value: k, label: FEEDBACK_CRITERION_LABELS[k] }))}
            onChange={(criterion) => set({ criterion })}
          />
        }
      >
        <Row gutter={12}>
          <Col span={12}>
            <ReportTable
              testId="count-departments"
              label={`${R.distribution} ${R.byDepartment}`}
              rows={c?.byDepartment ?? []}
              total={c?.totals}
              columns={distributionColumns(TF.department)}
              loading={countLoading}
            />
          </Col>
          <Col span={12}>
            <ReportTable
              testId="count-doctors"
              label={`${R.distribution} ${R.byDoctor}`}
              rows={c?.byDoctor ?? []}
              total={c?.totals}
              columns={distributionColumns(TF.doctor)}
              loading={countLoading}
            />
          </Col>
        </Row>
      </Card>
    </Flex>
  );
}
