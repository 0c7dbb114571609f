import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pageOf } from '@portal/shared/core/api';
import {
  type EnrolBody,
  type EnrolCandidateDto,
  MEMBER_MESSAGES as M,
  type MemberDetailDto,
  type MemberListQuery,
  type MemberRowDto,
  type SurveySettingDto,
} from '@portal/shared/contracts/clinic.contract';
import { fmt } from '@portal/shared/messages.vi';
import { CLINIC_PROGRAM_LABELS, CLINIC_PROGRAM_SURVEYS, type ClinicProgram } from '@portal/shared/rules/clinic-programs';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { keysetRows, streamWorkbook } from '../../core/crud/excel-stream';
import type { Executor } from '../../core/db';
import { badRequest, conflict, notFound } from '../../core/errors';
import { iso } from '../../core/sql';
import { recordWrite } from '../../core/write';
import { searchProfiles } from '../patients/lookup.service';
import * as repo from './clinic-members.repository';

/**
 * The private clinic's members (issue 20; docs/clinic.md): enrolment (one membership per patient app account, with
 * the profile of the person followed), the care programme and doctor in charge, activation with the reason kept, the
 * staff's note and the survey settings. Every change is one transaction with its audit row.
 */

const entity = 'clinic_member';
const EXPORT_BATCH = 500;

const named = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });

export function toRow(r: repo.MemberListRow): MemberRowDto {
  return {
    id: r.id,
    userId: r.userId,
    medicalProfileId: r.medicalProfileId,
    patientCode: r.patientCode,
    fullName: r.fullName,
    gender: r.gender,
    dateOfBirth: r.dateOfBirth,
    phone: r.phone,
    program: r.program,
    active: r.active,
    doctor: named(r.doctorId, r.doctorName),
    enrolledAt: iso(r.enrolledAt)!,
  };
}

/** What the list's search matches: the person's name, phones and patient code, without diacritics. */
export const memberSearchText = (p: repo.ProfileForEnrol) => normalizeText([p.fullName, p.patientCode, p.phone, p.accountPhone].filter(Boolean).join(' '));

export async function list(ctx: AppContext, caller: Caller, q: MemberListQuery) {
  const { page, size, ...f } = q;
  const r = await repo.memberPage(ctx.database.db, caller.facilityId, f, page, size);
  return pageOf(r.rows.map(toRow), r.total, { page, size });
}

async function detail(ex: Executor, facilityId: number, id: number): Promise<MemberDetailDto> {
  const r = await repo.findMember(ex, facilityId, id);
  if (!r) throw notFound(M.notFound);
  return {
    ...toRow(r),
    note: r.note,
    surveys: r.surveys,
    deactivationReason: r.deactivationReason,
    deactivatedAt: iso(r.deactivatedAt),
    enrolledBy: r.enrolledBy,
    updatedAt: iso(r.updatedAt)!,
    groups: await repo.groupsOfUser(ex, facilityId, r.userId),
  };
}

export const get = (ctx: AppContext, caller: Caller, id: number) => detail(ctx.database.db, caller.facilityId, id);

async function checkDoctor(ex: Executor, facilityId: number, doctorId: number | null | undefined) {
  if (doctorId && !(await repo.doctorExists(ex, facilityId, doctorId))) throw badRequest(M.doctorUnknown, [{ field: 'doctorId', message: M.doctorUnknown }]);
}

/** Enrols one profile's account in `tx` (the caller audits); 409 when the account is already a member. */
async function enrolIn(
  tx: Executor,
  caller: Caller,
  p: repo.ProfileForEnrol,
  v: { program: ClinicProgram; doctorId: number | null; note: string },
): Promise<number> {
  const id = await repo.insertMember(tx, {
    facilityId: caller.facilityId,
    userId: p.userId,
    medicalProfileId: p.id,
    program: v.program,
    doctorId: v.doctorId,
    note: v.note,
    surveys: CLINIC_PROGRAM_SURVEYS[v.program],
    searchText: memberSearchText(p),
    enrolledBy: caller.accountId,
  });
  if (!id) throw conflict(fmt(M.alreadyMember, { name: p.fullName }));
  return id;
}

export async function enrol(ctx: AppContext, caller: Caller, body: EnrolBody): Promise<MemberDetailDto> {
  return ctx.database.transaction(async (tx) => {
    const p = await repo.findProfile(tx, caller.facilityId, body.medicalProfileId);
    if (!p) throw notFound(M.profileNotFound);
    await checkDoctor(tx, caller.facilityId, body.doctorId);
    const id = await enrolIn(tx, caller, p, { program: body.program, doctorId: body.doctorId ?? null, note: body.note ?? '' });
    await recordWrite(ctx, tx, caller, {
      audit: {
        action: 'ENROL',
        entity,
        entityId: id,
        after: { userId: p.userId, medicalProfileId: p.id, program: body.program, doctorId: body.doctorId ?? null },
      },
    });
    return detail(tx, caller.facilityId, id);
  });
}

/** One change of a member: locked, applied, audited with before and after, all in one transaction. */
async function change(
  ctx: AppContext,
  caller: Caller,
  id: number,
  action: string,
  apply: (tx: Executor, m: repo.MemberDetailRow) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }>,
): Promise<MemberDetailDto> {
  return ctx.database.transaction(async (tx) => {
    const m = await repo.findMember(tx, caller.facilityId, id, true);
    if (!m) throw notFound(M.notFound);
    const { before, after } = await apply(tx, m);
    await recordWrite(ctx, tx, caller, { audit: { action, entity, entityId: id, before, after } });
    return detail(tx, caller.facilityId, id);
  });
}

export const setCare = (ctx: AppContext, caller: Caller, id: number, b: { program: ClinicProgram; doctorId: number | null }) =>
  change(ctx, caller, id, 'UPDATE_CARE', async (tx, m) => {
    await checkDoctor(tx, caller.facilityId, b.doctorId);
    await repo.updateMember(tx, caller.facilityId, id, sql`program = ${b.program}, doctor_id = ${b.doctorId}`);
    return { before: { program: m.program, doctorId: m.doctorId }, after: b };
  });

export const setActivation = (ctx: AppContext, caller: Caller, id: number, b: { active: boolean; reason?: string }) =>
  change(ctx, caller, id, b.active ? 'ACTIVATE' : 'DEACTIVATE', async (tx, m) => {
    if (m.active === b.active) throw conflict(M.sameState);
    await repo.updateMember(
      tx,
      caller.facilityId,
      id,
      b.active ? sql`active = true` : sql`active = false, deactivation_reason = ${b.reason ?? ''}, deactivated_at = now()`,
    );
    return { before: { active: m.active }, after: { active: b.active, ...(b.active ? {} : { reason: b.reason }) } };
  });

export const setNote = (ctx: AppContext, caller: Caller, id: number, note: string) =>
  change(ctx, caller, id, 'UPDATE_NOTE', async (tx, m) => {
    await repo.updateMember(tx, caller.facilityId, id, sql`note = ${note}`);
    return { before: { note: m.note }, after: { note } };
  });

export const setSurveys = (ctx: AppContext, caller: Caller, id: number, surveys: SurveySettingDto[]) =>
  change(ctx, caller, id, 'UPDATE_SURVEYS', async (tx, m) => {
    await repo.updateMember(tx, caller.facilityId, id, sql`surveys = ${JSON.stringify(surveys)}::jsonb`);
    return { before: { surveys: m.surveys }, after: { surveys } };
  });

/** Patients to enrol: the patients screen's profile search, each with its membership if any. */
export async function candidates(ctx: AppContext, caller: Caller, q: string, page: number, size: number) {
  const found = await searchProfiles(ctx, caller, q, page, size);
  const members = await repo.membersOfUsers(ctx.database.db, caller.facilityId, [...new Set(found.data.map((p) => p.userId))]);
  const data: EnrolCandidateDto[] = found.data.map((p) => ({
    medicalProfileId: p.id,
    userId: p.userId,
    patientCode: p.patientCode,
    fullName: p.fullName,
    dateOfBirth: p.birthDate,
    gender: p.gender,
    phone: p.phone,
    memberId: members.get(p.userId) ?? null,
  }));
  return pageOf(data, found.total, { page, size });
}

export async function byPatientCode(ctx: AppContext, caller: Caller, code: string): Promise<EnrolCandidateDto> {
  const [p] = await repo.profilesByCodes(ctx.database.db, caller.facilityId, [code.trim().toUpperCase()]);
  if (!p) throw notFound(M.patientCodeNotFound);
  const members = await repo.membersOfUsers(ctx.database.db, caller.facilityId, [p.userId]);
  return {
    medicalProfileId: p.id,
    userId: p.userId,
    patientCode: p.patientCode,
    fullName: p.fullName,
    dateOfBirth: p.dateOfBirth,
    gender: p.gender,
    phone: p.phone ?? p.accountPhone,
    memberId: members.get(p.userId) ?? null,
  };
}

export async function doctors(ctx: AppContext, caller: Caller, q: { q?: string; page: number; size: number }) {
  const r = await repo.doctorOptions(ctx.database.db, caller.facilityId, q.q, q.page, q.size);
  return pageOf(r.rows, r.total, q);
}

/** The filtered list as an .xlsx written while it is read; it names patients, so it is audited. */
export async function exportList(ctx: AppContext, caller: Caller, f: repo.MemberFilter): Promise<{ stream: Readable; fileName: string }> {
  await audit(ctx.database.db, caller, { action: 'EXPORT', entity, facilityId: caller.facilityId, after: { filters: f } });
  const batches = keysetRows(
    (after: number | undefined) => repo.memberBatch(ctx.database.db, caller.facilityId, f, after, EXPORT_BATCH),
    (r) => r.id,
    EXPORT_BATCH,
  );
  async function* rowsOf() {
    for await (const r of batches) {
      yield [
        r.patientCode,
        r.fullName,
        r.dateOfBirth ? formatDate(r.dateOfBirth) : '',
        r.gender === 'MALE' ? 'Nam' : r.gender === 'FEMALE' ? 'Nữ' : '',
        r.phone ?? '',
        CLINIC_PROGRAM_LABELS[r.program],
        r.doctorName ?? '',
        r.active ? 'Đang hoạt động' : 'Ngừng kích hoạt',
        formatDateTime(iso(r.enrolledAt)),
        r.note,
      ];
    }
  }
  const parts = ['Thành viên phòng khám'];
  if (f.program) parts.push(`Chương trình: ${CLINIC_PROGRAM_LABELS[f.program]}`);
  if (f.active !== undefined) parts.push(f.active ? 'Đang hoạt động' : 'Ngừng kích hoạt');
  if (f.from || f.to) parts.push(`Ghi danh ${f.from ? `từ ${formatDate(f.from)} ` : ''}${f.to ? `đến ${formatDate(f.to)}` : ''}`.trim());
  if (f.q) parts.push(`Từ khoá: ${f.q}`);
  const col = (header: string, width = 16) => ({ header, width });
  const stream = streamWorkbook([
    {
      name: 'Thành viên',
      title: parts.join(' · '),
      columns: [
        col('Mã bệnh nhân', 14),
        col('Họ và tên', 28),
        col('Ngày sinh', 12),
        col('Giới tính', 10),
        col('Điện thoại', 14),
        col('Chương trình', 24),
        col('Bác sĩ phụ trách', 26),
        col('Trạng thái', 16),
        col('Ghi danh lúc', 17),
        col('Ghi chú', 40),
      ],
      rows: rowsOf(),
    },
  ]);
  return { stream, fileName: 'thanh-vien-phong-kham.xlsx' };
}

// the import lives in clinic-members.import.ts; it enrols through enrolIn
export { enrolIn };
