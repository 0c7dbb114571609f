import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { hasAuthority } from '@portal/shared/authorities';
import type { Resource } from '@portal/shared/core/define-resource';
import { installVietnameseZodErrors } from '@portal/shared/core/zod-vi';
import { CORE_T as T } from '../messages';
import { useMe } from '../auth/session';
import { ImportButton } from './import-button';
import { listColumns, type CellOverrides } from './list-columns';
import { ListFilterBar } from './list-filter-bar';
import { PagedTable } from './paged-table';
import { exportQuery } from './list-state';
import { labelInText, type ResourceRow } from './resource-api';
import { ResourceForm, type InputOverrides } from './resource-form';
import { useResourceList } from './use-resource-list';
import { useRowActions } from './use-row-actions';
import { ForbiddenPage } from '../blocks/forbidden-page';
import { ExportButton } from './export-button';

// zod's built-in messages in Vietnamese, for the checks a definition leaves unnamed.
installVietnameseZodErrors();

export interface ResourceListPageProps {
  resource: Resource;
  /** Columns after the resource's own fields (before Trạng thái). */
  extraColumns?: ColumnsType<ResourceRow>;
  /** Replace the registry's cell of some fields. */
  cells?: CellOverrides;
  /** Replace the registry's form input of some fields. */
  inputs?: InputOverrides;
  /** More actions per row, after Sửa / Ngừng hoạt động. */
  rowActions?: (row: ResourceRow) => ReactNode;
  /** More buttons beside Xuất Excel / Thêm mới (e.g. Nhập Excel). */
  toolbar?: ReactNode;
  /** More widgets in the filter bar (their state is the module's own). */
  filterExtra?: ReactNode;
  /** After the drawer saved a row (e.g. to show what only the create answer carries). */
  onSaved?: (row: ResourceRow, created: boolean) => void;
  /** false: no Thêm mới (rows are made elsewhere; the drawer only edits). */
  canCreate?: boolean;
  /**
   * false: rows have no active/inactive state of their own (no Trạng thái column, filter,
   * (de)activate action or bulk bar); the module brings its own actions.
   */
  withState?: boolean;
  /** Filters this screen always applies (kept in the URL, no widget, never cleared), e.g. a tab's level. */
  fixedFilters?: Record<string, string>;
  /** Fields this screen does not show: no column, no filter. */
  hiddenFields?: readonly string[];
  /** Extra filters of a ref field's dropdown (filter bar and form), by field key. */
  refQueries?: Record<string, Record<string, string>>;
  /** Shown between the title and the filters (e.g. tabs). */
  header?: ReactNode;
}

/**
 * The list screen of any resource: title, filters in the URL, server-side paging and sorting,
 * bulk (de)activation, Excel export, and the create/edit drawer. A catalogue page is this
 * component with its resource definition.
 */
export function ResourceListPage({
  resource,
  extraColumns,
  cells,
  inputs,
  rowActions,
  toolbar,
  filterExtra,
  fixedFilters,
  hiddenFields,
  refQueries,
  header,
  onSaved,
  canCreate = true,
  withState = true,
}: ResourceListPageProps) {
  const me = useMe();
  // The server refuses anyway; the screen says so instead of showing an empty list.
  const allowed = hasAuthority(me.data?.user.authorities ?? [], resource.authority);
  const { spec, state, setState, query, list, api, invalidate } = useResourceList(resource, allowed, fixedFilters);
  const writable = !resource.readOnly;
  const label = labelInText(resource);

  const [editing, setEditing] = useState<{ row: ResourceRow | null } | null>(null);
  const { selected, setSelected, setActive, remove, bulkBar } = useRowActions({ api, label, invalidate, queryText: JSON.stringify(query) });

  const columns = useMemo(
    () =>
      listColumns({
        resource,
        spec,
        state,
        cells,
        extraColumns,
        rowActions,
        withState,
        onEdit: (row) => setEditing({ row }),
        onSetActive: (row, active) => setActive({ id: row.id, active }),
        onDelete: (row) => remove(row.id),
        hidden: hiddenFields,
      }),
    [resource, spec, state, cells, extraColumns, rowActions, withState, setActive, remove, hiddenFields],
  );

  if (!allowed) return <ForbiddenPage />;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {resource.labelPlural}
        </Typography.Title>
        <Flex gap={8} wrap>
          {toolbar}
          {resource.importable && <ImportButton resource={resource} onImported={() => void invalidate()} />}
          <ExportButton run={() => api.exportExcel(exportQuery(state, spec))} />
          {writable && canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
              {T.crud.add}
            </Button>
          )}
        </Flex>
      </Flex>
      {!writable && <Typography.Text type="secondary">{T.crud.readOnlyNote}</Typography.Text>}
      {header}
      <Card size="small">
        <ListFilterBar
          resource={resource}
          state={state}
          onChange={setState}
          extra={filterExtra}
          fixed={fixedFilters}
          hidden={hiddenFields}
          refQueries={refQueries}
          withState={withState}
        />
      </Card>
      <Card size="small">
        <PagedTable<ResourceRow>
          list={list}
          state={state}
          onChange={setState}
          spec={spec}
          columns={columns}
          selected={writable && withState ? selected : undefined}
          onSelect={setSelected}
          bulkBar={bulkBar}
        />
      </Card>
      {writable && (
        <ResourceForm
          resource={resource}
          open={editing !== null}
          row={editing?.row ?? null}
          inputs={inputs}
          refQueries={refQueries}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            const created = editing?.row == null;
            setEditing(null);
            void invalidate();
            onSaved?.(saved, created);
          }}
        />
      )}
    </Flex>
  );
}
