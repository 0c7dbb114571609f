import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import { accounts, patientHistories, resultDocuments } from '../../db/schema';

export type ResultDocumentRow = typeof resultDocuments.$inferSelect;
export type DocumentBriefRow = Omit<ResultDocumentRow, 'html' | 'text' | 'sha256'> & { creatorName: string | null };
export type DocumentWithCreator = ResultDocumentRow & { creatorName: string | null; userId: number };

const brief = {
  id: resultDocuments.id,
  facilityId: resultDocuments.facilityId,
  historyId: resultDocuments.historyId,
  title: resultDocuments.title,
  sourceName: resultDocuments.sourceName,
  droppedImages: resultDocuments.droppedImages,
  createdBy: resultDocuments.createdBy,
  createdAt: resultDocuments.createdAt,
  creatorName: accounts.name,
};

/** The imported result pages of these visits of the facility (without their HTML), newest first. */
export function findDocumentsOfHistories(ex: Executor, facilityId: number, historyIds: number[]): Promise<DocumentBriefRow[]> {
  return ex
    .select(brief)
    .from(resultDocuments)
    .leftJoin(accounts, and(eq(accounts.facilityId, resultDocuments.facilityId), eq(accounts.id, resultDocuments.createdBy)))
    .where(and(eq(resultDocuments.facilityId, facilityId), inArray(resultDocuments.historyId, historyIds)))
    .orderBy(desc(resultDocuments.createdAt), desc(resultDocuments.id));
}

/** One imported page of the facility with its HTML, the name of who imported it and the visit's account. */
export function findDocument(ex: Executor, facilityId: number, id: number): Promise<DocumentWithCreator | null> {
  return ex
    .select({ d: resultDocuments, creatorName: accounts.name, userId: patientHistories.userId })
    .from(resultDocuments)
    .innerJoin(patientHistories, and(eq(patientHistories.facilityId, resultDocuments.facilityId), eq(patientHistories.id, resultDocuments.historyId)))
    .leftJoin(accounts, and(eq(accounts.facilityId, resultDocuments.facilityId), eq(accounts.id, resultDocuments.createdBy)))
    .where(and(eq(resultDocuments.facilityId, facilityId), eq(resultDocuments.id, id)))
    .limit(1)
    .then((r) => (r[0] ? { ...r[0].d, creatorName: r[0].creatorName, userId: r[0].userId } : null));
}

/** A visit of the facility: its account, for the audit row. */
export function findHistoryOwner(ex: Executor, facilityId: number, id: number): Promise<{ id: number; userId: number; profileId: number } | null> {
  return ex
    .select({ id: patientHistories.id, userId: patientHistories.userId, profileId: patientHistories.profileId })
    .from(patientHistories)
    .where(and(eq(patientHistories.facilityId, facilityId), eq(patientHistories.id, id)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function insertDocument(ex: Executor, values: typeof resultDocuments.$inferInsert): Promise<ResultDocumentRow> {
  const [d] = await ex.insert(resultDocuments).values(values).returning();
  return d!;
}
