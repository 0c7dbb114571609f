import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AUTHORITIES } from '@portal/shared';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { accounts, rooms } from '../../db/schema';
import { createAccount, createFacility } from '../../db/seed/factories';
import { revokeAccountSessions } from '../auth/auth.repository';
import { hashCost } from '../../core/password-cost';

const fixtureBody = z.object({
  facilityName: z.string().max(200).optional(),
  accounts: z
    .array(
      z.object({
        username: z.string().min(1).max(100),
        password: z.string().min(1).max(100),
        name: z.string().max(200).optional(),
        authorities: z.array(z.enum(AUTHORITIES)).default([]),
        lastPasswordReset: z.iso.datetime({ offset: true }).optional(),
        mustChangePassword: z.boolean().optional(),
        locked: z.boolean().optional(),
      }),
    )
    .max(20),
  /** Clinic rooms of the facility (code, name), e.g. for the account-room screens. */
  rooms: z
    .array(z.object({ code: z.string().min(1).max(20), name: z.string().min(1).max(200) }))
    .max(50)
    .default([]),
});

/**
 * Test-only routes (ENABLE_TEST_FIXTURES=1, refused in production by config): end-to-end
 * specs make their own facility and accounts so they never touch the demo accounts.
 */
export async function fixtureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/test/v1/fixtures', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body: fixtureBody },
    handler: async (req) =>
      ctx.database.transaction(async (tx) => {
        const suffix = Math.random().toString(36).slice(2, 8);
        const facility = await createFacility(tx, { code: `TEST-${suffix}`, name: req.body.facilityName ?? `Bệnh viện kiểm thử ${suffix}` });
        const made = [];
        for (const a of req.body.accounts) {
          const account = await createAccount(
            tx,
            {
              facilityId: facility.id,
              username: a.username,
              password: a.password,
              name: a.name ?? a.username,
              authorities: a.authorities,
              lastPasswordReset: a.lastPasswordReset ? new Date(a.lastPasswordReset) : undefined,
              mustChangePassword: a.mustChangePassword,
              locked: a.locked,
            },
            hashCost(ctx),
          );
          made.push({ id: account.id, username: account.username });
        }
        const madeRooms = [];
        for (const room of req.body.rooms) {
          const [row] = await tx
            .insert(rooms)
            .values({ facilityId: facility.id, code: room.code, name: room.name, searchText: normalizeText(`${room.code} ${room.name}`) })
            .returning({ id: rooms.id, code: rooms.code });
          madeRooms.push(row!);
        }
        return { code: 0 as const, data: { facilityId: facility.id, facilityCode: facility.code, accounts: made, rooms: madeRooms } };
      }),
  });

  r.post('/api/test/v1/fixtures/expire-sessions', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body: z.object({ username: z.string().min(1).max(100) }) },
    handler: async (req) => {
      const [account] = await ctx.database.db.select().from(accounts).where(eq(accounts.username, req.body.username.toLowerCase()));
      if (!account) throw notFound();
      const ended = await revokeAccountSessions(ctx.database.db, account.id, 'TEST_EXPIRED');
      return { code: 0 as const, data: { ended } };
    },
  });

  // One probe route per authority, so access control (403 + audit row) is testable end to end.
  for (const authority of AUTHORITIES) {
    r.get(`/api/test/v1/authority/${authority}`, {
      config: { access: authority },
      schema: { tags: ['Kiểm thử'] },
      handler: async () => ({ code: 0 as const, data: { authority } }),
    });
  }
}
