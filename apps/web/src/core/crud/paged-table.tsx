import { useMemo, type ReactNode } from 'react';
import { Button, Empty, Flex, Result, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import { fmt } from '@portal/shared/messages.vi';
import { CORE_T as T } from '../messages';
import { errorMessage } from '../api/api-error';
import { effectiveSort, PAGE_SIZES, withPaging, withSort, type ListSpec, type ListState } from './list-state';

// Props that never change are module constants, and the others are memoised: the table re-renders
// its cells when a prop's identity changes, and a live list refetches often (docs/performance.md).
// x: true with the automatic layout: the table is as wide as its card and its columns share it by
// content (words wrap, cells.tsx); it scrolls sideways only on a screen narrower than its columns'
// least widths, never at 1,366 px (e2e/fit.e2e.ts). `max-content` made every text one line: 2,349 px.
const SCROLL = { x: true } as const;
const LOCALE = { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.crud.empty} /> };

export interface TablePage<R> {
  data: R[];
  totalElements: number;
}

const defaultShowTotal = (total: number, [from, to]: [number, number]) => fmt(T.crud.total, { from, to, total });

/**
 * The order of a list searched by relevance (ListSpec.searchOrder): "Phù hợp nhất" while the rows are
 * in best-match order (no column then shows an arrow), else the chosen column and its direction, with
 * "Phù hợp nhất" to go back to it.
 */
function SearchOrder<R>({
  state,
  spec,
  columns,
  onChange,
}: {
  state: ListState;
  spec: ListSpec;
  columns: ColumnsType<R>;
  onChange: (next: ListState) => void;
}) {
  const sort = effectiveSort(state, spec);
  const relevance = sort === 'relevance';
  const column = relevance ? undefined : columns.find((c) => c.key === sort.field);
  return (
    <Flex align="center" gap={8} wrap data-testid="list-order">
      <Typography.Text type="secondary">{T.crud.orderBy}:</Typography.Text>
      <Tag.CheckableTag checked={relevance} onChange={() => onChange(withSort(state, null, spec))}>
        {T.crud.relevance}
      </Tag.CheckableTag>
      {relevance ? (
        <Typography.Text type="secondary">{T.crud.relevanceHint}</Typography.Text>
      ) : (
        <Tag color="blue">
          {column?.title as ReactNode} · {sort.direction === 'asc' ? T.crud.ascending : T.crud.descending}
        </Tag>
      )}
    </Flex>
  );
}

/**
 * The table part of every list screen: server-side paging and sorting kept in the list state (so in
 * the URL), the empty notice, "Thử lại" when the first load fails, and an optional row selection
 * with the screen's own bulk bar above it. Generic lists, doctors and patients all use it.
 */
export function PagedTable<R extends { id: number }>({
  list,
  state,
  onChange,
  spec,
  columns,
  selected,
  onSelect,
  bulkBar,
  rowClassName,
  selectable,
  showTotal = defaultShowTotal,
}: {
  list: UseQueryResult<TablePage<R>>;
  state: ListState;
  onChange: (next: ListState) => void;
  spec: ListSpec;
  columns: ColumnsType<R>;
  /** Rows ticked for a bulk action; absent = no selection column. */
  selected?: R[];
  onSelect?: (rows: R[]) => void;
  /** Shown above the table while rows are selected. */
  bulkBar?: ReactNode;
  /** Rows the bulk action can take (the others' boxes are disabled); absent = every row. */
  selectable?: (row: R) => boolean;
  /** A class per row (e.g. a row the live socket just changed). */
  rowClassName?: (row: R) => string;
  showTotal?: (total: number, range: [number, number]) => ReactNode;
}) {
  const page = list.data;
  const rowSelection = useMemo(
    () =>
      selected && onSelect
        ? {
            selectedRowKeys: selected.map((r) => r.id),
            onChange: (_keys: unknown, rows: R[]) => onSelect(rows.filter(Boolean)),
            getCheckboxProps: selectable ? (r: R) => ({ disabled: !selectable(r) }) : undefined,
          }
        : undefined,
    [selected, onSelect, selectable],
  );
  const total = page?.totalElements ?? 0;
  const pagination = useMemo(
    () => ({ current: state.page + 1, pageSize: state.size, total, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true, showTotal }),
    [state.page, state.size, total, showTotal],
  );
  if (list.isError && !page) {
    return (
      <Result
        status="error"
        title={T.crud.loadFailed}
        subTitle={errorMessage(list.error, '')}
        extra={
          <Button type="primary" onClick={() => void list.refetch()}>
            {T.crud.retry}
          </Button>
        }
      />
    );
  }
  return (
    <Flex vertical gap={12}>
      {spec.searchOrder === 'relevance' && state.q.trim() !== '' && <SearchOrder state={state} spec={spec} columns={columns} onChange={onChange} />}
      {selected && selected.length > 0 && bulkBar}
      <Table<R>
        rowKey="id"
        rowClassName={rowClassName}
        size="middle"
        columns={columns}
        dataSource={page?.data ?? []}
        // A spinner only while the rows shown are not the query's own (first load, another page or
        // filter); a background refetch (live event, poll) swaps the rows in place without blurring
        // the whole table, which on a busy desk would flicker at every change and cost a render.
        loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
        scroll={SCROLL}
        tableLayout="auto"
        locale={LOCALE}
        rowSelection={rowSelection}
        pagination={pagination}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'paginate') {
            onChange(withPaging(state, (pagination.current ?? 1) - 1, pagination.pageSize ?? state.size));
          } else if (extra.action === 'sort') {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = s?.order ? String(s.columnKey) : null;
            onChange(withSort(state, field ? { field, direction: s.order === 'descend' ? 'desc' : 'asc' } : null, spec));
          }
        }}
      />
    </Flex>
  );
}
