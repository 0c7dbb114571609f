import type { Database } from '../../core/db';
import type { SearchTerm } from '@portal/shared/rules/acronyms';
import { termMatch } from '../../core/search';
import { containsPattern } from '../../core/sql';
import type { PriceEntryRow } from '../../db/schema';

export interface ServiceListFilter {
  facilityId: number;
  /** Lower-cased code fragment. */
  code?: string;
  /** Normalised words that must all appear in the name: each as one of its alternatives (the word, its acronym's expansion). */
  words: SearchTerm[][];
  type?: number;
  limit: number;
  offset: number;
}

export interface ServiceListRow {
  id: number;
  code: string;
  name: string;
  price: number;
  insurance_price: number | null;
  type_value: number;
  price_entries: PriceEntryRow[];
  total: number;
}

/**
 * One page of the price list and the total in a single round trip. The statement text only
 * depends on which filters are present, so each shape is prepared once per connection.
 */
export async function findServicesPage(database: Database, f: ServiceListFilter): Promise<{ rows: ServiceListRow[]; total: number }> {
  const params: unknown[] = [f.facilityId];
  const where = ['facility_id = $1', 'active'];
  if (f.type !== undefined) {
    params.push(f.type);
    where.push(`type_value = $${params.length}`);
  }
  if (f.code) {
    params.push(containsPattern(f.code));
    where.push(`code_search LIKE $${params.length}`);
  }
  for (const alternatives of f.words) {
    const likes = alternatives.map((term) => {
      const { op, pattern } = termMatch(term);
      params.push(pattern);
      return `search_text ${op} $${params.length}`;
    });
    where.push(likes.length === 1 ? likes[0]! : `(${likes.join(' OR ')})`);
  }
  params.push(f.limit, f.offset);
  const text = `SELECT id, code, name, price, insurance_price, type_value, price_entries, count(*) OVER() AS total
    FROM medical_services WHERE ${where.join(' AND ')}
    ORDER BY type_value, code LIMIT $${params.length - 1} OFFSET $${params.length}`;
  // A search with a word of under 3 letters matched anywhere ("da" of "ns da day") is planned for its own
  // values (an unnamed statement): such a LIKE has no trigram, and the prepared statement's generic plan,
  // blind to which patterns have one, scanned the index for those words and ran the others — a regular
  // expression of a whole-word term among them — on every row they matched (9 ms against 3.7; docs/performance.md).
  const shortPattern = f.words.some((a) => a.some((t) => !t.wholeWord && t.text.length < 3));
  const shape = shortPattern
    ? ''
    : `svc_page_${f.type !== undefined ? 't' : ''}${f.code ? 'c' : ''}${f.words.map((a) => a.map((t) => (t.wholeWord ? 'w' : 'l')).join('')).join('_')}`;
  const rows = await database.query<ServiceListRow>(shape, text, params);
  if (rows.length > 0 || f.offset === 0) return { rows, total: rows.length ? Number(rows[0]!.total) : 0 };
  // past the last page: the window count saw no row, ask for the total alone
  const countText = `SELECT count(*)::int AS total FROM medical_services WHERE ${where.join(' AND ')}`;
  const [c] = await database.query<{ total: number }>(shape && `${shape}_count`, countText, params.slice(0, -2));
  return { rows, total: Number(c?.total ?? 0) };
}

export function findServiceTypes(database: Database, facilityId: number) {
  return database.query<{ name: string; value: number }>(
    'svc_types',
    'SELECT name, value FROM service_types WHERE facility_id = $1 AND active ORDER BY sort_order, value',
    [facilityId],
  );
}

export async function findFacilityForPublic(database: Database, facilityId: number | undefined) {
  const rows = await database.query<{
    id: number;
    name: string;
    short_name: string | null;
    avatar: string | null;
    address: string | null;
    hotline: string | null;
    emergency_phone: string | null;
    website: string | null;
    public_profile: { slogan?: string; experts?: { name: string; title: string; specialty: string; photo: string }[] };
  }>(
    facilityId ? 'public_facility_by_id' : 'public_facility_default',
    facilityId
      ? 'SELECT id, name, short_name, avatar, address, hotline, emergency_phone, website, public_profile FROM facilities WHERE id = $1'
      : 'SELECT id, name, short_name, avatar, address, hotline, emergency_phone, website, public_profile FROM facilities ORDER BY id LIMIT 1',
    facilityId ? [facilityId] : [],
  );
  return rows[0] ?? null;
}
