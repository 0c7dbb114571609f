import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Flex, Popconfirm, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useScreenParams } from '../../core/router/use-screen-params';
import { hasAuthority } from '@portal/shared/authorities';
import type { PatientUserRow } from '@portal/shared/contracts/patients.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { T } from '../../app/messages';
import { DateShorthandInput } from '../../core/blocks/date-shorthand-input';
import { SearchBox } from '../../core/blocks/search-box';
import { runBulk } from '../../core/crud/bulk.logic';
import {
  columnSortOrder,
  exportQuery,
  hasFilters,
  listQuery,
  listStateToParams,
  parseListState,
  withFilters,
  type ListSpec,
  type ListState,
} from '../../core/crud/list-state';
import { SORT_CYCLE } from '../../core/crud/list-columns';
import { actionsColumn, ContactLines, MoreTag, TwoLines, WrapText } from '../../core/crud/cells';
import { clipItems, COLUMN_WIDTH, TEXT_MIN_WIDTH } from '../../core/crud/cells.logic';
import { PagedTable } from '../../core/crud/paged-table';
import { notify } from '../../core/notify';
import { useMe } from '../auth/use-session';
import { AccountActions } from './account-actions';
import { patientKeys, patientsApi } from './patients.api';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { ExportButton } from '../../core/crud/export-button';
import { ZoneFilter } from './zone-filter';
import { ProfileForm } from './profile-form';
import { ScreenHeader } from '../../core/blocks/screen-header';

const M = T.patients.list;

/** The URL ⇄ list-query conversion of the generic lists, with the account filters. */
export const PATIENT_LIST_SPEC: ListSpec = {
  sortable: ['createdAt', 'name'],
  filters: [
    { key: 'verified', type: 'boolean' },
    { key: 'locked', type: 'boolean' },
    { key: 'merged', type: 'boolean' },
    { key: 'createdFrom', type: 'text' },
    { key: 'createdTo', type: 'text' },
    { key: 'zone', type: 'text' },
  ],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  // a search lists the best matches first unless a column is chosen (docs/decisions.md "Search of accounts")
  searchOrder: 'relevance',
};

type StateKey = 'all' | 'active' | 'locked' | 'merged';
const stateOf = (f: Record<string, string>): StateKey =>
  f.merged === 'true' ? 'merged' : f.locked === 'true' ? 'locked' : f.locked === 'false' ? 'active' : 'all';
function withStateKey(filters: Record<string, string>, key: StateKey): Record<string, string> {
  const { locked: _l, merged: _m, ...rest } = filters;
  if (key === 'active') return { ...rest, locked: 'false', merged: 'false' };
  if (key === 'locked') return { ...rest, locked: 'true', merged: 'false' };
  if (key === 'merged') return { ...rest, merged: 'true' };
  return rest;
}

function setFilter(state: ListState, key: string, value: string | undefined): ListState {
  const { [key]: _old, ...rest } = state.filters;
  return withFilters(state, { filters: value ? { ...rest, [key]: value } : rest });
}

export function StatusTags({ row }: { row: Pick<PatientUserRow, 'locked' | 'mergedIntoId'> }) {
  if (row.mergedIntoId) return <Tag color="default">{fmt(M.mergedInto, { id: row.mergedIntoId })}</Tag>;
  return row.locked ? <Tag color="red">{M.locked}</Tag> : <Tag color="green">{M.active}</Tag>;
}

/** /admin/user: the patient accounts — search, filters in the URL, bulk lock/unlock, verify, reset password, export, a new patient. */
export function PatientListPage() {
  const me = useMe();
  const allowed = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_USER');
  const [params, setParams] = useScreenParams();
  const state = useMemo(() => parseListState(params, PATIENT_LIST_SPEC), [params]);
  const setState = useCallback((next: ListState) => setParams(listStateToParams(next, PATIENT_LIST_SPEC), { replace: true }), [setParams]);
  const query = useMemo(() => listQuery(state, PATIENT_LIST_SPEC, { withPaging: true }), [state]);
  const queryClient = useQueryClient();
  const invalidate = useCallback(() => queryClient.invalidateQueries({ queryKey: patientKeys.all }), [queryClient]);
  const list = useQuery({
    queryKey: patientKeys.list(query),
    queryFn: ({ signal }) => patientsApi.search(query, signal),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });

  const [selected, setSelected] = useState<PatientUserRow[]>([]);
  const [registering, setRegistering] = useState(false);
  const navigate = useNavigate();
  const queryText = JSON.stringify(query);
  useEffect(() => setSelected([]), [queryText]);

  const bulk = useMutation({
    mutationFn: async (lock: boolean) => {
      const targets = selected.filter((r) => !r.mergedIntoId && r.locked !== lock);
      return { lock, result: await runBulk(targets, (r) => (lock ? patientsApi.lock(r.id) : patientsApi.unlock(r.id))) };
    },
    onSuccess: ({ lock, result }) => {
      const text = fmt(lock ? M.bulkLocked : M.bulkUnlocked, { succeeded: result.succeeded, total: result.total });
      if (result.failed === 0) notify.success(text);
      else notify.warning(`${text}. ${fmt(M.bulkFailed, { failed: result.failed })}`);
      setSelected([]);
    },
    onSettled: invalidate,
  });

  const columns: ColumnsType<PatientUserRow> = [
    { title: T.crud.index, key: 'stt', width: COLUMN_WIDTH.index, render: (_v, _r, i) => state.page * state.size + i + 1 },
    {
      title: M.name,
      key: 'name',
      dataIndex: 'name',
      sorter: true,
      sortDirections: SORT_CYCLE,
      sortOrder: columnSortOrder(state, PATIENT_LIST_SPEC, 'name'),
      // two facts a column: the name, and under it the phone and email (ten columns do not fit 1,366 px)
      render: (name: string, r) => (
        <TwoLines
          main={
            <WrapText>
              <Link to={`/admin/chi-tiet-y-ba/${r.id}`}>{name}</Link>
            </WrapText>
          }
          sub={<ContactLines phone={r.phone} email={r.email} />}
        />
      ),
    },
    {
      title: M.profiles,
      key: 'profiles',
      // each profile on its own lines (code, then name · birth date), the first two and "+N"
      render: (_v, r) => {
        const { shown, hidden } = clipItems(r.profiles);
        return (
          <Flex vertical gap={4} style={{ minWidth: TEXT_MIN_WIDTH }}>
            {shown.map((p) => (
              <Typography.Text key={p.id}>
                <Typography.Text type="secondary">{p.patientCode}</Typography.Text> {p.fullName} · {formatDate(p.birthDate)}
              </Typography.Text>
            ))}
            <MoreTag items={hidden.map((p) => ({ key: p.id, text: `${p.patientCode} ${p.fullName} · ${formatDate(p.birthDate)}` }))} />
          </Flex>
        );
      },
    },
    { title: M.verified, key: 'verified', render: (_v, r) => (r.verified ? <Tag color="blue">{M.verifiedYes}</Tag> : <Tag>{M.verifiedNo}</Tag>) },
    { title: M.state, key: 'state', render: (_v, r) => <StatusTags row={r} /> },
    {
      title: M.createdAt,
      key: 'createdAt',
      dataIndex: 'createdAt',
      sorter: true,
      sortDirections: SORT_CYCLE,
      sortOrder: columnSortOrder(state, PATIENT_LIST_SPEC, 'createdAt'),
      render: (v: string) => formatDateTime(v),
    },
    actionsColumn((r) => (
      <AccountActions
        account={r}
        onChanged={invalidate}
        lead={
          <Link to={`/admin/chi-tiet-y-ba/${r.id}`}>
            <Button size="small" type="link">
              {M.viewRecord}
            </Button>
          </Link>
        }
      />
    )),
  ];

  if (!allowed) return <ForbiddenPage />;

  const page = list.data;
  const lockable = selected.filter((r) => !r.mergedIntoId && !r.locked).length;
  const unlockable = selected.filter((r) => !r.mergedIntoId && r.locked).length;
  const f = state.filters;
  return (
    <Flex vertical gap={16}>
      <ScreenHeader title={M.title}>
        <ExportButton run={() => patientsApi.exportExcel(exportQuery(state, PATIENT_LIST_SPEC))} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)} data-testid="patient-new">
          {T.patients.record.newPatient}
        </Button>
      </ScreenHeader>
      <ProfileForm
        userId={null}
        profile={null}
        open={registering}
        onClose={() => setRegistering(false)}
        onSaved={(p) => {
          setRegistering(false);
          void invalidate();
          navigate(`/admin/chi-tiet-y-ba/${p.userId}`);
        }}
      />
      <Card size="small">
        <Flex wrap gap={12} align="center">
          <SearchBox placeholder={M.searchPlaceholder} q={state.q} onSearch={(q) => setState(withFilters(state, { q }))} style={{ width: 420 }} />
          <Select
            aria-label={M.verified}
            prefix={`${M.verified}:`}
            style={{ minWidth: 200 }}
            value={f.verified ?? 'all'}
            options={[
              { value: 'all', label: T.crud.stateAll },
              { value: 'true', label: M.verifiedYes },
              { value: 'false', label: M.verifiedNo },
            ]}
            onChange={(v: string) => setState(setFilter(state, 'verified', v === 'all' ? undefined : v))}
          />
          <Select
            aria-label={M.state}
            prefix={`${M.state}:`}
            style={{ minWidth: 190 }}
            value={stateOf(f)}
            options={[
              { value: 'all', label: T.crud.stateAll },
              { value: 'active', label: M.active },
              { value: 'locked', label: M.locked },
              { value: 'merged', label: M.merged },
            ]}
            onChange={(v: StateKey) => setState(withFilters(state, { filters: withStateKey(f, v) }))}
          />
          <ZoneFilter value={f.zone} onChange={(v) => setState(setFilter(state, 'zone', v))} />
          <Flex align="center" gap={6}>
            <Typography.Text>{M.createdFrom}</Typography.Text>
            <span style={{ width: 130 }}>
              <DateShorthandInput
                aria-label={M.createdFrom}
                value={f.createdFrom ?? ''}
                onChange={(v) => setState(setFilter(state, 'createdFrom', v || undefined))}
              />
            </span>
            <Typography.Text>{M.createdTo}</Typography.Text>
            <span style={{ width: 130 }}>
              <DateShorthandInput
                aria-label={M.createdTo}
                value={f.createdTo ?? ''}
                onChange={(v) => setState(setFilter(state, 'createdTo', v || undefined))}
              />
            </span>
          </Flex>
          {hasFilters(state) && (
            <Button icon={<ClearOutlined />} onClick={() => setState({ ...state, q: '', active: null, filters: {}, page: 0 })}>
              {T.crud.clearFilters}
            </Button>
          )}
        </Flex>
      </Card>
      <Card size="small">
        <PagedTable<PatientUserRow>
          list={list}
          state={state}
          onChange={setState}
          spec={PATIENT_LIST_SPEC}
          columns={columns}
          selected={selected}
          onSelect={setSelected}
          showTotal={(total, [from, to]) =>
            page?.totalCapped ? `${from}–${to} · ${fmt(M.moreThan, { total: total.toLocaleString('vi-VN') })}` : fmt(T.crud.total, { from, to, total })
          }
          bulkBar={
            <Flex align="center" gap={12} wrap className="crud-bulk-bar" data-testid="bulk-bar">
              <Typography.Text strong>{fmt(T.crud.selected, { count: selected.length })}</Typography.Text>
              <Popconfirm
                title={fmt(M.bulkLockTitle, { count: lockable })}
                description={M.lockHint}
                okText={T.crud.confirm}
                cancelText={T.crud.cancel}
                okButtonProps={{ danger: true }}
                disabled={lockable === 0}
                onConfirm={() => bulk.mutate(true)}
              >
                <Button danger size="small" disabled={lockable === 0} loading={bulk.isPending}>
                  {fmt(M.bulkLock, { count: lockable })}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={fmt(M.bulkUnlockTitle, { count: unlockable })}
                okText={T.crud.confirm}
                cancelText={T.crud.cancel}
                disabled={unlockable === 0}
                onConfirm={() => bulk.mutate(false)}
              >
                <Button size="small" disabled={unlockable === 0} loading={bulk.isPending}>
                  {fmt(M.bulkUnlock, { count: unlockable })}
                </Button>
              </Popconfirm>
              <Button size="small" type="text" onClick={() => setSelected([])}>
                {T.crud.clearSelection}
              </Button>
            </Flex>
          }
        />
      </Card>
    </Flex>
  );
}
