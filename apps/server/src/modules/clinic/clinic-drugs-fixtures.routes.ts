import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { hashCost } from '../../core/password-cost';
import { md5 } from '../../core/tokens';
import { hashPassword } from '../auth/passwords';
import { insertClinicMember } from './clinic-drugs.fixtures';

/**
 * Test-only (ENABLE_TEST_FIXTURES): in a fixture facility, a member of the private clinic whose app account signs in
 * with `BenhNhan@2025`, and optionally one medicine taken at the given +07:00 time, entered `enteredMinutesAgo` minutes
 * ago (so the reminder sweep's next run reminds a dose of the present minute) — what the medicine reminders' e2e needs.
 */
export async function clinicDrugFixtureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/clinic-drug-member', {
    config: { access: 'public' },
    schema: {
      tags: ['Kiểm thử'],
      body: z.object({
        facilityId: z.number().int().positive(),
        name: z.string().min(1).max(100).optional(),
        program: z.enum(['DIABETES', 'HYPERTENSION', 'PREGNANCY', 'ELDERLY']).optional(),
        medicine: z
          .object({ name: z.string(), dose: z.string(), time: z.string().regex(/^\d{2}:\d{2}$/), enteredMinutesAgo: z.number().int().min(0).max(1440) })
          .optional(),
      }),
    },
    handler: async (req) =>
      ctx.database.transaction(async (tx) => {
        const passwordHash = await hashPassword(md5('BenhNhan@2025'), hashCost(ctx));
        const m = await insertClinicMember(tx, req.body.facilityId, {
          name: req.body.name,
          program: req.body.program,
          passwordHash,
          medicine: req.body.medicine,
        });
        return { code: 0 as const, data: m };
      }),
  });
}
