import { eq } from 'drizzle-orm';
import type { Tx } from '../../core/db';
import { facilities, facilitySettings, type FacilityWorkingHours } from '../schema';

const day = (weekday: number, periods: [string, string][]) => ({ weekday, open: periods.length > 0, periods: periods.map(([from, to]) => ({ from, to })) });

/** The general hospital's week: Mon–Fri 07:00–17:00 (a lunch break at the clinics), Sat 07:00–12:00, Sun closed. */
const HOSPITAL_HOURS: FacilityWorkingHours = [
  ...[1, 2, 3, 4, 5].map((d) =>
    day(d, [
      ['07:00', '12:00'],
      ['13:00', '17:00'],
    ]),
  ),
  day(6, [['07:00', '12:00']]),
  day(7, []),
];

/** The private clinic opens evenings and Sunday mornings, as Vietnamese clinics do. */
const CLINIC_HOURS: FacilityWorkingHours = [...[1, 2, 3, 4, 5, 6].map((d) => day(d, [['07:00', '20:00']])), day(7, [['07:00', '12:00']])];

/**
 * The demo facilities' settings (issue 18): working hours, the price page's texts, and a few general-configuration
 * values set by the hospital's administrator (the others stay at their defaults, so "Chưa đặt" lists them).
 */
export async function seedDemoSettings(tx: Tx, hospitalId: number, clinicId: number, adminId: number | null): Promise<void> {
  const [h] = await tx.select({ publicProfile: facilities.publicProfile }).from(facilities).where(eq(facilities.id, hospitalId));
  await tx
    .update(facilities)
    .set({
      workingHours: HOSPITAL_HOURS,
      publicProfile: {
        ...(h?.publicProfile ?? {}),
        priceSubtitle: 'Tra cứu giá dịch vụ kỹ thuật, giá chất lượng cao và giá bảo hiểm y tế áp dụng tại Bệnh viện Đa khoa An Phúc. Đơn vị tính: đồng.',
      },
      profileUpdatedBy: 'admin',
      profileUpdatedAt: new Date(),
    })
    .where(eq(facilities.id, hospitalId));
  await tx.update(facilities).set({ workingHours: CLINIC_HOURS }).where(eq(facilities.id, clinicId));
  const by = { updatedById: adminId, updatedBy: 'admin' };
  await tx.insert(facilitySettings).values([
    { facilityId: hospitalId, key: 'CANCEL_BEFORE_HOURS', value: 12, ...by },
    { facilityId: hospitalId, key: 'APP_PRIVACY_URL', value: 'https://benhvienanphuc.vn/chinh-sach-bao-ve-du-lieu-ca-nhan', ...by },
    { facilityId: hospitalId, key: 'APP_WELCOME_TEXT', value: 'Chào mừng bạn đến với Bệnh viện Đa khoa An Phúc – đặt khám nhanh, không chờ đợi', ...by },
    { facilityId: clinicId, key: 'PATIENT_BOOKING_NEEDS_ACCEPTANCE', value: false, updatedBy: 'admin2' },
  ]);
}
