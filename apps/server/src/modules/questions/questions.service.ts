import { pageOf } from '@portal/shared/core/api';
import {
  QUESTION_LIVE_TOPIC,
  QUESTION_MESSAGES,
  type QuestionBulkResultDto,
  type QuestionCommentDto,
  type QuestionDetailDto,
  type QuestionListQuery,
  type QuestionRowDto,
  type QuestionStatisticsDto,
  type QuestionStatusCountsDto,
  type SpecialtyAskedDto,
} from '@portal/shared/contracts/questions.contract';
import { fmt } from '@portal/shared/messages.vi';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import { trimTrailingSlashes } from '@portal/shared/rules/paths';
import {
  ANSWER_TIME_BUCKETS,
  answerTiming,
  nextQuestionStatus,
  QUESTION_STATUSES,
  questionActionProblem,
  type QuestionAction,
  type QuestionStatus,
} from '@portal/shared/rules/question-status';
import type { Caller } from '../../core/caller';
import { sanitizeRichText } from '../../core/content';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, conflict, notFound } from '../../core/errors';
import { iso } from '../../core/sql';
import { recordWrite } from '../../core/write';
import { notifyEvent } from '../notifications/events.notify';
import { facilitySettings } from '../settings/settings.accessor';
import * as repo from './questions.repository';

/**
 * The moderators' side of the questions (issue 19; docs/questions.md). Every change is checked against the state
 * machine of rules/question-status, runs in one transaction with its audit row and the live event that moves every
 * open question screen of the facility, and the patient hears of an answer or a rejection through the notification
 * events (QUESTION_ANSWERED, QUESTION_REJECTED) in the same transaction.
 */

const entity = 'question';

export async function targetHours(ctx: AppContext, facilityId: number, ex?: Executor): Promise<number> {
  return (await facilitySettings(ctx, facilityId, ex)).QUESTION_ANSWER_HOURS;
}

const named = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });
const dateOf = (v: Date | string | null): Date | null => (v === null ? null : new Date(iso(v)!));

export function toRow(r: repo.QuestionListRow, target: number, now: Date): QuestionRowDto {
  const createdAt = dateOf(r.createdAt)!;
  const t = answerTiming({ status: r.status, askedAt: createdAt, answeredAt: dateOf(r.answeredAt) }, target, now);
  return {
    id: r.id,
    title: r.title,
    excerpt: r.excerpt,
    askerName: r.askerName,
    askerGender: r.askerGender,
    askerAge: r.askerAge,
    specialty: named(r.specialtyId, r.specialtyName),
    doctor: named(r.doctorId, r.doctorName),
    status: r.status,
    sensitive: r.sensitive,
    imageCount: r.imageCount,
    commentCount: r.commentCount,
    createdAt: createdAt.toISOString(),
    answeredAt: iso(r.answeredAt),
    dueAt: t.dueAt.toISOString(),
    timing: t.timing,
  };
}

function toDetail(r: repo.QuestionDetailRow, target: number, now: Date): QuestionDetailDto {
  const row = toRow(r, target, now);
  const answered = dateOf(r.answeredAt);
  return {
    ...row,
    content: r.content,
    imageUrls: r.imageUrls,
    asker: { userId: r.patientUserId, name: r.askerName, phone: r.askerPhone },
    rejectReason: r.rejectReason,
    answerHtml: r.answerHtml,
    answeredBy: r.answeredBy,
    answerUpdatedAt: iso(r.answerUpdatedAt),
    acceptedAt: iso(r.acceptedAt),
    acceptedBy: r.acceptedBy,
    answerHours: answered ? Math.round(((answered.getTime() - new Date(row.createdAt).getTime()) / 3_600_000) * 10) / 10 : null,
    version: r.version,
    updatedAt: iso(r.updatedAt)!,
  };
}

export async function list(ctx: AppContext, caller: Caller, q: QuestionListQuery) {
  const now = new Date();
  const target = await targetHours(ctx, caller.facilityId);
  const { rows, total } = await repo.questionPage(
    ctx.database.db,
    caller.facilityId,
    {
      q: q.q,
      status: q.status,
      specialtyId: q.specialtyId,
      doctorId: q.doctorId,
      sensitive: q.sensitive,
      overdueBefore: q.overdue ? new Date(now.getTime() - target * 3_600_000) : undefined,
      from: q.from,
      to: q.to,
    },
    q.page,
    q.size,
  );
  return pageOf(
    rows.map((r) => toRow(r, target, now)),
    total,
    q,
  );
}

async function detail(ctx: AppContext, ex: Executor, caller: Caller, id: number): Promise<QuestionDetailDto> {
  const r = await repo.findQuestion(ex, caller.facilityId, id);
  if (!r) throw notFound(QUESTION_MESSAGES.notFound);
  return toDetail(r, await targetHours(ctx, caller.facilityId, ex), new Date());
}

export const get = (ctx: AppContext, caller: Caller, id: number) => detail(ctx, ctx.database.db, caller, id);

const live = (facilityId: number, type: string, id: number, status: QuestionStatus) => ({
  facilityId,
  topic: QUESTION_LIVE_TOPIC,
  type,
  id,
  data: { status },
});

/** Locks the question, checks `action` from its status, applies `change` and records it; answers the question as it is then. */
async function transition(
  ctx: AppContext,
  caller: Caller,
  id: number,
  action: QuestionAction,
  change: (tx: Executor, q: repo.QuestionDetailRow) => Promise<Record<string, unknown> | null>,
): Promise<QuestionDetailDto> {
  await ctx.database.transaction(async (tx) => {
    const q = await repo.findQuestion(tx, caller.facilityId, id, true);
    if (!q) throw notFound(QUESTION_MESSAGES.notFound);
    const problem = questionActionProblem(action, q.status);
    if (problem) throw conflict(problem);
    const after = await change(tx, q);
    if (after === null) return; // nothing changed: no audit row, no event
    const status = nextQuestionStatus(action, q.status, q.answeredAt !== null);
    await recordWrite(ctx, tx, caller, {
      audit: { action: action.toUpperCase(), entity, entityId: id, before: { status: q.status }, after: { status, ...after } },
      live: live(caller.facilityId, action, id, status),
    });
  });
  return get(ctx, caller, id);
}

export const accept = (ctx: AppContext, caller: Caller, id: number) =>
  transition(ctx, caller, id, 'accept', async (tx) => {
    await repo.acceptMany(tx, caller.facilityId, [id], caller.accountId);
    return {};
  });

/**
 * Accepts every question of `ids` that is new. An id that is not a question of the caller's facility refuses the whole
 * request (nothing accepted): a list mixing facilities is a mistake to fix, not to half-apply. A question of the facility
 * that is no longer new is reported in its result and left as it is.
 */
export async function bulkAccept(ctx: AppContext, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  const results = await ctx.database.transaction(async (tx) => {
    const statuses = await repo.lockStatuses(tx, caller.facilityId, unique);
    const foreign = unique.filter((id) => !statuses.has(id));
    if (foreign.length) {
      const message = fmt(QUESTION_MESSAGES.bulkForeign, { ids: foreign.slice(0, 10).join(', ') + (foreign.length > 10 ? '…' : '') });
      throw badRequest(message, [{ field: 'ids', message }]);
    }
    const out: QuestionBulkResultDto[] = unique.map((id) => {
      const status = statuses.get(id)!;
      const problem = questionActionProblem('accept', status);
      return problem ? { id, ok: false, status, message: problem } : { id, ok: true, status: 'ACCEPTED' };
    });
    const accepted = out.filter((r) => r.ok).map((r) => r.id);
    await repo.acceptMany(tx, caller.facilityId, accepted, caller.accountId);
    if (accepted.length) {
      await recordWrite(ctx, tx, caller, {
        audit: { action: 'ACCEPT_BULK', entity, entityId: accepted[0]!, after: { ids: accepted, status: 'ACCEPTED' } },
        live: { facilityId: caller.facilityId, topic: QUESTION_LIVE_TOPIC, type: 'accept', data: { ids: accepted } },
      });
    }
    return out;
  });
  const succeeded = results.filter((r) => r.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}

export const reject = (ctx: AppContext, caller: Caller, id: number, reason: string) =>
  transition(ctx, caller, id, 'reject', async (tx, q) => {
    await repo.setStatus(tx, caller.facilityId, id, 'REJECTED', reason);
    await notifyEvent(tx, caller.facilityId, 'QUESTION_REJECTED', {
      userId: q.patientUserId,
      ref: `question:${id}`,
      values: { ho_ten: q.askerName, tieu_de: q.title, ly_do: reason },
      link: `/hoi-dap/${id}`,
    });
    return { reason };
  });

export const hide = (ctx: AppContext, caller: Caller, id: number) =>
  transition(ctx, caller, id, 'hide', async (tx) => {
    await repo.setStatus(tx, caller.facilityId, id, 'HIDDEN');
    return {};
  });

export const unhide = (ctx: AppContext, caller: Caller, id: number) =>
  transition(ctx, caller, id, 'unhide', async (tx, q) => {
    await repo.setStatus(tx, caller.facilityId, id, q.answeredAt !== null ? 'ANSWERED' : 'ACCEPTED');
    return {};
  });

export const setSensitive = (ctx: AppContext, caller: Caller, id: number, sensitive: boolean) =>
  transition(ctx, caller, id, 'sensitivity', async (tx, q) => {
    if (q.sensitive === sensitive) return null;
    await repo.setSensitive(tx, caller.facilityId, id, sensitive);
    return { sensitive };
  });

export const assign = (ctx: AppContext, caller: Caller, id: number, specialtyId: number | null, doctorId: number | null) =>
  transition(ctx, caller, id, 'assign', async (tx, q) => {
    if (specialtyId !== null && !(await repo.specialtyExists(tx, caller.facilityId, specialtyId)))
      throw badRequest(QUESTION_MESSAGES.specialtyUnknown, [{ field: 'specialtyId', message: QUESTION_MESSAGES.specialtyUnknown }]);
    if (doctorId !== null && !(await repo.doctorExists(tx, caller.facilityId, doctorId)))
      throw badRequest(QUESTION_MESSAGES.doctorUnknown, [{ field: 'doctorId', message: QUESTION_MESSAGES.doctorUnknown }]);
    if (q.specialtyId === specialtyId && q.doctorId === doctorId) return null;
    await repo.setAssignment(tx, caller.facilityId, id, specialtyId, doctorId);
    return { specialtyId, doctorId };
  });

/**
 * The doctor's public answer, sanitised (a script is dropped, never stored). The first answer moves the question to
 * ANSWERED, starts its answer time and tells the patient; a later one edits it (409 when someone saved since the
 * version the editor opened).
 */
export const answer = (ctx: AppContext, caller: Caller, id: number, b: { answerHtml: string; doctorId?: number; version?: number }) =>
  transition(ctx, caller, id, 'answer', async (tx, q) => {
    if (b.version !== undefined && b.version !== q.version) throw conflict(QUESTION_MESSAGES.stale);
    const clean = sanitizeRichText(b.answerHtml, { field: 'answerHtml', label: 'Câu trả lời' });
    if (!clean.text.trim()) throw badRequest(QUESTION_MESSAGES.answerRequired, [{ field: 'answerHtml', message: QUESTION_MESSAGES.answerRequired }]);
    const doctorId = b.doctorId ?? q.doctorId;
    if (doctorId === null) throw badRequest(QUESTION_MESSAGES.doctorRequired, [{ field: 'doctorId', message: QUESTION_MESSAGES.doctorRequired }]);
    if (!(await repo.doctorExists(tx, caller.facilityId, doctorId)))
      throw badRequest(QUESTION_MESSAGES.doctorUnknown, [{ field: 'doctorId', message: QUESTION_MESSAGES.doctorUnknown }]);
    const first = q.answeredAt === null;
    await repo.setAnswer(tx, caller.facilityId, id, { html: clean.html, text: clean.text, doctorId, accountId: caller.accountId, first });
    if (first) {
      const doctor = await repo.findQuestion(tx, caller.facilityId, id);
      await notifyEvent(tx, caller.facilityId, 'QUESTION_ANSWERED', {
        userId: q.patientUserId,
        ref: `question:${id}`,
        values: {
          ho_ten: q.askerName,
          tieu_de: q.title,
          bac_si: doctorDisplayName({ name: doctor!.doctorName!, academicTitle: doctor!.doctorAcademicTitle, degree: doctor!.doctorDegree }),
        },
        link: `/hoi-dap/${id}`,
      });
    }
    return { doctorId, first, chars: clean.text.length };
  });

export async function comments(ctx: AppContext, caller: Caller, id: number): Promise<QuestionCommentDto[]> {
  const q = await repo.findQuestion(ctx.database.db, caller.facilityId, id);
  if (!q) throw notFound(QUESTION_MESSAGES.notFound);
  return (await repo.comments(ctx.database.db, caller.facilityId, id)).map((c) => ({ id: c.id, text: c.text, by: c.by, at: iso(c.at)! }));
}

export async function addComment(ctx: AppContext, caller: Caller, id: number, text: string): Promise<QuestionCommentDto> {
  const c = await ctx.database.transaction(async (tx) => {
    const q = await repo.findQuestion(tx, caller.facilityId, id, true);
    if (!q) throw notFound(QUESTION_MESSAGES.notFound);
    const commentId = await repo.insertComment(tx, caller.facilityId, id, caller.accountId, text);
    await recordWrite(ctx, tx, caller, {
      audit: { action: 'COMMENT', entity, entityId: id, after: { commentId } },
      live: live(caller.facilityId, 'comment', id, q.status),
    });
    return repo.commentById(tx, caller.facilityId, commentId);
  });
  return { id: c.id, text: c.text, by: c.by, at: iso(c.at)! };
}

export async function statistics(ctx: AppContext, caller: Caller, period: { from?: string; to?: string }): Promise<QuestionStatisticsDto> {
  const target = await targetHours(ctx, caller.facilityId);
  const r = await repo.statistics(ctx.database.db, caller.facilityId, period, target, new Date());
  const counts = { H24: r.h24, H48: r.h48, H72: r.h72, MORE: r.more };
  return {
    total: r.total,
    byStatus: Object.fromEntries(QUESTION_STATUSES.map((s) => [s, r[s]])) as Record<QuestionStatus, number>,
    answered: r.answered,
    answeredOnTime: r.onTime,
    overdue: r.overdue,
    sensitive: r.sensitive,
    answerTime: ANSWER_TIME_BUCKETS.map((b) => ({ bucket: b.key, label: b.label, count: counts[b.key] })),
    medianHours: r.median === null ? null : Math.round(Number(r.median) * 10) / 10,
    targetHours: target,
  };
}

export async function statusCounts(ctx: AppContext, caller: Caller, period: { from?: string; to?: string }): Promise<QuestionStatusCountsDto> {
  const target = await targetHours(ctx, caller.facilityId);
  const r = await repo.statusCounts(ctx.database.db, caller.facilityId, period, new Date(Date.now() - target * 3_600_000));
  const byStatus = Object.fromEntries(QUESTION_STATUSES.map((s) => [s, r.byStatus.find((x) => x.status === s)?.n ?? 0])) as Record<QuestionStatus, number>;
  return { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus, overdue: r.overdue };
}

export async function specializations(ctx: AppContext, caller: Caller, period: { from?: string; to?: string }): Promise<SpecialtyAskedDto[]> {
  return (await repo.specialtiesAsked(ctx.database.db, caller.facilityId, period)).map((r) => ({
    specialtyId: r.specialtyId,
    name: r.name ?? 'Chưa chọn chuyên khoa',
    total: r.total,
    answered: r.answered,
  }));
}

export async function options(
  ctx: AppContext,
  caller: Caller,
  kind: 'specialties' | 'doctors',
  q: { q?: string; specialtyId?: number; page: number; size: number },
) {
  const { rows, total } = await repo.options(
    ctx.database.db,
    caller.facilityId,
    kind,
    { needle: normalizeText(q.q) || undefined, specialtyId: q.specialtyId },
    q.page,
    q.size,
  );
  return pageOf(rows, total, q);
}

/** The link that opens the question in the patient app: the facility's app prefix + /hoi-dap/<id>. */
export async function deeplink(ctx: AppContext, caller: Caller, id: number) {
  const q = await repo.findQuestion(ctx.database.db, caller.facilityId, id);
  if (!q) throw notFound(QUESTION_MESSAGES.notFound);
  const prefix = trimTrailingSlashes((await facilitySettings(ctx, caller.facilityId)).APP_LINK_PREFIX);
  const path = `/hoi-dap/${id}`;
  return { url: `${prefix}${path}`, path };
}
