import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PatientHistory, ResultFile } from '@portal/shared/contracts/patients.contract';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { notFound } from '../../core/errors';
import { accounts, diagnostics, medicalProfiles, medicalRecords, patientHistories, prescriptions, resultFiles } from '../../db/schema';
import { iso } from './patients.repository';
import { auditRecordRead, ownUser, PROFILE_NOT_FOUND } from './patients.service';

export const HISTORY_NOT_FOUND = 'Không tìm thấy lượt khám';

type FileRow = typeof resultFiles.$inferSelect & { uploaderName: string | null };

export function toResultFile(f: FileRow): ResultFile {
  return {
    id: f.id,
    profileId: f.profileId,
    historyId: f.historyId,
    fileName: f.fileName,
    contentType: f.contentType,
    sizeBytes: f.sizeBytes,
    uploadedBy: f.uploaderName,
    createdAt: iso(f.createdAt)!,
  };
}

function selectFiles(ex: Executor, where: SQL) {
  return ex
    .select({ file: resultFiles, uploaderName: accounts.name })
    .from(resultFiles)
    .leftJoin(accounts, eq(accounts.id, resultFiles.uploadedBy))
    .where(where)
    .orderBy(desc(resultFiles.createdAt), desc(resultFiles.id))
    .then((r) => r.map((x) => ({ ...x.file, uploaderName: x.uploaderName })));
}

/** Histories matching `where` (already scoped to a facility), newest first, with every part. */
async function loadHistories(ex: Executor, where: SQL): Promise<PatientHistory[]> {
  const hs = await ex
    .select({ h: patientHistories, patientCode: medicalProfiles.patientCode, profileName: medicalProfiles.fullName })
    .from(patientHistories)
    .innerJoin(medicalProfiles, eq(medicalProfiles.id, patientHistories.profileId))
    .where(where)
    .orderBy(desc(patientHistories.visitedAt), desc(patientHistories.id))
    .limit(500);
  if (!hs.length) return [];
  const ids = hs.map((x) => x.h.id);
  const [rx, recs, dx, files] = await Promise.all([
    ex.select().from(prescriptions).where(inArray(prescriptions.historyId, ids)).orderBy(asc(prescriptions.id)),
    ex.select().from(medicalRecords).where(inArray(medicalRecords.historyId, ids)).orderBy(asc(medicalRecords.id)),
    ex.select().from(diagnostics).where(inArray(diagnostics.historyId, ids)).orderBy(asc(diagnostics.id)),
    selectFiles(ex, inArray(resultFiles.historyId, ids)),
  ]);
  const group = <T extends { historyId: number | null }>(list: T[]) => {
    const m = new Map<number, T[]>();
    for (const x of list) if (x.historyId !== null) m.set(x.historyId, [...(m.get(x.historyId) ?? []), x]);
    return m;
  };
  const rxBy = group(rx);
  const recBy = group(recs);
  const dxBy = group(dx);
  const filesBy = group(files);
  return hs.map(({ h, patientCode, profileName }) => ({
    id: h.id,
    userId: h.userId,
    profileId: h.profileId,
    patientCode,
    profileName,
    encounterCode: h.encounterCode,
    visitedAt: iso(h.visitedAt)!,
    departmentName: h.departmentName,
    doctorName: h.doctorName,
    reason: h.reason,
    icdCode: h.icdCode,
    diagnosis: h.diagnosis,
    conclusion: h.conclusion,
    followUpDate: h.followUpDate,
    prescriptions: (rxBy.get(h.id) ?? []).map(({ historyId: _, ...p }) => p),
    medicalRecord: (() => {
      const r = recBy.get(h.id)?.[0];
      if (!r) return null;
      const { historyId: _, ...rest } = r;
      return rest;
    })(),
    diagnostics: (dxBy.get(h.id) ?? []).map(({ historyId: _, ...d }) => ({ ...d, performedAt: iso(d.performedAt)! })),
    files: (filesBy.get(h.id) ?? []).map(toResultFile),
  }));
}

/** An account's visit histories (optionally of one profile) and its result files not tied to a visit. */
export async function historiesOfUser(ctx: AppContext, caller: Caller, userId: number, profileId?: number) {
  const ex = ctx.database.db;
  const u = await ownUser(ex, caller, userId);
  const conds = [eq(patientHistories.facilityId, u.facilityId), eq(patientHistories.userId, u.id)];
  const fileConds = [eq(resultFiles.facilityId, u.facilityId), eq(resultFiles.userId, u.id), isNull(resultFiles.historyId)];
  if (profileId) {
    conds.push(eq(patientHistories.profileId, profileId));
    fileConds.push(eq(resultFiles.profileId, profileId));
  }
  const [histories, loose] = await Promise.all([loadHistories(ex, and(...conds)!), selectFiles(ex, and(...fileConds)!)]);
  await auditRecordRead(ctx, caller, u.id, 'histories', profileId ? { profileId } : {});
  return { histories, looseFiles: loose.map(toResultFile) };
}

/** Histories of one profile named by its patient code (spec path /vendor/{patientValue}/histories). */
export async function historiesOfPatientCode(ctx: AppContext, caller: Caller, patientCode: string) {
  const facilityId = caller.facilityId;
  const [p] = await ctx.database.db
    .select()
    .from(medicalProfiles)
    .where(and(eq(medicalProfiles.facilityId, facilityId), eq(medicalProfiles.patientCode, patientCode.toUpperCase())))
    .limit(1);
  if (!p) throw notFound(PROFILE_NOT_FOUND);
  const histories = await loadHistories(ctx.database.db, and(eq(patientHistories.facilityId, facilityId), eq(patientHistories.profileId, p.id))!);
  await auditRecordRead(ctx, caller, p.userId, 'histories', { profileId: p.id });
  return histories;
}

export async function oneHistory(ctx: AppContext, caller: Caller, historyId: number, part: string): Promise<PatientHistory> {
  const facilityId = caller.facilityId;
  const [h] = await loadHistories(ctx.database.db, and(eq(patientHistories.facilityId, facilityId), eq(patientHistories.id, historyId))!);
  if (!h) throw notFound(HISTORY_NOT_FOUND);
  await auditRecordRead(ctx, caller, h.userId, part, { historyId });
  return h;
}
