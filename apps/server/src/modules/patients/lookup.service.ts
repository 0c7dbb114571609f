import type { DuplicateGroup, DuplicateMatch, ProfileBrief, ProfileHit } from '@portal/shared/contracts/patients.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { formatDate } from '@portal/shared/rules/format';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import {
  duplicateGroups,
  type DuplicateGroupRow,
  type DuplicateReason,
  listUsersByIds,
  type ProfileSearchBy,
  searchProfileRows,
  type SuggestBy,
  suggestRows,
} from './lookup.repository';
import { findProfileBriefs, searchWords } from './patients.repository';
import { referenceLookup } from './reference-lookup';
import { toUserRow } from './patients.service';

/**
 * Suggestions for the booking screen: prefixes only, each an index range scan —
 * the diacritics-free full name, the phone, the CCCD, the patient code. Profiles of merged
 * accounts are not offered.
 */
export async function suggestProfiles(ctx: AppContext, caller: Caller, q: string): Promise<ProfileHit[]> {
  const text = normalizeText(q);
  const digits = text.replace(/[\s.+-]/g, '');
  let by: SuggestBy;
  if (/^\d+$/.test(digits) || /^84\d+$/.test(digits)) {
    by = { digits, phone: digits.startsWith('84') && digits.length > 9 ? `0${digits.slice(2)}` : digits };
  } else if (/^bn\d*$/.test(text)) by = { code: text.toUpperCase() };
  else by = { name: text };
  const list = await suggestRows(ctx.database, caller.facilityId, by);
  const seen = new Set<number>();
  return list.filter((r) => !seen.has(r.id) && seen.add(r.id)).sort((a, b) => a.fullName.localeCompare(b.fullName, 'vi') || a.id - b.id);
}

/**
 * Profile search, paged: a name typed from its start (diacritics-free, byte-order index), or a
 * phone / CCCD prefix, or a whole BHYT number or patient code — the same index range scans as
 * suggest, ordered by the matched key.
 */
export async function searchProfiles(ctx: AppContext, caller: Caller, q: string, page: number, size: number) {
  const text = searchWords(q, 8).join(' ');
  const by: ProfileSearchBy = /^\d+$/.test(text) ? { digits: text } : /^[a-z]{2}\d{3,13}$/.test(text) ? { code: text.toUpperCase() } : { name: text };
  const { rows, total } = await searchProfileRows(ctx.database, caller.facilityId, by, page, size);
  return { data: rows satisfies ProfileHit[], total };
}

/** Where account `userId` holds the group's key: its own phone, or which of its profiles (code and name). */
function matchesOf(g: DuplicateGroupRow, userId: number, profiles: ProfileBrief[]): DuplicateMatch[] {
  const out: DuplicateMatch[] = [];
  g.matchUsers.forEach((u, i) => {
    if (Number(u) !== userId) return;
    const profileId = g.matchProfiles[i] == null ? null : Number(g.matchProfiles[i]);
    const p = profileId === null ? undefined : profiles.find((x) => x.id === profileId);
    if (profileId === null) out.push({ on: 'account', profileId: null, patientCode: null, fullName: null });
    else if (p) out.push({ on: 'profile', profileId, patientCode: p.patientCode, fullName: p.fullName });
  });
  return out;
}

/**
 * Groups of live (not merged) accounts that share a phone, a CCCD, or a profile name and date of birth;
 * each account says where it holds the shared value (its own phone, or which profile).
 */
export async function findDuplicates(ctx: AppContext, caller: Caller, reason: DuplicateReason, page: number, size: number) {
  const facilityId = caller.facilityId;
  const groups = await duplicateGroups(ctx.database, facilityId, reason, page, size);
  const ids = [...new Set(groups.flatMap((g) => g.ids.map(Number)))];
  const users = await listUsersByIds(ctx.database, facilityId, ids);
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
        .map((u) => ({ ...toUserRow(u, briefs.get(u.id) ?? []), matches: matchesOf(g, u.id, briefs.get(u.id) ?? []) })),
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
