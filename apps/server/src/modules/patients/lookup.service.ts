import type { DuplicateGroup, ProfileHit } from '@portal/shared/contracts/patients.contract';
import { SUGGEST_LIMIT } from '@portal/shared/contracts/patients.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { formatDate } from '@portal/shared/rules/format';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { findProfileBriefs, prefixRange, searchWords } from './patients.repository';
import { referenceLookup } from './reference-lookup';
import { toUserRow } from './patients.service';

interface HitRow {
  id: number;
  user_id: number;
  patient_code: string;
  full_name: string;
  birth_date: string;
  gender: string;
  phone: string | null;
  cccd: string | null;
  bhyt: string | null;
}

const HIT_COLUMNS = 'p.id, p.user_id, p.patient_code, p.full_name, p.birth_date::text AS birth_date, p.gender, p.phone, p.cccd, p.bhyt';

const toHit = (r: HitRow): ProfileHit => ({
  id: r.id,
  userId: r.user_id,
  patientCode: r.patient_code,
  fullName: r.full_name,
  birthDate: r.birth_date,
  gender: r.gender,
  phone: r.phone,
  cccd: r.cccd,
  bhyt: r.bhyt,
});

/**
 * Suggestions for the booking screen: prefixes only, each an index range scan —
 * the diacritics-free full name, the phone, the CCCD, the patient code. Profiles of merged
 * accounts are not offered.
 */
export async function suggestProfiles(ctx: AppContext, caller: Caller, q: string): Promise<ProfileHit[]> {
  const facilityId = caller.facilityId;
  const text = normalizeText(q);
  const digits = text.replace(/[\s.+-]/g, '');
  const branch = (cond: string) =>
    `(SELECT ${HIT_COLUMNS} FROM medical_profiles p JOIN patient_users u ON u.id = p.user_id AND u.merged_into_id IS NULL
      WHERE p.facility_id = $1 AND ${cond} LIMIT ${SUGGEST_LIMIT})`;
  let list: HitRow[];
  if (/^\d+$/.test(digits) || /^84\d+$/.test(digits)) {
    const phone = digits.startsWith('84') && digits.length > 9 ? `0${digits.slice(2)}` : digits;
    list = await ctx.database.query<HitRow>(
      'suggest_digits',
      `${branch('p.phone COLLATE "C" >= $2 AND p.phone COLLATE "C" < $3')} UNION ALL ${branch('p.cccd COLLATE "C" >= $4 AND p.cccd COLLATE "C" < $5')} LIMIT ${SUGGEST_LIMIT}`,
      [facilityId, ...prefixRange(phone), ...prefixRange(digits)],
    );
  } else if (/^bn\d*$/.test(text)) {
    list = await ctx.database.query<HitRow>('suggest_code', branch('p.patient_code >= $2 AND p.patient_code < $3'), [
      facilityId,
      ...prefixRange(text.toUpperCase()),
    ]);
  } else {
    list = await ctx.database.query<HitRow>('suggest_name', branch('p.name_search COLLATE "C" >= $2 AND p.name_search COLLATE "C" < $3'), [
      facilityId,
      ...prefixRange(text),
    ]);
  }
  const seen = new Set<number>();
  return list
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map(toHit)
    .sort((a, b) => a.fullName.localeCompare(b.fullName, 'vi') || a.id - b.id);
}

/**
 * Profile search, paged: a name typed from its start (diacritics-free, byte-order index), or a
 * phone / CCCD prefix, or a whole BHYT number or patient code — the same index range scans as
 * suggest, ordered by the matched key.
 */
export async function searchProfiles(ctx: AppContext, caller: Caller, q: string, page: number, size: number) {
  const facilityId = caller.facilityId;
  const words = searchWords(q, 8);
  const text = words.join(' ');
  let shape: string;
  let where: string;
  let order: string;
  let value: [string, string];
  if (/^\d+$/.test(text)) {
    shape = 'mps_digits';
    where = '((p.phone COLLATE "C" >= $2 AND p.phone COLLATE "C" < $3) OR (p.cccd COLLATE "C" >= $2 AND p.cccd COLLATE "C" < $3))';
    order = 'p.id';
    value = prefixRange(text);
  } else if (/^[a-z]{2}\d{3,13}$/.test(text)) {
    shape = 'mps_code';
    where = '(p.bhyt = $2 OR p.patient_code = $2) AND $3::text IS NOT NULL';
    order = 'p.id';
    value = [text.toUpperCase(), ''];
  } else {
    shape = 'mps_name';
    where = 'p.name_search COLLATE "C" >= $2 AND p.name_search COLLATE "C" < $3';
    order = 'p.name_search COLLATE "C", p.id';
    value = prefixRange(text);
  }
  const list = await ctx.database.query<HitRow>(
    shape,
    `SELECT ${HIT_COLUMNS} FROM medical_profiles p WHERE p.facility_id = $1 AND ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`,
    [facilityId, ...value, size, page * size],
  );
  const [c] = await ctx.database.query<{ n: number }>(
    `${shape}_count`,
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM medical_profiles p WHERE p.facility_id = $1 AND ${where} LIMIT 1001) s`,
    [facilityId, ...value],
  );
  return { data: list.map(toHit), total: Number(c?.n ?? 0) };
}

const DUPLICATE_KEYS = {
  phone: `SELECT phone AS key, user_id FROM medical_profiles WHERE facility_id = $1 AND phone IS NOT NULL
          UNION ALL SELECT phone, id FROM patient_users WHERE facility_id = $1 AND phone IS NOT NULL`,
  cccd: `SELECT cccd AS key, user_id FROM medical_profiles WHERE facility_id = $1 AND cccd IS NOT NULL`,
  nameDob: `SELECT name_search || '|' || birth_date::text AS key, user_id FROM medical_profiles WHERE facility_id = $1`,
} as const;

/** Groups of live (not merged) accounts that share a phone, a CCCD, or a profile name and date of birth. */
export async function findDuplicates(ctx: AppContext, caller: Caller, reason: keyof typeof DUPLICATE_KEYS, page: number, size: number) {
  const facilityId = caller.facilityId;
  const groups = await ctx.database.query<{ key: string; ids: number[]; total: number }>(
    `dup_${reason}`,
    `SELECT k.key, array_agg(DISTINCT k.user_id ORDER BY k.user_id) AS ids, count(*) OVER() AS total
     FROM (${DUPLICATE_KEYS[reason]}) k JOIN patient_users u ON u.id = k.user_id AND u.merged_into_id IS NULL
     GROUP BY k.key HAVING count(DISTINCT k.user_id) > 1
     ORDER BY max(u.created_at) DESC, k.key LIMIT $2 OFFSET $3`,
    [facilityId, size, page * size],
  );
  const ids = [...new Set(groups.flatMap((g) => g.ids.map(Number)))];
  const users = ids.length
    ? await ctx.database.query<{
        id: number;
        name: string;
        phone: string | null;
        email: string | null;
        verified: boolean;
        locked: boolean;
        merged_into_id: number | null;
        created_at: Date;
      }>(
        'dup_users',
        'SELECT id, name, phone, email, verified, locked, merged_into_id, created_at FROM patient_users WHERE facility_id = $1 AND id = ANY($2::int[])',
        [facilityId, ids],
      )
    : [];
  const briefs = await findProfileBriefs(ctx.database.db, facilityId, ids);
  const byId = new Map(users.map((u) => [u.id, u]));
  const data: DuplicateGroup[] = groups.map((g) => {
    let key = g.key;
    if (reason === 'nameDob') {
      const ids0 = g.ids.map(Number);
      const p = ids0.flatMap((id) => briefs.get(id) ?? []).find((x) => `${normalizeText(x.fullName)}|${x.birthDate}` === g.key);
      key = p ? `${p.fullName} – ${formatDate(p.birthDate)}` : g.key;
    }
    return {
      reason,
      key,
      accounts: g.ids
        .map(Number)
        .map((id) => byId.get(id))
        .filter((u): u is NonNullable<typeof u> => !!u)
        .map((u) => toUserRow({ ...u, mergedIntoId: u.merged_into_id, createdAt: u.created_at }, briefs.get(u.id) ?? [])),
    };
  });
  return { data, total: groups.length ? Number(groups[0]!.total) : 0 };
}

/** One page of a reference list for a dropdown: {value, name} with totalPage (spec §9). */
export function referencePage(kind: 'provinces' | 'wards' | 'nations' | 'jobs', q: { page: number; size: number; search?: string; provinceCode?: string }) {
  const ref = referenceLookup();
  let items: { value: string; name: string }[];
  if (kind === 'provinces') items = ref.provinces.map((p) => ({ value: p.code, name: p.fullName }));
  else if (kind === 'wards')
    items = ref.wards.filter((w) => !q.provinceCode || w.provinceCode === q.provinceCode).map((w) => ({ value: w.code, name: w.name }));
  else if (kind === 'nations') items = ref.nations.map((n) => ({ value: n.code, name: n.name }));
  else items = ref.jobs.filter((j) => j.code.length === 2).map((j) => ({ value: j.code, name: j.name }));
  const needle = normalizeText(q.search);
  if (needle) items = items.filter((i) => normalizeText(i.name).includes(needle));
  return { code: 0 as const, data: items.slice(q.page * q.size, (q.page + 1) * q.size), totalPage: Math.ceil(items.length / q.size) };
}
