import type { FastifyInstance } from 'fastify';
import { pageOf } from '@portal/shared/core/api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buildResult,
  copyWeekBody,
  dayOffBody,
  dayOffResult,
  SCHEDULE_LIVE_TOPIC,
  SCHEDULE_MESSAGES as M,
  scheduleCreateBody,
  scheduleList,
  scheduleLogPage,
  scheduleLogQuery,
  scheduleOne,
  SCHEDULE_OPTION_KINDS,
  scheduleOptionPage,
  scheduleOptionsQuery,
  scheduleRangeQuery,
  SCHEDULES_PATH,
  scheduleSlotList,
  scheduleSlotOne,
  scheduleUpdateBody,
  slotUpdateBody,
  WORK_TIME_PATH,
  workTimeList,
} from '@portal/shared/contracts/schedules.contract';
import { SHIFTS } from '@portal/shared/rules/schedule';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { defineLiveTopic } from '../../core/live';
import { errorResponses } from '../../core/openapi';
import { findLinkOptions } from '../doctors/doctors.repository';
import { scheduleFixtureRoutes } from './schedules-fixtures.routes';
import { findDoctorRooms } from './schedules.repository';
import { schedulesService } from './schedules.service';

defineLiveTopic(SCHEDULE_LIVE_TOPIC, 'MANAGER_SCHEDULE');

const idParam = z
  .string()
  .regex(/^\d{1,9}$/, 'Mã không hợp lệ')
  .transform(Number);
const idParams = z.object({ id: idParam });
const slotParams = z.object({ id: idParam, slotId: idParam });
const tags = ['Lịch làm việc bác sĩ'];
const write = { access: 'MANAGER_SCHEDULE' as const };
// Reading the calendar: the schedulers, and the front desk that books into it.
const read = { access: ['MANAGER_SCHEDULE', 'MANAGER_APPOINTMENT'] as const };

/** Doctors' work schedules (/admin/lich-lam-viec-bac-si); docs/schedules.md. */
export async function scheduleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = schedulesService(ctx);
  const P = SCHEDULES_PATH;

  r.get(P, {
    config: read,
    schema: {
      tags,
      summary: 'Lịch làm việc: các ca trong khoảng ngày (tối đa 62 ngày), lọc theo bác sĩ / phòng / khoa, kèm tổng chỗ và số đã đặt',
      querystring: scheduleRangeQuery,
      response: { 200: scheduleList, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      return { code: 0 as const, data: await svc.list(caller(req), req.query) };
    },
  });

  r.post(P, {
    config: write,
    schema: {
      tags,
      summary: 'Lịch làm việc: xếp lịch theo khoảng ngày, thứ trong tuần và ca; chia khung giờ',
      body: scheduleCreateBody,
      response: { 200: buildResult, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const data = await svc.create(caller(req), req.body);
      return { code: 0 as const, message: M.created(data.created), data };
    },
  });

  r.post(`${P}/copy-week`, {
    config: write,
    schema: {
      tags,
      summary: 'Lịch làm việc: sao chép một tuần sang tuần khác',
      body: copyWeekBody,
      response: { 200: buildResult, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (req) => {
      const data = await svc.copyWeek(caller(req), req.body);
      return { code: 0 as const, message: M.copied(data.created), data };
    },
  });

  r.post(`${P}/day-off`, {
    config: write,
    schema: {
      tags,
      summary: 'Lịch làm việc: cho bác sĩ nghỉ (xoá lịch theo thời gian); từ chối khi còn lịch đặt khám giữ chỗ',
      body: dayOffBody,
      response: { 200: dayOffResult, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const data = await svc.dayOff(caller(req), req.body);
      return { code: 0 as const, message: M.dayOff(data.removed), data };
    },
  });

  r.get(`${P}/logs`, {
    config: write,
    schema: {
      tags,
      summary: 'Lịch làm việc: nhật ký thay đổi (phân trang, lọc theo bác sĩ, khoảng ngày)',
      querystring: scheduleLogQuery,
      response: { 200: scheduleLogPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const q = req.query;
      const { rows, total } = await svc.logs(caller(req), q);
      return pageOf(rows, total, q);
    },
  });

  r.get(`${P}/:id/time-slots`, {
    config: read,
    schema: {
      tags,
      summary: 'Lịch làm việc: các khung giờ của một ca',
      params: idParams,
      response: { 200: scheduleSlotList, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      return { code: 0 as const, data: await svc.slots(caller(req), req.params.id) };
    },
  });

  r.put(`${P}/:id`, {
    config: write,
    schema: {
      tags,
      summary: 'Lịch làm việc: đổi số lượt mỗi khung giờ và/hoặc ghi chú của một ca',
      params: idParams,
      body: scheduleUpdateBody,
      response: { 200: scheduleOne, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({ code: 0 as const, message: M.updated, data: await svc.update(caller(req), req.params.id, req.body) }),
  });

  r.put(`${P}/:id/time-slots/:slotId`, {
    config: write,
    schema: {
      tags,
      summary: 'Lịch làm việc: đổi số lượt khám của một khung giờ (không nhỏ hơn số đã đặt)',
      params: slotParams,
      body: slotUpdateBody,
      response: { 200: scheduleSlotOne, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({
      code: 0 as const,
      message: M.slotUpdated,
      data: await svc.updateSlot(caller(req), req.params.id, req.params.slotId, req.body.capacity),
    }),
  });

  r.delete(`${P}/:id`, {
    config: write,
    schema: {
      tags,
      summary: 'Lịch làm việc: xoá một ca; từ chối khi còn lịch đặt khám giữ chỗ',
      params: idParams,
      response: { 200: scheduleOne, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({ code: 0 as const, message: M.deleted, data: await svc.remove(caller(req), req.params.id) }),
  });

  r.get(`${P}/options/:kind`, {
    config: read,
    schema: {
      tags,
      summary: 'Lịch làm việc: khoa / phòng khám cho bộ lọc và biểu mẫu (phân trang); doctorId = các phòng bác sĩ làm việc',
      params: z.object({ kind: z.enum(SCHEDULE_OPTION_KINDS, { message: 'Loại danh mục không hợp lệ' }) }),
      querystring: scheduleOptionsQuery,
      response: { 200: scheduleOptionPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const q = req.query;
      const facilityId = caller(req).facilityId;
      if (req.params.kind === 'rooms' && q.filters.doctorId !== undefined) {
        const data = await findDoctorRooms(ctx.database.db, facilityId, q.filters.doctorId as number);
        return { code: 0 as const, data, totalElements: data.length, totalPage: 1, page: 0, size: data.length };
      }
      const { rows, total } = await findLinkOptions(ctx.database.db, req.params.kind, facilityId, q);
      return pageOf(
        rows.map(({ id, code, name }) => ({ id, code, name })),
        total,
        q,
      );
    },
  });

  r.get(WORK_TIME_PATH, {
    config: { access: 'signed-in' },
    schema: { tags, summary: 'Ca làm việc của cơ sở (sáng, chiều, tối)', response: { 200: workTimeList, ...errorResponses(401) } },
    handler: async () => ({ code: 0 as const, data: Object.entries(SHIFTS).map(([key, s]) => ({ key, label: s.label, start: s.start, end: s.end })) }),
  });

  if (ctx.config.ENABLE_TEST_FIXTURES) await scheduleFixtureRoutes(app, ctx);
}
