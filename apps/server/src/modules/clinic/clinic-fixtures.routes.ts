import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { AppContext } from '../../core/context';
import { hashPassword } from '../auth/passwords';
import { hashCost } from '../../core/password-cost';
import { md5 } from '../../core/tokens';
import { medicalProfiles, patientUsers } from '../../db/schema';

const NAMES = ['Nguyễn Thị Hoà', 'Trần Văn Bình', 'Lê Thị Thu Cúc', 'Phạm Quốc Dũng'];

/**
 * Test-only (ENABLE_TEST_FIXTURES): in a fixture facility, patients of the app who can sign in (password
 * `BenhNhan@2025`), each with their own medical profile — what the private clinic's e2e enrols and chats with.
 */
export async function clinicFixtureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/clinic-patients', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body: z.object({ facilityId: z.number().int().positive(), count: z.number().int().min(1).max(4) }) },
    handler: async (req) =>
      ctx.database.transaction(async (tx) => {
        const hash = await hashPassword(md5('BenhNhan@2025'), hashCost(ctx));
        const out: { userId: number; profileId: number; code: string; name: string; phone: string }[] = [];
        for (let i = 0; i < req.body.count; i++) {
          const name = NAMES[i]!;
          const phone = `09${String(Math.floor(Math.random() * 90_000_000) + 10_000_000).slice(-8)}`;
          const [u] = await tx
            .insert(patientUsers)
            .values({ facilityId: req.body.facilityId, name, phone, passwordHash: hash, verified: true })
            .returning({ id: patientUsers.id });
          const [p] = await tx
            .insert(medicalProfiles)
            .values({
              facilityId: req.body.facilityId,
              userId: u!.id,
              fullName: name,
              birthDate: '1962-08-20',
              gender: i % 2 ? 'MALE' : 'FEMALE',
              phone,
              nameSearch: normalizeText(name),
            })
            .returning({ id: medicalProfiles.id, code: medicalProfiles.patientCode });
          out.push({ userId: u!.id, profileId: p!.id, code: p!.code, name, phone });
        }
        return { code: 0 as const, data: out };
      }),
  });
}
