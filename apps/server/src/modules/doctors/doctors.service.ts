import type { ListQuery } from '@portal/shared/core/list-query';
import {
  AVATAR_MAX_BYTES,
  AVATAR_PATH,
  type DoctorDetail,
  type DoctorInput,
  type DoctorRow,
  type DoctorSelectItem,
} from '@portal/shared/contracts/doctors.contract';
import { doctorResource } from '@portal/shared/resources';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import type { FieldError } from '@portal/shared/core/api';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, conflict, notFound } from '../../core/errors';
import { PG, isPgError } from '../../core/pg-errors';
import { exportWorkbook } from '../../core/crud/excel';
import type { Paged, ResourceHandler } from '../../core/crud/resource-handler';
import { checkImage, fileStore, type FileStore } from '../../core/uploads';
import { recordWrite } from '../../core/write';
import {
  avatarInUse,
  codeTaken,
  deleteDoctor,
  doctorOrder,
  doctorWhere,
  findDoctor,
  findDoctorOptions,
  findDoctorPage,
  findLinkTargets,
  findWorkHistory,
  insertDoctor,
  replaceDoctorLinks,
  updateDoctor,
  type DoctorRecord,
  type LinkKind,
} from './doctors.repository';

export type { DoctorInput };

const EXPORT_LIMIT = 50_000;
const ENTITY = doctorResource.name;

export const avatarUrl = (avatar: string | null) => (avatar ? `${AVATAR_PATH}/${avatar}` : null);
const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

export function toDoctorRow(r: DoctorRecord): DoctorRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    displayName: doctorDisplayName(r),
    gender: r.gender,
    dateOfBirth: r.dateOfBirth,
    academicTitle: r.academicTitle,
    degree: r.degree,
    position: r.position,
    phone: r.phone,
    email: r.email,
    biography: r.biography,
    avatarUrl: avatarUrl(r.avatar),
    departmentId: r.departmentId,
    department: r.department,
    specialtyIds: r.specialties.map((s) => s.id),
    specialties: r.specialties,
    roomIds: r.rooms.map((s) => s.id),
    rooms: r.rooms,
    active: r.active,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

const blank = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

/** The doctors row of a valid body, with its diacritics-free search text. */
export function doctorColumns(
  body: Pick<
    DoctorInput,
    'code' | 'name' | 'gender' | 'dateOfBirth' | 'academicTitle' | 'degree' | 'position' | 'phone' | 'email' | 'biography' | 'departmentId'
  >,
) {
  const name = body.name.trim();
  return {
    code: body.code,
    name,
    gender: body.gender,
    dateOfBirth: body.dateOfBirth ?? null,
    academicTitle: body.academicTitle ?? null,
    degree: body.degree,
    position: blank(body.position),
    phone: blank(body.phone),
    email: blank(body.email),
    biography: blank(body.biography),
    departmentId: body.departmentId,
    searchText: normalizeText(
      [body.code, doctorDisplayName({ name, academicTitle: body.academicTitle, degree: body.degree }), body.position, body.phone?.replace(/\D/g, '')]
        .filter(Boolean)
        .join(' '),
    ),
  };
}

/**
 * Department, specialties and rooms must be rows of the caller's facility, and active —
 * except links the doctor already had (a room closed later does not block editing the doctor).
 */
export async function linkErrors(
  ex: Executor,
  facilityId: number,
  body: Pick<DoctorInput, 'departmentId' | 'specialtyIds' | 'roomIds'>,
  before: Pick<DoctorDetail, 'departmentId' | 'specialtyIds' | 'roomIds'> | null,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const check = async (kind: LinkKind, field: string, ids: number[], had: number[], message: string) => {
    const found = await findLinkTargets(ex, kind, facilityId, ids);
    const bad = ids.filter((id) => !found.has(id) || (found.get(id) === false && !had.includes(id)));
    if (bad.length) errors.push({ field, message });
  };
  await check('departments', 'departmentId', [body.departmentId], before ? [before.departmentId] : [], 'Khoa không tồn tại hoặc đã ngừng hoạt động');
  await check('specialties', 'specialtyIds', body.specialtyIds, before?.specialtyIds ?? [], 'Có chuyên khoa không tồn tại hoặc đã ngừng hoạt động');
  await check('rooms', 'roomIds', body.roomIds, before?.roomIds ?? [], 'Có phòng khám không tồn tại hoặc đã ngừng hoạt động');
  return errors;
}

export function doctorsService(ctx: AppContext) {
  const db = ctx.database.db;
  const avatars: FileStore = fileStore(ctx.config.dataDir, 'doctor-avatars');

  async function detail(ex: Executor, facilityId: number, id: number): Promise<DoctorDetail> {
    const r = await findDoctor(ex, facilityId, id);
    if (!r) throw notFound('Không tìm thấy bác sĩ');
    return { ...toDoctorRow(r), workHistory: await findWorkHistory(ex, id) };
  }

  async function checkLinks(ex: Executor, facilityId: number, body: DoctorInput, before: DoctorDetail | null) {
    const errors = await linkErrors(ex, facilityId, body, before);
    if (errors.length) throw badRequest(errors[0]!.message, errors);
  }

  async function checkCode(ex: Executor, facilityId: number, code: string, exceptId?: number) {
    if (await codeTaken(ex, facilityId, code, exceptId)) {
      const message = `Mã bác sĩ "${code}" đã tồn tại`;
      throw conflict(message, [{ field: 'code', message }]);
    }
  }

  const links = (body: DoctorInput) => ({
    specialtyIds: body.specialtyIds,
    roomIds: body.roomIds,
    workHistory: body.workHistory.map((p) => ({ from: p.from, to: p.to ?? null, place: p.place, position: blank(p.position) })),
  });
  const columns = doctorColumns;

  /** The handler of the doctors' generic routes (core/crud/resource-handler.ts), then the photo. */
  const handler = {
    async list(caller: Caller, q: ListQuery): Promise<Paged<DoctorRow>> {
      const { rows, total } = await findDoctorPage(
        db,
        doctorWhere(caller.facilityId, q),
        doctorOrder(q.sort, doctorResource.defaultSort),
        q.size,
        q.page * q.size,
      );
      return { rows: rows.map(toDoctorRow), total };
    },

    get: (caller: Caller, id: number) => detail(db, caller.facilityId, id),

    async create(caller: Caller, body: DoctorInput): Promise<DoctorDetail> {
      const facilityId = caller.facilityId;
      return ctx.database.transaction(async (tx) => {
        await checkCode(tx, facilityId, body.code);
        await checkLinks(tx, facilityId, body, null);
        const id = await insertDoctor(tx, facilityId, columns(body));
        await replaceDoctorLinks(tx, id, links(body));
        const after = await detail(tx, facilityId, id);
        await recordWrite(ctx, tx, caller, { audit: { action: 'CREATE', entity: ENTITY, entityId: id, after } });
        return after;
      });
    },

    async update(caller: Caller, id: number, body: DoctorInput): Promise<DoctorDetail> {
      const facilityId = caller.facilityId;
      return ctx.database.transaction(async (tx) => {
        const before = await detail(tx, facilityId, id);
        await checkCode(tx, facilityId, body.code, id);
        await checkLinks(tx, facilityId, body, before);
        await updateDoctor(tx, facilityId, id, columns(body));
        await replaceDoctorLinks(tx, id, links(body));
        const after = await detail(tx, facilityId, id);
        await recordWrite(ctx, tx, caller, { audit: { action: 'UPDATE', entity: ENTITY, entityId: id, before, after } });
        return after;
      });
    },

    async setActive(caller: Caller, id: number, active: boolean): Promise<DoctorDetail> {
      const facilityId = caller.facilityId;
      return ctx.database.transaction(async (tx) => {
        const before = await detail(tx, facilityId, id);
        await updateDoctor(tx, facilityId, id, { active });
        await recordWrite(ctx, tx, caller, {
          audit: { action: active ? 'ACTIVATE' : 'DEACTIVATE', entity: ENTITY, entityId: id, before: { active: before.active }, after: { active } },
        });
        return { ...before, active };
      });
    },

    /**
     * Deletes a doctor nobody refers to (links and working process go with it). Once schedules or
     * bookings refer to the doctor, their foreign keys refuse it: 409, deactivate instead.
     */
    async remove(caller: Caller, id: number): Promise<DoctorDetail> {
      const facilityId = caller.facilityId;
      let before: DoctorDetail | null = null;
      try {
        await ctx.database.transaction(async (tx) => {
          before = await detail(tx, facilityId, id);
          await deleteDoctor(tx, facilityId, id);
          await recordWrite(ctx, tx, caller, { audit: { action: 'DELETE', entity: ENTITY, entityId: id, before } });
        });
      } catch (e) {
        if (!isPgError(e, PG.foreignKeyViolation)) throw e;
        throw conflict(
          `Không thể xoá bác sĩ "${before!.displayName}" vì đang được dùng bởi lịch làm việc hoặc lịch đặt khám. Hãy ngừng hoạt động thay vì xoá.`,
        );
      }
      const gone = before as unknown as DoctorDetail;
      const photo = gone.avatarUrl?.split('/').pop() ?? null;
      await dropIfUnused(photo, null);
      return gone;
    },

    /** Stores the photo (type and size checked from its bytes), then points the doctor at it. */
    async setAvatar(caller: Caller, id: number, body: unknown): Promise<DoctorDetail> {
      const facilityId = caller.facilityId;
      await detail(db, facilityId, id); // 404 before anything is written
      const { bytes, kind } = checkImage(body, AVATAR_MAX_BYTES, 'ảnh đại diện');
      const name = await avatars.save(bytes, kind.ext);
      let old: string | null = null;
      const after = await ctx.database.transaction(async (tx) => {
        const r = await findDoctor(tx, facilityId, id);
        if (!r) throw notFound('Không tìm thấy bác sĩ');
        old = r.avatar;
        await updateDoctor(tx, facilityId, id, { avatar: name });
        await recordWrite(ctx, tx, caller, {
          audit: {
            action: 'UPDATE_AVATAR',
            entity: ENTITY,
            entityId: id,
            before: { avatar: r.avatar },
            after: { avatar: name, type: kind.mime, bytes: bytes.length },
          },
        });
        return detail(tx, facilityId, id);
      });
      await dropIfUnused(old, name);
      return after;
    },

    async removeAvatar(caller: Caller, id: number): Promise<DoctorDetail> {
      const facilityId = caller.facilityId;
      let old: string | null = null;
      const after = await ctx.database.transaction(async (tx) => {
        const r = await findDoctor(tx, facilityId, id);
        if (!r) throw notFound('Không tìm thấy bác sĩ');
        old = r.avatar;
        await updateDoctor(tx, facilityId, id, { avatar: null });
        await recordWrite(ctx, tx, caller, {
          audit: { action: 'REMOVE_AVATAR', entity: ENTITY, entityId: id, before: { avatar: r.avatar }, after: { avatar: null } },
        });
        return detail(tx, facilityId, id);
      });
      await dropIfUnused(old, null);
      return after;
    },

    readAvatar: (name: string) => avatars.read(name),

    /** The filtered list as .xlsx: the resource's columns (labels for codes, DD/MM/YYYY), names instead of ids. */
    async export(caller: Caller, q: ListQuery): Promise<Buffer> {
      const { rows } = await findDoctorPage(db, doctorWhere(caller.facilityId, q), doctorOrder(q.sort, doctorResource.defaultSort), EXPORT_LIMIT, 0);
      const shown = rows.map((r) => ({
        ...r,
        departmentId: r.department?.name ?? '',
        specialtyIds: r.specialties.map((s) => s.name).join(', '),
        roomIds: r.rooms.map((s) => s.name).join(', '),
      }));
      return exportWorkbook(ctx, caller, doctorResource, shown, { q });
    },

    /** The paged doctor dropdown of later screens (schedules, bookings): active doctors, the title in the name. */
    async options(caller: Caller, q: ListQuery): Promise<Paged<DoctorSelectItem>> {
      const where = doctorWhere(caller.facilityId, { q: q.q, filters: { ...q.filters, active: true } });
      const { rows, total } = await findDoctorOptions(
        db,
        where,
        doctorOrder(q.sort ?? { field: 'name', direction: 'asc' }, doctorResource.defaultSort),
        q.size,
        q.page * q.size,
      );
      const data: DoctorSelectItem[] = rows.map((r) => ({
        id: r.id,
        name: doctorDisplayName(r),
        fullName: r.name,
        code: r.code,
        departmentId: r.departmentId,
        departmentName: r.departmentName,
        avatarUrl: avatarUrl(r.avatar),
      }));
      return { rows: data, total };
    },
  } satisfies ResourceHandler<DoctorDetail | DoctorRow, DoctorInput> & Record<string, unknown>;
  return handler;

  /** Removes a replaced photo file once no doctor shows it any more. */
  async function dropIfUnused(old: string | null, current: string | null) {
    if (!old || old === current) return;
    if (!(await avatarInUse(db, old))) await avatars.remove(old);
  }
}

export type DoctorsService = ReturnType<typeof doctorsService>;
