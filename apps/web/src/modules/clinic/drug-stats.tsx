import { useState } from 'react';
import { Card, Col, Flex, Row, Select, Statistic, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fmt } from '@portal/shared/messages.vi';
import { formatAdherence } from '@portal/shared/rules/adherence';
import { CLINIC_PROGRAM_LABELS, CLINIC_PROGRAMS, type ClinicProgram } from '@portal/shared/rules/clinic-programs';
import { presetPeriod, type Period } from '@portal/shared/rules/period';
import { PeriodFilter } from '../../core/blocks/period-filter';
import { AdherenceByDay, AdherenceByProgram } from './drug-charts';
import { drugKeys, drugsApi } from './drugs.api';
import { TD } from './drugs.messages';

const number = (n: number) => n.toLocaleString('vi-VN');

/** The adherence of a period: per programme (table and bars) and per day (a line against the threshold). */
export function DrugStats() {
  const [period, setPeriod] = useState<Period>(() => presetPeriod('last30'));
  const [program, setProgram] = useState<ClinicProgram | undefined>();
  const p = { ...period, program };
  const stats = useQuery({ queryKey: drugKeys.stats(p), queryFn: () => drugsApi.statistics(p), placeholderData: keepPreviousData });
  const s = stats.data;
  return (
    <Flex vertical gap={16} data-testid="drug-stats">
      <Card size="small">
        <Flex gap={12} wrap align="center">
          <Select
            aria-label={TD.program}
            placeholder={TD.allPrograms}
            allowClear
            style={{ width: 230 }}
            value={program}
            options={CLINIC_PROGRAMS.map((x) => ({ value: x, label: CLINIC_PROGRAM_LABELS[x] }))}
            onChange={(v) => setProgram(v ?? undefined)}
          />
          <PeriodFilter value={period} onChange={setPeriod} presets={['last7', 'last30', 'thisMonth', 'lastMonth']} />
        </Flex>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={12} lg={5}>
          <Card size="small">
            <Statistic title={TD.summary.members} value={s?.total.members ?? 0} formatter={(v) => number(Number(v))} />
          </Card>
        </Col>
        <Col xs={12} lg={5}>
          <Card size="small">
            <Statistic
              title={`${TD.summary.below} (${fmt(TD.threshold, { n: s?.threshold ?? 80 })})`}
              value={s?.total.below ?? 0}
              valueStyle={{ color: '#cf1322' }}
              formatter={(v) => number(Number(v))}
            />
          </Card>
        </Col>
        <Col xs={8} lg={5}>
          <Card size="small">
            <Statistic title={TD.summary.adherence} value={formatAdherence(s?.total.adherence ?? null)} />
          </Card>
        </Col>
        <Col xs={8} lg={5}>
          <Card size="small">
            <Statistic title={TD.summary.taken} value={s?.total.taken ?? 0} formatter={(v) => number(Number(v))} />
          </Card>
        </Col>
        <Col xs={8} lg={4}>
          <Card size="small">
            <Statistic title={TD.summary.missed} value={s?.total.missed ?? 0} formatter={(v) => number(Number(v))} />
          </Card>
        </Col>
      </Row>
      {s && (
        <Row gutter={[12, 12]}>
          <Col xs={24} lg={14}>
            <Card size="small">
              <AdherenceByDay days={s.byDay} threshold={s.threshold} />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card size="small">
              <AdherenceByProgram programs={s.byProgram} threshold={s.threshold} />
            </Card>
          </Col>
        </Row>
      )}
      <Card size="small">
        <Table
          rowKey="program"
          size="small"
          pagination={false}
          loading={stats.isLoading}
          dataSource={s?.byProgram ?? []}
          data-testid="drug-programs"
          columns={[
            { title: TD.statsCols.program, dataIndex: 'label' },
            { title: TD.statsCols.members, align: 'right', render: (_v, r) => number(r.members) },
            { title: TD.statsCols.below, align: 'right', render: (_v, r) => number(r.below) },
            { title: TD.statsCols.taken, align: 'right', render: (_v, r) => number(r.taken) },
            { title: TD.statsCols.missed, align: 'right', render: (_v, r) => number(r.missed) },
            { title: TD.statsCols.adherence, align: 'right', render: (_v, r) => formatAdherence(r.adherence) },
          ]}
        />
      </Card>
    </Flex>
  );
}
