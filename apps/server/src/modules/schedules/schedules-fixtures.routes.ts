import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { accounts, bookings, medicalProfiles, patientUsers, schedules, timeSlots } from '../../db/schema';

/**
 * Test-only (ENABLE_TEST_FIXTURES): a booking holding one place in the first slot of a doctor's
 * day, written as the bookings module would, so the schedules e2e can see a day off refused.
 */
export async function scheduleFixtureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/schedule-booking', {
    config: { access: 'public' },
    schema: {
      tags: ['Kiểm thử'],
      body: z.object({
        username: z.string().min(1).max(100),
        doctorId: z.number().int(),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        patient: z.string().min(1).max(100),
      }),
    },
    handler: async (req) =>
      ctx.database.transaction(async (tx) => {
        const [account] = await tx.select({ facilityId: accounts.facilityId }).from(accounts).where(eq(accounts.username, req.body.username.toLowerCase()));
        if (!account) throw notFound();
        const f = account.facilityId;
        const [slot] = await tx
          .select({
            id: timeSlots.id,
            scheduleId: timeSlots.scheduleId,
            startTime: timeSlots.startTime,
            endTime: timeSlots.endTime,
            roomId: schedules.roomId,
            departmentId: schedules.departmentId,
          })
          .from(timeSlots)
          .innerJoin(schedules, eq(schedules.id, timeSlots.scheduleId))
          .where(and(eq(timeSlots.facilityId, f), eq(timeSlots.doctorId, req.body.doctorId), eq(timeSlots.date, req.body.date), gt(schedules.capacity, 0)))
          .orderBy(asc(timeSlots.startTime))
          .limit(1);
        if (!slot) throw notFound();
        const [user] = await tx.insert(patientUsers).values({ facilityId: f, name: req.body.patient }).returning({ id: patientUsers.id });
        const [profile] = await tx
          .insert(medicalProfiles)
          .values({
            facilityId: f,
            userId: user!.id,
            fullName: req.body.patient,
            birthDate: '1985-03-15',
            gender: 'FEMALE',
            nameSearch: req.body.patient.toLowerCase(),
          })
          .returning({ id: medicalProfiles.id });
        await tx
          .update(timeSlots)
          .set({ booked: sql`${timeSlots.booked} + 1` })
          .where(eq(timeSlots.id, slot.id));
        const code = `DK${req.body.date.slice(2).replaceAll('-', '')}${String(slot.id % 1_000_000).padStart(6, '0')}`;
        await tx.insert(bookings).values({
          facilityId: f,
          code,
          patientUserId: user!.id,
          medicalProfileId: profile!.id,
          timeSlotId: slot.id,
          scheduleId: slot.scheduleId,
          doctorId: req.body.doctorId,
          roomId: slot.roomId,
          departmentId: slot.departmentId,
          date: req.body.date,
          startTime: slot.startTime,
          endTime: slot.endTime,
          status: 'PENDING',
          fhirStatus: 'proposed',
          source: 'WEB',
        });
        return { code: 0 as const, data: { code, startTime: slot.startTime } };
      }),
  });

  // Cancels it again (the place is given back), as the bookings screen would.
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/schedule-booking-cancel', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body: z.object({ username: z.string().min(1).max(100), code: z.string().min(1).max(40) }) },
    handler: async (req) =>
      ctx.database.transaction(async (tx) => {
        const [account] = await tx.select({ facilityId: accounts.facilityId }).from(accounts).where(eq(accounts.username, req.body.username.toLowerCase()));
        if (!account) throw notFound();
        const [b] = await tx
          .update(bookings)
          .set({ status: 'CANCELLED', statusReason: 'Bác sĩ nghỉ' })
          .where(and(eq(bookings.facilityId, account.facilityId), eq(bookings.code, req.body.code), eq(bookings.status, 'PENDING')))
          .returning({ slot: bookings.timeSlotId });
        if (!b) throw notFound();
        await tx
          .update(timeSlots)
          .set({ booked: sql`${timeSlots.booked} - 1` })
          .where(eq(timeSlots.id, b.slot));
        return { code: 0 as const, data: { cancelled: true } };
      }),
  });
}
