import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { hasAuthority } from '@portal/shared/authorities';
import type { Resource } from '@portal/shared/core/define-resource';
import { installVietnameseZodErrors } from '@portal/shared/core/zod-vi';
import { CORE_T as T } from '../messages';
import { useMe } from '../auth/session';
import { ImportButton, resourceImportSource } from './import-button';
import { listColumns, type CellOverrides } from './list-columns';
import { ListFilterBar } from './list-filter-bar';
import { useDetailParam, type DetailSlotProps, type FilterSlotProps, type FormSlotProps, type ListActions } from './list-slots';
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
  /** Slot: more actions per row, after Sửa / Ngừng hoạt động / Xoá (e.g. Chi tiết through `actions.showDetail`). */
  rowActions?: (row: ResourceRow, actions: ListActions) => ReactNode;
  /** Slot: more buttons before Nhập Excel / Xuất Excel / Thêm mới. */
  toolbar?: ReactNode;
  /** More widgets in the generic filter bar (their state is the module's own). */
  filterExtra?: ReactNode;
  /** Slot: the screen's own filter bar, on the URL-kept list state. Default: search, the resource's filter fields, Trạng thái, Xoá bộ lọc. */
  filters?: (props: FilterSlotProps) => ReactNode;
  /** Slot: the screen's own create/edit drawer. Default: the drawer of the resource's form fields (with `inputs`). */
  form?: (props: FormSlotProps) => ReactNode;
  /** Slot: a detail drawer of one row, open while `?<detailParam>=<id>` is in the URL. Default: none. */
  detail?: (props: DetailSlotProps) => ReactNode;
  /** The URL parameter of the open detail (default `detail`). */
  detailParam?: string;
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
 * bulk (de)activation, Excel export/import, and the create/edit drawer. A catalogue page is this
 * component with its resource definition; a richer screen (doctors) fills the slots `filters`,
 * `form`, `detail`, `rowActions`, `toolbar` and `cells` with its own parts, which get the
 * screen's `ListActions` (edit, showDetail, setActive, remove, refresh).
 */
export function ResourceListPage({
  resource,
  extraColumns,
  cells,
  inputs,
  rowActions,
  toolbar,
  filterExtra,
  filters,
  form,
  detail,
  detailParam = 'detail',
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
  const [detailId, showDetail] = useDetailParam(detailParam);
  const actions = useMemo<ListActions>(
    () => ({
      edit: (row) => setEditing({ row }),
      showDetail,
      setActive: (row, active) => setActive({ id: row.id, active }),
      remove: (row) => remove(row.id),
      refresh: () => void invalidate(),
    }),
    [showDetail, setActive, remove, invalidate],
  );

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
        actions,
        hidden: hiddenFields,
      }),
    [resource, spec, state, cells, extraColumns, rowActions, withState, actions, hiddenFields],
  );

  const formProps: FormSlotProps = {
    open: editing !== null,
    row: editing?.row ?? null,
    onClose: () => setEditing(null),
    onSaved: (saved) => {
      const created = editing?.row == null;
      setEditing(null);
      void invalidate();
      onSaved?.(saved, created);
    },
  };
  const defaultForm = (p: FormSlotProps) => <ResourceForm resource={resource} inputs={inputs} refQueries={refQueries} {...p} />;

  if (!allowed) return <ForbiddenPage />;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {resource.labelPlural}
        </Typography.Title>
        <Flex gap={8} wrap>
          {toolbar}
          {resource.importable && <ImportButton source={resourceImportSource(resource)} onImported={() => void invalidate()} />}
          {api.offers('export') && <ExportButton run={() => api.exportExcel(exportQuery(state, spec))} />}
          {writable && canCreate && api.offers('create') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
              {T.crud.add}
            </Button>
          )}
        </Flex>
      </Flex>
      {!writable && <Typography.Text type="secondary">{T.crud.readOnlyNote}</Typography.Text>}
      {header}
      <Card size="small">
        {filters ? (
          filters({ state, onChange: setState })
        ) : (
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
        )}
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
      {detail?.({ id: detailId, onClose: () => showDetail(null), actions })}
      {writable && (form ?? defaultForm)(formProps)}
    </Flex>
  );
}
