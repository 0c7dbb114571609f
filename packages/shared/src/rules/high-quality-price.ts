/**
 * High-quality price of a service (spec §3, price list): picked from its dsGiaDichVu entries.
 */
import { HIGH_QUALITY_DEPARTMENT_ID } from '../constants';
import { toInstant } from './time';

export interface PriceEntry {
  khoaChiDinhId: number | null;
  donGiaDichVu: number;
  denNgay: string | null;
}

/**
 * The spec: "the entry with no end date for department id 1000102; if none, the entry with
 * the latest end date; on a tie over all entries, the first entry". Read as:
 *
 * 1. the first entry (in list order) whose khoaChiDinhId is HIGH_QUALITY_DEPARTMENT_ID and
 *    which has no end date (denNgay null, '' or unparsable counts as no end date);
 * 2. otherwise the entry, of any department, with the latest end date, comparing end dates as
 *    instants (a date-only `YYYY-MM-DD` is midnight +07:00); when several share that latest
 *    instant, the first of them in list order;
 * 3. otherwise (no entry has an end date) the first entry — this is how we read "on a tie
 *    over all entries": every entry ties at "no end date";
 * 4. no entries (empty, null, undefined) → null.
 */
export function highQualityPrice(entries: readonly PriceEntry[] | null | undefined): number | null {
  if (!entries || entries.length === 0) return null;

  let latest: PriceEntry | null = null;
  let latestMs = -Infinity;
  for (const entry of entries) {
    const end = entry.denNgay ? toInstant(entry.denNgay) : null;
    if (!end) {
      if (entry.khoaChiDinhId === HIGH_QUALITY_DEPARTMENT_ID) return entry.donGiaDichVu;
      continue;
    }
    const ms = end.getTime();
    if (ms > latestMs) {
      latestMs = ms;
      latest = entry;
    }
  }
  return (latest ?? entries[0]).donGiaDichVu;
}

/**
 * The price a booking charges for a service (and what the booking form quotes): the high-quality
 * price of its price entries, as the public price list shows it, else its listed price.
 */
export function servicePrice(listed: number, entries: readonly PriceEntry[] | null | undefined): number {
  return highQualityPrice(entries) ?? listed;
}
