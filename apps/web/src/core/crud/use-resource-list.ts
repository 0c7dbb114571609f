import { useCallback, useEffect, useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useScreenParams } from '../router/use-screen-params';
import type { Resource } from '@portal/shared/core/define-resource';
import { resourceKeys } from '../api/query-keys';
import { listQuery, listSpec, listStateToParams, parseListState, withFixedFilters, withPaging, type ListState } from './list-state';
import { resourceApi } from './resource-api';

/**
 * A resource list's state, kept in the URL (so links share and reloads restore it), and the
 * page of rows it selects, cached by TanStack Query under `resourceKeys(name).list(query)`.
 */
export function useResourceList(resource: Resource, enabled = true, fixedFilters?: Record<string, string>) {
  const spec = useMemo(() => listSpec(resource), [resource]);
  const [params, setParams] = useScreenParams();
  const fixedKey = JSON.stringify(fixedFilters ?? {});
  // keyed by value: a page may pass a new object with the same filters on every render
  const fixed = useMemo(() => fixedFilters, [fixedKey]);
  const state = useMemo(() => withFixedFilters(parseListState(params, spec), fixed), [params, spec, fixed]);
  // replace: filter changes do not pile up in the history; Back leaves the screen.
  const setState = useCallback(
    (next: ListState) => setParams(listStateToParams(withFixedFilters(next, fixed), spec), { replace: true }),
    [setParams, spec, fixed],
  );

  const keys = useMemo(() => resourceKeys(resource.name), [resource.name]);
  const api = useMemo(() => resourceApi(resource), [resource]);
  const query = useMemo(() => listQuery(state, spec, { withPaging: true }), [state, spec]);
  const list = useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.list(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

  // A page past the end (rows were deactivated away, or an old link): go to the last page.
  const data = list.data;
  useEffect(() => {
    if (!list.isPlaceholderData && data && data.data.length === 0 && state.page > 0 && data.totalElements > 0) {
      setState(withPaging(state, Math.max(0, data.totalPage - 1), state.size));
    }
  }, [data, list.isPlaceholderData, state, setState]);

  const queryClient = useQueryClient();
  const invalidate = useCallback(() => queryClient.invalidateQueries({ queryKey: keys.all }), [queryClient, keys]);

  return { spec, state, setState, query, list, api, invalidate };
}
