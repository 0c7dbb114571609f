import type { Authority } from '@portal/shared';
import { audit } from '../../core/audit';
import type { Database } from '../../core/db';
import type { HashCost } from '../../modules/auth/passwords';
import { analyzeCatalog, seedServiceTypes, seedServices } from './catalog';
import { linkDemoPriceEntries } from './demo-services';
import { seedDemoAdmin } from './demo-admin';
import { seedDemoCatalog } from './demo-catalog';
import { seedDemoClinic } from './demo-clinic';
import { seedDemoDoctors } from './demo-doctors';
import { seedDemoSchedules } from './demo-schedules';
import { createAccount, createFacility, createRole } from './factories';
import { demoServices } from './services-data';
import type { FileStorage } from '../../core/file-storage';
import { analyzePatients, seedDemoPatients } from './patients';
import { seedDemoBookings } from './demo-bookings';
import { seedDemoFeedback } from './demo-feedback';
import { seedDemoSms } from './demo-sms';
import { seedDemoNotificationGroups } from './demo-notification-groups';
import { seedDemoPatientApp } from './demo-patient-app';
import { seedDemoNotificationEvents } from './demo-notification-events';
import { seedDemoAppConfig } from './demo-app-config';
import { seedDemoSettings } from './demo-settings';
import { demoContentImages } from './demo-images';
import { seedDemoNews } from './demo-news';
import { seedDemoQuestions } from './demo-questions';
import { seedDemoClinicMembers } from './demo-clinic-members';
import { seedDemoClinicDrugs } from './demo-clinic-drugs';
import { seedDemoHisFacade } from './demo-his-facade';
import { foldDayStats } from '../../modules/reports/reports.repository';
import { DEFAULT_HOSPITAL_ID } from '../../modules/his/simulator';

export { hisSimulatorUrl } from '../../modules/his/simulator';
import { seedDemoHis } from './demo-his';
import { seedDemoQueue } from './demo-queue';

const DAY = 86_400_000;

/** Demo roles of a facility: the usual desks of a Vietnamese general hospital. */
const DEMO_ROLES: { code: string; name: string; description: string; authorities: Authority[] }[] = [
  { code: 'QUAN_TRI', name: 'Quản trị cơ sở', description: 'Toàn quyền trong cơ sở y tế', authorities: ['ADMIN_FACILITY'] },
  { code: 'LE_TAN', name: 'Lễ tân – Tiếp đón', description: 'Tiếp nhận đặt khám, tra cứu bệnh nhân', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_USER'] },
  { code: 'BAO_CAO', name: 'Phòng Kế hoạch tổng hợp', description: 'Xem báo cáo và nhật ký hệ thống', authorities: ['MANAGER_REPORT', 'MANAGER_LOG'] },
  { code: 'DANH_MUC', name: 'Phòng Công nghệ thông tin – Danh mục', description: 'Quản lý danh mục dùng chung', authorities: ['MANAGER_CATALOG'] },
  { code: 'DIEU_PHOI', name: 'Điều phối lịch khám', description: 'Xếp lịch làm việc bác sĩ', authorities: ['MANAGER_SCHEDULE', 'MANAGER_DOCTOR'] },
];

/**
 * Seeds the demo facility (its accounts are documented in the README and used by checks
 * outside the project) and a second, smaller facility (seed/demo-clinic.ts) that also serves the
 * isolation tests. Deterministic.
 */
export async function seedDemo(
  database: Database,
  cost: HashCost,
  now = new Date(),
  storage?: FileStorage,
  /** The data directory, whose content image store gets the news covers and the banners; none: they have no images. */
  dataDir?: string,
  /** The HIS simulator's FHIR base URL the demo hospital is connected to (docs/his.md); none: no HIS connection. */
  hisUrl?: string,
): Promise<void> {
  const images = dataDir ? demoContentImages(dataDir) : undefined;
  await database.transaction(async (tx) => {
    const hospital = await createFacility(tx, {
      code: 'BVDK-AP',
      name: 'Bệnh viện Đa khoa An Phúc',
      shortName: 'BVĐK An Phúc',
      avatar: '/static/facilities/an-phuc.svg',
      address: '215 Lê Duẩn, phường Cửa Nam, thành phố Hà Nội',
      hotline: '1900 6115',
      emergencyPhone: '024 3942 1115',
      website: 'https://benhvienanphuc.vn',
      publicProfile: {
        slogan: 'Tận tâm chăm sóc – Vững tin chữa lành',
        experts: [
          { name: 'PGS.TS.BS Trần Văn Minh', title: 'Giám đốc bệnh viện', specialty: 'Tim mạch', photo: '/static/experts/pgs-tran-van-minh.svg' },
          { name: 'TS.BS Nguyễn Thị Lan', title: 'Trưởng khoa Sản', specialty: 'Sản phụ khoa', photo: '/static/experts/ts-nguyen-thi-lan.svg' },
          { name: 'BSCKII Lê Quốc Hùng', title: 'Trưởng khoa Ngoại tổng hợp', specialty: 'Ngoại tiêu hoá', photo: '/static/experts/bscki-le-quoc-hung.svg' },
          { name: 'ThS.BS Phạm Thu Trang', title: 'Phó trưởng khoa Nhi', specialty: 'Nhi khoa', photo: '/static/experts/ths-pham-thu-trang.svg' },
        ],
      },
    });
    const roleIds: Record<string, number> = {};
    for (const r of DEMO_ROLES) roleIds[r.code] = (await createRole(tx, { facilityId: hospital.id, ...r })).id;

    const accounts = [
      { username: 'admin', password: 'Admin@123', name: 'Nguyễn Văn Quản', role: 'QUAN_TRI', reset: now, email: 'quantri@benhvienanphuc.vn' },
      { username: 'letan', password: 'Letan@123', name: 'Trần Thị Thu Hà', role: 'LE_TAN', reset: now, email: 'letan@benhvienanphuc.vn' },
      {
        username: 'baocao',
        password: 'Baocao@123',
        name: 'Lê Minh Tuấn',
        role: 'BAO_CAO',
        reset: new Date(now.getTime() - 200 * DAY),
        email: 'khth@benhvienanphuc.vn',
      },
      {
        username: 'matkhaucu',
        password: 'Matkhau@1',
        name: 'Phạm Đức Anh',
        role: 'DANH_MUC',
        reset: new Date('2024-01-15T09:00:00+07:00'),
        email: 'cntt@benhvienanphuc.vn',
      },
    ];
    for (const a of accounts) {
      await createAccount(
        tx,
        {
          facilityId: hospital.id,
          username: a.username,
          password: a.password,
          name: a.name,
          email: a.email,
          roleIds: [roleIds[a.role]!],
          lastPasswordReset: a.reset,
        },
        cost,
      );
    }

    const clinic = await createFacility(tx, {
      code: 'PKDK-MA',
      name: 'Phòng khám Đa khoa Minh An',
      shortName: 'PKĐK Minh An',
      avatar: '/static/facilities/minh-an.svg',
      address: '48 Nguyễn Thị Minh Khai, phường Sài Gòn, Thành phố Hồ Chí Minh',
      hotline: '1900 6226',
      emergencyPhone: '028 3822 6226',
      website: 'https://phongkhamminhan.vn',
    });
    const clinicAdmin = await createRole(tx, { facilityId: clinic.id, code: 'QUAN_TRI', name: 'Quản trị cơ sở', authorities: ['ADMIN_FACILITY'] });
    await createAccount(
      tx,
      { facilityId: clinic.id, username: 'admin2', password: 'Admin@123', name: 'Võ Thị Minh An', roleIds: [clinicAdmin.id], lastPasswordReset: now },
      cost,
    );
    const services = demoServices();
    for (const f of [hospital.id, clinic.id]) await seedServiceTypes(tx, f);
    await seedServices(tx, hospital.id, services);
    await seedServices(
      tx,
      clinic.id,
      services.filter((_, i) => i % 5 === 0),
    );
    await seedDemoCatalog(tx, hospital.id);
    await linkDemoPriceEntries(tx, hospital.id);
    await seedDemoAdmin(tx, hospital.id, cost, now);
    await seedDemoPatients(tx, { hospitalId: hospital.id, clinicId: clinic.id, now, storage, cost });
    await seedDemoDoctors(tx, hospital.id);
    await seedDemoSchedules(tx, hospital.id, now);
    await seedDemoBookings(tx, hospital.id, now);
    await seedDemoFeedback(tx, hospital.id, now);
    await seedDemoClinic(tx, clinic.id, cost, now);
    await seedDemoSms(tx, hospital.id, now);
    await seedDemoNotificationGroups(tx, hospital.id, now);
    await seedDemoPatientApp(tx, hospital.id, now);
    await seedDemoNotificationEvents(tx, hospital.id);
    await seedDemoAppConfig(tx, hospital.id, now, images);
    await seedDemoSettings(tx, hospital.id, clinic.id, null);
    await seedDemoNews(tx, hospital.id, now, images);
    await seedDemoQuestions(tx, hospital.id, now);
    await seedDemoClinicMembers(tx, hospital.id, cost, now);
    await seedDemoClinicDrugs(tx, hospital.id, now);
    await seedDemoHisFacade(tx, hospital.id, cost, now);
    await seedDemoQueue(tx, hospital.id, cost, now);
    if (hisUrl) await seedDemoHis(tx, hospital.id, hisUrl, DEFAULT_HOSPITAL_ID);
    // the reports' rollup starts folded (the reports.fold job does it afterwards)
    await foldDayStats(tx);
    await audit(tx, null, { action: 'SEED_DEMO', entity: 'facility', entityId: hospital.id, facilityId: hospital.id, actorUsername: 'system' });
  });
  await analyzeCatalog(database);
  await analyzePatients(database);
}
