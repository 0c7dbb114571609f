import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { accounts, departments } from '../../db/schema';
import { seedDemoCatalog } from '../../db/seed/demo-catalog';

/**
 * Test-only (ENABLE_TEST_FIXTURES): gives a fixture account's facility the demo hospital's
 * departments, specialties and rooms, so the doctors e2e can link doctors to them.
 */
export async function doctorFixtureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/doctor-catalog', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body: z.object({ username: z.string().min(1).max(100) }) },
    handler: async (req) =>
      ctx.database.transaction(async (tx) => {
        const [account] = await tx.select({ facilityId: accounts.facilityId }).from(accounts).where(eq(accounts.username, req.body.username.toLowerCase()));
        if (!account) throw notFound();
        const [any] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.facilityId, account.facilityId)).limit(1);
        if (!any) await seedDemoCatalog(tx, account.facilityId);
        return { code: 0 as const, data: { facilityId: account.facilityId } };
      }),
  });
}
