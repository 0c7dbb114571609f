import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FHIR_STATUS } from '@portal/shared/rules/booking-status';
import { addDays } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { hashCost } from '../../core/password-cost';
import { rows } from '../../core/sql';
import { md5 } from '../../core/tokens';
import { accounts, facilities } from '../../db/schema';
import { makeClinic, makePatient, makeSlots } from '../appointments/appointments.fixtures';
import { hashPassword } from '../auth/passwords';
import { DOCTOR_DISPLAY_NAME_SQL } from '../patients/booking-visits.repository';

const body = z.object({
  /** A fixture staff account: its facility gets the clinic, the patient and the visits. */
  username: z.string().min(1).max(100),
  /** The patient app's password of the new patient account. */
  password: z.string().min(1).max(100),
  /** Finished visits, one a day from yesterday back; and one visit of today still only accepted. */
  visits: z.number().int().min(1).max(10).default(2),
});

/**
 * Test-only (ENABLE_TEST_FIXTURES): a clinic in the fixture account's facility, a patient account that can sign in to
 * the app, its finished (DONE) visits of the last days and one accepted visit of today — what the feedback e2e rates
 * through the patient API.
 */
export async function feedbackFixtureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/test/v1/fixtures/feedback-visits', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body },
    handler: async (req) => {
      const passwordHash = await hashPassword(md5(req.body.password), hashCost(ctx));
      return ctx.database.transaction(async (tx) => {
        const [account] = await tx
          .select({ facilityId: accounts.facilityId, facilityCode: facilities.code })
          .from(accounts)
          .innerJoin(facilities, eq(facilities.id, accounts.facilityId))
          .where(eq(accounts.username, req.body.username.toLowerCase()));
        if (!account) throw notFound();
        const fid = account.facilityId;
        const clinic = await makeClinic(tx, fid, 'Tai Mũi Họng');
        const patient = await makePatient(tx, fid, 'Đỗ Thị Hồng Nhung');
        const [user] = await rows<{ phone: string }>(
          tx,
          sql`UPDATE patient_users SET password_hash = ${passwordHash} WHERE facility_id = ${fid} AND id = ${patient.userId} RETURNING phone`,
        );
        const today = todayVn();
        const days = [...Array.from({ length: req.body.visits }, (_, i) => addDays(today, -(i + 1))), today];
        const made: { id: number; code: string; date: string; status: string }[] = [];
        for (const [i, day] of days.entries()) {
          const [slot] = await makeSlots(tx, fid, clinic, day, { start: '08:00', end: '09:00', minutes: 30, capacity: 5 });
          const status = day === today ? 'ACCEPTED' : 'DONE';
          const code = `PH${Date.now() % 1e7}${i}`;
          const [b] = await rows<{ id: number }>(
            tx,
            sql`INSERT INTO bookings (facility_id, code, patient_user_id, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id,
                  specialty_id, date, start_time, end_time, status, fhir_status, source)
                VALUES (${fid}, ${code}, ${patient.userId}, ${patient.profiles[0]!.id}, ${slot!.id}, ${slot!.scheduleId}, ${clinic.doctorId}, ${clinic.roomId},
                  ${clinic.departmentId}, ${clinic.specialtyId}, ${day}, ${slot!.startTime}, '08:30', ${status}, ${FHIR_STATUS[status]}, 'APP')
                RETURNING id`,
          );
          made.push({ id: b!.id, code, date: day, status });
        }
        const [names] = await rows<{ doctorName: string; departmentName: string }>(
          tx,
          sql`SELECT ${sql.raw(DOCTOR_DISPLAY_NAME_SQL)} AS "doctorName", dep.name AS "departmentName"
              FROM doctors d JOIN departments dep ON dep.facility_id = d.facility_id AND dep.id = ${clinic.departmentId}
              WHERE d.facility_id = ${fid} AND d.id = ${clinic.doctorId}`,
        );
        return {
          code: 0 as const,
          data: {
            facilityId: fid,
            facilityCode: account.facilityCode,
            phone: user!.phone,
            userId: patient.userId,
            patientName: 'Đỗ Thị Hồng Nhung',
            doctorId: clinic.doctorId,
            departmentId: clinic.departmentId,
            ...names!,
            bookings: made,
          },
        };
      });
    },
  });
}
