import type { SmartGroupDto, SmartHit } from '@portal/shared/contracts/search.contract';
import { hasAuthority, type Authority } from '@portal/shared/authorities';
import { BOOKING_STATUS_LABELS, type BookingStatus } from '@portal/shared/rules/booking-status';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import { formatDate, formatVnd } from '@portal/shared/rules/format';
import { matchRank, orderGroups, rankHits } from '@portal/shared/rules/smart-search';
import { facilityAcronyms } from '../../core/acronyms';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { searchProfiles } from '../patients/lookup.service';
import { findBookingsByCode, findDoctorHits, findServiceHits } from './smart-search.repository';

/** Who sees which group: the authority of the screen each hit opens (ADMIN_FACILITY sees all). */
export const SMART_GROUP_AUTHORITY = {
  patients: 'MANAGER_USER',
  bookings: 'MANAGER_APPOINTMENT',
  doctors: 'MANAGER_DOCTOR',
  services: 'MANAGER_CATALOG',
} as const satisfies Record<SmartGroupDto['group'], Authority>;

/** A booking code as typed: "DK" and digits, spaces allowed ("dk 261126"). */
const BOOKING_CODE_RE = /^dk\d*$/i;

/** Candidates read per group before ranking: the best `limit` of them are answered. */
const candidates = (limit: number) => limit * 3;

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/**
 * One search across the groups the caller may see (their authorities, their facility only), each hit
 * ranked (rules/smart-search.ts) and each group cut to `limit`; groups without hits are left out, the
 * group with the best hit first. The groups are read in parallel.
 */
export async function smartSearch(ctx: AppContext, caller: Caller, input: { q: string; limit: number }): Promise<SmartGroupDto[]> {
  const { q, limit } = input;
  const may = (g: SmartGroupDto['group']) => hasAuthority(caller.authorities, SMART_GROUP_AUTHORITY[g]);
  const facilityId = caller.facilityId;
  const compact = q.replace(/\s+/g, '');
  const rank = (hits: SmartHit[]) => rankHits(hits).slice(0, limit);

  const patients = async (): Promise<SmartHit[]> => {
    const { data } = await searchProfiles(ctx, caller, q, 0, candidates(limit));
    return data.map((p) => ({
      id: p.id,
      userId: p.userId,
      title: p.fullName,
      subtitle: joined(p.patientCode, formatDate(p.birthDate), p.phone),
      rank: matchRank(q, [p.fullName, p.patientCode, p.phone, p.cccd, p.bhyt]),
    }));
  };
  const bookings = async (): Promise<SmartHit[]> => {
    if (!BOOKING_CODE_RE.test(compact)) return [];
    const rows = await findBookingsByCode(ctx.database, facilityId, compact.toUpperCase(), candidates(limit));
    return rows.map((b) => ({
      id: b.id,
      code: b.code,
      title: b.code,
      subtitle: joined(b.fullName, `${formatDate(b.date)} ${b.startTime.slice(0, 5)}`, BOOKING_STATUS_LABELS[b.status as BookingStatus] ?? b.status),
      rank: matchRank(compact, [b.code]),
    }));
  };
  const doctorHits = async (): Promise<SmartHit[]> => {
    const rows = await findDoctorHits(ctx.database, facilityId, q, candidates(limit));
    return rows.map((d) => ({
      id: d.id,
      code: d.code,
      title: doctorDisplayName(d),
      subtitle: joined(d.code, d.departmentName),
      rank: matchRank(q, [d.name, d.code]),
    }));
  };
  const services = async (): Promise<SmartHit[]> => {
    const acronyms = await facilityAcronyms(ctx, facilityId);
    const rows = await findServiceHits(ctx.database, facilityId, q, acronyms, candidates(limit));
    return rows.map((s) => ({
      id: s.id,
      code: s.code,
      title: s.name,
      subtitle: joined(s.code, formatVnd(s.price), s.active ? null : 'Ngừng hoạt động'),
      rank: matchRank(q, [s.name, s.code]),
    }));
  };

  const readers = { patients, bookings, doctors: doctorHits, services } as const;
  const groups = await Promise.all(
    (Object.keys(readers) as SmartGroupDto['group'][]).filter(may).map(async (group) => ({ group, hits: rank(await readers[group]()) })),
  );
  return orderGroups(groups);
}
