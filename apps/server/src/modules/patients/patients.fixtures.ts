import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Executor } from '../../core/db';
import { diagnostics, medicalRecords, patientHistories, prescriptions } from '../../db/schema';
import { insertAccounts, type InsertedAccount } from '../../db/seed/patients';
import type { AccountSeed, ProfileSeed } from '../../db/seed/patients-data';

export type ProfileSpec = Partial<ProfileSeed> & { fullName: string; birthDate: string };
export interface AccountSpec {
  name?: string;
  phone?: string | null;
  email?: string | null;
  verified?: boolean;
  locked?: boolean;
  createdAt?: Date;
  profiles: ProfileSpec[];
}

/** Patient accounts for tests and end-to-end fixtures, through the same insert as the demo seed. */
export async function makePatients(ex: Executor, facilityId: number, specs: AccountSpec[]): Promise<InsertedAccount[]> {
  const list: AccountSeed[] = specs.map((s) => {
    const profiles: ProfileSeed[] = s.profiles.map((p, i) => ({
      relationship: i === 0 ? 'SELF' : 'CHILD',
      gender: 'MALE',
      phone: null,
      email: null,
      cccd: null,
      bhyt: null,
      bhytExpiry: null,
      nationCode: '01',
      jobCode: null,
      provinceCode: '01',
      wardCode: '00082',
      street: 'Số 15 Lê Duẩn',
      ...p,
    }));
    return {
      name: s.name ?? profiles[0]!.fullName,
      phone: s.phone === undefined ? (profiles[0]!.phone ?? null) : s.phone,
      email: s.email ?? null,
      verified: s.verified ?? false,
      locked: s.locked ?? false,
      createdAt: s.createdAt ?? new Date(),
      profiles,
    };
  });
  return insertAccounts(ex, facilityId, list);
}

/** One visit with one prescription line, a medical record and a diagnostic result. */
export async function makeHistory(
  ex: Executor,
  facilityId: number,
  userId: number,
  profileId: number,
  visitedAt = new Date('2025-09-10T02:30:00Z'),
  diagnosis = 'Tăng huyết áp vô căn (nguyên phát)',
) {
  const [h] = await ex
    .insert(patientHistories)
    .values({
      facilityId,
      userId,
      profileId,
      encounterCode: `LK-T-${profileId}-${visitedAt.getTime()}`,
      visitedAt,
      departmentName: 'Khoa Tim mạch',
      doctorName: 'BSCKI Trần Thị Mai',
      reason: 'Đau đầu, chóng mặt',
      icdCode: 'I10',
      diagnosis,
      conclusion: `${diagnosis}. Điều trị ngoại trú theo đơn.`,
    })
    .returning();
  await ex.insert(prescriptions).values({
    historyId: h!.id,
    drugName: 'Amlodipin 5mg',
    activeIngredient: 'Amlodipin',
    dose: '5 mg',
    quantity: 30,
    unit: 'viên',
    usage: 'Uống 1 viên buổi sáng sau ăn',
    days: 30,
  });
  await ex.insert(medicalRecords).values({
    historyId: h!.id,
    pulse: 82,
    temperature: '36,8',
    bloodPressure: '150/95',
    weightKg: '68',
    heightCm: 168,
    symptoms: 'Đau đầu',
    examination: 'Tim đều',
    treatment: 'Điều trị ngoại trú 30 ngày',
  });
  await ex.insert(diagnostics).values({
    historyId: h!.id,
    kind: 'XN',
    serviceName: 'Định lượng Creatinin [Máu]',
    result: '88',
    unit: 'µmol/L',
    referenceRange: '62 – 120',
    abnormal: false,
    performedAt: new Date(visitedAt.getTime() + 3_600_000),
  });
  return h!;
}

export const nameKey = (s: string) => normalizeText(s);
