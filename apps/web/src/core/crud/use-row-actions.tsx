import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { fmt } from '@portal/shared/messages.vi';
import { CORE_T as T } from '../messages';
import { errorMessage } from '../api/api-error';
import { notify } from '../notify';
import { BulkBar } from './bulk-bar';
import { runBulk } from './bulk.logic';
import { reportError, type ResourceApi, type ResourceRow } from './resource-api';

/**
 * The row actions every list screen shares: (de)activate and delete one row, the selection and
 * its bulk bar ((de)activate or delete the selected rows, with what succeeded and why the others
 * did not). The selection is emptied when `queryText` (page, filters, sort) changes: it was about
 * rows no longer shown.
 */
export function useRowActions({
  api,
  label,
  invalidate,
  queryText,
}: {
  api: Pick<ResourceApi, 'setActive' | 'remove' | 'offers'>;
  /** The resource's name inside a sentence ("phòng khám"). */
  label: string;
  invalidate: () => Promise<unknown>;
  queryText: string;
}) {
  const [selected, setSelected] = useState<ResourceRow[]>([]);
  useEffect(() => setSelected([]), [queryText]);

  const setActive = useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.setActive(id, active),
    onSuccess: (res) => notify.success(res.message ?? T.crud.saved),
    onError: (e) => reportError(e),
    onSettled: invalidate,
  });

  const bulkActive = useMutation({
    mutationFn: async (active: boolean) => {
      const targets = selected.filter((r) => r.active !== active);
      return { active, result: await runBulk(targets, (r) => api.setActive(r.id, active)) };
    },
    onSuccess: ({ active, result }) => {
      const text = fmt(active ? T.crud.bulkReactivated : T.crud.bulkDeactivated, { succeeded: result.succeeded, total: result.total, label });
      if (result.failed === 0) notify.success(text);
      else notify.warning(`${text}. ${fmt(T.crud.bulkFailed, { failed: result.failed })}`);
      setSelected([]);
    },
    onSettled: invalidate,
  });

  const remove = useMutation({
    mutationFn: (id: number) => api.remove(id),
    onSuccess: () => notify.success(fmt(T.crud.deleted, { label })),
    onError: (e) => reportError(e),
    onSettled: invalidate,
  });

  const bulkRemove = useMutation({
    mutationFn: () => runBulk(selected, (r) => api.remove(r.id)),
    onSuccess: (result) => {
      const text = fmt(T.crud.bulkDeleted, { succeeded: result.succeeded, total: result.total, label });
      // The server says why a row stays (what uses it); the first two reasons are enough to act on.
      const reasons = [...new Set(result.errors.map((e) => errorMessage(e, '')).filter(Boolean))].slice(0, 2);
      if (result.failed === 0) notify.success(text);
      else notify.warning([`${text}. ${fmt(T.crud.bulkFailed, { failed: result.failed })}`, ...reasons].join(' '));
      setSelected([]);
    },
    onSettled: invalidate,
  });

  const bulkBar = (
    <BulkBar
      selected={selected}
      label={label}
      busy={bulkActive.isPending || bulkRemove.isPending}
      onSetActive={(active) => bulkActive.mutate(active)}
      onDelete={api.offers('remove') ? () => bulkRemove.mutate() : undefined}
      onClear={() => setSelected([])}
    />
  );

  return {
    selected,
    setSelected,
    /** Stable across renders (react-query's mutate), so memoised columns may depend on them. */
    setActive: setActive.mutate,
    remove: remove.mutate,
    bulkBar,
  };
}
