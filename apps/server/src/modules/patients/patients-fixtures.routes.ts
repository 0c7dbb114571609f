import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import type { FileStorage } from '../../core/file-storage';
import { sql } from 'drizzle-orm';
import { NOTIFY_KEY_MISSING } from '@portal/shared/contracts/notify-channels.contract';
import { badRequest } from '../../core/errors';
import { notifyChannelSettings, resultFiles } from '../../db/schema';
import { encryptSecrets, secretKey } from '../../core/secrets';
import { tinyPdf } from '../../db/seed/patients-data';
import { makeHistory, makePatients } from './patients.fixtures';

const profile = z.object({
  fullName: z.string().min(1).max(100),
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  gender: z.enum(['MALE', 'FEMALE']).optional(),
  relationship: z.enum(['SELF', 'CHILD', 'PARENT', 'SPOUSE']).optional(),
  phone: z.string().max(20).nullable().optional(),
  cccd: z.string().max(12).nullable().optional(),
  bhyt: z.string().max(15).nullable().optional(),
});
const body = z.object({
  facilityId: z.number().int().positive(),
  accounts: z
    .array(
      z.object({
        phone: z.string().max(20).nullable().optional(),
        email: z.string().max(100).nullable().optional(),
        verified: z.boolean().optional(),
        locked: z.boolean().optional(),
        /** When the account signed up (ISO 8601); now by default. */
        createdAt: z.iso.datetime().optional(),
        profiles: z.array(profile).min(1).max(5),
        /** One visit with prescription, record and diagnostic on the first profile; a result PDF attached when `file`. */
        history: z.boolean().optional(),
        file: z.boolean().optional(),
      }),
    )
    .max(50),
});

const bulkBody = z.object({
  facilityId: z.number().int().positive(),
  count: z.number().int().min(1).max(20_000),
  /** One ANDROID device per account, token `<prefix><n>` (the notification process test pushes to them). */
  devicePrefix: z.string().min(1).max(40).optional(),
  /** The facility's push channel through FCM with this service account (its token_uri may be the local fake's). */
  fcm: z.object({ project_id: z.string(), client_email: z.string(), private_key: z.string(), token_uri: z.string() }).optional(),
});

/** Test-only (ENABLE_TEST_FIXTURES): patients for end-to-end specs, in the facility the spec made. */
export async function patientFixtureRoutes(app: FastifyInstance, ctx: AppContext, storage: FileStorage): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/patients', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body },
    handler: async (req) =>
      ctx.database.transaction(async (tx) => {
        const made = await makePatients(
          tx,
          req.body.facilityId,
          req.body.accounts.map((a) => ({ ...a, createdAt: a.createdAt ? new Date(a.createdAt) : undefined })),
        );
        const out = [];
        for (const [i, a] of req.body.accounts.entries()) {
          const m = made[i]!;
          let historyId: number | null = null;
          if (a.history) historyId = (await makeHistory(tx, req.body.facilityId, m.userId, m.profiles[0]!.id)).id;
          if (a.file) {
            const bytes = tinyPdf(['PHIEU KET QUA XET NGHIEM', `Ma benh nhan: ${m.profiles[0]!.patientCode}`, 'Glucose: 5,6 mmol/L']);
            const key = `results/${req.body.facilityId}/${randomBytes(16).toString('hex')}`;
            await storage.put(key, bytes);
            await tx.insert(resultFiles).values({
              facilityId: req.body.facilityId,
              userId: m.userId,
              profileId: m.profiles[0]!.id,
              historyId,
              storageKey: key,
              fileName: `Phieu-ket-qua-${m.profiles[0]!.patientCode}.pdf`,
              contentType: 'application/pdf',
              sizeBytes: bytes.length,
              sha256: createHash('sha256').update(bytes).digest('hex'),
            });
          }
          out.push({ userId: m.userId, profiles: m.profiles.map((p) => ({ id: p.id, patientCode: p.patientCode })), historyId });
        }
        return { code: 0 as const, data: out };
      }),
  });

  // many accounts at once (process tests), with a device each and the facility's FCM settings when asked
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/patients/bulk', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body: bulkBody },
    handler: async (req) =>
      ctx.database.transaction(async (tx) => {
        const { facilityId, count, devicePrefix, fcm } = req.body;
        const made = await makePatients(
          tx,
          facilityId,
          Array.from({ length: count }, (_, i) => ({
            phone: `09${String(30_000_000 + i).slice(-8)}`,
            profiles: [{ fullName: `Bệnh nhân ${i + 1}`, birthDate: '1990-01-01' }],
          })),
        );
        if (devicePrefix) {
          await tx.execute(
            sql`INSERT INTO patient_devices (facility_id, user_id, platform, token)
                SELECT ${facilityId}, u, 'ANDROID', ${devicePrefix} || o FROM unnest(${sql.param(made.map((m) => m.userId))}::int[]) WITH ORDINALITY AS x(u, o)`,
          );
        }
        if (fcm) {
          const key = secretKey(ctx.config);
          if (!key) throw badRequest(NOTIFY_KEY_MISSING);
          await tx.insert(notifyChannelSettings).values({
            facilityId,
            channel: 'PUSH',
            provider: 'FCM',
            settings: { projectId: fcm.project_id },
            secrets: encryptSecrets(key, facilityId, 'PUSH', { serviceAccount: JSON.stringify(fcm) }),
          });
        }
        return { code: 0 as const, data: { userIds: made.map((m) => m.userId) } };
      }),
  });
}
