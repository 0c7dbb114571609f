import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Col, Flex, Popconfirm, Select, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import {
  NEWS_ACTION_FROM,
  NEWS_SCOPE_AUTHORITY,
  NEWS_STATUS_LABELS,
  NEWS_STATUSES,
  type NewsRowDto,
  type NewsScope,
} from '@portal/shared/contracts/news.contract';
import { formatDateTime } from '@portal/shared/rules/format';
import { DayFilter, FilterCard, SearchFilter } from '../../core/blocks/filter-card';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { actionsColumn, EllipsisText, TagList } from '../../core/crud/cells';
import { TEXT_MAX_WIDTH } from '../../core/crud/cells.logic';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { useScreenParams } from '../../core/router/use-screen-params';
import { useMe } from '../auth/use-session';
import { CategoryManager } from './news-categories';
import { newsApi, newsKeys } from './news.api';
import { filtersFromParams, NEWS_ROUTES, NEWS_STATUS_COLOR, type NewsFilters, paramsOf, queryOf } from './news.logic';
import { TN } from './news.messages';
import { ScreenHeader } from '../../core/blocks/screen-header';

const C = TN.cols;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'id', direction: 'desc' as const } };
const TITLE_WIDTH = TEXT_MAX_WIDTH - 40;
const TABS = [{ key: 'ALL', label: TN.allStatuses }, ...NEWS_STATUSES.map((s) => ({ key: s, label: NEWS_STATUS_LABELS[s] }))];
type RowAction = 'publish' | 'hide' | 'unhide' | 'remove';

/**
 * A news list (issue 18): /admin/news (MANAGER_NEWS) or /admin/SHP/news (MANAGER_SHP), the same screen on its scope —
 * status tabs, title search without diacritics, category and publication period (all in the URL), newest first; each
 * row opens its edit screen and offers the transitions its status allows. No editor code is loaded here.
 */
export function NewsListPage({ scope = 'MAIN' }: { scope?: NewsScope }) {
  const me = useMe();
  const qc = useQueryClient();
  const api = useMemo(() => newsApi(scope), [scope]);
  const routes = NEWS_ROUTES[scope];
  const [params, setParams] = useScreenParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback((next: NewsFilters) => setParams(paramsOf(next), { replace: false }), [setParams]);
  const [managing, setManaging] = useState(false);
  const allowed = hasAuthority(me.data?.user.authorities ?? [], NEWS_SCOPE_AUTHORITY[scope]);
  const q = queryOf(filters);
  const list = useQuery({
    queryKey: newsKeys.list(scope, q),
    queryFn: ({ signal }) => api.list(q, signal),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  const cats = useQuery({ queryKey: newsKeys.categories(scope), queryFn: () => api.categories(), enabled: allowed });
  const act = useMutation({
    mutationFn: ({ kind, id }: { kind: RowAction; id: number }) => api[kind](id),
    onSuccess: (_d, v) => notify.success(v.kind === 'remove' ? TN.removed : TN.done),
    onSettled: () => void qc.invalidateQueries({ queryKey: newsKeys.all(scope) }),
    onError: (e) => reportError(e),
  });
  if (!allowed) return <ForbiddenPage />;

  const state: ListState = { ...EMPTY_LIST_STATE, page: filters.page, size: filters.size };
  const can = (kind: RowAction, r: NewsRowDto) => NEWS_ACTION_FROM[kind].includes(r.status);
  const columns: ColumnsType<NewsRowDto> = [
    {
      title: C.title,
      key: 'title',
      render: (_v, r) => (
        <Flex vertical>
          <Link to={routes.edit(r.alias)}>
            <EllipsisText text={r.title} width={TITLE_WIDTH} />
          </Link>
          <EllipsisText text={`/${r.alias}`} width={TITLE_WIDTH} secondary />
        </Flex>
      ),
    },
    { title: C.categories, key: 'categories', render: (_v, r) => <TagList items={r.categories.map((c) => ({ key: c.id, text: c.name }))} max={2} empty="—" /> },
    {
      title: C.status,
      key: 'status',
      render: (_v, r) => (
        <Tag color={NEWS_STATUS_COLOR[r.status]} data-testid="news-status">
          {NEWS_STATUS_LABELS[r.status]}
        </Tag>
      ),
    },
    { title: C.publishAt, key: 'publishAt', render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.publishAt) || '—'}</span> },
    {
      title: C.updated,
      key: 'updated',
      render: (_v, r) => (
        <Flex vertical>
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.updatedAt)}</span>
          <Typography.Text type="secondary">{r.updatedBy ?? '—'}</Typography.Text>
        </Flex>
      ),
    },
    actionsColumn((r) => (
      <Space size={0} wrap>
        <Link to={routes.edit(r.alias)}>
          <Button size="small" type="link">
            {TN.edit}
          </Button>
        </Link>
        {can('publish', r) && (
          <Button size="small" type="link" onClick={() => act.mutate({ kind: 'publish', id: r.id })}>
            {TN.publish}
          </Button>
        )}
        {can('hide', r) && (
          <Popconfirm title={TN.confirmHide} okText={TN.yes} cancelText={TN.no} onConfirm={() => act.mutate({ kind: 'hide', id: r.id })}>
            <Button size="small" type="link">
              {TN.hide}
            </Button>
          </Popconfirm>
        )}
        {can('unhide', r) && (
          <Button size="small" type="link" onClick={() => act.mutate({ kind: 'unhide', id: r.id })}>
            {TN.unhide}
          </Button>
        )}
        {can('remove', r) && (
          <Popconfirm title={TN.confirmRemove} okText={TN.yes} cancelText={TN.no} onConfirm={() => act.mutate({ kind: 'remove', id: r.id })}>
            <Button size="small" type="link" danger>
              {TN.remove}
            </Button>
          </Popconfirm>
        )}
      </Space>
    )),
  ];
  return (
    <Flex vertical gap={16}>
      <ScreenHeader title={TN.title[scope]}>
        <Button icon={<TagsOutlined />} onClick={() => setManaging(true)}>
          {TN.categoriesButton}
        </Button>
        <Link to={routes.create}>
          <Button type="primary" icon={<PlusOutlined />}>
            {TN.create}
          </Button>
        </Link>
      </ScreenHeader>
      <FilterCard>
        <SearchFilter label={TN.search} value={filters.q} onSearch={(q) => setFilters({ ...filters, q, page: 0 })} col={{ xs: 24, md: 8 }} />
        <Col xs={24} md={6}>
          <Select
            aria-label={TN.category}
            placeholder={TN.allCategories}
            allowClear
            style={{ width: '100%' }}
            value={filters.categoryId}
            options={(cats.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(v: number | undefined) => setFilters({ ...filters, categoryId: v, page: 0 })}
          />
        </Col>
        <DayFilter label={TN.from} value={filters.from} onChange={(from) => setFilters({ ...filters, from, page: 0 })} col={{ xs: 12, md: 4 }} />
        <DayFilter label={TN.to} value={filters.to} onChange={(to) => setFilters({ ...filters, to, page: 0 })} col={{ xs: 12, md: 4 }} />
        <Col xs={8} md={2}>
          <Button onClick={() => setFilters({ q: '', page: 0, size: filters.size, status: filters.status })}>{TN.clear}</Button>
        </Col>
      </FilterCard>
      <Card size="small">
        <Tabs
          activeKey={filters.status ?? 'ALL'}
          items={TABS}
          onChange={(k) => setFilters({ ...filters, status: k === 'ALL' ? undefined : (k as NewsFilters['status']), page: 0 })}
        />
        <PagedTable<NewsRowDto>
          list={list}
          state={state}
          onChange={(s) => setFilters({ ...filters, page: s.page, size: s.size })}
          spec={SPEC}
          columns={columns}
        />
      </Card>
      <CategoryManager scope={scope} open={managing} onClose={() => setManaging(false)} />
    </Flex>
  );
}

/** /admin/SHP/news: the private clinic's own news (MANAGER_SHP). */
export function ShpNewsListPage() {
  return <NewsListPage scope="SHP" />;
}
