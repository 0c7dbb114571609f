import { Button, Flex, Popconfirm, Typography } from 'antd';
import { fmt } from '@portal/shared/messages.vi';
import { CORE_T as T } from '../messages';
import type { ResourceRow } from './resource-api';

/** What can be done with the selected rows: deactivate the active ones, reactivate the others, delete them. */
export function BulkBar({
  selected,
  label,
  busy,
  onSetActive,
  onDelete,
  onClear,
}: {
  selected: readonly ResourceRow[];
  label: string;
  busy: boolean;
  onSetActive: (active: boolean) => void;
  /** None: the resource offers no delete. */
  onDelete?: () => void;
  onClear: () => void;
}) {
  const activeCount = selected.filter((r) => r.active).length;
  const inactiveCount = selected.length - activeCount;
  return (
    <Flex align="center" gap={12} wrap className="crud-bulk-bar" data-testid="bulk-bar">
      <Typography.Text strong>{fmt(T.crud.selected, { count: selected.length })}</Typography.Text>
      <Popconfirm
        title={fmt(T.crud.bulkDeactivateTitle, { count: activeCount, label })}
        description={T.crud.deactivateHint}
        okText={T.crud.confirm}
        cancelText={T.crud.cancel}
        okButtonProps={{ danger: true }}
        onConfirm={() => onSetActive(false)}
        disabled={activeCount === 0}
      >
        <Button danger size="small" disabled={activeCount === 0} loading={busy}>
          {T.crud.deactivate} ({activeCount})
        </Button>
      </Popconfirm>
      <Button size="small" disabled={inactiveCount === 0} loading={busy} onClick={() => onSetActive(true)}>
        {T.crud.reactivate} ({inactiveCount})
      </Button>
      {onDelete && (
        <Popconfirm
          title={fmt(T.crud.bulkDeleteTitle, { count: selected.length, label })}
          description={T.crud.bulkDeleteHint}
          okText={T.crud.delete}
          cancelText={T.crud.cancel}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button danger size="small" loading={busy}>
            {T.crud.delete} ({selected.length})
          </Button>
        </Popconfirm>
      )}
      <Button size="small" type="text" onClick={onClear}>
        {T.crud.clearSelection}
      </Button>
    </Flex>
  );
}
