import { createHash, randomBytes } from 'node:crypto';
import type { Condition, DiagnosticReport, Encounter, MedicationRequest, Observation, Patient, Resource } from '@medplum/fhirtypes';
import { and, eq, or, sql } from 'drizzle-orm';
import { HIS_MESSAGES, type HisLinkDto, type HisLookupBy, type HisPatientDto, type PullDto, type RunDto } from '@portal/shared/contracts/his.contract';
import { RESULT_FILE_MAX_BYTES } from '@portal/shared/contracts/patients.contract';
import { FHIR_SYSTEMS, portalSystem } from '@portal/shared/rules/fhir-systems';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { AppError, conflict, notFound } from '../../core/errors';
import type { FileStorage } from '../../core/file-storage';
import { rows } from '../../core/sql';
import {
  accounts,
  bookings,
  diagnostics,
  facilities,
  hisPatientLinks,
  hisRemoteItems,
  hisSyncRuns,
  medicalProfiles,
  patientHistories,
  prescriptions,
  resultFiles,
} from '../../db/schema';
import { sniffResultType } from '../patients/result-files';
import { type HisClient, HisError } from './his-client';
import { connectedHis, connectionRow } from './his-connection.service';
import { diagnosticsOf, type HisPatientSummary, type HisVisit, identifierOf, patientOf, prescriptionOf, refId, visitOf } from './his-convert';
import { type ItemOutcome, logItems, noCounts, tally } from './his-sync.apply';
import { presentRun } from './his-runs.service';
import { fhirIssues } from './fhir/validate';

/** A HIS that cannot be reached answers 502 with its Vietnamese reason (the desk sees why). */
const badGateway = (e: unknown) => (e instanceof HisError ? new AppError(502, e.message) : e);

async function his(ctx: AppContext, facilityId: number) {
  return connectedHis(ctx, facilityId);
}

const systemFor = (by: HisLookupBy, patientCodeSystem: string) => (by === 'CCCD' ? FHIR_SYSTEMS.cccd : by === 'BHYT' ? FHIR_SYSTEMS.bhyt : patientCodeSystem);

/** Only the connection's hospital's patients, valid R4. */
function ownPatients(found: Resource[], hospitalId: string): Patient[] {
  return found.filter(
    (r): r is Patient =>
      r.resourceType === 'Patient' && fhirIssues(r).length === 0 && (!r.managingOrganization || refId(r.managingOrganization, 'Organization') === hospitalId),
  );
}

async function withPortal(ex: Executor, facilityId: number, s: HisPatientSummary): Promise<HisPatientDto> {
  const [linked] = await rows<{ id: number; name: string; patient_code: string; user_id: number }>(
    ex,
    sql`SELECT p.id, p.full_name AS name, p.patient_code, p.user_id FROM his_patient_links l
        JOIN medical_profiles p ON p.facility_id = l.facility_id AND p.id = l.profile_id
        WHERE l.facility_id = ${facilityId} AND l.his_id = ${s.hisId}`,
  );
  const conds = [
    s.patientCode ? eq(medicalProfiles.patientCode, s.patientCode) : undefined,
    s.cccd ? eq(medicalProfiles.cccd, s.cccd) : undefined,
    s.bhyt ? eq(medicalProfiles.bhyt, s.bhyt) : undefined,
  ].filter((c) => c !== undefined);
  const candidates = conds.length
    ? await ex
        .select({
          id: medicalProfiles.id,
          name: medicalProfiles.fullName,
          patientCode: medicalProfiles.patientCode,
          birthDate: medicalProfiles.birthDate,
          userId: medicalProfiles.userId,
        })
        .from(medicalProfiles)
        .where(and(eq(medicalProfiles.facilityId, facilityId), or(...conds)))
        .limit(5)
    : [];
  return {
    ...s,
    linkedProfile: linked ? { id: linked.id, name: linked.name, patientCode: linked.patient_code, userId: linked.user_id } : null,
    candidates: candidates.filter((c) => c.id !== linked?.id),
  };
}

export async function lookup(ctx: AppContext, caller: Caller, q: { by: HisLookupBy; value: string }): Promise<HisPatientDto[]> {
  const { row, client } = await his(ctx, caller.facilityId);
  let found: Resource[];
  try {
    found = await client.searchAll('Patient', { identifier: `${systemFor(q.by, row.patientCodeSystem)}|${q.value}` });
  } catch (e) {
    throw badGateway(e);
  }
  const patients = ownPatients(found, row.hisOrganizationId);
  await audit(ctx.database.db, caller, { action: 'HIS_LOOKUP', entity: 'his_patient', after: { by: q.by, found: patients.length } });
  if (patients.length === 0) throw notFound(HIS_MESSAGES.patientNotFound);
  return Promise.all(patients.map((p) => withPortal(ctx.database.db, caller.facilityId, patientOf(p, row.patientCodeSystem))));
}

async function readPatient(ctx: AppContext, facilityId: number, hisId: string): Promise<{ summary: HisPatientSummary; client: HisClient }> {
  const { row, client } = await his(ctx, facilityId);
  let p: Patient;
  try {
    p = await client.read<Patient>('Patient', hisId);
  } catch (e) {
    if (e instanceof HisError && e.kind === 'notFound') throw notFound(HIS_MESSAGES.patientNotFound);
    throw badGateway(e);
  }
  if (ownPatients([p], row.hisOrganizationId).length === 0) throw notFound(HIS_MESSAGES.patientNotFound);
  return { summary: patientOf(p, row.patientCodeSystem), client };
}

export async function getPatient(ctx: AppContext, caller: Caller, hisId: string): Promise<HisPatientDto> {
  const { summary } = await readPatient(ctx, caller.facilityId, hisId);
  await audit(ctx.database.db, caller, { action: 'HIS_READ', entity: 'his_patient', entityId: hisId });
  return withPortal(ctx.database.db, caller.facilityId, summary);
}

export async function link(ctx: AppContext, caller: Caller, hisId: string, profileId: number): Promise<HisPatientDto> {
  const { summary } = await readPatient(ctx, caller.facilityId, hisId);
  await ctx.database.transaction(async (tx) => {
    const [profile] = await tx
      .select({ id: medicalProfiles.id })
      .from(medicalProfiles)
      .where(and(eq(medicalProfiles.facilityId, caller.facilityId), eq(medicalProfiles.id, profileId)));
    if (!profile) throw notFound(HIS_MESSAGES.profileNotFound);
    const existing = await tx
      .select()
      .from(hisPatientLinks)
      .where(and(eq(hisPatientLinks.facilityId, caller.facilityId), or(eq(hisPatientLinks.profileId, profileId), eq(hisPatientLinks.hisId, hisId))));
    const same = existing.find((l) => l.profileId === profileId && l.hisId === hisId);
    if (same) return;
    if (existing.some((l) => l.profileId === profileId)) throw conflict(HIS_MESSAGES.profileLinkedElsewhere);
    if (existing.some((l) => l.hisId === hisId)) throw conflict(HIS_MESSAGES.patientLinkedElsewhere);
    await tx.insert(hisPatientLinks).values({ facilityId: caller.facilityId, profileId, hisId, hisName: summary.name, linkedBy: caller.accountId });
    await audit(tx, caller, { action: 'HIS_LINK', entity: 'medical_profile', entityId: profileId, after: { hisId, hisName: summary.name } });
  });
  return withPortal(ctx.database.db, caller.facilityId, summary);
}

export async function unlink(ctx: AppContext, caller: Caller, hisId: string): Promise<null> {
  await ctx.database.transaction(async (tx) => {
    const [gone] = await tx
      .delete(hisPatientLinks)
      .where(and(eq(hisPatientLinks.facilityId, caller.facilityId), eq(hisPatientLinks.hisId, hisId)))
      .returning();
    if (!gone) throw notFound(HIS_MESSAGES.notLinked);
    await audit(tx, caller, { action: 'HIS_UNLINK', entity: 'medical_profile', entityId: gone.profileId, before: { hisId, hisName: gone.hisName } });
  });
  return null;
}

export async function hisLink(ctx: AppContext, caller: Caller, profileId: number): Promise<HisLinkDto> {
  const db = ctx.database.db;
  const [profile] = await db
    .select({ id: medicalProfiles.id })
    .from(medicalProfiles)
    .where(and(eq(medicalProfiles.facilityId, caller.facilityId), eq(medicalProfiles.id, profileId)));
  if (!profile) throw notFound(HIS_MESSAGES.profileNotFound);
  const conn = await connectionRow(db, caller.facilityId);
  const [l] = await rows<{ his_id: string; his_name: string; linked_at: Date | string; last_pulled_at: Date | string | null; by: string | null }>(
    db,
    sql`SELECT l.his_id, l.his_name, l.linked_at, l.last_pulled_at, a.name AS by FROM ${hisPatientLinks} l
        LEFT JOIN ${accounts} a ON a.facility_id = l.facility_id AND a.id = l.linked_by
        WHERE l.facility_id = ${caller.facilityId} AND l.profile_id = ${profileId}`,
  );
  const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());
  return {
    available: Boolean(conn?.enabled),
    link: l ? { hisId: l.his_id, hisName: l.his_name, linkedAt: iso(l.linked_at) ?? '', linkedBy: l.by, lastPulledAt: iso(l.last_pulled_at) } : null,
  };
}

// ---------------------------------------------------------------- pull

export interface PullCounts {
  encounters: number;
  conditions: number;
  prescriptions: number;
  reports: number;
  files: number;
}

/** Pulls one profile's record (on demand): a RECORDS run of that profile, its log, its counts. */
export async function pull(ctx: AppContext, storage: FileStorage, caller: Caller, profileId: number): Promise<PullDto> {
  const db = ctx.database.db;
  const [linkRow] = await db
    .select()
    .from(hisPatientLinks)
    .where(and(eq(hisPatientLinks.facilityId, caller.facilityId), eq(hisPatientLinks.profileId, profileId)));
  if (!linkRow) {
    const [p] = await db
      .select({ id: medicalProfiles.id })
      .from(medicalProfiles)
      .where(and(eq(medicalProfiles.facilityId, caller.facilityId), eq(medicalProfiles.id, profileId)));
    throw p ? conflict(HIS_MESSAGES.notLinked) : notFound(HIS_MESSAGES.profileNotFound);
  }
  const { client } = await his(ctx, caller.facilityId);
  const [run] = await db
    .insert(hisSyncRuns)
    .values({
      facilityId: caller.facilityId,
      kind: 'RECORDS',
      status: 'RUNNING',
      trigger: 'MANUAL',
      profileId,
      startedAt: new Date(),
      createdBy: caller.accountId,
    })
    .returning();
  const counts: PullCounts = { encounters: 0, conditions: 0, prescriptions: 0, reports: 0, files: 0 };
  let outcomes: ItemOutcome[] = [];
  let error: string | null = null;
  try {
    outcomes = await pullProfile(ctx, storage, client, caller.facilityId, linkRow, counts);
  } catch (e) {
    error = e instanceof HisError ? e.message : `Lỗi khi lấy hồ sơ: ${(e as Error).message}`;
  }
  const finished = await finishRecordsRun(ctx, caller, caller.facilityId, run.id, outcomes, error);
  await audit(db, caller, { action: 'HIS_PULL', entity: 'medical_profile', entityId: profileId, after: { runId: run.id, ...counts, error } });
  if (error) throw new AppError(502, error);
  return { run: finished, ...counts };
}

export async function finishRecordsRun(
  ctx: AppContext,
  caller: Caller | null,
  facilityId: number,
  runId: number,
  outcomes: ItemOutcome[],
  error: string | null,
): Promise<RunDto> {
  const c = noCounts();
  tally(c, outcomes);
  await logItems(ctx.database.db, facilityId, runId, outcomes);
  const status = error ? 'FAILED' : c.failed ? 'PARTIAL' : 'DONE';
  const [done] = await ctx.database.db
    .update(hisSyncRuns)
    .set({ status, error, finishedAt: new Date(), ...c })
    .where(and(eq(hisSyncRuns.facilityId, facilityId), eq(hisSyncRuns.id, runId)))
    .returning();
  return presentRun(done, caller?.name ?? null);
}

/** Reads the patient's record from the HIS and writes each visit in its own transaction. */
export async function pullProfile(
  ctx: AppContext,
  storage: FileStorage,
  client: HisClient,
  facilityId: number,
  linkRow: typeof hisPatientLinks.$inferSelect,
  counts: PullCounts,
): Promise<ItemOutcome[]> {
  const subject = { subject: `Patient/${linkRow.hisId}` };
  const [encounters, conditions, meds, reportsAndResults] = [
    (await client.searchAll('Encounter', subject)) as Encounter[],
    (await client.searchAll('Condition', subject)) as Condition[],
    (await client.searchAll('MedicationRequest', subject)) as MedicationRequest[],
    await client.searchAll('DiagnosticReport', { ...subject, _include: 'DiagnosticReport:result' }),
  ];
  const reports = reportsAndResults.filter((r): r is DiagnosticReport => r.resourceType === 'DiagnosticReport');
  const observations = new Map(
    reportsAndResults.filter((r): r is Observation => r.resourceType === 'Observation' && fhirIssues(r).length === 0).map((o) => [`Observation/${o.id}`, o]),
  );
  const db = ctx.database.db;
  const [profile] = await db
    .select({ id: medicalProfiles.id, userId: medicalProfiles.userId })
    .from(medicalProfiles)
    .where(and(eq(medicalProfiles.facilityId, facilityId), eq(medicalProfiles.id, linkRow.profileId)));
  const [facility] = await db.select({ code: facilities.code }).from(facilities).where(eq(facilities.id, facilityId));
  const names = new Map(
    (await db.select({ ref: hisRemoteItems.ref, name: hisRemoteItems.name }).from(hisRemoteItems).where(eq(hisRemoteItems.facilityId, facilityId))).map((r) => [
      r.ref,
      r.name,
    ]),
  );
  const validConditions = conditions.filter((c) => fhirIssues(c).length === 0);
  const outcomes: ItemOutcome[] = [];
  for (const e of encounters) {
    const ref = `Encounter/${e.id}`;
    const issues = fhirIssues(e);
    if (issues.length) {
      outcomes.push({ ref, action: 'FAILED', message: `Tài nguyên FHIR không hợp lệ: ${issues[0].message}` });
      continue;
    }
    const visit = visitOf(e, validConditions, (r) => names.get(r) ?? null);
    if (!visit.ok) {
      outcomes.push({ ref, action: visit.skip ? 'SKIPPED' : 'FAILED', message: visit.reason });
      continue;
    }
    const lines = meds.filter((m) => refId(m.encounter, 'Encounter') === e.id && fhirIssues(m).length === 0).map(prescriptionOf);
    const ownReports = reports.filter((r) => refId(r.encounter, 'Encounter') === e.id && fhirIssues(r).length === 0);
    const diag = ownReports.map((r) => diagnosticsOf(r, observations));
    // Attachments are fetched before the visit's transaction (no network inside a transaction).
    const files: { hisRef: string; bytes: Buffer; type: string; ext: string; title: string }[] = [];
    let fileProblem: string | null = null;
    for (const r of ownReports) {
      for (const [n, a] of (r.presentedForm ?? []).entries()) {
        const hisRef = `DiagnosticReport/${r.id}#${n}`;
        try {
          const bytes = a.data ? Buffer.from(a.data, 'base64') : a.url ? (await client.binary(a.url, RESULT_FILE_MAX_BYTES)).bytes : null;
          const kind = bytes ? sniffResultType(bytes) : null;
          if (bytes && kind) files.push({ hisRef, bytes, type: kind.type, ext: kind.ext, title: a.title ?? r.code?.text ?? 'Ket-qua' });
          else fileProblem = `Tệp đính kèm ${hisRef} không phải PDF hoặc ảnh`;
        } catch (err) {
          fileProblem = `Không tải được tệp ${hisRef}: ${(err as Error).message}`;
        }
      }
    }
    const bookingCode = bookingCodeOf(e, facility?.code ?? '');
    try {
      const result = await ctx.database.transaction(async (tx) => {
        const written = await writeVisit(tx, storage, facilityId, profile, visit.value, bookingCode, lines, diag, files);
        await audit(tx, null, {
          action: 'HIS_PULL',
          entity: 'patient_history',
          entityId: written.historyId,
          facilityId,
          actorUsername: 'HIS',
          after: { encounter: visit.value.encounterCode, prescriptions: written.prescriptions, diagnostics: written.diagnostics, files: written.files },
        });
        return written;
      });
      counts.encounters++;
      counts.conditions += validConditions.filter((c) => refId(c.encounter, 'Encounter') === e.id).length;
      counts.prescriptions += result.prescriptions;
      counts.reports += ownReports.length;
      counts.files += result.files;
      outcomes.push({
        ref,
        code: visit.value.encounterCode,
        name: visit.value.departmentName,
        action: result.created ? 'CREATED' : 'UPDATED',
        message: [result.problem, fileProblem].filter(Boolean).join('; ') || null,
      });
    } catch (err) {
      outcomes.push({ ref, code: visit.value.encounterCode, action: 'FAILED', message: `Không ghi được lượt khám: ${(err as Error).message.slice(0, 300)}` });
    }
  }
  await db
    .update(hisPatientLinks)
    .set({ lastPulledAt: new Date() })
    .where(and(eq(hisPatientLinks.facilityId, facilityId), eq(hisPatientLinks.profileId, linkRow.profileId)));
  return outcomes;
}

function bookingCodeOf(e: Encounter, facilityCode: string): string | null {
  return identifierOf(
    e.appointment?.flatMap((a) => (a.identifier ? [a.identifier] : [])),
    portalSystem(facilityCode, 'booking'),
  );
}

async function writeVisit(
  tx: Executor,
  storage: FileStorage,
  facilityId: number,
  profile: { id: number; userId: number },
  v: HisVisit,
  bookingCode: string | null,
  lines: ReturnType<typeof prescriptionOf>[],
  diag: ReturnType<typeof diagnosticsOf>[],
  files: { hisRef: string; bytes: Buffer; type: string; ext: string; title: string }[],
): Promise<{ historyId: number; created: boolean; prescriptions: number; diagnostics: number; files: number; problem: string | null }> {
  const fields = {
    visitedAt: new Date(v.visitedAt),
    departmentName: v.departmentName,
    doctorName: v.doctorName,
    reason: v.reason,
    icdCode: v.icdCode,
    diagnosis: v.diagnosis,
    conclusion: v.conclusion,
    hisPulledAt: new Date(),
  };
  let [h] = await tx
    .select({ id: patientHistories.id, profileId: patientHistories.profileId })
    .from(patientHistories)
    .where(and(eq(patientHistories.facilityId, facilityId), eq(patientHistories.encounterCode, v.encounterCode)));
  if (h && h.profileId !== profile.id) throw new Error(`lượt khám ${v.encounterCode} đã thuộc hồ sơ khác`);
  let created = false;
  if (!h && bookingCode) {
    // the visit the portal recorded when its booking was finished becomes the HIS's encounter
    const [b] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.facilityId, facilityId), eq(bookings.code, bookingCode), eq(bookings.medicalProfileId, profile.id)));
    if (b) {
      [h] = await tx
        .select({ id: patientHistories.id, profileId: patientHistories.profileId })
        .from(patientHistories)
        .where(and(eq(patientHistories.facilityId, facilityId), eq(patientHistories.bookingId, b.id)));
    }
  }
  if (h) {
    await tx
      .update(patientHistories)
      .set({ ...fields, encounterCode: v.encounterCode })
      .where(and(eq(patientHistories.facilityId, facilityId), eq(patientHistories.id, h.id)));
  } else {
    [h] = await tx
      .insert(patientHistories)
      .values({ facilityId, userId: profile.userId, profileId: profile.id, encounterCode: v.encounterCode, ...fields })
      .returning({ id: patientHistories.id, profileId: patientHistories.profileId });
    created = true;
  }
  const historyId = h.id;
  const okLines = lines.flatMap((l) => (l.ok ? [l.value] : []));
  const okDiag = diag.flatMap((d) => (d.ok ? d.value : []));
  const problems = [...lines, ...diag].flatMap((x) => (x.ok ? [] : [x.reason]));
  // the HIS is the source of a pulled visit's lines: replaced as a whole
  await tx.delete(prescriptions).where(eq(prescriptions.historyId, historyId));
  await tx.delete(diagnostics).where(eq(diagnostics.historyId, historyId));
  if (okLines.length) await tx.insert(prescriptions).values(okLines.map((l) => ({ historyId, ...l })));
  if (okDiag.length) await tx.insert(diagnostics).values(okDiag.map((d) => ({ historyId, ...d, performedAt: new Date(d.performedAt) })));
  let stored = 0;
  for (const f of files) {
    const [exists] = await tx
      .select({ id: resultFiles.id })
      .from(resultFiles)
      .where(and(eq(resultFiles.facilityId, facilityId), eq(resultFiles.hisRef, f.hisRef)));
    if (exists) continue;
    const key = `results/${facilityId}/${randomBytes(16).toString('hex')}`;
    await storage.put(key, f.bytes);
    await tx.insert(resultFiles).values({
      facilityId,
      userId: profile.userId,
      profileId: profile.id,
      historyId,
      storageKey: key,
      fileName: `${
        f.title
          .replace(/[^\p{L}\p{N} _.-]/gu, '')
          .trim()
          .slice(0, 80) || 'Ket-qua'
      }.${f.ext}`,
      contentType: f.type,
      sizeBytes: f.bytes.length,
      sha256: createHash('sha256').update(f.bytes).digest('hex'),
      hisRef: f.hisRef,
    });
    stored++;
  }
  return { historyId, created, prescriptions: okLines.length, diagnostics: okDiag.length, files: stored, problem: problems[0] ?? null };
}
