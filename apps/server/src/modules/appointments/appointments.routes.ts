import type { FastifyInstance } from 'fastify';
import {
  appointmentEndpoints as E,
  BOOKING_LIVE_TOPIC,
  BOOKING_MESSAGES,
  bookingReasonEndpoints,
  bookingTransitionEndpoints,
  type StaffAction,
} from '@portal/shared/contracts/appointments.contract';
import { BOOKING_ACTION_LABELS } from '@portal/shared/rules/booking-status';
import { fmt } from '@portal/shared/messages.vi';
import { caller } from '../../core/access';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { defineLiveTopic } from '../../core/live';
import {
  bookingDetail,
  bookingLogs,
  bookingRow,
  doctorDaySlots,
  doctorWorkDays,
  listBookingsJson,
  roomQueue,
  syncCheckinSeq,
  todayVn,
  userBookings,
  listingBookings,
  bookingSources,
} from './appointments.queries';
import { createBooking } from './create.operation';
import { defineNoShowJob } from './no-show.job';
import { deskSettings } from './room-scope';
import { bulkAccept, callNext, transition } from './transitions.operation';
import { changePriority, changeProfile, updateBooking } from './update.operation';
import { appointmentFixtureRoutes } from './appointments-fixtures.routes';

// the desk, and the room consoles (issue 22): events name ids, rooms and states, no patient data
defineLiveTopic(BOOKING_LIVE_TOPIC, 'MANAGER_APPOINTMENT', 'MANAGER_ROOM_QUEUE');

const tags = ['Đặt khám'];
const config = { access: 'MANAGER_APPOINTMENT' as const };

/** The entries of a record of endpoints, keyed by action. */
const byAction = <T extends Record<string, unknown>>(o: T) => Object.entries(o) as [keyof T & StaffAction, T[keyof T]][];

/** Bookings (spec §4, §7, §8): the day list, new booking, detail, transitions, queue. */
export async function appointmentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  /** The booking as it is now, with the message of the change just made. */
  const answer = async (c: Caller, id: number, message: string) => ({ code: 0 as const, message, data: await bookingRow(db, c.facilityId, id) });

  route(app, E.list, {
    config,
    tags,
    handler: async (req, reply) => {
      // Built from typed rows (BookingRow), so its shape is the contract's (checked by the API tests
      // with bookingListResponse.parse); serialised by hand rather than through the response schema,
      // which costs more CPU than the query for 50 rows, and reused as is (docs/performance.md, bookings).
      const json = await listBookingsJson(ctx, caller(req), req.query);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  });

  route(app, E.create, {
    config,
    tags,
    handler: async (req) => answer(caller(req), await createBooking(ctx, caller(req), req.body), BOOKING_MESSAGES.created),
  });

  route(app, E.sources, {
    config,
    tags,
    handler: async (req) => ({ code: 0 as const, data: bookingSources(caller(req), req.query.hospitalId) }),
  });

  // the doctor's and the schedule's bookings: the front desk, and the schedulers who plan the sessions
  const listing = { access: ['MANAGER_APPOINTMENT', 'MANAGER_SCHEDULE'] as const };
  route(app, E.doctorListing, {
    config: listing,
    tags,
    handler: async (req) => listingBookings(ctx, caller(req), { doctorId: req.params.doctorId }, req.query),
  });
  route(app, E.scheduleListing, {
    config: listing,
    tags,
    handler: async (req) => listingBookings(ctx, caller(req), { scheduleId: req.params.scheduleId }, req.query),
  });

  route(app, E.timeSlots, {
    config,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await doctorDaySlots(ctx, caller(req), req.query.doctorId, req.query.date) }),
  });

  route(app, E.workDays, {
    config,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await doctorWorkDays(ctx, caller(req), req.query.doctorId, req.query.from, req.query.to) }),
  });

  route(app, E.desk, { config, tags, handler: async (req) => ({ code: 0 as const, data: await deskSettings(ctx, caller(req)) }) });

  route(app, E.queue, { config, tags, handler: async (req) => ({ code: 0 as const, data: await roomQueue(ctx, caller(req), req.query) }) });

  route(app, E.syncCheckinSeq, {
    config,
    tags,
    handler: async (req) => ({
      code: 0 as const,
      message: 'Đã đồng bộ số thứ tự',
      data: { roomId: req.body.roomId, date: req.body.date, ...(await syncCheckinSeq(ctx, caller(req), req.body.roomId, req.body.date)) },
    }),
  });

  route(app, E.callNext, {
    config,
    tags,
    handler: async (req) => {
      const called = await callNext(ctx, caller(req), req.body.roomId, req.body.date ?? todayVn());
      const row = await bookingRow(db, caller(req).facilityId, called.id);
      return {
        code: 0 as const,
        message: fmt(BOOKING_MESSAGES.calledNext, { queue: row.queueNumber ?? '', name: row.patient.name, room: row.room.name }),
        data: row,
      };
    },
  });

  route(app, E.bulkAccept, {
    config,
    tags,
    handler: async (req) => {
      const data = await bulkAccept(ctx, caller(req), req.body.ids);
      return { code: 0 as const, message: `Đã xác nhận ${data.succeeded}/${data.results.length} lịch khám`, data };
    },
  });

  route(app, E.ofUser, {
    // the front desk, and the staff who keep the patient accounts (the record screen lists them)
    config: { access: ['MANAGER_APPOINTMENT', 'MANAGER_USER'] as const },
    tags,
    handler: async (req) => userBookings(ctx, caller(req), req.params.userId, req.query),
  });

  route(app, E.detail, { config, tags, handler: async (req) => ({ code: 0 as const, data: await bookingDetail(ctx, caller(req), req.params.id) }) });

  route(app, E.logs, { config, tags, handler: async (req) => ({ code: 0 as const, data: await bookingLogs(ctx, caller(req), req.params.id) }) });

  route(app, E.update, {
    config,
    tags,
    handler: async (req) => {
      await updateBooking(ctx, caller(req), req.params.id, req.body);
      return answer(caller(req), req.params.id, BOOKING_MESSAGES.updated);
    },
  });

  route(app, E.changeProfile, {
    config,
    tags,
    handler: async (req) => {
      await changeProfile(ctx, caller(req), req.params.id, req.body.medicalProfileId);
      return answer(caller(req), req.params.id, BOOKING_MESSAGES.updated);
    },
  });

  route(app, E.changePriority, {
    config,
    tags,
    handler: async (req) => {
      await changePriority(ctx, caller(req), req.params.id, req.body.priority);
      return answer(caller(req), req.params.id, BOOKING_MESSAGES.updated);
    },
  });

  const done = (action: StaffAction) => `Đã ${BOOKING_ACTION_LABELS[action].toLowerCase()} lịch khám`;
  for (const [action, e] of byAction(bookingTransitionEndpoints)) {
    route(app, e, {
      config,
      tags,
      handler: async (req) => {
        const body = (req.body ?? {}) as { confirmLate?: boolean };
        await transition(ctx, caller(req), req.params.id, action, { confirmLate: body.confirmLate });
        return answer(caller(req), req.params.id, done(action));
      },
    });
  }
  for (const [action, e] of byAction(bookingReasonEndpoints)) {
    route(app, e, {
      config,
      tags,
      handler: async (req) => {
        await transition(ctx, caller(req), req.params.id, action, { reason: req.body.reason });
        return answer(caller(req), req.params.id, done(action));
      },
    });
  }

  defineNoShowJob();
  if (ctx.config.ENABLE_TEST_FIXTURES) await appointmentFixtureRoutes(app, ctx);
}
