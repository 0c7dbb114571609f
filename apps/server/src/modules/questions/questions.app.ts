import { pageOf } from '@portal/shared/core/api';
import { QUESTION_LIVE_TOPIC, QUESTION_MESSAGES, type MyQuestionDto, type PublicAnswerDto } from '@portal/shared/contracts/questions.contract';
import { formatAge } from '@portal/shared/rules/age';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import { askerSummary } from '@portal/shared/rules/question-status';
import { audit } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { badRequest, notFound } from '../../core/errors';
import { iso } from '../../core/sql';
import { actor, asOrigin, type PatientCaller } from '../patient-app/patient-app.service';
import { facilityIdByCode } from '../settings/settings.repository';
import * as repo from './questions.repository';

/**
 * The patient app's side of the questions (issue 19): a signed-in patient asks and reads their own questions; anyone
 * reads the public answers — answered, not sensitive, and without the asker's name, phone or account.
 */

const named = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });

function mine(r: repo.QuestionDetailRow): MyQuestionDto {
  // a hidden question was answered (or accepted) for the patient: hiding only takes it off the public page
  const status = r.status === 'HIDDEN' ? (r.answeredAt ? 'ANSWERED' : 'ACCEPTED') : r.status;
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    imageUrls: r.imageUrls,
    specialty: named(r.specialtyId, r.specialtyName),
    status,
    rejectReason: r.status === 'REJECTED' ? r.rejectReason : null,
    answerHtml: r.answeredAt ? r.answerHtml : null,
    doctor: r.answeredAt ? named(r.doctorId, r.doctorName) : null,
    answeredAt: iso(r.answeredAt),
    createdAt: iso(r.createdAt)!,
  };
}

/** Whole years of a birth date today (+07:00), or null. */
function ageOf(birthDate: string | null): number | null {
  if (!birthDate) return null;
  const m = /^(\d+) tuổi/.exec(formatAge(birthDate));
  return m ? Number(m[1]) : 0;
}

export async function ask(
  ctx: AppContext,
  p: PatientCaller,
  b: { title: string; content: string; age?: number | null; gender?: 'MALE' | 'FEMALE' | null; specialtyId?: number | null; imageUrls: string[] },
): Promise<MyQuestionDto> {
  const id = await ctx.database.transaction(async (tx) => {
    if (b.specialtyId != null && !(await repo.specialtyExists(tx, p.facilityId, b.specialtyId)))
      throw badRequest(QUESTION_MESSAGES.specialtyUnknown, [{ field: 'specialtyId', message: QUESTION_MESSAGES.specialtyUnknown }]);
    const profile = await repo.askerProfile(tx, p.facilityId, p.userId);
    const newId = await repo.insertQuestion(tx, p.facilityId, {
      patientUserId: p.userId,
      askerName: profile?.name ?? p.name,
      askerGender: b.gender ?? profile?.gender ?? null,
      askerAge: b.age ?? ageOf(profile?.birthDate ?? null),
      title: b.title,
      content: b.content,
      imageUrls: [...new Set(b.imageUrls)],
      specialtyId: b.specialtyId ?? null,
      searchText: normalizeText(`${b.title} ${b.content}`),
    });
    await audit(tx, asOrigin(p), {
      action: 'ASK',
      entity: 'question',
      entityId: newId,
      facilityId: p.facilityId,
      ...actor(p.userId),
      after: { title: b.title },
    });
    await ctx.live.publish(tx, { facilityId: p.facilityId, topic: QUESTION_LIVE_TOPIC, type: 'created', id: newId, data: { status: 'NEW' } });
    return newId;
  });
  return one(ctx, p, id);
}

export async function one(ctx: AppContext, p: PatientCaller, id: number): Promise<MyQuestionDto> {
  const { rows } = await repo.userQuestions(ctx.database.db, p.facilityId, p.userId, 0, 1, id);
  if (!rows[0]) throw notFound(QUESTION_MESSAGES.notFound);
  return mine(rows[0]);
}

export async function list(ctx: AppContext, p: PatientCaller, q: { page: number; size: number }) {
  const { rows, total } = await repo.userQuestions(ctx.database.db, p.facilityId, p.userId, q.page, q.size);
  return pageOf(rows.map(mine), total, q);
}

function publicAnswer(r: repo.QuestionDetailRow): PublicAnswerDto {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    asker: askerSummary(r.askerGender, r.askerAge),
    specialty: named(r.specialtyId, r.specialtyName),
    doctor:
      r.doctorId === null || r.doctorName === null
        ? null
        : {
            id: r.doctorId,
            name: r.doctorName,
            title: doctorDisplayName({ name: r.doctorName, academicTitle: r.doctorAcademicTitle, degree: r.doctorDegree }),
          },
    answerHtml: r.answerHtml ?? '',
    answeredAt: iso(r.answeredAt)!,
    createdAt: iso(r.createdAt)!,
  };
}

async function facilityOf(ctx: AppContext, code: string): Promise<number> {
  const id = await facilityIdByCode(ctx.database.db, code);
  if (id === null) throw notFound(QUESTION_MESSAGES.facilityNotFound);
  return id;
}

export async function publicList(ctx: AppContext, q: { facilityCode: string; q?: string; specialtyId?: number; page: number; size: number }) {
  const facilityId = await facilityOf(ctx, q.facilityCode);
  const { rows, total } = await repo.publicPage(ctx.database.db, facilityId, { q: q.q, specialtyId: q.specialtyId }, q.page, q.size);
  return pageOf(rows.map(publicAnswer), total, q);
}

export async function publicGet(ctx: AppContext, facilityCode: string, id: number): Promise<PublicAnswerDto> {
  const facilityId = await facilityOf(ctx, facilityCode);
  const r = await repo.publicOne(ctx.database.db, facilityId, id);
  if (!r) throw notFound(QUESTION_MESSAGES.notFound);
  return publicAnswer(r);
}
