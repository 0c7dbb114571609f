import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import type { FileStorage } from '../../core/file-storage';
import { resultFiles } from '../../db/schema';
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
}
