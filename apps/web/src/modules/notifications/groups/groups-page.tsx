import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Col, Flex, Popconfirm, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasAuthority } from '@portal/shared/authorities';
import {
  GROUP_STATUS_LABELS,
  GROUP_STATUSES,
  type GroupDetailDto,
  type GroupDto,
  type GroupStatus,
} from '@portal/shared/contracts/notification-groups.contract';
import { MESSAGE_KIND_LABELS } from '@portal/shared/rules/ad-window';
import { formatDateTime } from '@portal/shared/rules/format';
import { DayFilter, FilterCard, SearchFilter } from '../../../core/blocks/filter-card';
import { ForbiddenPage } from '../../../core/blocks/forbidden-page';
import { actionsColumn, EllipsisText } from '../../../core/crud/cells';
import { TAG_MIN_WIDTH, TEXT_MAX_WIDTH } from '../../../core/crud/cells.logic';
import { EMPTY_LIST_STATE, type ListState } from '../../../core/crud/list-state';
import { PagedTable } from '../../../core/crud/paged-table';
import { reportError } from '../../../core/crud/resource-api';
import { useScreenParams } from '../../../core/router/use-screen-params';
import { useMe } from '../../auth/use-session';
import { GroupDetail } from './group-detail';
import { GroupForm } from './group-form';
import { GroupStatusTag } from './group-status-tag';
import { groupKeys, groupsApi } from './groups.api';
import { audienceText, filtersFromParams, groupPending, type ListFilters, paramsOf, POLL_MS, queryOf } from './groups.logic';
import { TG } from './groups.messages';
import { ScreenHeader } from '../../../core/blocks/screen-header';

const C = TG.cols;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'id', direction: 'desc' as const } };
const STATUS_OPTIONS = GROUP_STATUSES.map((s) => ({ value: s, label: GROUP_STATUS_LABELS[s] }));
const TITLE_WIDTH = TEXT_MAX_WIDTH - 60;

/**
 * /admin/nhom-thong-bao (MANAGER_NOTIFICATION, issue 17): the groups, searched by content, schedule day and status
 * (all in the URL), newest first; a drawer to create or edit one and send or schedule it; a drawer with a group's
 * totals and each recipient's delivery. Sending groups are re-read every few seconds.
 */
export function GroupsPage() {
  const me = useMe();
  const qc = useQueryClient();
  const [params, setParams] = useScreenParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback((next: ListFilters) => setParams(paramsOf(next), { replace: false }), [setParams]);
  const [editing, setEditing] = useState<{ open: boolean; group?: GroupDetailDto }>({ open: false });
  const [viewing, setViewing] = useState<number | null>(null);
  const allowed = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_NOTIFICATION');
  const q = queryOf(filters);
  const list = useQuery({
    queryKey: groupKeys.list(q),
    queryFn: ({ signal }) => groupsApi.list(q, signal),
    placeholderData: keepPreviousData,
    enabled: allowed,
    refetchInterval: (query) => (query.state.data?.data.some((g) => groupPending(g)) ? POLL_MS : false),
  });
  const act = useMutation({
    mutationFn: ({ kind, id }: { kind: 'remove' | 'cancel'; id: number }) => (kind === 'remove' ? groupsApi.remove(id) : groupsApi.cancel(id)),
    onSettled: () => void qc.invalidateQueries({ queryKey: groupKeys.all }),
    onError: (e) => reportError(e),
  });
  if (!allowed) return <ForbiddenPage />;

  const state: ListState = { ...EMPTY_LIST_STATE, page: filters.page, size: filters.size };
  const edit = async (id: number) => setEditing({ open: true, group: await groupsApi.get(id) });
  const columns: ColumnsType<GroupDto> = [
    {
      title: C.title,
      key: 'title',
      render: (_v, g) => (
        <Flex vertical>
          <EllipsisText text={g.title} width={TITLE_WIDTH} />
          <EllipsisText text={audienceText(g.audience, g.audienceNames)} width={TITLE_WIDTH} secondary />
        </Flex>
      ),
    },
    { title: C.kind, key: 'kind', render: (_v, g) => <Tag style={{ whiteSpace: 'normal', minWidth: TAG_MIN_WIDTH }}>{MESSAGE_KIND_LABELS[g.kind]}</Tag> },
    { title: C.schedule, key: 'schedule', render: (_v, g) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(g.scheduledAt) || '—'}</span> },
    { title: C.recipients, key: 'recipients', align: 'right', render: (_v, g) => (g.recipients === null ? '—' : g.recipients.toLocaleString('vi-VN')) },
    { title: C.status, key: 'status', render: (_v, g) => <GroupStatusTag g={g} /> },
    { title: C.by, key: 'by', render: (_v, g) => g.createdBy ?? '—' },
    actionsColumn((g) => (
      <Space size={0} wrap>
        <Button size="small" type="link" onClick={() => setViewing(g.id)}>
          {TG.view}
        </Button>
        {(g.status === 'DRAFT' || g.status === 'SCHEDULED') && (
          <Button size="small" type="link" onClick={() => void edit(g.id).catch(reportError)}>
            {TG.edit}
          </Button>
        )}
        {g.status === 'DRAFT' && (
          <Popconfirm title={TG.confirmRemove} okText={TG.yes} cancelText={TG.no} onConfirm={() => act.mutate({ kind: 'remove', id: g.id })}>
            <Button size="small" type="link" danger>
              {TG.remove}
            </Button>
          </Popconfirm>
        )}
        {g.status === 'SCHEDULED' && (
          <Popconfirm title={TG.confirmCancel} okText={TG.yes} cancelText={TG.no} onConfirm={() => act.mutate({ kind: 'cancel', id: g.id })}>
            <Button size="small" type="link" danger>
              {TG.cancelSchedule}
            </Button>
          </Popconfirm>
        )}
      </Space>
    )),
  ];
  return (
    <Flex vertical gap={16}>
      <ScreenHeader title={TG.title}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
          {TG.create}
        </Button>
      </ScreenHeader>
      <FilterCard>
        <SearchFilter label={TG.search} value={filters.content} onSearch={(content) => setFilters({ ...filters, content, page: 0 })} col={{ xs: 24, md: 8 }} />
        <DayFilter
          label={TG.scheduleFrom}
          value={filters.scheduleFrom}
          onChange={(scheduleFrom) => setFilters({ ...filters, scheduleFrom, page: 0 })}
          col={{ xs: 12, md: 4 }}
        />
        <DayFilter
          label={TG.scheduleTo}
          value={filters.scheduleTo}
          onChange={(scheduleTo) => setFilters({ ...filters, scheduleTo, page: 0 })}
          col={{ xs: 12, md: 4 }}
        />
        <Col xs={16} md={5}>
          <Select
            aria-label={C.status}
            placeholder={TG.allStatuses}
            allowClear
            style={{ width: '100%' }}
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(v: GroupStatus | undefined) => setFilters({ ...filters, status: v, page: 0 })}
          />
        </Col>
        <Col xs={8} md={3}>
          <Button onClick={() => setFilters({ content: '', page: 0, size: filters.size })}>{TG.clear}</Button>
        </Col>
      </FilterCard>
      <Card size="small">
        <PagedTable<GroupDto>
          list={list}
          state={state}
          onChange={(s) => setFilters({ ...filters, page: s.page, size: s.size })}
          spec={SPEC}
          columns={columns}
        />
      </Card>
      <GroupForm
        open={editing.open}
        group={editing.group}
        onClose={() => setEditing({ open: false })}
        onDone={(id) => {
          setEditing({ open: false });
          setViewing(id);
        }}
      />
      <GroupDetail id={viewing} onClose={() => setViewing(null)} />
    </Flex>
  );
}
