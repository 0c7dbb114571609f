import { DRUG_MESSAGES, type DoseDto, type MedicineDto } from '@portal/shared/contracts/clinic-drugs.contract';
import { addDays, periodInstants } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import { audit } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { conflict, notFound } from '../../core/errors';
import { actor, asOrigin, type PatientCaller } from '../patient-app/patient-app.service';
import * as repo from './clinic-drugs.repository';
import { toDose, toMedicine } from './clinic-drugs.service';

/**
 * The member's side of the medicine reminders, in the patient app (issue 20; docs/clinic-medicines.md): the medicines
 * being reminded, the doses of a period, and the confirmation of one's own dose. The reminder itself arrives through
 * the notifications module (event MEDICINE_REMINDER: the app inbox and push), its link naming the dose.
 */

async function memberOr404(ctx: AppContext, p: PatientCaller) {
  const m = await repo.findMember(ctx.database.db, p.facilityId, p.userId);
  if (!m) throw notFound(DRUG_MESSAGES.notMember);
  return m;
}

export async function medicines(ctx: AppContext, p: PatientCaller): Promise<MedicineDto[]> {
  await memberOr404(ctx, p);
  const today = todayVn();
  return (await repo.medicinesOf(ctx.database.db, p.facilityId, p.userId))
    .map((m) => toMedicine(m, today))
    .filter((m) => m.endDate === null || m.endDate >= today);
}

/** The app's default: the last 7 days, today included. */
export async function doses(ctx: AppContext, p: PatientCaller, q: { from?: string; to?: string }): Promise<DoseDto[]> {
  await memberOr404(ctx, p);
  const to = q.to ?? (q.from ? addDays(q.from, 6) : todayVn());
  const from = q.from ?? addDays(to, -6);
  const { start, end } = periodInstants({ from, to });
  return (await repo.dosesOf(ctx.database.db, p.facilityId, p.userId, start, end)).map(toDose);
}

/**
 * The member confirms one of their doses. Idempotent: confirming a dose already TAKEN answers it as it is (the app
 * retries on a flaky network; the first confirmation's time stays). A dose already MISSED is a 409: its window closed
 * and the coordinators have seen it missed. Another member's dose, or one of another facility, is a 404.
 */
export async function confirm(ctx: AppContext, p: PatientCaller, id: number): Promise<DoseDto> {
  const dose = await ctx.database.transaction(async (tx) => {
    const d = await repo.findDose(tx, p.facilityId, p.userId, id, true);
    if (!d) throw notFound(DRUG_MESSAGES.doseNotFound);
    if (d.status === 'TAKEN') return d;
    if (d.status === 'MISSED') throw conflict(DRUG_MESSAGES.doseMissed);
    await repo.markTaken(tx, p.facilityId, id);
    await audit(tx, asOrigin(p), {
      action: 'CONFIRM_DOSE',
      entity: 'clinic_dose',
      entityId: id,
      facilityId: p.facilityId,
      ...actor(p.userId),
      before: { status: d.status },
      after: { status: 'TAKEN', medicineId: d.medicineId },
    });
    return (await repo.findDose(tx, p.facilityId, p.userId, id))!;
  });
  return toDose(dose);
}
