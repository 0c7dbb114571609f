import { useCallback, useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { Select, Spin, type SelectProps } from 'antd';
import { DROPDOWN_SEARCH_DEBOUNCE_MS } from '@portal/shared/constants';
import { MSG } from '@portal/shared/messages.vi';
import { createDebouncer } from './debounce';
import {
  firstPageParams,
  isScrolledToEnd,
  mergeOptions,
  nextPageParams,
  withAllOption,
  type LoadParams,
  type PagingState,
  type SelectOption,
  type SelectPage,
} from './select-box.logic';

export type SelectBoxLoader = (params: LoadParams) => Promise<SelectPage>;

export interface SelectBoxProps extends Omit<SelectProps, 'options' | 'onSearch' | 'filterOption' | 'loading' | 'showSearch' | 'onPopupScroll'> {
  /** Reads one page: `{ page (zero-based), size, search }` → `{ data: [{id|value, name}], totalPage }`. */
  loader: SelectBoxLoader;
  /** Adds 'Tất cả' with value -1 at the top. */
  allOption?: boolean;
  /** Changing this reloads from page 0 (e.g. a parent filter the loader depends on). */
  reloadKey?: unknown;
  /**
   * Options the caller already knows (a value chosen elsewhere, e.g. from the URL), shown with their
   * names even before a page holds them; a value outside every loaded page would show as its bare id.
   */
  seed?: readonly SelectOption[];
}

const INITIAL: PagingState = { page: -1, totalPage: 0, size: 0, search: '', loading: false };

/**
 * The paged dropdown of spec §9: page 0 size 20 first; typing searches page 0 size 100 after
 * 300 ms; scrolling to the end loads the next page while there is one; a failed load only
 * stops the spinner. Placeholder 'Chọn'; 'Not Found' when nothing matches.
 */
export function SelectBox({ loader, allOption = false, reloadKey, seed, placeholder, onOpenChange, ...rest }: SelectBoxProps) {
  const [options, setOptions] = useState<SelectOption[]>([]);
  const [paging, setPaging] = useState<PagingState>(INITIAL);
  const requestId = useRef(0);
  const loaderRef = useRef(loader);
  loaderRef.current = loader;

  /** The search text of the latest first-page request ('' = unfiltered). */
  const requested = useRef('');

  const load = useCallback(async (params: LoadParams, append: boolean) => {
    const id = ++requestId.current;
    if (!append) requested.current = params.search;
    setPaging((p) => ({ ...p, loading: true, search: params.search, size: params.size }));
    try {
      const result = await loaderRef.current(params);
      if (id !== requestId.current) return; // a newer search replaced this one
      setOptions((current) => mergeOptions(append ? current : [], result.data ?? []));
      setPaging({ page: params.page, totalPage: result.totalPage ?? 0, size: params.size, search: params.search, loading: false });
    } catch {
      // Spec §8: a failed dropdown load just stops the loading indicator.
      if (id === requestId.current) setPaging((p) => ({ ...p, loading: false }));
    }
  }, []);

  const search = useMemo(() => createDebouncer((text: string) => void load(firstPageParams(text), false), DROPDOWN_SEARCH_DEBOUNCE_MS), [load]);

  useEffect(() => {
    void load(firstPageParams(''), false);
    return () => search.cancel();
  }, [load, search, reloadKey]);

  const onPopupScroll = (e: UIEvent<HTMLDivElement>) => {
    if (!isScrolledToEnd(e.currentTarget)) return;
    const next = nextPageParams(paging);
    if (next) void load(next, true);
  };

  // 'Tất cả' is offered with the unfiltered list only, so a search without match shows 'Not Found'.
  const shown = useMemo(() => {
    // a seeded option shows only while it is not filtered out by a search
    const known =
      seed?.length && paging.search === ''
        ? mergeOptions(
            [...seed],
            options.map((o) => ({ value: o.value, name: o.label })),
          )
        : options;
    return withAllOption(known, MSG.all, allOption && paging.search === '');
  }, [options, seed, allOption, paging.search]);

  return (
    <Select
      showSearch={{
        filterOption: false,
        onSearch: (text) => {
          // Back to the text already shown (e.g. typed and erased): nothing to load.
          if (firstPageParams(text).search === requested.current) search.cancel();
          else search.schedule(text);
        },
      }}
      placeholder={placeholder ?? MSG.select}
      options={shown}
      loading={paging.loading}
      onPopupScroll={onPopupScroll}
      onOpenChange={(open) => {
        // antd clears the typed text on close: show the unfiltered first page again.
        if (!open && requested.current !== '') search.flush('');
        onOpenChange?.(open);
      }}
      notFoundContent={paging.loading ? <Spin size="small" /> : MSG.notFoundPlaceholder}
      popupRender={(menu) => (
        <>
          {menu}
          {paging.loading && options.length > 0 && (
            <div style={{ textAlign: 'center', padding: 4 }}>
              <Spin size="small" />
            </div>
          )}
        </>
      )}
      {...rest}
    />
  );
}
