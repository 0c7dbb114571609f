import type { ReactNode } from 'react';
import { Button, Empty, Flex, Result, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import { fmt } from '@portal/shared/messages.vi';
import { T } from '../../app/messages';
import { errorMessage } from '../api/api-error';
import { PAGE_SIZES, withPaging, withSort, type ListSpec, type ListState } from './list-state';

interface Page<R> {
  data: R[];
  totalElements: number;
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
  showTotal = (total, [from, to]) => fmt(T.crud.total, { from, to, total }),
}: {
  list: UseQueryResult<Page<R>>;
  state: ListState;
  onChange: (next: ListState) => void;
  spec: ListSpec;
  columns: ColumnsType<R>;
  /** Rows ticked for a bulk action; absent = no selection column. */
  selected?: R[];
  onSelect?: (rows: R[]) => void;
  /** Shown above the table while rows are selected. */
  bulkBar?: ReactNode;
  /** A class per row (e.g. a row the live socket just changed). */
  rowClassName?: (row: R) => string;
  showTotal?: (total: number, range: [number, number]) => ReactNode;
}) {
  const page = list.data;
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
      {selected && selected.length > 0 && bulkBar}
      <Table<R>
        rowKey="id"
        rowClassName={rowClassName}
        size="middle"
        columns={columns}
        dataSource={page?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.crud.empty} /> }}
        rowSelection={
          selected && onSelect
            ? { selectedRowKeys: selected.map((r) => r.id), onChange: (_keys, rows) => onSelect(rows.filter(Boolean)) }
            : undefined
        }
        pagination={{
          current: state.page + 1,
          pageSize: state.size,
          total: page?.totalElements ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal,
        }}
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
