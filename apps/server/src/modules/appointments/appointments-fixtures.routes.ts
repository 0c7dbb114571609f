import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { addDays } from '@portal/shared/rules/schedule';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { accounts } from '../../db/schema';
import { makeClinic, makePatient, makeSlots } from './appointments.fixtures';
import { todayVn } from './appointments.queries';

/**
 * Test-only (ENABLE_TEST_FIXTURES): gives a fixture account's facility a clinic (department,
 * specialty, room, doctor, two services), a doctor's day of slots today and on the next two
 * days (07:00–21:00, 30 minutes, `capacity` places), and a patient account with two profiles.
 * The bookings e2e then books through the API like the screens do.
 */
export async function appointmentFixtureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/bookings', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body: z.object({ username: z.string().min(1).max(100), capacity: z.number().int().min(1).max(200).optional() }) },
    handler: async (req) =>
      ctx.database.transaction(async (tx) => {
        const [account] = await tx.select({ facilityId: accounts.facilityId }).from(accounts).where(eq(accounts.username, req.body.username.toLowerCase()));
        if (!account) throw notFound();
        const facilityId = account.facilityId;
        const clinic = await makeClinic(tx, facilityId);
        const today = todayVn();
        const slots = [];
        for (const date of [today, addDays(today, 1), addDays(today, 2)]) {
          slots.push(...(await makeSlots(tx, facilityId, clinic, date, { start: '07:00', end: '21:00', minutes: 30, capacity: req.body.capacity ?? 5 })));
        }
        const patient = await makePatient(tx, facilityId);
        return { code: 0 as const, data: { facilityId, ...clinic, slots, patient } };
      }),
  });
}
