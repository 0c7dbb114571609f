/**
 * State of the price page: the search (kept in the URL with replaceState), the loaded page of
 * services, the service types and the facility shown in the header and footer.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ALL_TYPE_VALUE } from '@portal/shared/constants';
import { MSG } from '@portal/shared/messages.vi';
import type { PublicHospital, ServiceLookupRow } from '@portal/shared/contracts/catalog.contract';
import { fetchHospital, fetchServices, fetchServiceTypes, isAbort, LoadError } from './api';
import { hospitalIdOf, lookupParams, readQuery, writeQuery, type PriceQuery } from './url-state';

export interface TypeOption {
  value: number;
  label: string;
}

interface Loaded {
  rows: ServiceLookupRow[];
  total: number;
  /** The search these rows answer (the serial numbers are computed from it). */
  query: PriceQuery;
}

const errorText = (e: unknown) => (e instanceof LoadError ? e.message : MSG.genericError);

export function usePriceList() {
  const [hospitalId] = useState(() => hospitalIdOf(window.location.search));
  const [query, setQuery] = useState<PriceQuery>(() => readQuery(window.location.search));
  /** Bumped by Enter and 'Thử lại': reloads even when the search did not change. */
  const [reloadKey, setReloadKey] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [types, setTypes] = useState<TypeOption[] | null>(null);
  const [hospital, setHospital] = useState<PublicHospital | null>(null);
  /** Matches of a search that found nothing in its type, counted in every type (null: not asked). */
  const [elsewhere, setElsewhere] = useState<number | null>(null);

  // The URL follows the search, without adding history entries.
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    const next = writeQuery(query, search);
    if (next !== search) window.history.replaceState(window.history.state, '', `${pathname}${next}${hash}`);
  }, [query]);

  useEffect(() => {
    const ac = new AbortController();
    setLoading(true);
    fetchServices(lookupParams(query, hospitalId), ac.signal)
      .then((page) => {
        // A shared link may name a page past the end of a list that has since shrunk.
        if (page.data.length === 0 && page.totalElements > 0 && query.trang > 1) {
          setQuery((q) => ({ ...q, trang: Math.max(1, Math.ceil(page.totalElements / q.so)) }));
          return;
        }
        setLoaded({ rows: page.data, total: page.totalElements, query });
        setError(null);
        setLoading(false);
        setElsewhere(null);
        // Nothing in this type: say how many the same words find in every type (one more request, only then).
        if (page.totalElements === 0 && query.loai !== ALL_TYPE_VALUE && (query.ma.trim() || query.ten.trim())) {
          fetchServices(lookupParams({ ...query, loai: ALL_TYPE_VALUE, trang: 1 }, hospitalId), ac.signal)
            .then((all) => setElsewhere(all.totalElements))
            .catch(() => undefined); // only a hint: the empty list stands without it
        }
      })
      .catch((e: unknown) => {
        if (isAbort(e)) return;
        setLoaded(null);
        setError(errorText(e));
        setLoading(false);
      });
    return () => ac.abort();
  }, [query, reloadKey, hospitalId]);

  useEffect(() => {
    const ac = new AbortController();
    fetchServiceTypes(hospitalId, ac.signal)
      .then((list) => setTypes([{ value: ALL_TYPE_VALUE, label: MSG.all }, ...list.map((t) => ({ value: t.value, label: t.name }))]))
      .catch((e: unknown) => {
        if (!isAbort(e)) setTypes([{ value: ALL_TYPE_VALUE, label: MSG.all }]);
      });
    fetchHospital(hospitalId, ac.signal)
      .then(setHospital)
      .catch(() => undefined); // the header and footer then show only the page title
    return () => ac.abort();
  }, [hospitalId]);

  // A link naming a type this facility does not have shows every type instead of nothing.
  useEffect(() => {
    if (!types || types.length < 2) return;
    if (!types.some((t) => t.value === query.loai)) setQuery((q) => ({ ...q, loai: ALL_TYPE_VALUE, trang: 1 }));
  }, [types, query.loai]);

  /** A new search (code, name or type): back to page 1 and reload, even if nothing changed. */
  const search = useCallback((patch: Partial<Pick<PriceQuery, 'ma' | 'ten' | 'loai'>>) => {
    setQuery((q) => ({ ...q, ...patch, trang: 1 }));
    setReloadKey((k) => k + 1);
  }, []);

  const changePage = useCallback((trang: number, so: number) => {
    setQuery((q) => (so !== q.so ? { ...q, so, trang: 1 } : { ...q, trang }));
  }, []);

  const retry = useCallback(() => setReloadKey((k) => k + 1), []);

  const typeName = useMemo(() => {
    const names = new Map((types ?? []).map((t) => [t.value, t.label]));
    return (value: number) => names.get(value) ?? String(value);
  }, [types]);

  const showAllTypes = useCallback(() => search({ loai: ALL_TYPE_VALUE }), [search]);

  return { query, loaded, loading, error, types, typeName, hospital, search, changePage, retry, elsewhere, showAllTypes };
}

export type PriceList = ReturnType<typeof usePriceList>;
