import { randomInt } from 'node:crypto';
import type {
  MedicalProfile,
  MedicalProfileValues,
  PatientSearchQuery,
  PatientUserDetail,
  PatientUserRow,
  ProfileBrief,
} from '@portal/shared/contracts/patients.contract';
import { PATIENT_COUNT_CAP } from '@portal/shared/contracts/patients.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { displayDateToIso } from '@portal/shared/rules/format';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, conflict, notFound } from '../../core/errors';
import { md5 } from '../../core/tokens';
import { hashCost } from '../../core/password-cost';
import { hashPassword } from '../auth/passwords';
import {
  countsOf,
  findExts,
  findProfile,
  findProfileBriefs,
  findProfiles,
  findProfileWithIdentifier,
  findUser,
  findUserByContact,
  insertProfile,
  insertUser,
  iso,
  refreshSearchText,
  revokePatientSessions,
  searchUsers,
  searchWords,
  updateProfileRow,
  updateUser,
  upsertExt,
  type MedicalProfileRow,
  type PatientListUser,
  type PatientUser,
} from './patients.repository';
import { referenceLookup } from './reference-lookup';
import { addressData, zoneProvinceCodes } from '../catalog/address.service';

export const USER_NOT_FOUND = 'Không tìm thấy tài khoản bệnh nhân';
export const PROFILE_NOT_FOUND = 'Không tìm thấy hồ sơ bệnh nhân';

export function toUserRow(u: PatientListUser, profiles: ProfileBrief[]): PatientUserRow {
  return {
    id: u.id,
    name: u.name,
    phone: u.phone,
    email: u.email,
    verified: u.verified,
    locked: u.locked,
    mergedIntoId: u.mergedIntoId,
    createdAt: iso(u.createdAt)!,
    profiles,
  };
}

export function toProfile(p: MedicalProfileRow): MedicalProfile {
  const ref = referenceLookup();
  return {
    id: p.id,
    userId: p.userId,
    patientCode: p.patientCode,
    relationship: p.relationship,
    fullName: p.fullName,
    birthDate: p.birthDate,
    gender: p.gender,
    phone: p.phone,
    email: p.email,
    cccd: p.cccd,
    bhyt: p.bhyt,
    bhytExpiry: p.bhytExpiry,
    nationCode: p.nationCode,
    nationName: ref.nationName(p.nationCode),
    jobCode: p.jobCode,
    jobName: ref.jobName(p.jobCode),
    provinceCode: p.provinceCode,
    provinceName: ref.province(p.provinceCode)?.fullName ?? null,
    wardCode: p.wardCode,
    wardName: ref.ward(p.wardCode)?.name ?? null,
    street: p.street,
    address: ref.address(p.street, p.wardCode, p.provinceCode),
    createdAt: iso(p.createdAt)!,
    updatedAt: iso(p.updatedAt)!,
  };
}

export async function userDetail(ex: Executor, facilityId: number, u: PatientUser): Promise<PatientUserDetail> {
  const [briefs, counts] = await Promise.all([findProfileBriefs(ex, facilityId, [u.id]), countsOf(ex, facilityId, u.id)]);
  return {
    ...toUserRow(u, briefs.get(u.id) ?? []),
    verifiedAt: iso(u.verifiedAt),
    lockedAt: iso(u.lockedAt),
    mergedAt: iso(u.mergedAt),
    mustChangePassword: u.mustChangePassword,
    lastPasswordReset: iso(u.lastPasswordReset),
    hasPassword: u.passwordHash !== null,
    activeSessions: counts.sessions,
    counts: { profiles: counts.profiles, histories: counts.histories, resultFiles: counts.resultFiles },
  };
}

/** The account of the caller's facility, or 404 (another facility's account is not found either). */
export async function ownUser(ex: Executor, caller: Caller, id: number, lock = false): Promise<PatientUser> {
  const u = await findUser(ex, caller.facilityId, id, lock);
  if (!u) throw notFound(USER_NOT_FOUND);
  return u;
}

/** DD/MM/YYYY of the +07:00 calendar → the instant that day starts. */
const dayStart = (ddmmyyyy: string, plusDays = 0) => {
  const isoDay = displayDateToIso(ddmmyyyy)!;
  const t = new Date(`${isoDay}T00:00:00+07:00`).getTime() + plusDays * 86_400_000;
  return new Date(t).toISOString();
};

export async function searchPatients(ctx: AppContext, caller: Caller, q: PatientSearchQuery, opts: { limit?: number; offset?: number } = {}) {
  const facilityId = caller.facilityId;
  const f = q.filters as { verified?: boolean; locked?: boolean; merged?: boolean; createdFrom?: string; createdTo?: string; zone?: string };
  // a zone is national reference data (catalog): its 2025 province codes; 404 for an unknown zone
  const provinceCodes = f.zone ? await zoneProvinceCodes(ctx.database, f.zone) : undefined;
  const sort = (q.sort ?? { field: 'createdAt', direction: 'desc' }) as { field: 'createdAt' | 'name' | 'id'; direction: 'asc' | 'desc' };
  const limit = opts.limit ?? q.size;
  const found = await searchUsers(ctx.database, {
    facilityId,
    words: searchWords(q.q),
    verified: f.verified,
    locked: f.locked,
    merged: f.merged,
    provinceCodes,
    createdFrom: f.createdFrom ? dayStart(f.createdFrom) : undefined,
    createdToExclusive: f.createdTo ? dayStart(f.createdTo, 1) : undefined,
    sort,
    defaultSort: !q.sort,
    limit,
    offset: opts.offset ?? q.page * q.size,
    countCap: opts.limit ? 0 : PATIENT_COUNT_CAP,
  });
  const briefs = await findProfileBriefs(
    ctx.database.db,
    facilityId,
    found.rows.map((r) => r.id),
  );
  const data = found.rows.map((r) => toUserRow(r, briefs.get(r.id) ?? []));
  return { data, total: found.total, capped: found.capped };
}

/** Reading a medical record is audited: who, whose record, what, when (ARCHITECTURE "Security"). */
export function auditRecordRead(ctx: AppContext, caller: Caller, userId: number, what: string, extra: Record<string, unknown> = {}) {
  return audit(ctx.database.db, caller, { action: 'READ_RECORD', entity: 'patient_user', entityId: userId, after: { what, ...extra } });
}

/** Checks the codes against the national reference lists; field errors name what is wrong. */
export function checkReferenceCodes(b: MedicalProfileValues): void {
  const ref = referenceLookup();
  const errors: { field: string; message: string }[] = [];
  if (b.nationCode && !ref.nationName(b.nationCode)) errors.push({ field: 'nationCode', message: 'Dân tộc không có trong danh mục' });
  if (b.jobCode && !ref.jobName(b.jobCode)) errors.push({ field: 'jobCode', message: 'Nghề nghiệp không có trong danh mục' });
  if (b.provinceCode && !ref.province(b.provinceCode)) errors.push({ field: 'provinceCode', message: 'Tỉnh/thành phố không có trong danh mục' });
  if (b.wardCode) {
    const w = ref.ward(b.wardCode);
    if (!w) errors.push({ field: 'wardCode', message: 'Phường/xã không có trong danh mục' });
    else if (b.provinceCode && w.provinceCode !== b.provinceCode) errors.push({ field: 'wardCode', message: 'Phường/xã không thuộc tỉnh/thành phố đã chọn' });
  }
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

/** A CCCD or BHYT number already on another profile of the facility is refused (409 naming the field). */
async function checkUniqueIdentifiers(ex: Executor, facilityId: number, b: MedicalProfileValues, exceptId?: number) {
  for (const [field, label, value] of [
    ['cccd', 'Số CCCD', b.cccd],
    ['bhyt', 'Mã thẻ BHYT', b.bhyt],
  ] as const) {
    if (!value) continue;
    const dup = await findProfileWithIdentifier(ex, facilityId, field, value, exceptId);
    if (dup) {
      const message = `${label} "${value}" đã thuộc hồ sơ ${dup.patientCode}`;
      throw conflict(message, [{ field, message }]);
    }
  }
}

function profileValues(b: MedicalProfileValues) {
  return {
    fullName: b.fullName.replace(/\s+/g, ' '),
    birthDate: b.birthDate,
    gender: b.gender,
    relationship: b.relationship,
    phone: b.phone,
    email: b.email,
    cccd: b.cccd,
    bhyt: b.bhyt,
    bhytExpiry: b.bhytExpiry,
    nationCode: b.nationCode,
    jobCode: b.jobCode,
    provinceCode: b.provinceCode,
    wardCode: b.wardCode,
    street: b.street,
    nameSearch: normalizeText(b.fullName),
  };
}

export async function createProfile(ctx: AppContext, caller: Caller, userId: number, b: MedicalProfileValues): Promise<MedicalProfile> {
  await addressData(ctx.database); // units a sync of the official list added (catalog/address.service.ts)
  checkReferenceCodes(b);
  return ctx.database.transaction(async (tx) => {
    const u = await ownUser(tx, caller, userId, true);
    if (u.mergedIntoId) throw conflict(`Tài khoản đã được gộp vào tài khoản #${u.mergedIntoId}`);
    await checkUniqueIdentifiers(tx, u.facilityId, b);
    const p = await insertProfile(tx, { facilityId: u.facilityId, userId: u.id, ...profileValues(b) });
    await refreshSearchText(tx, u.id);
    await audit(tx, caller, { action: 'CREATE', entity: 'medical_profile', entityId: p.id, after: { ...p, userId: u.id } });
    return toProfile(p);
  });
}

/**
 * A patient new to the hospital, registered at the counter (a walk-in, a caller): an account without a password
 * (the patient sets one in the app with "Quên mật khẩu" on this phone) and its holder's profile, in one
 * transaction with one audit row. A phone or email that already opens an account is a 409 naming that
 * account's patient, to be chosen instead: one person, one account.
 */
export async function createPatient(ctx: AppContext, caller: Caller, b: MedicalProfileValues): Promise<MedicalProfile> {
  await addressData(ctx.database);
  checkReferenceCodes(b);
  return ctx.database.transaction(async (tx) => {
    for (const [field, label] of [
      ['phone', 'Số điện thoại'],
      ['email', 'Email'],
    ] as const) {
      const value = b[field];
      if (!value) continue;
      const holder = await findUserByContact(tx, caller.facilityId, field, value);
      if (holder) {
        const [main] = await findProfiles(tx, caller.facilityId, holder.id);
        const message = `${label} này đã có tài khoản bệnh nhân ${holder.name}${main ? ` (${main.patientCode})` : ''}: hãy tìm và chọn bệnh nhân đó`;
        throw conflict(message, [{ field, message }]);
      }
    }
    await checkUniqueIdentifiers(tx, caller.facilityId, b);
    const values = profileValues({ ...b, relationship: 'SELF' });
    const u = await insertUser(tx, { facilityId: caller.facilityId, name: values.fullName, phone: b.phone, email: b.email });
    const p = await insertProfile(tx, { facilityId: caller.facilityId, userId: u.id, ...values });
    await refreshSearchText(tx, u.id);
    await audit(tx, caller, {
      action: 'CREATE',
      entity: 'patient_user',
      entityId: u.id,
      after: { name: u.name, phone: u.phone, email: u.email, hasPassword: false, profile: { ...p, userId: u.id } },
    });
    return toProfile(p);
  });
}

export async function updateProfile(ctx: AppContext, caller: Caller, userId: number, profileId: number, b: MedicalProfileValues): Promise<MedicalProfile> {
  await addressData(ctx.database);
  checkReferenceCodes(b);
  return ctx.database.transaction(async (tx) => {
    const u = await ownUser(tx, caller, userId, true);
    const before = await findProfile(tx, u.facilityId, profileId);
    if (!before || before.userId !== u.id) throw notFound(PROFILE_NOT_FOUND);
    await checkUniqueIdentifiers(tx, u.facilityId, b, profileId);
    const after = await updateProfileRow(tx, u.facilityId, profileId, { ...profileValues(b), updatedAt: new Date() });
    await refreshSearchText(tx, u.id);
    await audit(tx, caller, { action: 'UPDATE', entity: 'medical_profile', entityId: profileId, before, after });
    return toProfile(after);
  });
}

export async function profileOf(ctx: AppContext, caller: Caller, userId: number, profileId?: number): Promise<MedicalProfile> {
  const u = await ownUser(ctx.database.db, caller, userId);
  const list = await findProfiles(ctx.database.db, u.facilityId, u.id);
  const p = profileId ? list.find((x) => x.id === profileId) : list[0];
  if (!p) throw notFound(PROFILE_NOT_FOUND);
  await auditRecordRead(ctx, caller, u.id, 'medical-profile', { profileId: p.id });
  return toProfile(p);
}

/** The account's profiles, in brief (no record read). */
export async function profileBriefsOf(ctx: AppContext, caller: Caller, userId: number): Promise<ProfileBrief[]> {
  const u = await ownUser(ctx.database.db, caller, userId);
  const list = await findProfiles(ctx.database.db, u.facilityId, u.id);
  return list.map((p) => ({
    id: p.id,
    patientCode: p.patientCode,
    fullName: p.fullName,
    birthDate: p.birthDate,
    gender: p.gender,
    relationship: p.relationship,
  }));
}

/** The account's full profiles; the read is audited. */
export async function medicalProfilesOf(ctx: AppContext, caller: Caller, userId: number): Promise<MedicalProfile[]> {
  const u = await ownUser(ctx.database.db, caller, userId);
  const list = await findProfiles(ctx.database.db, u.facilityId, u.id);
  await auditRecordRead(ctx, caller, u.id, 'medical-profiles');
  return list.map(toProfile);
}

/** One profile of the facility by its id; the read is audited. */
export async function profileById(ctx: AppContext, caller: Caller, profileId: number): Promise<MedicalProfile> {
  const p = await findProfile(ctx.database.db, caller.facilityId, profileId);
  if (!p) throw notFound(PROFILE_NOT_FOUND);
  await auditRecordRead(ctx, caller, p.userId, 'medical-profile', { profileId: p.id });
  return toProfile(p);
}

/** The account's detail (the detail screen's header). */
export async function accountOf(ctx: AppContext, caller: Caller, userId: number): Promise<PatientUserDetail> {
  const u = await ownUser(ctx.database.db, caller, userId);
  return userDetail(ctx.database.db, u.facilityId, u);
}

export async function extsOf(ctx: AppContext, caller: Caller, userId: number) {
  const u = await ownUser(ctx.database.db, caller, userId);
  const list = await findProfiles(ctx.database.db, u.facilityId, u.id);
  if (!list.length) return [];
  const exts = await findExts(
    ctx.database.db,
    list.map((p) => p.id),
  );
  await auditRecordRead(ctx, caller, u.id, 'medical-profile-exts');
  const byId = new Map(exts.map((e) => [e.profileId, e]));
  return list.map((p) => {
    const e = byId.get(p.id);
    return {
      profileId: p.id,
      bloodType: e?.bloodType ?? null,
      allergies: e?.allergies ?? null,
      chronicDiseases: e?.chronicDiseases ?? null,
      guardianName: e?.guardianName ?? null,
      guardianPhone: e?.guardianPhone ?? null,
      note: e?.note ?? null,
    };
  });
}

export async function saveExt(
  ctx: AppContext,
  caller: Caller,
  userId: number,
  b: {
    profileId: number;
    bloodType: string | null;
    allergies: string | null;
    chronicDiseases: string | null;
    guardianName: string | null;
    guardianPhone: string | null;
    note: string | null;
  },
) {
  await ctx.database.transaction(async (tx) => {
    const u = await ownUser(tx, caller, userId);
    const p = await findProfile(tx, u.facilityId, b.profileId);
    if (!p || p.userId !== u.id) throw notFound(PROFILE_NOT_FOUND);
    const [before] = await findExts(tx, [p.id]);
    await upsertExt(tx, b);
    await audit(tx, caller, { action: before ? 'UPDATE' : 'CREATE', entity: 'medical_profile_ext', entityId: p.id, before: before ?? null, after: b });
  });
  return extsOf(ctx, caller, userId);
}

type AccountAction = 'verify' | 'lock' | 'unlock';

/** Verify, lock or unlock an account; locking ends the patient's sessions. Idempotent. */
export async function accountAction(
  ctx: AppContext,
  caller: Caller,
  userId: number,
  action: AccountAction,
): Promise<{ detail: PatientUserDetail; message: string }> {
  return ctx.database.transaction(async (tx) => {
    const u = await ownUser(tx, caller, userId, true);
    const now = new Date();
    let message: string;
    let changed = false;
    let endedSessions = 0;
    if (action === 'verify') {
      if (u.mergedIntoId) throw conflict(`Tài khoản đã được gộp vào tài khoản #${u.mergedIntoId}, không thể xác thực`);
      changed = !u.verified;
      if (changed) await updateUser(tx, u.facilityId, u.id, { verified: true, verifiedAt: now, updatedAt: now });
      message = changed ? 'Đã xác thực tài khoản' : 'Tài khoản đã được xác thực trước đó';
    } else if (action === 'lock') {
      changed = !u.locked;
      if (changed) await updateUser(tx, u.facilityId, u.id, { locked: true, lockedAt: now, updatedAt: now });
      endedSessions = await revokePatientSessions(tx, u.id, 'LOCKED');
      message = changed ? 'Đã khoá tài khoản' : 'Tài khoản đã bị khoá trước đó';
    } else {
      if (u.mergedIntoId) throw conflict(`Tài khoản đã được gộp vào tài khoản #${u.mergedIntoId}, không thể mở khoá`);
      changed = u.locked;
      if (changed) await updateUser(tx, u.facilityId, u.id, { locked: false, lockedAt: null, updatedAt: now });
      message = changed ? 'Đã mở khoá tài khoản' : 'Tài khoản đang không bị khoá';
    }
    if (changed || endedSessions) {
      const field = action === 'verify' ? 'verified' : 'locked';
      await audit(tx, caller, {
        action: action === 'verify' ? 'VERIFY' : action === 'lock' ? 'LOCK' : 'UNLOCK',
        entity: 'patient_user',
        entityId: u.id,
        before: { [field]: u[field] },
        after: { [field]: action !== 'unlock', ...(action === 'lock' ? { endedSessions } : {}) },
      });
    }
    const fresh = (await findUser(tx, u.facilityId, u.id))!;
    return { detail: await userDetail(tx, u.facilityId, fresh), message };
  });
}

const PW_LOWER = 'abcdefghijkmnpqrstuvwxyz';
const PW_UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const PW_DIGIT = '23456789';
const PW_SPECIAL = '@$!%*?&';

/** A one-time password that passes the spec's strong rule (8–15 chars, lower, upper, digit, special). */
export function oneTimePassword(length = 10): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(PW_LOWER), pick(PW_UPPER), pick(PW_DIGIT), pick(PW_SPECIAL)];
  const all = PW_LOWER + PW_UPPER + PW_DIGIT;
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export async function resetPassword(ctx: AppContext, caller: Caller, userId: number): Promise<{ password: string; endedSessions: number }> {
  const password = oneTimePassword();
  const hash = await hashPassword(md5(password), hashCost(ctx));
  return ctx.database.transaction(async (tx) => {
    const u = await ownUser(tx, caller, userId, true);
    if (u.mergedIntoId) throw conflict(`Tài khoản đã được gộp vào tài khoản #${u.mergedIntoId}`);
    const now = new Date();
    await updateUser(tx, u.facilityId, u.id, { passwordHash: hash, mustChangePassword: true, lastPasswordReset: now, updatedAt: now });
    const endedSessions = await revokePatientSessions(tx, u.id, 'PASSWORD_RESET');
    // The password itself is never written anywhere but the answer.
    await audit(tx, caller, { action: 'RESET_PASSWORD', entity: 'patient_user', entityId: u.id, after: { mustChangePassword: true, endedSessions } });
    return { password, endedSessions };
  });
}
