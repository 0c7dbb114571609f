import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Col, Flex, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import { memberEndpoints, type MemberRowDto } from '@portal/shared/contracts/clinic.contract';
import { CLINIC_PROGRAM_LABELS, CLINIC_PROGRAMS } from '@portal/shared/rules/clinic-programs';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { DayFilter, FilterCard, SearchFilter } from '../../core/blocks/filter-card';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { SelectBox } from '../../core/blocks/select-box';
import { actionsColumn, EllipsisText } from '../../core/crud/cells';
import { ExportButton } from '../../core/crud/export-button';
import { ImportButton } from '../../core/crud/import-button';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { useScreenParams } from '../../core/router/use-screen-params';
import { useMe } from '../auth/use-session';
import { clinicApi, clinicKeys } from './clinic.api';
import { TC } from './clinic.messages';
import { EnrolDialog } from './enrol-dialog';
import { MemberDrawer } from './member-drawer';
import { CLINIC_ROUTES, type MemberFilters, memberFiltersFromParams, memberParamsOf, memberQueryOf, PROGRAM_COLOR } from './members.logic';
import { ScreenHeader } from '../../core/blocks/screen-header';

const T = TC.members;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'id', direction: 'desc' as const } };

/** /admin/SHP/members (MANAGER_SHP; issue 20): the private clinic's members. */
export function MembersPage() {
  const me = useMe();
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_SHP')) return me.data ? <ForbiddenPage /> : null;
  return <Members />;
}

/**
 * The members, newest first: search without diacritics, programme, state, doctor in charge and period (all in the URL);
 * enrol one (search a patient) or many (Excel), export; a member's drawer (`?member=`) holds their care, note,
 * surveys and activation.
 */
function Members() {
  const qc = useQueryClient();
  const [params, setParams] = useScreenParams();
  const filters = useMemo(() => memberFiltersFromParams(params), [params]);
  const open = Number(params.get('member')) || undefined;
  const setFilters = useCallback((next: MemberFilters, member?: number) => setParams(memberParamsOf(next, member), { replace: false }), [setParams]);
  const [enrolling, setEnrolling] = useState(false);
  const [doctor, setDoctor] = useState<{ value: number; label: string } | null>(null);
  const q = memberQueryOf(filters);
  const list = useQuery({ queryKey: clinicKeys.memberList(q), queryFn: ({ signal }) => clinicApi.members(q, signal), placeholderData: keepPreviousData });
  const refresh = () => void qc.invalidateQueries({ queryKey: clinicKeys.members });
  const state: ListState = { ...EMPTY_LIST_STATE, page: filters.page, size: filters.size };

  const columns: ColumnsType<MemberRowDto> = [
    {
      title: T.cols.patient,
      key: 'patient',
      render: (_v, r) => (
        <Flex vertical>
          <Link to={CLINIC_ROUTES.member(r.id)} onClick={(e) => (e.preventDefault(), setFilters(filters, r.id))}>
            <EllipsisText text={r.fullName} width={220} />
          </Link>
          <Typography.Text type="secondary">
            {r.patientCode}
            {r.dateOfBirth ? ` · ${formatDate(r.dateOfBirth)}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: T.cols.contact, key: 'phone', render: (_v, r) => r.phone ?? '—' },
    {
      title: T.cols.program,
      key: 'program',
      render: (_v, r) => <Tag color={PROGRAM_COLOR[r.program]}>{CLINIC_PROGRAM_LABELS[r.program]}</Tag>,
    },
    { title: T.cols.doctor, key: 'doctor', render: (_v, r) => <EllipsisText text={r.doctor?.name ?? T.noDoctor} width={180} secondary={!r.doctor} /> },
    {
      title: T.cols.state,
      key: 'state',
      render: (_v, r) => (
        <Tag color={r.active ? 'success' : 'default'} data-testid="member-state">
          {r.active ? T.active : T.inactive}
        </Tag>
      ),
    },
    { title: T.cols.enrolled, key: 'enrolled', render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.enrolledAt)}</span> },
    actionsColumn((r) => (
      <Space size={0} wrap>
        <Button size="small" type="link" onClick={() => setFilters(filters, r.id)}>
          {T.open}
        </Button>
        <Link to={CLINIC_ROUTES.drug(r.userId)}>
          <Button size="small" type="link">
            {T.medicines}
          </Button>
        </Link>
      </Space>
    )),
  ];

  return (
    <Flex vertical gap={16}>
      <ScreenHeader title={T.title}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEnrolling(true)}>
          {T.enrol}
        </Button>
        <ImportButton
          source={{
            template: memberEndpoints.importTemplate,
            import: memberEndpoints.import,
            label: T.importLabel,
            templateName: memberEndpoints.importTemplate.file.name!,
          }}
          onImported={refresh}
        />
        <ExportButton run={() => clinicApi.exportMembers(q)} />
      </ScreenHeader>
      <FilterCard>
        <SearchFilter label={T.search} value={filters.q} onSearch={(v) => setFilters({ ...filters, q: v, page: 0 })} col={{ xs: 24, lg: 5 }} />
        <Col xs={12} lg={4}>
          <Select
            aria-label={T.program}
            placeholder={T.allPrograms}
            allowClear
            style={{ width: '100%' }}
            value={filters.program}
            options={CLINIC_PROGRAMS.map((p) => ({ value: p, label: CLINIC_PROGRAM_LABELS[p] }))}
            onChange={(v) => setFilters({ ...filters, program: v, page: 0 })}
          />
        </Col>
        <Col xs={12} lg={3}>
          <Select
            aria-label={T.state}
            placeholder={T.state}
            allowClear
            style={{ width: '100%' }}
            value={filters.active === undefined ? undefined : String(filters.active)}
            options={[
              { value: 'true', label: T.active },
              { value: 'false', label: T.inactive },
            ]}
            onChange={(v: string | undefined) => setFilters({ ...filters, active: v === undefined ? undefined : v === 'true', page: 0 })}
          />
        </Col>
        <Col xs={24} lg={4}>
          <SelectBox
            loader={clinicApi.doctors()}
            allowClear
            style={{ width: '100%' }}
            aria-label={T.doctor}
            placeholder={T.allDoctors}
            value={filters.doctorId}
            seed={doctor ? [doctor] : undefined}
            onChange={(v, option) => {
              const o = Array.isArray(option) ? undefined : option;
              setDoctor(v == null || !o ? null : { value: v as number, label: String(o.label) });
              setFilters({ ...filters, doctorId: (v as number | undefined) ?? undefined, page: 0 });
            }}
          />
        </Col>
        <DayFilter label={T.from} value={filters.from} onChange={(from) => setFilters({ ...filters, from, page: 0 })} col={{ xs: 12, lg: 3 }} />
        <DayFilter label={T.to} value={filters.to} onChange={(to) => setFilters({ ...filters, to, page: 0 })} col={{ xs: 12, lg: 3 }} />
        <Col xs={8} lg={2}>
          <Button
            onClick={() => {
              setDoctor(null);
              setFilters({ q: '', page: 0, size: filters.size });
            }}
          >
            {T.clear}
          </Button>
        </Col>
      </FilterCard>
      <Card size="small">
        <PagedTable<MemberRowDto>
          list={list}
          state={state}
          onChange={(s) => setFilters({ ...filters, page: s.page, size: s.size })}
          spec={SPEC}
          columns={columns}
        />
      </Card>
      <EnrolDialog
        open={enrolling}
        onClose={() => setEnrolling(false)}
        onEnrolled={(id) => {
          setEnrolling(false);
          refresh();
          setFilters(filters, id);
        }}
      />
      {open && <MemberDrawer id={open} onClose={() => setFilters(filters)} onChanged={refresh} />}
    </Flex>
  );
}
