import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { addDays } from '@portal/shared/rules/schedule';
import { pad2, vnParts } from '@portal/shared/rules/time';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { accounts } from '../../db/schema';
import { sql } from 'drizzle-orm';
import { rows } from '../../core/sql';
import { makeClinic, makePatient, makeSlots, moveSchedules } from './appointments.fixtures';
import { dayListCache } from './day-list.cache';
import { todayVn } from './appointments.queries';

/**
 * Test-only (ENABLE_TEST_FIXTURES): gives a fixture account's facility a clinic (department,
 * specialty, room, doctor, two services), a doctor's day of slots today and on the next two
 * days (07:00–21:00, 30 minutes, `capacity` places), and a patient account with two profiles; with `assignRoom`,
 * the account is assigned to the clinic's room.
 * The bookings e2e then books through the API like the screens do.
 */
export async function appointmentFixtureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/bookings', {
    config: { access: 'public' },
    schema: {
      tags: ['Kiểm thử'],
      body: z.object({ username: z.string().min(1).max(100), capacity: z.number().int().min(1).max(200).optional(), assignRoom: z.boolean().optional() }),
    },
    handler: async (req) =>
      ctx.database.transaction(async (tx) => {
        const [account] = await tx
          .select({ id: accounts.id, facilityId: accounts.facilityId })
          .from(accounts)
          .where(eq(accounts.username, req.body.username.toLowerCase()));
        if (!account) throw notFound();
        const facilityId = account.facilityId;
        const clinic = await makeClinic(tx, facilityId);
        // the account works in the clinic's room (a room console, issue 22)
        if (req.body.assignRoom) await tx.execute(sql`INSERT INTO account_rooms (account_id, room_id) VALUES (${account.id}, ${clinic.roomId})`);
        const today = todayVn();
        const slots = [];
        for (const date of [today, addDays(today, 1), addDays(today, 2)]) {
          slots.push(...(await makeSlots(tx, facilityId, clinic, date, { start: '07:00', end: '21:00', minutes: 30, capacity: req.body.capacity ?? 5 })));
        }
        const patient = await makePatient(tx, facilityId);
        return { code: 0 as const, data: { facilityId, ...clinic, slots, patient } };
      }),
  });

  // "The slot ends N minutes from now" (negative: ended N minutes ago): today's bookings named get times around
  // the clock (+07:00) so a check-in story is on time, or late, at any hour of the run. Kept within today:
  // an end before 00:30 becomes 00:30, after 23:59 becomes 23:59 (a late story skips the first hours of a day).
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/bookings/ends-in', {
    config: { access: 'public' },
    schema: {
      tags: ['Kiểm thử'],
      body: z.object({ username: z.string().min(1).max(100), ids: z.array(z.number().int()).min(1).max(50), minutes: z.number().int().min(-1440).max(1440) }),
    },
    handler: async (req) => {
      const [account] = await ctx.database.db
        .select({ facilityId: accounts.facilityId })
        .from(accounts)
        .where(eq(accounts.username, req.body.username.toLowerCase()));
      if (!account) throw notFound();
      const at = new Date(Date.now() + req.body.minutes * 60_000);
      const p = vnParts(at);
      const wanted = todayVn(at) === todayVn() ? p.hour * 60 + p.minute : req.body.minutes < 0 ? 0 : 24 * 60;
      const end = Math.min(23 * 60 + 59, Math.max(30, wanted));
      const hhmm = (m: number) => `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
      const times = { startTime: hhmm(end - 30), endTime: hhmm(end) };
      await ctx.database.db.execute(
        sql`UPDATE bookings SET start_time = ${times.startTime}, end_time = ${times.endTime} WHERE facility_id = ${account.facilityId} AND date = ${todayVn()}
            AND id IN (${sql.join(
              req.body.ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      dayListCache(ctx).drop(account.facilityId);
      return { code: 0 as const, data: times };
    },
  });

  // "The day of the visit comes": the facility's schedules of `date` (with their slots and bookings)
  // become today's, and today's take `date` — bookings are made ahead and checked in on their day.
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/bookings/day-comes', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body: z.object({ username: z.string().min(1).max(100), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }) },
    handler: async (req) => {
      const data = await ctx.database.transaction(async (tx) => {
        const [account] = await tx.select({ facilityId: accounts.facilityId }).from(accounts).where(eq(accounts.username, req.body.username.toLowerCase()));
        if (!account) throw notFound();
        const today = todayVn();
        const of = async (date: string) =>
          (await rows<{ id: number }>(tx, sql`SELECT id FROM schedules WHERE facility_id = ${account.facilityId} AND date = ${date}`)).map((r) => r.id);
        const coming = await of(req.body.date);
        const leaving = await of(today);
        await moveSchedules(tx, coming, today);
        await moveSchedules(tx, leaving, req.body.date);
        return { facilityId: account.facilityId, moved: coming.length };
      });
      dayListCache(ctx).drop(data.facilityId);
      return { code: 0 as const, data };
    },
  });
}
