import type { ReactNode } from 'react';
import { Button, Popconfirm, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import type { Resource, ResourceOperation } from '@portal/shared/core/define-resource';
import { fmt } from '@portal/shared/messages.vi';
import { CORE_T as T } from '../messages';
import { actionsColumn } from './cells';
import { COLUMN_WIDTH } from './cells.logic';
import { FIELD_TYPES } from './field-types';
import { columnSortOrder, type ListSpec, type ListState } from './list-state';
import type { ListActions } from './list-slots';
import { labelInText, rowName, type ResourceRow } from './resource-api';

/** A field's cell of this screen; `actions` lets it open the row (e.g. a name linking to the detail). */
export type CellOverrides = Partial<Record<string, (value: unknown, row: ResourceRow, actions: ListActions) => ReactNode>>;

export interface ColumnOptions {
  resource: Resource;
  spec: ListSpec;
  state: ListState;
  cells?: CellOverrides;
  extraColumns?: ColumnsType<ResourceRow>;
  rowActions?: (row: ResourceRow, actions: ListActions) => ReactNode;
  /** false: no Trạng thái column and no (de)activate action. */
  withState?: boolean;
  /** What Sửa, Ngừng hoạt động, Xoá and the screen's own cells and actions do. */
  actions: ListActions;
  /** Fields not shown as columns here (e.g. the level of a tab that shows one level). */
  hidden?: readonly string[];
}

/**
 * antd cycles a column asc → desc → unsorted; here it cycles asc ⇄ desc, because "unsorted"
 * would silently fall back to the resource's default sort.
 */
export const SORT_CYCLE: SortOrder[] = ['ascend', 'descend', 'ascend'];

export function StateTag({ active }: { active: boolean }) {
  return <Tag color={active ? 'green' : 'default'}>{active ? T.crud.active : T.crud.inactive}</Tag>;
}

/** STT, the resource's list fields, extra columns, Trạng thái, Thao tác. */
export function listColumns(o: ColumnOptions): ColumnsType<ResourceRow> {
  const label = labelInText(o.resource);
  const fieldColumns: ColumnsType<ResourceRow> = o.resource.fields
    .filter((f) => f.list && !o.hidden?.includes(f.key))
    .map((f) => ({
      key: f.key,
      dataIndex: f.key,
      title: f.label,
      align: FIELD_TYPES[f.type].align,
      width: FIELD_TYPES[f.type].width,
      ...(f.sortable
        ? {
            sorter: true,
            sortDirections: SORT_CYCLE,
            sortOrder: columnSortOrder(o.state, o.spec, f.key),
          }
        : {}),
      render: (value: unknown, row: ResourceRow) => o.cells?.[f.key]?.(value, row, o.actions) ?? FIELD_TYPES[f.type].cell(value, f, row),
    }));

  return [
    {
      key: '_index',
      title: T.crud.index,
      width: COLUMN_WIDTH.index,
      align: 'center',
      render: (_v, _row, index) => o.state.page * o.state.size + index + 1,
    },
    ...fieldColumns,
    ...(o.extraColumns ?? []),
    ...(o.withState === false
      ? []
      : [
          {
            key: 'active',
            dataIndex: 'active',
            title: T.crud.state,
            render: (active: boolean) => <StateTag active={active} />,
          },
        ]),
    ...(o.resource.readOnly ? [] : [rowActionsColumn(o, label)]),
  ];
}

/** A red link button that acts only after its confirm popover (deactivate, delete). */
function DangerConfirm(p: { title: string; description: string; okText: string; onConfirm: () => void; children: string }) {
  return (
    <Popconfirm
      title={p.title}
      description={p.description}
      okText={p.okText}
      cancelText={T.crud.cancel}
      okButtonProps={{ danger: true }}
      onConfirm={p.onConfirm}
    >
      <Button type="link" size="small" danger>
        {p.children}
      </Button>
    </Popconfirm>
  );
}

/** Sửa, Ngừng hoạt động / Cho hoạt động lại, Xoá (each destructive one after a confirm), then the module's own. */
function rowActionsColumn(o: ColumnOptions, label: string): ColumnsType<ResourceRow>[number] {
  // only what the resource offers (a role is deactivated, never deleted)
  const offers = (op: ResourceOperation) => o.withState !== false && o.resource.operations.includes(op);
  return actionsColumn<ResourceRow>((row) => (
    <>
      <Button type="link" size="small" onClick={() => o.actions.edit(row)}>
        {T.crud.edit}
      </Button>
      {!offers('setActive') ? null : row.active ? (
        <DangerConfirm
          title={fmt(T.crud.deactivateTitle, { label, name: rowName(o.resource, row) })}
          description={T.crud.deactivateHint}
          okText={T.crud.confirm}
          onConfirm={() => o.actions.setActive(row, false)}
        >
          {T.crud.deactivate}
        </DangerConfirm>
      ) : (
        <Button type="link" size="small" onClick={() => o.actions.setActive(row, true)}>
          {T.crud.reactivate}
        </Button>
      )}
      {!offers('remove') ? null : (
        <DangerConfirm
          title={fmt(T.crud.deleteTitle, { label, name: rowName(o.resource, row) })}
          description={T.crud.deleteHint}
          okText={T.crud.delete}
          onConfirm={() => o.actions.remove(row)}
        >
          {T.crud.delete}
        </DangerConfirm>
      )}
      {o.rowActions?.(row, o.actions)}
    </>
  ));
}
