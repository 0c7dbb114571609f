import type { PatientHistory, ResultFile } from '@portal/shared/contracts/patients.contract';
import { matchesEveryWord } from '@portal/shared/rules/acronyms';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { facilityAcronyms } from '../../core/acronyms';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { notFound } from '../../core/errors';
import { searchAlternatives } from '../../core/search';
import { findHistories, findHistoryParts, findLooseFiles, type FileWithUploader, type HistoryFilter } from './histories.repository';
import { findProfileByCode, iso } from './patients.repository';
import { findDocumentsOfHistories } from './result-documents.repository';
import { toDocumentBrief } from './result-documents';
import { auditRecordRead, ownUser, PROFILE_NOT_FOUND } from './patients.service';

export const HISTORY_NOT_FOUND = 'Không tìm thấy lượt khám';

export function toResultFile(f: FileWithUploader): ResultFile {
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

/** Visits matching the filter, newest first, with every part. */
async function loadHistories(ex: Executor, filter: HistoryFilter): Promise<PatientHistory[]> {
  const hs = await findHistories(ex, filter);
  if (!hs.length) return [];
  const ids = hs.map((x) => x.h.id);
  const [parts, documents] = await Promise.all([findHistoryParts(ex, ids), findDocumentsOfHistories(ex, filter.facilityId, ids)]);
  const group = <T extends { historyId: number | null }>(list: T[]) => {
    const m = new Map<number, T[]>();
    for (const x of list) if (x.historyId !== null) m.set(x.historyId, [...(m.get(x.historyId) ?? []), x]);
    return m;
  };
  const rxBy = group(parts.prescriptions);
  const recBy = group(parts.records);
  const dxBy = group(parts.diagnostics);
  const filesBy = group(parts.files);
  const docsBy = group(documents);
  return hs.map(({ h, patientCode, profileName, bookingCode }) => ({
    id: h.id,
    userId: h.userId,
    profileId: h.profileId,
    patientCode,
    profileName,
    encounterCode: h.encounterCode,
    booking: h.bookingId !== null && bookingCode !== null ? { id: h.bookingId, code: bookingCode } : null,
    hisPulledAt: iso(h.hisPulledAt),
    visitedAt: iso(h.visitedAt)!,
    departmentName: h.departmentName,
    doctorName: h.doctorName,
    reason: h.reason,
    icdCode: h.icdCode,
    diagnosis: h.diagnosis,
    conclusion: h.conclusion,
    followUpDate: h.followUpDate,
    prescriptions: (rxBy.get(h.id) ?? []).map(({ historyId: _, ...p }) => p),
    documents: (docsBy.get(h.id) ?? []).map(toDocumentBrief),
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

/** What a search of the results reads of a visit: its department, doctor, reason, diagnosis, records, results, drugs and files. */
function visitText(h: PatientHistory): string {
  const parts = [h.departmentName, h.doctorName, h.reason, h.icdCode, h.diagnosis, h.conclusion, h.encounterCode, h.booking?.code];
  for (const d of h.diagnostics) parts.push(d.serviceName, d.result, d.conclusion);
  for (const p of h.prescriptions) parts.push(p.drugName, p.activeIngredient);
  if (h.medicalRecord) parts.push(h.medicalRecord.symptoms, h.medicalRecord.examination, h.medicalRecord.treatment);
  for (const f of h.files) parts.push(f.fileName);
  return normalizeText(parts.filter(Boolean).join(' '));
}

/**
 * An account's visit histories (optionally of one profile) and its result files not tied to a visit.
 * With `q`, only the visits (and loose files) holding every word — or its acronym's expansion among the
 * facility's ("sa bung" finds a "Siêu âm ổ bụng" result).
 */
export async function historiesOfUser(ctx: AppContext, caller: Caller, userId: number, profileId?: number, q?: string) {
  const ex = ctx.database.db;
  const u = await ownUser(ex, caller, userId);
  const [histories, loose] = await Promise.all([
    loadHistories(ex, { facilityId: u.facilityId, userId: u.id, profileId: profileId || undefined }),
    findLooseFiles(ex, u.facilityId, u.id, profileId),
  ]);
  await auditRecordRead(ctx, caller, u.id, 'histories', profileId ? { profileId } : {});
  const looseFiles = loose.map(toResultFile);
  if (!q?.trim()) return { histories, looseFiles };
  const words = searchAlternatives(q, await facilityAcronyms(ctx, u.facilityId));
  return {
    histories: histories.filter((h) => matchesEveryWord(visitText(h), words)),
    looseFiles: looseFiles.filter((f) => matchesEveryWord(normalizeText(f.fileName), words)),
  };
}

/** Histories of one profile named by its patient code (spec path /vendor/{patientValue}/histories). */
export async function historiesOfPatientCode(ctx: AppContext, caller: Caller, patientCode: string) {
  const facilityId = caller.facilityId;
  const p = await findProfileByCode(ctx.database.db, facilityId, patientCode.toUpperCase());
  if (!p) throw notFound(PROFILE_NOT_FOUND);
  const histories = await loadHistories(ctx.database.db, { facilityId, profileId: p.id });
  await auditRecordRead(ctx, caller, p.userId, 'histories', { profileId: p.id });
  return histories;
}

export async function oneHistory(ctx: AppContext, caller: Caller, historyId: number, part: string): Promise<PatientHistory> {
  const facilityId = caller.facilityId;
  const [h] = await loadHistories(ctx.database.db, { facilityId, historyId });
  if (!h) throw notFound(HISTORY_NOT_FOUND);
  await auditRecordRead(ctx, caller, h.userId, part, { historyId });
  return h;
}
