import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Checkbox, Col, Flex, Row, Select, Statistic, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { hasAuthority } from '@portal/shared/authorities';
import { BOOKING_SOURCE_LABELS, BOOKING_SOURCES, type BookingSource } from '@portal/shared/contracts/appointments.contract';
import {
  QUICK_GROUP_COLUMNS,
  QUICK_GROUP_LABELS,
  QUICK_GROUPS,
  type CompletionRowDto,
  type EfficiencyRowDto,
  type GroupCountsDto,
  type QuickGroup,
  type StaffRowDto,
  type StateCountsDto,
} from '@portal/shared/contracts/reports.contract';
import { fmt } from '@portal/shared/messages.vi';
import { completionRate, fillRate, formatRate, noShowRate, onlineShare } from '@portal/shared/rules/report-rates';
import { T } from '../../app/messages';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { PeriodFilter } from '../../core/blocks/period-filter';
import { SelectBox } from '../../core/blocks/select-box';
import { reportError } from '../../core/crud/resource-api';
import { useScreenParams } from '../../core/router/use-screen-params';
import { readJson, STORAGE_KEYS, writeJson } from '../../core/storage';
import { loaders } from '../appointments/appointments.api';
import { useMe } from '../auth/use-session';
import { CompletionBars, CompletionTrend, DepartmentBars, FillBars, SourcePie, TrendChart } from './report-charts';
import { reportKeys, reportsApi } from './reports.api';
import {
  cleanReportUsers,
  parseReportState,
  REPORT_TABS,
  reportFilterQuery,
  reportUrlQuery,
  sizeText,
  toggleReportUser,
  type ReportState,
  type ReportTab,
  type ReportUser,
} from './reports.logic';
import { TR } from './reports.messages';

const num = (n: number) => n.toLocaleString('vi-VN');
const minutesText = (m: number | null) => (m === null ? '—' : fmt(TR.minutes, { n: m.toLocaleString('vi-VN') }));
const right = { align: 'right' as const };

/** "Xuất Excel" of one report: streams the file and shows how much has come. */
function ExportLink({ label = T.crud.export, run, hint }: { label?: string; hint?: string; run: (onProgress: (bytes: number) => void) => Promise<void> }) {
  const [received, setReceived] = useState<number | null>(null);
  const onClick = async () => {
    setReceived(0);
    try {
      await run(setReceived);
    } catch (e) {
      reportError(e, TR.exportFailed);
    } finally {
      setReceived(null);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={received !== null} title={hint} onClick={() => void onClick()}>
      {received !== null && received > 0 ? fmt(TR.exporting, { size: sizeText(received) }) : label}
    </Button>
  );
}

function Figures({ items }: { items: { title: string; value: string }[] }) {
  return (
    <Row gutter={[12, 12]}>
      {items.map((i) => (
        <Col key={i.title} flex="1 1 150px">
          <Card size="small">
            <Statistic title={i.title} value={i.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function stateColumns(first: string): ColumnsType<GroupCountsDto> {
  const c = (key: keyof StateCountsDto, title: string) => ({ title, key, ...right, render: (_: unknown, r: GroupCountsDto) => num(r[key]) });
  return [
    { title: first, key: 'name', dataIndex: 'name' },
    c('total', TR.cols.total),
    c('pending', TR.cols.pending),
    c('accepted', TR.cols.accepted),
    c('rejected', TR.cols.rejected),
    c('cancelled', TR.cols.cancelled),
    c('checkedIn', TR.cols.checkedIn),
    c('done', TR.cols.done),
    c('noShow', TR.cols.noShow),
    { title: TR.cols.noShowRate, key: 'noShowRate', ...right, render: (_, r) => formatRate(noShowRate(r)) },
    c('online', TR.cols.online),
    c('newPatients', TR.cols.newPatients),
  ];
}

/** A table of a report with its total row ("Tổng cộng"), fitted to the screen. */
function ReportTable<R extends { key: string }>(p: { rows: R[]; columns: ColumnsType<R>; loading: boolean; total?: R; testId: string; label: string }) {
  return (
    <Table<R>
      data-testid={p.testId}
      aria-label={p.label}
      rowKey="key"
      size="small"
      tableLayout="fixed"
      columns={p.columns}
      dataSource={p.total && p.rows.length ? [...p.rows, p.total] : p.rows}
      loading={p.loading}
      pagination={p.rows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
      onRow={(r) => (r === p.total ? { style: { fontWeight: 600 } } : {})}
      locale={{ emptyText: T.crud.empty }}
    />
  );
}

type Filters = Pick<ReportState, 'from' | 'to' | 'departmentId' | 'doctorId' | 'source'>;

function QuickTab({ f, group, setGroup }: { f: Filters; group: QuickGroup; setGroup: (g: QuickGroup) => void }) {
  const q = useQuery({
    queryKey: reportKeys.one('quick', reportFilterQuery(f)),
    queryFn: ({ signal }) => reportsApi.quick(f, signal),
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  const totals = d?.totals;
  const first = QUICK_GROUP_COLUMNS[group];
  return (
    <Flex vertical gap={12}>
      {totals && (
        <Figures
          items={[
            { title: TR.cards.total, value: num(totals.total) },
            { title: TR.cards.done, value: num(totals.done) },
            { title: TR.cards.noShowRate, value: formatRate(noShowRate(totals)) },
            { title: TR.cards.onlineShare, value: formatRate(onlineShare(totals)) },
            { title: TR.cards.newPatients, value: num(totals.newPatients) },
            { title: TR.cards.returning, value: num(totals.total - totals.newPatients) },
          ]}
        />
      )}
      {d && (
        <Row gutter={[12, 12]}>
          <Col span={10}>
            <Card size="small">
              <TrendChart days={d.byDay} />
            </Card>
          </Col>
          <Col span={8}>
            <Card size="small">
              <DepartmentBars rows={d.byDepartment} />
            </Card>
          </Col>
          <Col span={6}>
            <Card size="small">
              <SourcePie rows={d.bySource} />
            </Card>
          </Col>
        </Row>
      )}
      <Card
        size="small"
        title={
          <Select<QuickGroup>
            aria-label={TR.group}
            prefix={`${TR.group}:`}
            style={{ width: 260 }}
            value={group}
            options={QUICK_GROUPS.map((g) => ({ value: g, label: QUICK_GROUP_LABELS[g] }))}
            onChange={setGroup}
          />
        }
        extra={<ExportLink run={(p) => reportsApi.export('quick', f, {}, p)} />}
      >
        <ReportTable<GroupCountsDto>
          testId="report-quick-table"
          label={QUICK_GROUP_LABELS[group]}
          rows={d?.[group] ?? []}
          total={totals ? { key: '__total', name: TR.total, ...totals } : undefined}
          columns={stateColumns(first)}
          loading={q.isLoading || (q.isFetching && q.isPlaceholderData)}
        />
      </Card>
    </Flex>
  );
}

function completionColumns(first: string): ColumnsType<CompletionRowDto> {
  return [
    { title: first, key: 'name', dataIndex: 'name' },
    { title: TR.cols.planned, key: 'planned', ...right, render: (_, r) => num(r.planned) },
    { title: TR.cols.done, key: 'done', ...right, render: (_, r) => num(r.done) },
    { title: TR.cols.completion, key: 'rate', ...right, render: (_, r) => formatRate(completionRate(r.done, r.planned)) },
  ];
}

function CompleteTab({ f }: { f: Filters }) {
  const q = useQuery({
    queryKey: reportKeys.one('complete', reportFilterQuery(f)),
    queryFn: ({ signal }) => reportsApi.complete(f, signal),
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  const loading = q.isLoading || (q.isFetching && q.isPlaceholderData);
  const total = d ? { key: '__total', name: TR.total, ...d.totals } : undefined;
  return (
    <Flex vertical gap={12}>
      {d && (
        <Figures
          items={[
            { title: TR.cards.planned, value: num(d.totals.planned) },
            { title: TR.cards.done, value: num(d.totals.done) },
            { title: TR.cards.completion, value: formatRate(completionRate(d.totals.done, d.totals.planned)) },
          ]}
        />
      )}
      {d && (
        <Row gutter={[12, 12]}>
          <Col span={14}>
            <Card size="small">
              <CompletionTrend days={d.byDay} />
            </Card>
          </Col>
          <Col span={10}>
            <Card size="small">
              <CompletionBars rows={d.byDepartment} />
            </Card>
          </Col>
        </Row>
      )}
      <Card size="small" title={TR.byDepartment} extra={<ExportLink run={(p) => reportsApi.export('complete', f, {}, p)} />}>
        <Row gutter={12}>
          <Col span={12}>
            <ReportTable
              testId="report-complete-departments"
              label={TR.byDepartment}
              rows={d?.byDepartment ?? []}
              total={total}
              columns={completionColumns(TR.department)}
              loading={loading}
            />
          </Col>
          <Col span={12}>
            <ReportTable
              testId="report-complete-doctors"
              label={TR.byDoctor}
              rows={d?.byDoctor ?? []}
              total={total}
              columns={completionColumns(TR.doctor)}
              loading={loading}
            />
          </Col>
        </Row>
      </Card>
    </Flex>
  );
}

function efficiencyColumns(first: string): ColumnsType<EfficiencyRowDto> {
  return [
    { title: first, key: 'name', dataIndex: 'name', width: '30%' },
    { title: TR.cols.offered, key: 'offered', ...right, render: (_, r) => num(r.offered) },
    { title: TR.cols.booked, key: 'booked', ...right, render: (_, r) => num(r.booked) },
    { title: TR.cols.used, key: 'used', ...right, render: (_, r) => num(r.used) },
    { title: TR.cols.fill, key: 'fill', ...right, render: (_, r) => formatRate(fillRate(r.booked, r.offered)) },
    { title: TR.cols.waitMedian, key: 'waitMedian', ...right, render: (_, r) => minutesText(r.waitMedian) },
    { title: TR.cols.waitP90, key: 'waitP90', ...right, render: (_, r) => minutesText(r.waitP90) },
  ];
}

function EfficiencyTab({ f }: { f: Filters }) {
  const q = useQuery({
    queryKey: reportKeys.one('efficiency', reportFilterQuery(f)),
    queryFn: ({ signal }) => reportsApi.efficiency(f, signal),
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  const loading = q.isLoading || (q.isFetching && q.isPlaceholderData);
  return (
    <Flex vertical gap={12}>
      {d && (
        <Card size="small">
          <FillBars rows={d.byDoctor} />
        </Card>
      )}
      <Card size="small" title={TR.byDoctor} extra={<ExportLink run={(p) => reportsApi.export('efficiency', f, {}, p)} />}>
        <ReportTable testId="report-efficiency-doctors" label={TR.byDoctor} rows={d?.byDoctor ?? []} columns={efficiencyColumns(TR.doctor)} loading={loading} />
      </Card>
      <Card size="small" title={TR.byRoom}>
        <ReportTable
          testId="report-efficiency-rooms"
          label={TR.byRoom}
          rows={d?.byRoom ?? []}
          columns={efficiencyColumns(TR.byRoom.replace('Theo ', ''))}
          loading={loading}
        />
      </Card>
    </Flex>
  );
}

/** The followed staff ("report users"), in local storage under `reportUsers`: logging out keeps them (spec §2 /logout). */
function useReportUsers(): [ReportUser[], (u: ReportUser) => void] {
  const [users, setUsers] = useState(() => cleanReportUsers(readJson(STORAGE_KEYS.reportUsers)));
  const toggle = useCallback((u: ReportUser) => {
    setUsers((list) => {
      const next = toggleReportUser(list, u);
      writeJson(STORAGE_KEYS.reportUsers, next);
      return next;
    });
  }, []);
  return [users, toggle];
}

function StaffTab({ f, followed, setFollowed }: { f: Filters; followed: boolean; setFollowed: (v: boolean) => void }) {
  const [users, toggle] = useReportUsers();
  const ids = followed ? users.map((u) => u.id) : undefined;
  const q = useQuery({
    queryKey: reportKeys.one('staff', { ...reportFilterQuery(f), ids: ids?.join(',') ?? '' }),
    queryFn: ({ signal }) => reportsApi.staff(f, ids, signal),
    placeholderData: keepPreviousData,
    enabled: !followed || users.length > 0,
  });
  const rows = followed && users.length === 0 ? [] : (q.data?.rows ?? []);
  const isFollowed = (id: number) => users.some((u) => u.id === id);
  const c = (key: 'accepted' | 'rejected' | 'checkedIn' | 'called' | 'phone', title: string) => ({
    title,
    key,
    ...right,
    render: (_: unknown, r: StaffRowDto) => num(r[key]),
  });
  const columns: ColumnsType<StaffRowDto & { key: string }> = [
    {
      title: TR.cols.follow,
      key: 'follow',
      width: 90,
      render: (_, r) => (
        <Button
          size="small"
          type="text"
          aria-pressed={isFollowed(r.accountId)}
          aria-label={`${isFollowed(r.accountId) ? TR.unfollow : TR.follow} ${r.username}`}
          icon={isFollowed(r.accountId) ? <StarFilled style={{ color: '#d48806' }} /> : <StarOutlined />}
          onClick={() => toggle({ id: r.accountId, username: r.username, name: r.name })}
        />
      ),
    },
    { title: TR.cols.account, key: 'username', dataIndex: 'username' },
    { title: TR.cols.staffName, key: 'name', dataIndex: 'name' },
    c('accepted', TR.cols.staffAccepted),
    c('rejected', TR.cols.staffRejected),
    c('checkedIn', TR.cols.staffCheckedIn),
    c('called', TR.cols.staffCalled),
    c('phone', TR.cols.phone),
    { title: TR.cols.acceptMedian, key: 'acceptMedian', ...right, render: (_, r) => minutesText(r.acceptMedian) },
  ];
  return (
    <Card
      size="small"
      title={
        <Flex gap={12} align="center" wrap>
          <Checkbox checked={followed} onChange={(e) => setFollowed(e.target.checked)}>
            {TR.followedOnly}
          </Checkbox>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {users.length ? fmt(TR.followedCount, { count: users.length }) : TR.noFollowed}
          </Typography.Text>
        </Flex>
      }
      extra={<ExportLink run={(p) => reportsApi.export('staff', f, ids ? { accountIds: ids.join(',') } : {}, p)} />}
    >
      <ReportTable
        testId="report-staff"
        label={TR.tabs.staff}
        rows={rows.map((r) => ({ ...r, key: String(r.accountId) }))}
        columns={columns}
        loading={q.isLoading || (q.isFetching && q.isPlaceholderData)}
      />
    </Card>
  );
}

function Reports() {
  const [params, setParams] = useScreenParams();
  const state = useMemo(() => parseReportState(params), [params]);
  const set = (patch: Partial<ReportState>) => setParams(new URLSearchParams(reportUrlQuery({ ...state, ...patch })), { replace: false });
  const f: Filters = { from: state.from, to: state.to, departmentId: state.departmentId, doctorId: state.doctorId, source: state.source };
  const doctorLoader = useMemo(() => loaders.doctors({ departmentId: state.departmentId }), [state.departmentId]);
  const tabs: Record<ReportTab, React.ReactNode> = {
    quick: <QuickTab f={f} group={state.group} setGroup={(group) => set({ group })} />,
    complete: <CompleteTab f={f} />,
    efficiency: <EfficiencyTab f={f} />,
    staff: <StaffTab f={f} followed={state.followed} setFollowed={(followed) => set({ followed })} />,
  };
  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex wrap gap={12} align="center">
          <PeriodFilter value={state} onChange={(p) => set(p)} presets={['today', 'thisWeek', 'thisMonth', 'lastMonth', 'last30']} />
          <SelectBox
            aria-label={TR.department}
            placeholder={TR.allDepartments}
            allowClear
            style={{ width: 200 }}
            loader={loaders.departments}
            value={state.departmentId}
            onChange={(v: number | undefined) => set({ departmentId: v ?? undefined, doctorId: undefined })}
          />
          <SelectBox
            aria-label={TR.doctor}
            placeholder={TR.allDoctors}
            allowClear
            style={{ width: 200 }}
            loader={doctorLoader}
            reloadKey={state.departmentId ?? 0}
            value={state.doctorId}
            onChange={(v: number | undefined) => set({ doctorId: v ?? undefined })}
          />
          <Select<BookingSource>
            aria-label={TR.source}
            placeholder={TR.allSources}
            allowClear
            style={{ width: 170 }}
            value={state.source}
            options={BOOKING_SOURCES.map((s) => ({ value: s, label: BOOKING_SOURCE_LABELS[s] }))}
            onChange={(source) => set({ source })}
          />
          <span style={{ marginInlineStart: 'auto' }}>
            <ExportLink label={TR.exportBookings} hint={TR.exportBookingsHint} run={(p) => reportsApi.export('bookings', f, {}, p)} />
          </span>
        </Flex>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {TR.periodNote}
        </Typography.Text>
      </Card>
      <Tabs
        activeKey={state.tab}
        onChange={(k) => set({ tab: k as ReportTab })}
        items={REPORT_TABS.map((k) => ({ key: k, label: TR.tabs[k], children: state.tab === k && tabs[k] }))}
      />
    </Flex>
  );
}

/** /admin/report/bookings (MANAGER_REPORT): the booking reports with their charts and Excel exports. */
export function ReportPage() {
  const me = useMe();
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_REPORT')) return <ForbiddenPage />;
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {T.menu.bookingReport}
      </Typography.Title>
      <Reports />
    </Flex>
  );
}
