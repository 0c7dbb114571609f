import type { MergePreview, MergeResult } from '@portal/shared/contracts/patients.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, conflict, notFound } from '../../core/errors';
import {
  countOwnedRows,
  countsOf,
  findProfiles,
  findUser,
  moveOwnedRows,
  type OwnedRows,
  type PatientUser,
  refreshSearchText,
  revokePatientSessions,
  updateUser,
} from './patients.repository';
import { auditRecordRead, toProfile, USER_NOT_FOUND, userDetail } from './patients.service';

/**
 * What a merge moves from the merged account to the kept one, in this order, inside the merge's single
 * transaction: each kind of row an account owns (patients.repository counts and moves it). A new kind
 * adds its rows to `OwnedRows` there and one line here.
 */
export const MERGE_STEPS: { key: OwnedRows; label: string }[] = [
  { key: 'profiles', label: 'Hồ sơ bệnh nhân' },
  { key: 'histories', label: 'Lượt khám (gồm lịch đặt khám đã khám xong; kèm đơn thuốc, bệnh án, kết quả cận lâm sàng)' },
  { key: 'resultFiles', label: 'Tệp kết quả' },
  { key: 'bookings', label: 'Lượt đặt khám' },
];

async function countMoves(ex: Executor, facilityId: number, userId: number) {
  const out = [];
  for (const s of MERGE_STEPS) out.push({ key: s.key, label: s.label, count: await countOwnedRows(ex, s.key, facilityId, userId) });
  return out;
}

/** Both accounts of the caller's facility, checked for a merge; locked FOR UPDATE (lower id first) in a transaction. */
async function mergePair(ex: Executor, caller: Caller, keepId: number, removeId: number, lock: boolean) {
  if (keepId === removeId)
    throw badRequest('Không thể gộp một tài khoản với chính nó', [{ field: 'mergeFromId', message: 'Không thể gộp một tài khoản với chính nó' }]);
  const facilityId = caller.facilityId;
  const byId = new Map<number, PatientUser>();
  for (const id of [keepId, removeId].sort((a, b) => a - b)) {
    const u = await findUser(ex, facilityId, id, lock);
    if (!u) throw notFound(`${USER_NOT_FOUND} #${id}`);
    byId.set(id, u);
  }
  const keep = byId.get(keepId)!;
  const remove = byId.get(removeId)!;
  for (const u of [keep, remove]) {
    if (u.mergedIntoId) throw conflict(`Tài khoản #${u.id} đã được gộp vào tài khoản #${u.mergedIntoId} trước đó`);
  }
  return { facilityId, keep, remove };
}

function warningsOf(
  keepProfiles: { fullName: string; birthDate: string; relationship: string }[],
  removeProfiles: { fullName: string; birthDate: string; relationship: string }[],
  keep: PatientUser,
  remove: PatientUser,
): string[] {
  const w: string[] = [];
  for (const p of removeProfiles) {
    const twin = keepProfiles.find((k) => normalizeText(k.fullName) === normalizeText(p.fullName) && k.birthDate === p.birthDate);
    if (twin) w.push(`Hồ sơ "${p.fullName}" có ở cả hai tài khoản: sau khi gộp sẽ có hai hồ sơ cùng tên và ngày sinh (hồ sơ không tự gộp).`);
  }
  if (keepProfiles.some((p) => p.relationship === 'SELF') && removeProfiles.some((p) => p.relationship === 'SELF')) {
    w.push('Cả hai tài khoản đều có hồ sơ "Bản thân".');
  }
  if (remove.verified && !keep.verified) w.push('Tài khoản bị gộp đã xác thực, tài khoản giữ lại chưa xác thực.');
  return w;
}

export async function mergePreview(ctx: AppContext, caller: Caller, keepId: number, removeId: number): Promise<MergePreview> {
  const ex = ctx.database.db;
  const { facilityId, keep, remove } = await mergePair(ex, caller, keepId, removeId, false);
  const [keepProfiles, removeProfiles] = await Promise.all([findProfiles(ex, facilityId, keep.id), findProfiles(ex, facilityId, remove.id)]);
  const result: MergePreview = {
    keep: { account: await userDetail(ex, facilityId, keep), profiles: keepProfiles.map(toProfile) },
    remove: { account: await userDetail(ex, facilityId, remove), profiles: removeProfiles.map(toProfile) },
    moves: await countMoves(ex, facilityId, remove.id),
    warnings: warningsOf(keepProfiles, removeProfiles, keep, remove),
  };
  await auditRecordRead(ctx, caller, keep.id, 'merge-preview', { mergeFromId: remove.id });
  return result;
}

/**
 * Merges `removeId` into `keepId` in one transaction: every MERGE_STEPS row moves, the merged
 * account is locked, marked merged and its sessions end; one audit row records both accounts
 * before, the counts moved and the ids of the moved profiles.
 */
export async function mergeAccounts(ctx: AppContext, caller: Caller, keepId: number, removeId: number): Promise<MergeResult> {
  return ctx.database.transaction(async (tx) => {
    const { facilityId, keep, remove } = await mergePair(tx, caller, keepId, removeId, true);
    const before = { keep: await countMoves(tx, facilityId, keep.id), remove: await countMoves(tx, facilityId, remove.id) };
    const movedProfileIds = (await findProfiles(tx, facilityId, remove.id)).map((p) => ({ id: p.id, patientCode: p.patientCode, fullName: p.fullName }));
    const moved = [];
    for (const s of MERGE_STEPS) moved.push({ key: s.key, label: s.label, count: await moveOwnedRows(tx, s.key, facilityId, remove.id, keep.id) });
    const now = new Date();
    await updateUser(tx, facilityId, remove.id, { locked: true, lockedAt: remove.lockedAt ?? now, mergedIntoId: keep.id, mergedAt: now, updatedAt: now });
    await updateUser(tx, facilityId, keep.id, { updatedAt: now });
    const endedSessions = await revokePatientSessions(tx, remove.id, 'MERGED');
    await refreshSearchText(tx, keep.id);
    await refreshSearchText(tx, remove.id);
    const keptCounts = await countsOf(tx, facilityId, keep.id);
    const snapshot = (u: PatientUser) => ({
      id: u.id,
      name: u.name,
      phone: u.phone,
      email: u.email,
      verified: u.verified,
      locked: u.locked,
      createdAt: u.createdAt,
    });
    await audit(tx, caller, {
      action: 'MERGE',
      entity: 'patient_user',
      entityId: keep.id,
      before: { kept: snapshot(keep), merged: snapshot(remove), counts: before },
      after: {
        keptId: keep.id,
        mergedId: remove.id,
        moved: Object.fromEntries(moved.map((m) => [m.key, m.count])),
        movedProfiles: movedProfileIds,
        mergedAccount: { locked: true, mergedIntoId: keep.id, endedSessions },
      },
    });
    return {
      keptId: keep.id,
      mergedId: remove.id,
      moved,
      keptCounts: { profiles: keptCounts.profiles, histories: keptCounts.histories, resultFiles: keptCounts.resultFiles },
    };
  });
}
