import { sql } from 'drizzle-orm';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { todayVn } from '@portal/shared/rules/time';
import type { ClinicProgram } from '@portal/shared/rules/clinic-programs';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';
import { clinicMedicines, clinicMembers, medicalProfiles, patientUsers } from '../../db/schema';

let seq = 0;

/**
 * A member of the private clinic for tests and the e2e fixture route: an app account, its SELF profile and the
 * membership row (the members API of issue 20 is built apart; this inserts the rows directly). Optionally one medicine
 * taken daily at `medicine.time`, entered `enteredMinutesAgo` minutes ago.
 */
export async function insertClinicMember(
  ex: Executor,
  facilityId: number,
  o: {
    name?: string;
    program?: ClinicProgram;
    passwordHash?: string;
    active?: boolean;
    medicine?: { name: string; dose: string; time: string; enteredMinutesAgo: number };
  } = {},
): Promise<{ userId: number; phone: string; profileId: number; medicineId: number | null }> {
  seq += 1;
  const n = (Date.now() % 1_000_000) * 100 + (seq % 100) + Math.floor(Math.random() * 1000) * 100_000_000;
  const phone = `09${String(n).padStart(8, '0').slice(-8)}`;
  const name = o.name ?? 'Hoàng Văn Thụ';
  const [u] = await ex
    .insert(patientUsers)
    .values({ facilityId, name, phone, passwordHash: o.passwordHash ?? 'x', verified: true })
    .returning({ id: patientUsers.id });
  const [p] = await ex
    .insert(medicalProfiles)
    .values({ facilityId, userId: u!.id, fullName: name, birthDate: '1958-03-14', gender: 'MALE', phone, nameSearch: normalizeText(name) })
    .returning({ id: medicalProfiles.id, code: medicalProfiles.patientCode });
  await ex.insert(clinicMembers).values({
    facilityId,
    userId: u!.id,
    medicalProfileId: p!.id,
    program: o.program ?? 'HYPERTENSION',
    active: o.active ?? true,
    searchText: normalizeText(`${name} ${phone} ${p!.code}`),
  });
  let medicineId: number | null = null;
  if (o.medicine) {
    const [m] = await ex
      .insert(clinicMedicines)
      .values({
        facilityId,
        userId: u!.id,
        name: o.medicine.name,
        dose: o.medicine.dose,
        times: [o.medicine.time],
        startDate: todayVn(new Date(Date.now() - o.medicine.enteredMinutesAgo * 60_000)),
        createdAt: new Date(Date.now() - o.medicine.enteredMinutesAgo * 60_000),
      })
      .returning({ id: clinicMedicines.id });
    medicineId = m!.id;
  }
  return { userId: u!.id, phone, profileId: p!.id, medicineId };
}

/** The notifications of the reminders a member received (test reads). */
export async function remindersOf(ex: Executor, userId: number) {
  return rows<{ eventRef: string; body: string; link: string | null }>(
    ex,
    sql`SELECT event_ref AS "eventRef", body, link FROM notifications WHERE user_id = ${userId} AND event = 'MEDICINE_REMINDER' ORDER BY id`,
  );
}
