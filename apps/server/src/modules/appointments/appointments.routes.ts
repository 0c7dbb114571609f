import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/core/api';
import { idFilter } from '@portal/shared/core/list-query';
import { isoDay } from '@portal/shared/core/iso-day';
import {
  BOOKING_LIVE_TOPIC,
  BOOKING_MESSAGES,
  BOOKING_SOURCE_LABELS,
  BOOKING_SOURCES,
  bookingDetail,
  bookingListQuery,
  bookingListResponse,
  bookingLogRow,
  bookingRow,
  bulkBody,
  type BookingListResponse,
  bulkResponse,
  callNextBody,
  createBookingBody,
  priorityBody,
  profileBody,
  reasonBody,
  sourceOption,
  syncSeqBody,
  timeSlotRow,
  timeSlotsQuery,
  updateBookingBody,
  userBookingsQuery,
  userBookingsResponse,
  workDayRow,
  workDaysQuery,
} from '@portal/shared/contracts/appointments.contract';
import { BOOKING_ACTION_LABELS } from '@portal/shared/rules/booking-status';
import { fmt } from '@portal/shared/messages.vi';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { defineLiveTopic } from '../../core/live';
import { errorResponses } from '../../core/openapi';
import {
  bookingDetail as readDetail,
  bookingLogs,
  bookingRow as readRow,
  doctorDaySlots,
  doctorWorkDays,
  listBookingsJson,
  roomQueue,
  syncCheckinSeq,
  todayVn,
  userBookings,
} from './appointments.queries';
import { createBooking } from './create.operation';
import { defineNoShowJob } from './no-show.job';
import { bulkAccept, callNext, transition, type StaffAction } from './transitions.operation';
import { changePriority, changeProfile, updateBooking } from './update.operation';
import { appointmentFixtureRoutes } from './appointments-fixtures.routes';

export const APPOINTMENT_PATH = '/api/appointment/v1';
const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Mã không hợp lệ')
    .transform(Number),
});
const dateParam = isoDay('Ngày');
const priorityQuery = z.object({ roomId: idFilter.optional(), scheduleId: idFilter.optional(), date: dateParam.optional() });
const one = envelope(bookingRow);

defineLiveTopic(BOOKING_LIVE_TOPIC, 'MANAGER_APPOINTMENT');

/** The route of each single transition and the message of its success. */
const TRANSITION_ROUTES: { path: string; action: StaffAction; reason: boolean }[] = [
  { path: 'accept', action: 'accept', reason: false },
  { path: 'reject', action: 'reject', reason: true },
  { path: 'checkin', action: 'checkin', reason: false },
  { path: 'called', action: 'call', reason: false },
  { path: 'complete', action: 'complete', reason: false },
  { path: 'cancel', action: 'cancel', reason: true },
  { path: 'revert', action: 'revert', reason: false },
];

/** Bookings (spec §4, §7, §8): the day list, new booking, detail, transitions, queue. */
export async function appointmentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = APPOINTMENT_PATH;
  const tags = ['Đặt khám'];
  const config = { access: 'MANAGER_APPOINTMENT' as const };
  const db = ctx.database.db;

  r.get(path, {
    config,
    schema: {
      tags,
      summary: 'Lịch đặt khám của một ngày (lọc, tìm không dấu) kèm số lượng theo trạng thái',
      querystring: bookingListQuery,
      response: { 200: bookingListResponse, ...errorResponses(400, 401, 403) },
    },
    handler: async (req, reply) => {
      // Built from typed rows (BookingRow), so its shape is the contract's (checked by the API tests
      // with bookingListResponse.parse); serialised by hand rather than through the response schema,
      // which costs more CPU than the query for 50 rows, and reused as is (docs/performance.md, bookings).
      const json = await listBookingsJson(ctx, caller(req), req.query);
      return reply.type('application/json; charset=utf-8').send(json as unknown as BookingListResponse);
    },
  });

  r.post(path, {
    config,
    schema: {
      tags,
      summary: 'Đặt khám mới (giữ chỗ trong khung giờ)',
      body: createBookingBody,
      response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const id = await createBooking(ctx, caller(req), req.body);
      return { code: 0 as const, message: BOOKING_MESSAGES.created, data: await readRow(db, caller(req).facilityId, id) };
    },
  });

  r.get(`${path}/sources`, {
    config,
    schema: { tags, summary: 'Nguồn đặt khám', response: { 200: envelope(z.array(sourceOption)), ...errorResponses(401, 403) } },
    handler: async () => ({ code: 0 as const, data: BOOKING_SOURCES.map((value) => ({ value, name: BOOKING_SOURCE_LABELS[value] })) }),
  });

  r.get(`${path}/time-slots`, {
    config,
    schema: {
      tags,
      summary: 'Khung giờ của bác sĩ trong ngày (còn trống, đã qua)',
      querystring: timeSlotsQuery,
      response: { 200: envelope(z.array(timeSlotRow)), ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => ({ code: 0 as const, data: await doctorDaySlots(ctx, caller(req), req.query.doctorId, req.query.date) }),
  });

  r.get(`${path}/work-days`, {
    config,
    schema: {
      tags,
      summary: 'Ngày làm việc của bác sĩ trong khoảng (số chỗ còn trống)',
      querystring: workDaysQuery,
      response: { 200: envelope(z.array(workDayRow)), ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => ({ code: 0 as const, data: await doctorWorkDays(ctx, caller(req), req.query.doctorId, req.query.from, req.query.to) }),
  });

  r.get(`${path}/priority`, {
    config,
    schema: {
      tags,
      summary: 'Hàng đợi của phòng khám trong ngày (đã tiếp đón, ưu tiên trước, theo số thứ tự)',
      querystring: priorityQuery,
      response: { 200: envelope(z.array(bookingRow)), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, data: await roomQueue(ctx, caller(req), req.query) }),
  });

  r.post(`${path}/sync-checkin-seq`, {
    config,
    schema: {
      tags,
      summary: 'Đồng bộ số thứ tự tiếp đón của phòng trong ngày',
      body: syncSeqBody,
      response: { 200: envelope(z.object({ roomId: z.number(), date: z.string(), lastNumber: z.number() })), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({
      code: 0 as const,
      message: 'Đã đồng bộ số thứ tự',
      data: { roomId: req.body.roomId, date: req.body.date, lastNumber: await syncCheckinSeq(ctx, caller(req), req.body.roomId, req.body.date) },
    }),
  });

  r.post(`${path}/called`, {
    config,
    schema: {
      tags,
      summary: 'Gọi bệnh nhân tiếp theo của phòng khám (đang chờ, ưu tiên trước, theo số thứ tự)',
      body: callNextBody,
      response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const called = await callNext(ctx, caller(req), req.body.roomId, req.body.date ?? todayVn());
      const row = await readRow(db, caller(req).facilityId, called.id);
      return {
        code: 0 as const,
        message: fmt(BOOKING_MESSAGES.calledNext, { queue: row.queueNumber ?? '', name: row.patient.name, room: row.room.name }),
        data: row,
      };
    },
  });

  r.post(`${path}/accept`, {
    config,
    schema: {
      tags,
      summary: 'Xác nhận nhiều lịch khám (kết quả từng lịch)',
      body: bulkBody,
      response: { 200: bulkResponse, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const data = await bulkAccept(ctx, caller(req), req.body.ids);
      return { code: 0 as const, message: `Đã xác nhận ${data.succeeded}/${data.results.length} lịch khám`, data };
    },
  });

  r.get(`${path}/users/:userId`, {
    // the front desk, and the staff who keep the patient accounts (the record screen lists them)
    config: { access: ['MANAGER_APPOINTMENT', 'MANAGER_USER'] as const },
    schema: {
      tags,
      summary: 'Lịch đặt khám của một tài khoản bệnh nhân (mới nhất trước, lọc theo hồ sơ)',
      params: z.object({
        userId: z
          .string()
          .regex(/^\d{1,9}$/, 'Mã không hợp lệ')
          .transform(Number),
      }),
      querystring: userBookingsQuery,
      response: { 200: userBookingsResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => userBookings(ctx, caller(req), req.params.userId, req.query),
  });

  r.get(`${path}/:id`, {
    config,
    schema: {
      tags,
      summary: 'Chi tiết lịch đặt khám (dịch vụ, nhật ký)',
      params: idParams,
      response: { 200: envelope(bookingDetail), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, data: await readDetail(ctx, caller(req), req.params.id) }),
  });

  r.get(`${path}/:id/logs`, {
    config,
    schema: {
      tags,
      summary: 'Nhật ký lịch đặt khám',
      params: idParams,
      response: { 200: envelope(z.array(bookingLogRow)), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, data: await bookingLogs(ctx, caller(req), req.params.id) }),
  });

  r.put(`${path}/:id`, {
    config,
    schema: {
      tags,
      summary: 'Cập nhật lịch đặt khám (đổi khung giờ, dịch vụ, mức ưu tiên, lý do khám)',
      params: idParams,
      body: updateBookingBody,
      response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      await updateBooking(ctx, caller(req), req.params.id, req.body);
      return { code: 0 as const, message: BOOKING_MESSAGES.updated, data: await readRow(db, caller(req).facilityId, req.params.id) };
    },
  });

  r.put(`${path}/:id/profile`, {
    config,
    schema: {
      tags,
      summary: 'Đổi hồ sơ bệnh nhân (cùng tài khoản)',
      params: idParams,
      body: profileBody,
      response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      await changeProfile(ctx, caller(req), req.params.id, req.body.medicalProfileId);
      return { code: 0 as const, message: BOOKING_MESSAGES.updated, data: await readRow(db, caller(req).facilityId, req.params.id) };
    },
  });

  r.put(`${path}/:id/priority`, {
    config,
    schema: { tags, summary: 'Đổi mức ưu tiên', params: idParams, body: priorityBody, response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (req) => {
      await changePriority(ctx, caller(req), req.params.id, req.body.priority);
      return { code: 0 as const, message: BOOKING_MESSAGES.updated, data: await readRow(db, caller(req).facilityId, req.params.id) };
    },
  });

  for (const t of TRANSITION_ROUTES) {
    const summary = `${BOOKING_ACTION_LABELS[t.action]} lịch đặt khám`;
    const response = { 200: one, ...errorResponses(400, 401, 403, 404, 409) };
    const done = `Đã ${BOOKING_ACTION_LABELS[t.action].toLowerCase()} lịch khám`;
    if (t.reason) {
      r.post(`${path}/:id/${t.path}`, {
        config,
        schema: { tags, summary, params: idParams, body: reasonBody, response },
        handler: async (req) => {
          await transition(ctx, caller(req), req.params.id, t.action, req.body.reason);
          return { code: 0 as const, message: done, data: await readRow(db, caller(req).facilityId, req.params.id) };
        },
      });
    } else {
      r.post(`${path}/:id/${t.path}`, {
        config,
        schema: { tags, summary, params: idParams, response },
        handler: async (req) => {
          await transition(ctx, caller(req), req.params.id, t.action);
          return { code: 0 as const, message: done, data: await readRow(db, caller(req).facilityId, req.params.id) };
        },
      });
    }
  }

  defineNoShowJob();
  if (ctx.config.ENABLE_TEST_FIXTURES) await appointmentFixtureRoutes(app, ctx);
}
