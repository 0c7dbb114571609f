import { useCallback, useMemo } from 'react';
import { Button, Card, Checkbox, Col, Flex, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import type { DrugMemberRowDto } from '@portal/shared/contracts/clinic-drugs.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatAdherence } from '@portal/shared/rules/adherence';
import { CLINIC_PROGRAM_LABELS, CLINIC_PROGRAMS } from '@portal/shared/rules/clinic-programs';
import { formatDateTime } from '@portal/shared/rules/format';
import { FilterCard, SearchFilter } from '../../core/blocks/filter-card';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { PeriodFilter } from '../../core/blocks/period-filter';
import { TabbedScreen } from '../../core/blocks/tabbed-screen';
import { actionsColumn, EllipsisText } from '../../core/crud/cells';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { useScreenParams } from '../../core/router/use-screen-params';
import { useMe } from '../auth/use-session';
import { DrugStats } from './drug-stats';
import { drugKeys, drugsApi } from './drugs.api';
import { DRUG_ROUTES, type DrugFilters, filtersFromParams, paramsOf, periodOf, queryOf } from './drugs.logic';
import { TD } from './drugs.messages';
import './drugs.css';

const C = TD.cols;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'id', direction: 'desc' as const } };
type Row = DrugMemberRowDto & { id: number };

/** /admin/SHP/drug (MANAGER_SHP; issue 20): the members' medicine adherence, and its statistics, in two tabs. */
export function DrugListPage() {
  const me = useMe();
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_SHP')) return me.data ? <ForbiddenPage /> : null;
  return (
    <TabbedScreen
      title={TD.title}
      tabs={[
        { key: 'list', label: TD.tabs.list, render: () => <DrugList /> },
        { key: 'stats', label: TD.tabs.stats, render: () => <DrugStats /> },
      ]}
    />
  );
}

/** An adherence figure, red under the threshold. */
export function AdherenceTag({ adherence, below }: { adherence: number | null; below: boolean }) {
  if (adherence === null) return <Typography.Text type="secondary">{formatAdherence(null)}</Typography.Text>;
  return (
    <Tag color={below ? 'red' : adherence >= 95 ? 'green' : 'blue'} data-testid="adherence">
      {formatAdherence(adherence)}
    </Tag>
  );
}

/**
 * The members with their medicines and doses of the period: programme, words without diacritics and "below the
 * threshold" filters (in the URL); those below the threshold come first, highlighted.
 */
function DrugList() {
  const [params, setParams] = useScreenParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback((next: DrugFilters) => setParams(paramsOf(next), { replace: false }), [setParams]);
  const q = queryOf(filters);
  const list = useQuery({
    queryKey: drugKeys.list(q),
    queryFn: async ({ signal }) => {
      const page = await drugsApi.list(q, signal);
      return { ...page, data: page.data.map((r): Row => ({ ...r, id: r.userId })) };
    },
    placeholderData: keepPreviousData,
  });
  const state: ListState = { ...EMPTY_LIST_STATE, page: filters.page, size: filters.size };
  const columns: ColumnsType<Row> = [
    {
      title: C.member,
      key: 'member',
      render: (_v, r) => (
        <Flex vertical>
          <Link to={DRUG_ROUTES.member(r.userId)}>
            <EllipsisText text={r.name} width={220} />
          </Link>
          <Typography.Text type="secondary">{[r.patientCode, r.phone].filter(Boolean).join(' · ')}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: C.program,
      key: 'program',
      render: (_v, r) => (
        <Flex vertical>
          <span>{CLINIC_PROGRAM_LABELS[r.program]}</span>
          {!r.active && <Typography.Text type="secondary">{TD.inactive}</Typography.Text>}
        </Flex>
      ),
    },
    { title: C.medicines, key: 'medicines', align: 'right', render: (_v, r) => r.medicines.toLocaleString('vi-VN') },
    {
      title: C.doses,
      key: 'doses',
      render: (_v, r) => (
        <Flex vertical>
          <span style={{ whiteSpace: 'nowrap' }}>
            {r.taken.toLocaleString('vi-VN')} / {r.missed.toLocaleString('vi-VN')}
          </span>
          {r.pending > 0 && <Typography.Text type="secondary">{fmt(TD.pending, { n: r.pending })}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: C.adherence,
      key: 'adherence',
      render: (_v, r) => (
        <Flex gap={4} wrap>
          <AdherenceTag adherence={r.adherence} below={r.below} />
          {r.below && <Tag color="red">{TD.below}</Tag>}
        </Flex>
      ),
    },
    { title: C.lastReminder, key: 'last', render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.lastReminderAt) || '—'}</span> },
    actionsColumn((r) => (
      <Link to={DRUG_ROUTES.member(r.userId)}>
        <Button size="small" type="link">
          {TD.open}
        </Button>
      </Link>
    )),
  ];
  return (
    <Flex vertical gap={16}>
      <FilterCard>
        <SearchFilter label={TD.search} value={filters.q} onSearch={(q) => setFilters({ ...filters, q, page: 0 })} col={{ xs: 24, lg: 7 }} />
        <Col xs={24} lg={5}>
          <Select
            aria-label={TD.program}
            placeholder={TD.allPrograms}
            allowClear
            style={{ width: '100%' }}
            value={filters.program}
            options={CLINIC_PROGRAMS.map((p) => ({ value: p, label: CLINIC_PROGRAM_LABELS[p] }))}
            onChange={(program) => setFilters({ ...filters, program: program ?? undefined, page: 0 })}
          />
        </Col>
        <Col xs={24} lg={4}>
          <Checkbox checked={!!filters.below} onChange={(e) => setFilters({ ...filters, below: e.target.checked || undefined, page: 0 })}>
            {TD.belowOnly}
          </Checkbox>
        </Col>
        <Col xs={24} lg={8}>
          <Button onClick={() => setFilters({ q: '', page: 0, size: filters.size })}>{TD.clear}</Button>
        </Col>
        <Col span={24}>
          <Flex gap={12} wrap align="center">
            <PeriodFilter
              value={periodOf(filters)}
              presets={['last7', 'last30', 'thisMonth', 'lastMonth']}
              onChange={(p) => setFilters({ ...filters, from: p.from, to: p.to, page: 0 })}
            />
          </Flex>
        </Col>
      </FilterCard>
      <Card size="small">
        <PagedTable<Row>
          list={list}
          state={state}
          onChange={(s) => setFilters({ ...filters, page: s.page, size: s.size })}
          spec={SPEC}
          columns={columns}
          rowClassName={(r) => (r.below ? 'drug-row-below' : '')}
        />
      </Card>
    </Flex>
  );
}
