import type { Readable } from 'node:stream';
import { fmt, MSG } from '@portal/shared';
import { pageOf } from '@portal/shared/core/api';
import {
  FEEDBACK_MESSAGES,
  type FeedbackBodyParsed,
  type FeedbackDetailDto,
  type FeedbackFilters,
  type FeedbackListQuery,
  type FeedbackRowDto,
  type FeedbackUserRowDto,
  type FeedbackUsersQuery,
  type MyFeedbackDto,
  type PendingVisitDto,
  FEEDBACK_KIND_LABELS,
} from '@portal/shared/contracts/feedback.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import {
  actionProblem,
  FEEDBACK_CRITERIA,
  FEEDBACK_CRITERION_LABELS,
  FEEDBACK_STATUS_LABELS,
  FEEDBACK_WINDOW_DAYS,
  initialStatus,
  isComplaint,
  maskPhone,
  statusAfter,
} from '@portal/shared/rules/feedback';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { addDays } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import { audit } from '../../core/audit';
import type { Caller, Origin } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { keysetRows, streamWorkbook } from '../../core/crud/excel-stream';
import { badRequest, conflict, notFound } from '../../core/errors';
import { PG, pgErrorOf } from '../../core/pg-errors';
import { iso } from '../../core/sql';
import { recordWrite } from '../../core/write';
import { notifyEvent } from '../notifications/events.notify';
import type { PatientCaller } from '../patient-app/patient-app.service';
import { names } from '../reports/reports.repository';
import * as repo from './feedback.repository';

/**
 * Patients' feedback (issue 19; docs/decisions.md "Feedback and ratings"). The patient app rates a finished visit of
 * its account once; the managers (MANAGER_CONSULTATION) read the list and the patients who gave feedback, reply once
 * (the patient is told through the FEEDBACK_REPLIED event) and mark complaints handled. Every write commits with its
 * audit row; the rate reports' rollup follows the feedbacks by the database's triggers in the same transaction.
 */

const entity = 'patient_feedback';

const ratingsOf = (r: repo.FeedbackRow) => ({ overall: r.overall, doctor: r.doctor, reception: r.reception, waiting: r.waiting, cleanliness: r.cleanliness });

function toRow(r: repo.FeedbackRow, phone: (p: string) => string = maskPhone): FeedbackRowDto {
  return {
    id: r.id,
    bookingId: r.bookingId,
    bookingCode: r.bookingCode,
    visitDate: r.visitDate,
    createdAt: iso(r.createdAt)!,
    patientName: r.patientName,
    patientCode: r.patientCode,
    phone: phone(r.phone),
    doctorId: r.doctorId,
    doctorName: r.doctorName,
    departmentId: r.departmentId,
    departmentName: r.departmentName,
    ratings: ratingsOf(r),
    comment: r.comment,
    complaint: r.complaint,
    complaintTicked: r.complaintTicked,
    status: r.status,
    replied: r.replied,
  };
}

function toDetail(r: repo.FeedbackDetailRow): FeedbackDetailDto {
  return {
    ...toRow(r, (p) => p),
    userId: r.userId,
    replyText: r.replyText,
    repliedBy: r.repliedBy,
    repliedAt: iso(r.repliedAt),
    handledNote: r.handledNote,
    handledBy: r.handledBy,
    handledAt: iso(r.handledAt),
  };
}

/** 400 when a filter names a department or doctor of another facility (an empty list would be read as "none"). */
async function checkFilters(ctx: AppContext, caller: Caller, f: { departmentId?: number; doctorId?: number }): Promise<void> {
  const owns = await repo.ownsFilterRows(ctx.database.db, caller.facilityId, f);
  if (!owns.department) throw badRequest(MSG.reportDepartmentUnknown, [{ field: 'departmentId', message: MSG.reportDepartmentUnknown }]);
  if (!owns.doctor) throw badRequest(MSG.reportDoctorUnknown, [{ field: 'doctorId', message: MSG.reportDoctorUnknown }]);
}

export async function list(ctx: AppContext, caller: Caller, q: FeedbackListQuery) {
  await checkFilters(ctx, caller, q);
  const { rows, total } = await repo.feedbackPage(ctx.database.db, caller.facilityId, q, q.page, q.size);
  return pageOf(
    rows.map((r) => toRow(r)),
    total,
    q,
  );
}

export async function get(ctx: AppContext, caller: Caller, id: number): Promise<FeedbackDetailDto> {
  const r = await repo.findFeedback(ctx.database.db, caller.facilityId, id);
  if (!r) throw notFound(FEEDBACK_MESSAGES.notFound);
  return toDetail(r);
}

export async function users(ctx: AppContext, caller: Caller, q: FeedbackUsersQuery) {
  const { rows, total } = await repo.feedbackUsers(ctx.database.db, caller.facilityId, q, q.page, q.size);
  const out: FeedbackUserRowDto[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    phone: maskPhone(r.phone),
    feedbacks: r.feedbacks,
    complaints: r.complaints,
    averageOverall: r.averageOverall === null ? null : Number(r.averageOverall),
    lastFeedbackAt: iso(r.lastFeedbackAt)!,
  }));
  return pageOf(out, total, q);
}

/** One reply to the patient: stored as plain text, the patient told through FEEDBACK_REPLIED (once per feedback). */
export async function reply(ctx: AppContext, caller: Caller, id: number, text: string): Promise<FeedbackDetailDto> {
  await ctx.database.transaction(async (tx) => {
    const f = await repo.findFeedback(tx, caller.facilityId, id, true);
    if (!f) throw notFound(FEEDBACK_MESSAGES.notFound);
    const problem = actionProblem({ complaint: f.complaint, status: f.status, replied: f.replied }, 'reply');
    if (problem) throw conflict(problem);
    await repo.setReply(tx, caller.facilityId, id, caller.accountId, text);
    await notifyEvent(tx, caller.facilityId, 'FEEDBACK_REPLIED', {
      userId: f.ownerId,
      ref: `feedback:${id}`,
      values: { ho_ten: f.patientName, ma_lich: f.bookingCode, ngay_kham: formatDate(f.visitDate), khoa: f.departmentName },
      link: `/danh-gia/${id}`,
    });
    await recordWrite(ctx, tx, caller, {
      audit: { action: 'FEEDBACK_REPLY', entity, entityId: id, before: { replied: false }, after: { replyText: text } },
    });
  });
  return get(ctx, caller, id);
}

/** A complaint handled: NEW → HANDLED, with what was done (kept for the managers). */
export async function handled(ctx: AppContext, caller: Caller, id: number, note: string | undefined): Promise<FeedbackDetailDto> {
  await ctx.database.transaction(async (tx) => {
    const f = await repo.findFeedback(tx, caller.facilityId, id, true);
    if (!f) throw notFound(FEEDBACK_MESSAGES.notFound);
    const state = { complaint: f.complaint, status: f.status, replied: f.replied };
    const problem = actionProblem(state, 'handle');
    if (problem) throw conflict(problem);
    const status = statusAfter(state, 'handle')!;
    await repo.setHandled(tx, caller.facilityId, id, caller.accountId, note || null, status);
    await recordWrite(ctx, tx, caller, {
      audit: { action: 'FEEDBACK_HANDLED', entity, entityId: id, before: { status: f.status }, after: { status, note: note || null } },
    });
  });
  return get(ctx, caller, id);
}

// ——— Excel of the list ———

const EXPORT_BATCH = 2_000;
const col = (header: string, width = 14) => ({ header, width });

/** The title row: what, the period and the filters. */
async function listTitle(ctx: AppContext, caller: Caller, f: FeedbackFilters): Promise<string> {
  const found = await names(ctx.database.db, caller.facilityId, {
    department: f.departmentId === undefined ? [] : [f.departmentId],
    doctor: f.doctorId === undefined ? [] : [f.doctorId],
    specialty: [],
    room: [],
  });
  const parts = ['Phản hồi của bệnh nhân'];
  if (f.from && f.to) parts[0] += ` từ ${formatDate(f.from)} đến ${formatDate(f.to)}`;
  else if (f.from) parts[0] += ` từ ${formatDate(f.from)}`;
  else if (f.to) parts[0] += ` đến ${formatDate(f.to)}`;
  if (f.departmentId !== undefined) parts.push(`Khoa: ${found.get(`department:${f.departmentId}`) ?? ''}`);
  if (f.doctorId !== undefined) parts.push(`Bác sĩ: ${found.get(`doctor:${f.doctorId}`) ?? ''}`);
  if (f.stars) parts.push(`Số sao: ${f.stars === 'LOW' ? '≤ 2' : f.stars}`);
  if (f.kind) parts.push(FEEDBACK_KIND_LABELS[f.kind]);
  if (f.q) parts.push(`Từ khoá: ${f.q}`);
  return parts.join(' · ');
}

/** The filtered list as an .xlsx written while it is read (keyset batches); it names patients, so it is audited. */
export async function exportList(ctx: AppContext, caller: Caller, f: FeedbackFilters): Promise<{ stream: Readable; fileName: string }> {
  await checkFilters(ctx, caller, f);
  const title = await listTitle(ctx, caller, f);
  await audit(ctx.database.db, caller, { action: 'EXPORT', entity, after: { filters: f } });
  const batches = keysetRows(
    (after: { mark: string; id: number } | undefined) => repo.feedbackBatch(ctx.database.db, caller.facilityId, f, after, EXPORT_BATCH),
    (r) => ({ mark: r.mark, id: r.id }),
    EXPORT_BATCH,
  );
  async function* rows() {
    for await (const r of batches) {
      yield [
        formatDateTime(iso(r.createdAt)),
        r.bookingCode,
        formatDate(r.visitDate),
        r.patientName,
        r.patientCode,
        maskPhone(r.phone),
        r.departmentName,
        r.doctorName,
        r.overall,
        r.doctor ?? '',
        r.reception ?? '',
        r.waiting ?? '',
        r.cleanliness ?? '',
        r.comment,
        r.complaint ? 'Có' : 'Không',
        r.status ? FEEDBACK_STATUS_LABELS[r.status] : '',
        r.replied ? 'Đã trả lời' : '',
      ];
    }
  }
  const stream = streamWorkbook([
    {
      name: 'Phản hồi',
      title,
      columns: [
        col('Ngày gửi', 17),
        col('Mã lịch', 16),
        col('Ngày khám', 12),
        col('Bệnh nhân', 26),
        col('Mã bệnh nhân', 14),
        col('Điện thoại', 13),
        col('Khoa', 24),
        col('Bác sĩ', 26),
        ...FEEDBACK_CRITERIA.map((c) => col(FEEDBACK_CRITERION_LABELS[c], 12)),
        col('Nhận xét', 50),
        col('Khiếu nại', 10),
        col('Xử lý', 12),
        col('Trả lời', 12),
      ],
      rows: rows(),
    },
  ]);
  const stamp = f.from && f.to ? `-${f.from}-den-${f.to}` : '';
  return { stream, fileName: `phan-hoi-benh-nhan${stamp}.xlsx` };
}

// ——— the patient app ———

/** The audit's actor of a patient's own action: no staff account, the patient account named instead. */
const patientOrigin = (p: PatientCaller): Origin => ({ address: p.address, userAgent: null, auth: null, log: { info() {}, warn() {} } });

function toMine(r: repo.MyFeedbackRow): MyFeedbackDto {
  return {
    id: r.id,
    bookingId: r.bookingId,
    bookingCode: r.bookingCode,
    visitDate: r.visitDate,
    patientName: r.patientName,
    doctorName: r.doctorName,
    departmentName: r.departmentName,
    ratings: ratingsOf(r),
    comment: r.comment,
    complaint: r.complaint,
    status: r.status,
    reply: r.replyText === null ? null : { text: r.replyText, at: iso(r.repliedAt)! },
    createdAt: iso(r.createdAt)!,
  };
}

/** The first day a visit may still be rated, today. */
const windowStart = (now = new Date()) => addDays(todayVn(now), -FEEDBACK_WINDOW_DAYS);

/**
 * A patient rates a finished visit of the account, once: a booking of another account or facility is a 404 (never
 * told apart), one not finished or older than the window a 409, a second feedback a 409.
 */
export async function send(ctx: AppContext, p: PatientCaller, b: FeedbackBodyParsed): Promise<MyFeedbackDto> {
  let id: number;
  try {
    id = await ctx.database.transaction(async (tx) => {
      const v = await repo.findOwnVisit(tx, p.facilityId, p.userId, b.bookingId);
      if (!v) throw notFound(FEEDBACK_MESSAGES.visitNotFound);
      if (await repo.bookingRated(tx, p.facilityId, v.id)) throw conflict(FEEDBACK_MESSAGES.already);
      if (v.status !== 'DONE') throw conflict(FEEDBACK_MESSAGES.notDone);
      if (v.date < windowStart()) throw conflict(fmt(FEEDBACK_MESSAGES.tooLate, { days: FEEDBACK_WINDOW_DAYS }));
      const complaint = isComplaint(b.ratings, b.complaint);
      const newId = await repo.insertFeedback(tx, {
        facilityId: p.facilityId,
        bookingId: v.id,
        userId: p.userId,
        medicalProfileId: v.medicalProfileId,
        doctorId: v.doctorId,
        departmentId: v.departmentId,
        visitDate: v.date,
        ratings: b.ratings,
        comment: b.comment,
        complaintTicked: b.complaint,
        complaint,
        status: initialStatus(complaint),
        searchText: normalizeText(`${b.comment} ${v.patientName} ${v.phone} ${v.patientCode} ${v.code}`),
      });
      await recordWrite(ctx, tx, patientOrigin(p), {
        audit: {
          action: 'APP_FEEDBACK',
          entity,
          entityId: newId,
          facilityId: p.facilityId,
          actorId: null,
          actorUsername: `patient:${p.userId}`,
          after: { bookingId: v.id, ratings: b.ratings, complaint },
        },
      });
      return newId;
    });
  } catch (err) {
    // two sends of the same visit at once: the unique key refuses the second
    const pg = pgErrorOf(err);
    if (pg?.code === PG.uniqueViolation && pg.constraint === 'patient_feedbacks_booking_uq') throw conflict(FEEDBACK_MESSAGES.already);
    throw err;
  }
  return toMine((await repo.findMine(ctx.database.db, p.facilityId, p.userId, id))!);
}

export async function mine(ctx: AppContext, p: PatientCaller, q: { page: number; size: number }) {
  const { rows, total } = await repo.myFeedbacks(ctx.database.db, p.facilityId, p.userId, q.page, q.size);
  return pageOf(rows.map(toMine), total, q);
}

export async function pending(ctx: AppContext, p: PatientCaller): Promise<PendingVisitDto[]> {
  const since = windowStart();
  const found = await repo.pendingVisits(ctx.database.db, p.facilityId, p.userId, since);
  return found.map((r) => ({ ...r, rateBefore: addDays(r.visitDate, FEEDBACK_WINDOW_DAYS) }));
}
