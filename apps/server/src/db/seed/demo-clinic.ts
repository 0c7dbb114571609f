import type { Executor } from '../../core/db';
import type { HashCost } from '../../modules/auth/passwords';
import { seedDemoBookings } from './demo-bookings';
import { seedDemoCatalog } from './demo-catalog';
import { type DemoDoctor, seedDemoDoctors } from './demo-doctors';
import { seedDemoSchedules } from './demo-schedules';
import { linkDemoPriceEntries } from './demo-services';
import { createAccount, createRole } from './factories';

const MA = 'Phòng khám Đa khoa Minh An';

/** The clinic's part of the demo catalogue: a general clinic's desks, by code (seed/demo-catalog.ts). */
export const CLINIC_CATALOG = {
  departments: ['KKB', 'KNOI', 'KNHI', 'KSAN', 'KTMH', 'KXN'],
  specialties: ['NOI', 'TIMMACH', 'NHI', 'SANPHU', 'TMH'],
  rooms: ['P101', 'P102', 'P202', 'P204', 'P206', 'XN01'],
} as const;

/** The clinic's five doctors, one per outpatient room. */
export const CLINIC_DOCTORS: readonly DemoDoctor[] = [
  {
    code: 'MA01',
    name: 'Võ Thành Nhân',
    gender: 'MALE',
    dob: '1975-03-18',
    title: null,
    degree: 'BSCKII',
    position: 'Giám đốc chuyên môn',
    dept: 'KNOI',
    specs: ['NOI', 'TIMMACH'],
    rooms: ['P101'],
    bio: 'Khám nội tổng quát, quản lý tăng huyết áp và đái tháo đường ngoại trú.',
    history: [
      ['2000-10', '2016-12', 'Bệnh viện Chợ Rẫy', 'Bác sĩ khoa Nội tim mạch'],
      ['2017-01', null, MA, 'Giám đốc chuyên môn'],
    ],
  },
  {
    code: 'MA02',
    name: 'Huỳnh Thị Ngọc Hân',
    gender: 'FEMALE',
    dob: '1983-11-02',
    title: null,
    degree: 'THS',
    position: 'Bác sĩ điều trị',
    dept: 'KNOI',
    specs: ['NOI'],
    rooms: ['P102'],
    bio: 'Khám nội tổng quát, tư vấn sức khoẻ định kỳ cho người lớn.',
    history: [
      ['2008-09', '2018-06', 'Bệnh viện Nhân dân 115', 'Bác sĩ khoa Nội tổng hợp'],
      ['2018-07', null, MA, 'Bác sĩ điều trị'],
    ],
  },
  {
    code: 'MA03',
    name: 'Lâm Gia Bảo',
    gender: 'MALE',
    dob: '1980-06-21',
    title: null,
    degree: 'BSCKI',
    position: 'Phụ trách chuyên khoa Nhi',
    dept: 'KNHI',
    specs: ['NHI'],
    rooms: ['P204'],
    bio: 'Khám và điều trị bệnh nhi thường gặp: hô hấp, tiêu hoá, dinh dưỡng.',
    history: [
      ['2005-10', '2019-03', 'Bệnh viện Nhi Đồng 1', 'Bác sĩ khoa Hô hấp'],
      ['2019-04', null, MA, 'Phụ trách chuyên khoa Nhi'],
    ],
  },
  {
    code: 'MA04',
    name: 'Trịnh Thị Mỹ Dung',
    gender: 'FEMALE',
    dob: '1978-09-14',
    title: null,
    degree: 'BSCKII',
    position: 'Phụ trách chuyên khoa Sản',
    dept: 'KSAN',
    specs: ['SANPHU'],
    rooms: ['P202'],
    bio: 'Khám thai, siêu âm sản khoa và khám phụ khoa.',
    history: [
      ['2003-10', '2017-08', 'Bệnh viện Từ Dũ', 'Bác sĩ khoa Khám bệnh'],
      ['2017-09', null, MA, 'Phụ trách chuyên khoa Sản'],
    ],
  },
  {
    code: 'MA05',
    name: 'Đặng Quốc Việt',
    gender: 'MALE',
    dob: '1986-01-30',
    title: null,
    degree: 'BS',
    position: 'Bác sĩ điều trị',
    dept: 'KTMH',
    specs: ['TMH'],
    rooms: ['P206'],
    bio: 'Khám và nội soi tai mũi họng cho người lớn và trẻ em.',
    history: [
      ['2011-10', '2020-12', 'Bệnh viện Tai Mũi Họng Thành phố Hồ Chí Minh', 'Bác sĩ khoa Khám bệnh'],
      ['2021-01', null, MA, 'Bác sĩ điều trị'],
    ],
  },
];

/**
 * The second demo facility's working set, small but complete so that its administrator (admin2)
 * can work every screen: a receptionist (letan2), departments, specialties and rooms, five doctors,
 * two months of schedules and bookings around `now`. Run after its patients and services exist.
 */
export async function seedDemoClinic(tx: Executor, clinicId: number, cost: HashCost, now: Date): Promise<void> {
  const desk = await createRole(tx, {
    facilityId: clinicId,
    code: 'LE_TAN',
    name: 'Lễ tân – Tiếp đón',
    description: 'Tiếp nhận đặt khám, tra cứu bệnh nhân',
    authorities: ['MANAGER_APPOINTMENT', 'MANAGER_USER'],
  });
  await createAccount(
    tx,
    {
      facilityId: clinicId,
      username: 'letan2',
      password: 'Letan@123',
      name: 'Phan Thị Kim Ngân',
      email: 'letan@phongkhamminhan.vn',
      roleIds: [desk.id],
      lastPasswordReset: now,
    },
    cost,
  );
  await seedDemoCatalog(tx, clinicId, CLINIC_CATALOG);
  await linkDemoPriceEntries(tx, clinicId);
  await seedDemoDoctors(tx, clinicId, CLINIC_DOCTORS, 'phongkhamminhan.vn');
  await seedDemoSchedules(tx, clinicId, now);
  await seedDemoBookings(tx, clinicId, now);
}
