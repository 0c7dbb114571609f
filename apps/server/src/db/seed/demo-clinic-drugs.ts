import { sql } from 'drizzle-orm';
import { DOSE_MISSED_MINUTES_DEFAULT } from '@portal/shared/rules/adherence';
import type { ClinicProgram } from '@portal/shared/rules/clinic-programs';
import { doseInstant, expandDoses } from '@portal/shared/rules/dose-schedule';
import { addDays } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';
import { clinicDoses, clinicDoseSweeps, clinicMedicines } from '../schema';
import { mulberry32 } from './patients-data';

/** What a member of each programme takes (names and doses as Vietnamese pharmacies write them). */
const PLANS: Record<ClinicProgram, { name: string; dose: string; times: string[]; everyDays?: number; instructions: string }[]> = {
  DIABETES: [
    { name: 'Metformin 500 mg', dose: '1 viên', times: ['07:00', '19:00'], instructions: 'Uống ngay sau bữa ăn sáng và tối' },
    { name: 'Gliclazid 30 mg (Diamicron MR)', dose: '1 viên', times: ['06:30'], instructions: 'Uống trước bữa sáng 30 phút' },
  ],
  HYPERTENSION: [
    { name: 'Amlodipin 5 mg', dose: '1 viên', times: ['07:00'], instructions: 'Uống buổi sáng, không bỏ liều' },
    { name: 'Losartan 50 mg', dose: '1 viên', times: ['19:00'], instructions: 'Uống sau ăn tối' },
  ],
  PREGNANCY: [
    { name: 'Sắt fumarat + Acid folic', dose: '1 viên', times: ['08:00'], instructions: 'Uống lúc đói, cách xa sữa và canxi 2 giờ' },
    { name: 'Canxi carbonat 500 mg', dose: '1 viên', times: ['12:00'], instructions: 'Uống sau bữa trưa' },
  ],
  ELDERLY: [
    { name: 'Aspirin 81 mg', dose: '1 viên', times: ['08:00'], instructions: 'Uống sau ăn sáng' },
    { name: 'Atorvastatin 10 mg', dose: '1 viên', times: ['20:00'], instructions: 'Uống buổi tối' },
    { name: 'Vitamin D3 1000 IU', dose: '1 viên', times: ['08:00'], everyDays: 2, instructions: 'Uống cách ngày, sau ăn' },
  ],
};

/** Days of history the demo gives each member: a month of doses. */
export const DEMO_DRUG_DAYS = 30;

/**
 * Medicine reminders of the demo (issue 20): for each member of the facility (read from clinic_members, seeded
 * before), the medicines of their programme since a month ago, entered the morning they started, and a month of doses
 * as the sweep would have left them — confirmed within the hour, or missed after the delay; the doses of the last
 * two hours still pending. Each member keeps a habit (seeded RNG): most take 85–100 %, about one in four falls under
 * the 80 % threshold. The sweep's progress is set to `now`, so the first run reminds only what falls due after.
 * Returns how many doses were written.
 */
export async function seedDemoClinicDrugs(tx: Executor, facilityId: number, now: Date): Promise<number> {
  const members = await rows<{ userId: number; program: ClinicProgram; active: boolean }>(
    tx,
    sql`SELECT user_id AS "userId", program, active FROM clinic_members WHERE facility_id = ${facilityId} ORDER BY id`,
  );
  const rng = mulberry32(2020 + facilityId);
  const startDate = addDays(todayVn(now), -(DEMO_DRUG_DAYS - 1));
  const entered = doseInstant(startDate, '06:00');
  const missedBefore = now.getTime() - DOSE_MISSED_MINUTES_DEFAULT * 60_000;
  const doses: (typeof clinicDoses.$inferInsert)[] = [];
  for (const [i, m] of members.entries()) {
    // one member in four struggles (50–78 %), the others keep to it (85–99 %)
    const habit = i % 4 === 1 ? 0.5 + rng() * 0.28 : 0.85 + rng() * 0.14;
    for (const plan of PLANS[m.program]) {
      const [med] = await tx
        .insert(clinicMedicines)
        .values({
          facilityId,
          userId: m.userId,
          name: plan.name,
          dose: plan.dose,
          times: plan.times,
          everyDays: plan.everyDays ?? 1,
          startDate,
          instructions: plan.instructions,
          source: 'STAFF',
          createdAt: entered,
          updatedAt: entered,
        })
        .returning({ id: clinicMedicines.id });
      // an inactive member stopped being reminded a week ago
      const until = m.active ? now : new Date(now.getTime() - 7 * 86_400_000);
      for (const d of expandDoses({ times: plan.times, everyDays: plan.everyDays ?? 1, startDate, endDate: null }, entered, until)) {
        const due = d.at.getTime();
        const base = { facilityId, medicineId: med!.id, userId: m.userId, dueAt: d.at, remindedAt: d.at };
        if (due > missedBefore) doses.push({ ...base, status: 'PENDING' });
        else if (rng() < habit) doses.push({ ...base, status: 'TAKEN', confirmedAt: new Date(due + Math.floor(rng() * 60) * 60_000) });
        else doses.push({ ...base, status: 'MISSED', missedAt: new Date(due + DOSE_MISSED_MINUTES_DEFAULT * 60_000) });
      }
    }
  }
  for (let i = 0; i < doses.length; i += 1000) await tx.insert(clinicDoses).values(doses.slice(i, i + 1000));
  await tx
    .insert(clinicDoseSweeps)
    .values({ facilityId, sweptThrough: now })
    .onConflictDoUpdate({ target: clinicDoseSweeps.facilityId, set: { sweptThrough: now } });
  return doses.length;
}
