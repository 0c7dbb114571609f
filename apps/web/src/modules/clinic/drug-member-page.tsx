import { useState } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Descriptions, Empty, Flex, Row, Statistic, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import {
  DOSE_STATUS_LABELS,
  type DoseStatus,
  type DrugMemberDetailDto,
  MEDICINE_SOURCE_LABELS,
  type MedicineDto,
} from '@portal/shared/contracts/clinic-drugs.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatAdherence } from '@portal/shared/rules/adherence';
import { CLINIC_PROGRAM_LABELS } from '@portal/shared/rules/clinic-programs';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { presetPeriod, type Period } from '@portal/shared/rules/period';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { PeriodFilter } from '../../core/blocks/period-filter';
import { actionsColumn } from '../../core/crud/cells';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { useMe } from '../auth/use-session';
import { DrugCalendar } from './drug-calendar';
import { MedicineForm } from './drug-medicine-form';
import { drugKeys, drugsApi } from './drugs.api';
import { DRUG_ROUTES, scheduleLine } from './drugs.logic';
import { TD } from './drugs.messages';
import './drugs.css';

const M = TD.member;
const STATUS_COLOR: Record<DoseStatus, string> = { PENDING: 'gold', TAKEN: 'green', MISSED: 'red' };

/** /admin/SHP/drug/:userId (issue 20): one member's medicines, the calendar of doses taken and missed, the reminders sent. */
export function DrugMemberPage() {
  const me = useMe();
  const userId = Number(useParams().userId);
  const allowed = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_SHP');
  const [period, setPeriod] = useState<Period>(() => presetPeriod('last30'));
  const detail = useQuery({
    queryKey: drugKeys.member(userId, period),
    queryFn: () => drugsApi.member(userId, period),
    enabled: allowed && Number.isInteger(userId) && userId > 0,
    placeholderData: keepPreviousData,
    retry: false,
    // the doses move with the sweep and the member's confirmations: a minute is the sweep's own pace
    refetchInterval: 30_000,
  });
  if (!allowed) return me.data ? <ForbiddenPage /> : null;
  const d = detail.data;
  return (
    <Flex vertical gap={16}>
      <Link to={DRUG_ROUTES.list}>
        <Button icon={<ArrowLeftOutlined />} type="link" style={{ paddingInline: 0 }}>
          {M.back}
        </Button>
      </Link>
      {detail.isError && <Empty description={M.notFound} />}
      {d && <MemberView d={d} period={period} setPeriod={setPeriod} />}
    </Flex>
  );
}

function MemberView({ d, period, setPeriod }: { d: DrugMemberDetailDto; period: Period; setPeriod: (p: Period) => void }) {
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<{ medicine: MedicineDto | null } | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: drugKeys.all });
  const remove = useMutation({
    mutationFn: (m: MedicineDto) => drugsApi.remove(d.member.userId, m.id),
    onSuccess: () => notify.success('Đã xoá thuốc khỏi lịch nhắc'),
    onError: (e) => reportError(e),
    onSettled: refresh,
  });
  const m = d.member;
  return (
    <>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {m.name}{' '}
        <Tag color="blue" style={{ verticalAlign: 'middle' }}>
          {CLINIC_PROGRAM_LABELS[m.program]}
        </Tag>
        {!m.active && <Tag>{TD.inactive}</Tag>}
      </Typography.Title>
      <Card size="small">
        <Row gutter={[12, 12]} align="middle">
          <Col xs={24} lg={9}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={M.code}>{m.patientCode}</Descriptions.Item>
              <Descriptions.Item label={M.birth}>{formatDate(m.birthDate)}</Descriptions.Item>
              <Descriptions.Item label={M.phone}>{m.phone ?? '—'}</Descriptions.Item>
            </Descriptions>
          </Col>
          <Col xs={8} lg={5}>
            <Statistic
              title={`${TD.summary.adherence} (${fmt(TD.threshold, { n: d.threshold })})`}
              value={formatAdherence(d.total.adherence)}
              valueStyle={{ color: d.below ? '#cf1322' : undefined }}
              valueRender={(node) => <span data-testid="member-adherence">{node}</span>}
            />
          </Col>
          <Col xs={8} lg={3}>
            <Statistic title={TD.summary.taken} value={d.total.taken} />
          </Col>
          <Col xs={8} lg={3}>
            <Statistic title={TD.summary.missed} value={d.total.missed} />
          </Col>
          <Col xs={24} lg={4}>
            <Typography.Text type="secondary">{fmt(M.missedAfter, { n: d.missedMinutes })}</Typography.Text>
          </Col>
        </Row>
      </Card>
      <Card
        size="small"
        title={M.medicines}
        extra={
          <Button type="primary" onClick={() => setEditing({ medicine: null })}>
            {M.add}
          </Button>
        }
      >
        <Table<MedicineDto>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d.medicines}
          locale={{ emptyText: M.noMedicines }}
          data-testid="member-medicines"
          columns={[
            {
              title: TD.medCols.name,
              render: (_v, r) => (
                <Flex vertical>
                  <span>{r.name}</span>
                  {r.instructions && <Typography.Text type="secondary">{r.instructions}</Typography.Text>}
                </Flex>
              ),
            },
            { title: TD.medCols.dose, dataIndex: 'dose' },
            { title: TD.medCols.times, render: (_v, r) => r.times.join(', ') },
            {
              title: TD.medCols.schedule,
              render: (_v, r) => (
                <Flex vertical>
                  <span>{scheduleLine(r)}</span>
                  {!r.current && <Typography.Text type="secondary">{r.endDate && r.endDate < r.startDate ? M.notStarted : M.ended}</Typography.Text>}
                </Flex>
              ),
            },
            { title: TD.medCols.source, render: (_v, r) => MEDICINE_SOURCE_LABELS[r.source] },
            actionsColumn((r) => (
              <Flex gap={0}>
                <Button size="small" type="link" onClick={() => setEditing({ medicine: r })}>
                  {M.edit}
                </Button>
                <Button
                  size="small"
                  type="link"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: fmt(M.removeTitle, { name: r.name }),
                      content: M.removeText,
                      okText: M.yes,
                      okButtonProps: { danger: true },
                      cancelText: M.no,
                      onOk: () => remove.mutateAsync(r),
                    })
                  }
                >
                  {M.remove}
                </Button>
              </Flex>
            )),
          ]}
        />
      </Card>
      <Card size="small">
        <Flex gap={12} wrap align="center">
          <PeriodFilter value={period} onChange={setPeriod} presets={['last7', 'last30', 'thisMonth', 'lastMonth']} />
        </Flex>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={10}>
          <Card size="small" title={M.calendar}>
            <DrugCalendar days={d.days} threshold={d.threshold} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={M.doses}>
            <Table
              rowKey="id"
              size="small"
              dataSource={d.doses}
              pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
              locale={{ emptyText: M.noDoses }}
              data-testid="member-doses"
              columns={[
                { title: TD.doseCols.dueAt, render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.dueAt)}</span> },
                { title: TD.doseCols.medicine, render: (_v, r) => `${r.medicineName} · ${r.dose}` },
                {
                  title: TD.doseCols.status,
                  render: (_v, r) => (
                    <Tag color={STATUS_COLOR[r.status]} data-testid="dose-status">
                      {DOSE_STATUS_LABELS[r.status]}
                    </Tag>
                  ),
                },
                { title: TD.doseCols.reminded, render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.remindedAt) || '—'}</span> },
                { title: TD.doseCols.confirmed, render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.confirmedAt) || '—'}</span> },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <MedicineForm userId={m.userId} medicine={editing?.medicine ?? null} open={editing !== null} onClose={() => setEditing(null)} onSaved={refresh} />
    </>
  );
}
