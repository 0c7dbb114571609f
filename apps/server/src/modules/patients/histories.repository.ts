import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import { accounts, bookings, diagnostics, medicalProfiles, medicalRecords, patientHistories, prescriptions, resultFiles } from '../../db/schema';

export type HistoryRow = typeof patientHistories.$inferSelect;
export type ResultFileRow = typeof resultFiles.$inferSelect;
/** A result file with the name of the staff member who uploaded it. */
export type FileWithUploader = ResultFileRow & { uploaderName: string | null };

/** Which visits: always one facility's; then an account's, a profile's or one visit. */
export interface HistoryFilter {
  facilityId: number;
  userId?: number;
  profileId?: number;
  historyId?: number;
}

function historyWhere(f: HistoryFilter): SQL {
  const conds = [eq(patientHistories.facilityId, f.facilityId)];
  if (f.userId !== undefined) conds.push(eq(patientHistories.userId, f.userId));
  if (f.profileId !== undefined) conds.push(eq(patientHistories.profileId, f.profileId));
  if (f.historyId !== undefined) conds.push(eq(patientHistories.id, f.historyId));
  return and(...conds)!;
}

function selectFiles(ex: Executor, where: SQL): Promise<FileWithUploader[]> {
  return ex
    .select({ file: resultFiles, uploaderName: accounts.name })
    .from(resultFiles)
    .leftJoin(accounts, eq(accounts.id, resultFiles.uploadedBy))
    .where(where)
    .orderBy(desc(resultFiles.createdAt), desc(resultFiles.id))
    .then((r) => r.map((x) => ({ ...x.file, uploaderName: x.uploaderName })));
}

/**
 * Visits matching the filter, newest first (at most 500), with their profile's patient code and name and
 * the code of the booking a visit fulfilled (a finished booking is a visit: docs/booking-states.md).
 */
export function findHistories(ex: Executor, f: HistoryFilter) {
  return ex
    .select({ h: patientHistories, patientCode: medicalProfiles.patientCode, profileName: medicalProfiles.fullName, bookingCode: bookings.code })
    .from(patientHistories)
    .innerJoin(medicalProfiles, eq(medicalProfiles.id, patientHistories.profileId))
    .leftJoin(bookings, and(eq(bookings.facilityId, patientHistories.facilityId), eq(bookings.id, patientHistories.bookingId)))
    .where(historyWhere(f))
    .orderBy(desc(patientHistories.visitedAt), desc(patientHistories.id))
    .limit(500);
}

/** The parts of these visits: prescription lines, medical records, diagnostic results and result files. */
export async function findHistoryParts(ex: Executor, historyIds: number[]) {
  const [rx, records, dx, files] = await Promise.all([
    ex.select().from(prescriptions).where(inArray(prescriptions.historyId, historyIds)).orderBy(asc(prescriptions.id)),
    ex.select().from(medicalRecords).where(inArray(medicalRecords.historyId, historyIds)).orderBy(asc(medicalRecords.id)),
    ex.select().from(diagnostics).where(inArray(diagnostics.historyId, historyIds)).orderBy(asc(diagnostics.id)),
    selectFiles(ex, inArray(resultFiles.historyId, historyIds)),
  ]);
  return { prescriptions: rx, records, diagnostics: dx, files };
}

/** An account's result files attached to no visit (of one profile when given), newest first. */
export function findLooseFiles(ex: Executor, facilityId: number, userId: number, profileId?: number): Promise<FileWithUploader[]> {
  const conds = [eq(resultFiles.facilityId, facilityId), eq(resultFiles.userId, userId), isNull(resultFiles.historyId)];
  if (profileId) conds.push(eq(resultFiles.profileId, profileId));
  return selectFiles(ex, and(...conds)!);
}

/** A visit of the facility, just enough to check which profile it belongs to. */
export function findHistoryProfile(ex: Executor, facilityId: number, id: number): Promise<Pick<HistoryRow, 'id' | 'profileId'> | null> {
  return ex
    .select({ id: patientHistories.id, profileId: patientHistories.profileId })
    .from(patientHistories)
    .where(and(eq(patientHistories.facilityId, facilityId), eq(patientHistories.id, id)))
    .then((r) => r[0] ?? null);
}

export function findResultFile(ex: Executor, facilityId: number, id: number): Promise<ResultFileRow | null> {
  return ex
    .select()
    .from(resultFiles)
    .where(and(eq(resultFiles.facilityId, facilityId), eq(resultFiles.id, id)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function insertResultFile(ex: Executor, values: typeof resultFiles.$inferInsert): Promise<ResultFileRow> {
  const [f] = await ex.insert(resultFiles).values(values).returning();
  return f!;
}
