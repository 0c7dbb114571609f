import type { ReactNode } from 'react';
import { Flex, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import { EMPTY_LIST_STATE, type ListSpec, type ListState } from './list-state';
import { PagedTable, type TablePage } from './paged-table';

/**
 * A titled, paged list with one status filter above it (each recipient of an SMS batch, of a campaign): changing
 * the status goes back to the first page.
 */
export function StatusFilteredTable<R extends { id: number }, S extends string>({
  title,
  statusLabel,
  allLabel,
  options,
  status,
  onStatus,
  selectWidth = 240,
  list,
  state,
  onState,
  spec,
  columns,
}: {
  title: ReactNode;
  statusLabel: string;
  allLabel: string;
  options: { value: S; label: string }[];
  status: S | undefined;
  onStatus: (s: S | undefined) => void;
  selectWidth?: number;
  list: UseQueryResult<TablePage<R>>;
  state: ListState;
  onState: (s: ListState) => void;
  spec: ListSpec;
  columns: ColumnsType<R>;
}) {
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Select
          aria-label={statusLabel}
          placeholder={allLabel}
          allowClear
          style={{ width: selectWidth }}
          value={status}
          options={options}
          onChange={(v: S | undefined) => {
            onStatus(v);
            onState(EMPTY_LIST_STATE);
          }}
        />
      </Flex>
      <PagedTable<R> list={list} state={state} onChange={onState} spec={spec} columns={columns} />
    </Flex>
  );
}
