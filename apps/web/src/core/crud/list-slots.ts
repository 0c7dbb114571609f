import { useCallback } from 'react';
import { useScreenParams } from '../router/use-screen-params';
import { detailIdOf, withDetailId } from './detail-param';
import type { ListState } from './list-state';
import type { ResourceRow } from './resource-api';

/**
 * What a list screen's slots (filters, form, detail, row actions, cells) may do to the screen.
 * Stable while the URL does not change, so memoised columns may depend on it.
 */
export interface ListActions {
  /** Opens the form on this row, or empty for a new one (null). */
  edit: (row: ResourceRow | null) => void;
  /** Opens the detail of this row (kept in the URL), or closes it (null). Only with a `detail` slot. */
  showDetail: (id: number | null) => void;
  /** (De)activates one row, with the toast and the list refetched. */
  setActive: (row: Pick<ResourceRow, 'id'>, active: boolean) => void;
  /** Deletes one row, with the toast and the list refetched. */
  remove: (row: Pick<ResourceRow, 'id'>) => void;
  /** Refetches the list and every cached read of the resource (after a write of the module's own). */
  refresh: () => void;
}

/** The `filters` slot: the widgets inside the filter card, on the list state kept in the URL. */
export interface FilterSlotProps {
  state: ListState;
  onChange: (next: ListState) => void;
}

/** The `form` slot: the create/edit drawer. */
export interface FormSlotProps {
  open: boolean;
  /** The row being edited (as listed, or as the detail read it); null = a new one. */
  row: ResourceRow | null;
  onClose: () => void;
  /** After a successful save: the screen closes the form and refetches the list. */
  onSaved: (saved: ResourceRow) => void;
}

/** The `detail` slot: the drawer of one row, open while its id is in the URL. */
export interface DetailSlotProps {
  /** The row shown; null = closed. */
  id: number | null;
  onClose: () => void;
  actions: ListActions;
}

/** The id of the open detail in `?<param>=<id>` and the function that opens or closes it. */
export function useDetailParam(param: string) {
  const [params, setParams] = useScreenParams();
  const id = detailIdOf(params, param);
  // replace: opening a detail does not pile up in the history; Back leaves the screen.
  const show = useCallback((next: number | null) => setParams((prev) => withDetailId(prev, param, next), { replace: true }), [setParams, param]);
  return [id, show] as const;
}
