import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { APP_PATH } from '@portal/shared/contracts/patient-app.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { hashPassword } from '../modules/auth/passwords';
import { hashCost } from '../core/password-cost';
import { md5 } from '../core/tokens';
import { departments, doctors, medicalProfiles, patientUsers } from '../db/schema';
import { login, makeFacility, sqlRows, type TestApp } from './test-app';

/** A facility for the private clinic's tests: coordinators, a receptionist, a doctor, and patients signed in to the app. */
export interface ClinicFac {
  id: number;
  code: string;
  shp: string;
  shp2: string;
  desk: string;
  shpId: number;
  shp2Id: number;
  doctorId: number;
  patients: { userId: number; profileId: number; code: string; name: string; phone: string; token: string }[];
}

const PASSWORD = 'BenhNhan@2025';
const NAMES = ['Nguyễn Thị Hoà', 'Trần Văn Bình', 'Lê Thị Thu Cúc', 'Phạm Quốc Dũng', 'Võ Thị Mỹ Duyên', 'Đặng Văn Em'];
let seq = 0;

export async function clinicFacility(t: TestApp, patients: number): Promise<ClinicFac> {
  const f = await makeFacility(t, [
    { key: 'shp', authorities: ['MANAGER_SHP'] },
    { key: 'shp2', authorities: ['MANAGER_SHP'] },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
  ]);
  const [row] = await sqlRows<{ code: string }>(t, sql`SELECT code FROM facilities WHERE id = ${f.facilityId}`);
  seq += 1;
  const [dep] = await t.database.db
    .insert(departments)
    .values({ facilityId: f.facilityId, code: `KN${seq}`, name: 'Khoa Nội' })
    .returning({ id: departments.id });
  const [doc] = await t.database.db
    .insert(doctors)
    .values({
      facilityId: f.facilityId,
      code: `BS${seq}`,
      name: 'Phạm Thu Trang',
      searchText: 'pham thu trang',
      gender: 'FEMALE',
      degree: 'THS',
      departmentId: dep!.id,
    })
    .returning({ id: doctors.id });
  const hash = await hashPassword(md5(PASSWORD), hashCost({ config: t.config }));
  const list: ClinicFac['patients'] = [];
  for (let i = 0; i < patients; i++) {
    const name = NAMES[i % NAMES.length]!;
    const phone = `09${String(30_000_000 + seq * 104_729 + i * 7_919).slice(-8)}`;
    const [u] = await t.database.db
      .insert(patientUsers)
      .values({ facilityId: f.facilityId, name, phone, passwordHash: hash })
      .returning({ id: patientUsers.id });
    const [p] = await t.database.db
      .insert(medicalProfiles)
      .values({
        facilityId: f.facilityId,
        userId: u!.id,
        fullName: name,
        birthDate: '1968-04-12',
        gender: i % 2 ? 'MALE' : 'FEMALE',
        phone,
        nameSearch: normalizeText(name),
      })
      .returning({ id: medicalProfiles.id, code: medicalProfiles.patientCode });
    const res = await t.app.inject({
      method: 'PUT',
      url: `${APP_PATH}/user/login`,
      payload: { facilityCode: row!.code, emailOrPhone: phone, password: md5(PASSWORD) },
    });
    expect(res.statusCode, res.body).toBe(200);
    list.push({ userId: u!.id, profileId: p!.id, code: p!.code, name, phone, token: res.json().data.loginToken });
  }
  return {
    id: f.facilityId,
    code: row!.code,
    shp: (await login(t, f.accounts.shp!)).loginToken,
    shp2: (await login(t, f.accounts.shp2!)).loginToken,
    desk: (await login(t, f.accounts.desk!)).loginToken,
    shpId: f.accounts.shp!.id,
    shp2Id: f.accounts.shp2!.id,
    doctorId: doc!.id,
    patients: list,
  };
}
