import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { addDays, cutSlots, minutesOf } from '@portal/shared/rules/schedule';
import { vnWallClockToMs } from '@portal/shared/rules/time';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { accounts, departments, doctorRooms, doctorSpecialties, doctors, medicalServices, rooms, schedules, specialties, timeSlots } from '../../db/schema';
import { seedServices, seedServiceTypes } from '../../db/seed/catalog';
import { seedDemoCatalog } from '../../db/seed/demo-catalog';
import { SERVICE_TYPES } from '../../db/seed/services-data';

const body = z.object({
  username: z.string().min(1).max(100),
  /** Working days from this date (YYYY-MM-DD), one morning schedule each. */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  days: z.number().int().min(1).max(7).default(2),
  start: z.string().default('07:00'),
  end: z.string().default('11:00'),
  slotMinutes: z.number().int().min(5).max(240).default(30),
  capacity: z.number().int().min(1).max(200).default(3),
});

const SERVICES = [
  { code: 'E2E-KB', name: 'Khám Nội tổng quát', price: 150_000 },
  { code: 'E2E-XN', name: 'Xét nghiệm công thức máu', price: 95_000 },
  { code: 'E2E-SA', name: 'Siêu âm ổ bụng tổng quát', price: 250_000 },
];

/**
 * Test-only (ENABLE_TEST_FIXTURES): a booking desk's scene in a fixture account's facility — the
 * demo departments, specialties and rooms, one doctor with a morning schedule on `days` days cut
 * into slots, and three priced services — so the bookings e2e does not depend on the schedule
 * screens. Written straight to the tables, like the other fixtures.
 */
export async function appointmentFixtureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/booking-scene', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body },
    handler: async (req) =>
      ctx.database.transaction(async (tx) => {
        const b = req.body;
        const [account] = await tx.select({ facilityId: accounts.facilityId }).from(accounts).where(eq(accounts.username, b.username.toLowerCase()));
        if (!account) throw notFound();
        const facilityId = account.facilityId;
        const [any] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.facilityId, facilityId)).limit(1);
        if (!any) await seedDemoCatalog(tx, facilityId);
        const one = async (t: typeof departments | typeof specialties | typeof rooms) => (await tx.select({ id: t.id, name: t.name }).from(t).where(eq(t.facilityId, facilityId)).orderBy(t.id).limit(1))[0]!;
        const [department, specialty, room] = [await one(departments), await one(specialties), await one(rooms)];

        const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
        const name = `Nguyễn Văn Khám ${suffix}`;
        const [doctor] = await tx
          .insert(doctors)
          .values({ facilityId, code: `BS-${suffix}`, name, gender: 'MALE', degree: 'BSCKI', departmentId: department.id, searchText: normalizeText(`BS-${suffix} ${name}`) })
          .returning({ id: doctors.id, name: doctors.name });
        await tx.insert(doctorSpecialties).values({ doctorId: doctor!.id, specialtyId: specialty.id });
        await tx.insert(doctorRooms).values({ doctorId: doctor!.id, roomId: room.id });

        const cut = cutSlots(b.start, b.end, b.slotMinutes, b.capacity);
        if (!cut.ok) throw new Error(cut.message);
        const made: { id: number; date: string; startTime: string; capacity: number }[] = [];
        for (let i = 0; i < b.days; i++) {
          const date = addDays(b.from, i);
          const [schedule] = await tx
            .insert(schedules)
            .values({ facilityId, doctorId: doctor!.id, roomId: room.id, departmentId: department.id, date, shift: 'MORNING', startTime: b.start, endTime: b.end, slotMinutes: b.slotMinutes, capacity: b.capacity })
            .returning({ id: schedules.id });
          const [y, m, d] = date.split('-').map(Number) as [number, number, number];
          const rows = await tx
            .insert(timeSlots)
            .values(
              cut.value.map((s) => {
                const minutes = minutesOf(s.start)!;
                return { facilityId, scheduleId: schedule!.id, doctorId: doctor!.id, date, startTime: s.start, endTime: s.end, startsAt: new Date(vnWallClockToMs(y, m, d, Math.floor(minutes / 60), minutes % 60)), capacity: s.capacity };
              }),
            )
            .returning({ id: timeSlots.id, date: timeSlots.date, startTime: timeSlots.startTime, capacity: timeSlots.capacity });
          made.push(...rows);
        }

        await seedServiceTypes(tx, facilityId);
        await seedServices(tx, facilityId, SERVICES.map((s) => ({ ...s, type: SERVICE_TYPES[0]!.value, insurancePrice: null, priceEntries: [] })));
        const services = [];
        for (const s of SERVICES) {
          const [row] = await tx.select({ id: medicalServices.id, name: medicalServices.name, price: medicalServices.price }).from(medicalServices).where(and(eq(medicalServices.facilityId, facilityId), eq(medicalServices.code, s.code)));
          services.push(row!);
        }
        return { code: 0 as const, data: { facilityId, doctor: doctor!, department, specialty, room, slots: made, services } };
      }),
  });
}
