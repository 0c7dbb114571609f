import { useState } from 'react';
import { Card, Col, Flex, Progress, Row, Statistic, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fmt } from '@portal/shared/messages.vi';
import { presetPeriod, type Period } from '@portal/shared/rules/period';
import { QUESTION_STATUS_LABELS, QUESTION_STATUSES } from '@portal/shared/rules/question-status';
import { PeriodFilter } from '../../core/blocks/period-filter';
import { questionKeys, questionsApi } from './questions.api';
import { QUESTION_STATUS_COLOR, share } from './questions.logic';
import { TQ } from './questions.messages';

const S = TQ.stats;
const number = (n: number) => n.toLocaleString('vi-VN');
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

/** The questions' statistics of a period: by status, answered on time, overdue, by specialty asked, by answer time. */
export function QuestionStats() {
  const [period, setPeriod] = useState<Period>(() => presetPeriod('last30'));
  const stats = useQuery({ queryKey: questionKeys.stats(period), queryFn: () => questionsApi.statistics(period), placeholderData: keepPreviousData });
  const specialties = useQuery({
    queryKey: questionKeys.specialties(period),
    queryFn: () => questionsApi.specializations(period),
    placeholderData: keepPreviousData,
  });
  const s = stats.data;
  const hours = (n: number | null) => (n === null ? TQ.summary.none : fmt(TQ.summary.hours, { n: n.toLocaleString('vi-VN') }));
  return (
    <Flex vertical gap={16} data-testid="question-stats">
      <Card size="small">
        <Flex gap={12} wrap align="center">
          <PeriodFilter value={period} onChange={setPeriod} />
        </Flex>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={12} lg={5}>
          <Card size="small">
            <Statistic title={TQ.summary.total} value={s?.total ?? 0} formatter={(v) => number(Number(v))} />
          </Card>
        </Col>
        <Col xs={12} lg={5}>
          <Card size="small">
            <Statistic title={TQ.summary.answered} value={s?.answered ?? 0} formatter={(v) => number(Number(v))} />
          </Card>
        </Col>
        <Col xs={12} lg={5}>
          <Card size="small">
            <Statistic title={TQ.summary.onTime} value={s ? share(s.answeredOnTime, s.answered) : '—'} />
          </Card>
        </Col>
        <Col xs={12} lg={4}>
          <Card size="small">
            <Statistic title={TQ.summary.overdue} value={s?.overdue ?? 0} formatter={(v) => number(Number(v))} valueStyle={{ color: '#cf1322' }} />
          </Card>
        </Col>
        <Col xs={24} lg={5}>
          <Card size="small">
            <Statistic title={TQ.summary.median} value={hours(s?.medianHours ?? null)} />
            {s && <span>{fmt(TQ.summary.target, { n: s.targetHours })}</span>}
          </Card>
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={8}>
          <Card size="small" title={S.byStatus}>
            <Table
              rowKey="status"
              size="small"
              pagination={false}
              loading={stats.isLoading}
              dataSource={QUESTION_STATUSES.map((status) => ({ status, count: s?.byStatus[status] ?? 0 }))}
              columns={[
                { title: TQ.cols.status, render: (_v, r) => <Tag color={QUESTION_STATUS_COLOR[r.status]}>{QUESTION_STATUS_LABELS[r.status]}</Tag> },
                { title: S.count, align: 'right', render: (_v, r) => number(r.count) },
                { title: S.share, align: 'right', render: (_v, r) => share(r.count, s?.total ?? 0) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={S.byAnswerTime}>
            <Table
              rowKey="bucket"
              size="small"
              pagination={false}
              loading={stats.isLoading}
              dataSource={s?.answerTime ?? []}
              columns={[
                { title: S.period, dataIndex: 'label' },
                { title: S.count, align: 'right', render: (_v, r) => number(r.count) },
                {
                  title: S.share,
                  width: 120,
                  render: (_v, r) => (
                    <Progress percent={percent(r.count, s?.answered ?? 0)} size="small" aria-label={`${r.label}: ${share(r.count, s?.answered ?? 0)}`} />
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={S.bySpecialty}>
            <Table
              rowKey={(r) => String(r.specialtyId)}
              size="small"
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              loading={specialties.isLoading}
              dataSource={specialties.data ?? []}
              data-testid="question-specialties"
              columns={[
                { title: S.specialty, dataIndex: 'name' },
                { title: S.total, align: 'right', render: (_v, r) => number(r.total) },
                { title: S.answered, align: 'right', render: (_v, r) => `${number(r.answered)} (${share(r.answered, r.total)})` },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
