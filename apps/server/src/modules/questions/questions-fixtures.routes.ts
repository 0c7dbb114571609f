import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { hashCost } from '../../core/password-cost';
import { md5 } from '../../core/tokens';
import { departments, doctorSpecialties, doctors, medicalProfiles, patientUsers, specialties } from '../../db/schema';
import { hashPassword } from '../auth/passwords';

/**
 * Test-only (ENABLE_TEST_FIXTURES): in a fixture facility, a patient of the app who can sign in (password
 * `BenhNhan@2025`), a specialty and a doctor of it — what the questions e2e needs to ask as a patient and answer.
 */
export async function questionFixtureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/question-asker', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body: z.object({ facilityId: z.number().int().positive() }) },
    handler: async (req) =>
      ctx.database.transaction(async (tx) => {
        const facilityId = req.body.facilityId;
        const n = Math.floor(Math.random() * 90_000_000) + 10_000_000;
        const phone = `09${String(n).slice(-8)}`;
        const [user] = await tx
          .insert(patientUsers)
          .values({ facilityId, name: 'Trần Thị Mai', phone, passwordHash: await hashPassword(md5('BenhNhan@2025'), hashCost(ctx)), verified: true })
          .returning({ id: patientUsers.id });
        await tx
          .insert(medicalProfiles)
          .values({ facilityId, userId: user!.id, fullName: 'Trần Thị Mai', birthDate: '1990-05-12', gender: 'FEMALE', nameSearch: 'tran thi mai' });
        const [dep] = await tx
          .insert(departments)
          .values({ facilityId, code: `KTMH${n}`, name: 'Khoa Tai Mũi Họng', searchText: 'khoa tai mui hong' })
          .returning({ id: departments.id });
        const [sp] = await tx
          .insert(specialties)
          .values({ facilityId, code: `TMH${n}`, name: 'Tai Mũi Họng', searchText: 'tai mui hong' })
          .returning({ id: specialties.id });
        const [doc] = await tx
          .insert(doctors)
          .values({
            facilityId,
            code: `BS${n}`,
            name: 'Phạm Thu Trang',
            gender: 'FEMALE',
            degree: 'THS',
            departmentId: dep!.id,
            searchText: 'ths.bs pham thu trang',
          })
          .returning({ id: doctors.id });
        await tx.insert(doctorSpecialties).values({ doctorId: doc!.id, specialtyId: sp!.id });
        return { code: 0 as const, data: { phone, specialtyId: sp!.id, doctorId: doc!.id } };
      }),
  });
}
