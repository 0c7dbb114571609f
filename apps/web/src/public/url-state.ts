/**
 * The search of the price page lives in the URL so a link can be shared:
 * `/list-service?ma=KB&ten=sieu%20am&loai=-1&trang=2&so=100`. Default values are left out
 * (type 10, page 1, 50 rows); parameters the page does not own (e.g. `hospitalId`) are kept.
 */
import { ALL_TYPE_VALUE, DEFAULT_SERVICE_TYPE, SERVICE_CODE_MAX, SERVICE_NAME_MAX, SERVICE_PAGE_SIZE, SERVICE_PAGE_SIZES } from '@portal/shared/constants';
import { toQueryString } from '@portal/shared/rules/query-string';

export interface PriceQuery {
  /** Service code typed in the code box (max 20). */
  ma: string;
  /** Service name typed in the name box (max 200), with or without diacritics. */
  ten: string;
  /** Service type value; -1 = all types. */
  loai: number;
  /** Page, 1-based as shown to people (the API's page is 0-based). */
  trang: number;
  /** Rows per page: 50 or 100. */
  so: number;
}

export const DEFAULT_QUERY: PriceQuery = {
  ma: '',
  ten: '',
  loai: DEFAULT_SERVICE_TYPE,
  trang: 1,
  so: SERVICE_PAGE_SIZE,
};

const OWN_KEYS = ['ma', 'ten', 'loai', 'trang', 'so'] as const;
const MAX_PAGE = 100_000;

function intOf(text: string | null): number | null {
  if (text === null || !/^\s*-?\d{1,9}\s*$/.test(text)) return null;
  return Number(text);
}

/** Reads the search from a location's query string; bad or missing values become defaults. */
export function readQuery(search: string): PriceQuery {
  const p = new URLSearchParams(search);
  const loai = intOf(p.get('loai'));
  const trang = intOf(p.get('trang'));
  const so = intOf(p.get('so'));
  return {
    ma: (p.get('ma') ?? '').slice(0, SERVICE_CODE_MAX),
    ten: (p.get('ten') ?? '').slice(0, SERVICE_NAME_MAX),
    loai: loai !== null && (loai === ALL_TYPE_VALUE || loai >= 0) ? loai : DEFAULT_QUERY.loai,
    trang: trang !== null && trang >= 1 ? Math.min(trang, MAX_PAGE) : DEFAULT_QUERY.trang,
    so: so !== null && (SERVICE_PAGE_SIZES as readonly number[]).includes(so) ? so : DEFAULT_QUERY.so,
  };
}

/**
 * The query string (with its '?', or '' when empty) for this search, keeping the parameters
 * of `currentSearch` the page does not own.
 */
export function writeQuery(q: PriceQuery, currentSearch = ''): string {
  const kept: Record<string, string[]> = {};
  new URLSearchParams(currentSearch).forEach((value, key) => {
    if ((OWN_KEYS as readonly string[]).includes(key)) return;
    kept[key] = [...(kept[key] ?? []), value];
  });
  const qs = toQueryString({
    ...kept,
    ma: q.ma,
    ten: q.ten,
    loai: q.loai === DEFAULT_QUERY.loai ? '' : q.loai,
    trang: q.trang === DEFAULT_QUERY.trang ? '' : q.trang,
    so: q.so === DEFAULT_QUERY.so ? '' : q.so,
  });
  return qs === '' ? '' : `?${qs}`;
}

/** Parameters of GET /api/catalog/v1/emr/medical-services/lookup for this search. */
export function lookupParams(q: PriceQuery, hospitalId: string | null): Record<string, unknown> {
  return {
    page: q.trang - 1,
    size: q.so,
    syncValue: q.ma.trim(),
    name: q.ten.trim(),
    type: q.loai,
    hospitalId,
  };
}

/** The facility whose prices are shown, when the link names one (`?hospitalId=`). */
export function hospitalIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get('hospitalId');
  return id !== null && /^\d{1,9}$/.test(id) ? id : null;
}
