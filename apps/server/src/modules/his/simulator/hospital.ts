import type {
  ChargeItemDefinition,
  ChargeItemDefinitionPropertyGroupPriceComponent,
  Location,
  Organization,
  Practitioner,
  PractitionerRole,
} from '@medplum/fhirtypes';
import { FHIR_EXTENSIONS, FHIR_SYSTEMS, HIS_CODE_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { doctorTitlePrefix } from '@portal/shared/rules/doctor-title';
import { HIGH_QUALITY_DEPARTMENT_ID } from '@portal/shared/constants';
import { DEMO_DEPARTMENTS, DEMO_ROOMS, DEMO_SPECIALTIES } from '../../../db/seed/demo-catalog';
import { DEMO_DOCTORS, type DemoDoctor } from '../../../db/seed/demo-doctors';
import { demoServices, generateServices, SERVICE_TYPES, type ServiceSeed } from '../../../db/seed/services-data';
import type { Rng } from './random';

/**
 * The simulated hospital: the demo facility (BVDK-AP) as its HIS knows it. Departments, rooms, doctors and
 * services come from the demo seed's own lists, so a demo user can map and sync them; the HIS also has
 * what the portal does not (two departments, a few doctors and services) and differs in a few places
 * (doctor codes, ~5% of prices).
 */
export const HOSPITAL_NAME = 'Bệnh viện Đa khoa An Phúc';

/** Another hospital of the same HIS (the `foreign` fault points resources at it). */
export const FOREIGN_HOSPITAL_ID = 'bv-hoa-binh';
export const FOREIGN_DEPARTMENT_ID = 'bv-hoa-binh-knoi';

/** Departments and rooms only the HIS has. The high-quality prices name the spec's department id 1000102 itself (see departmentOf). */
const HIS_ONLY_DEPARTMENTS: [string, string][] = [
  ['KCLC', 'Khoa Khám bệnh chất lượng cao'],
  ['KHSTC', 'Khoa Hồi sức tích cực'],
];
const HIS_ONLY_ROOMS: [string, string, string][] = [
  ['CLC01', 'Phòng khám chất lượng cao 01', 'KCLC'],
  ['CLC02', 'Phòng khám chất lượng cao 02', 'KCLC'],
  ['HSTC01', 'Buồng hồi sức tích cực 01', 'KHSTC'],
];

/** Doctors the portal knows under another code (the HIS pads to four digits): matched by name. */
const RECODED = new Set(['BS012', 'BS019', 'BS024']);
const RETIRED = new Set(['BS030']);

const HIS_ONLY_DOCTORS: Pick<DemoDoctor, 'code' | 'name' | 'gender' | 'dob' | 'title' | 'degree' | 'dept' | 'specs' | 'rooms'>[] = [
  {
    code: 'BS101',
    name: 'Ngô Thị Thanh Hương',
    gender: 'FEMALE',
    dob: '1981-02-17',
    title: null,
    degree: 'THS',
    dept: 'KCLC',
    specs: ['NOI'],
    rooms: ['CLC01'],
  },
  { code: 'BS102', name: 'Lý Minh Khôi', gender: 'MALE', dob: '1977-09-05', title: null, degree: 'BSCKI', dept: 'KHSTC', specs: ['NOI'], rooms: ['HSTC01'] },
  { code: 'BS103', name: 'Tạ Quang Vinh', gender: 'MALE', dob: '1990-12-01', title: null, degree: 'BS', dept: 'KKB', specs: ['NOI'], rooms: ['P102'] },
  {
    code: 'BS104',
    name: 'Chu Thị Ngọc Ánh',
    gender: 'FEMALE',
    dob: '1975-06-22',
    title: 'PGS',
    degree: 'TS',
    dept: 'KCLC',
    specs: ['SANPHU'],
    rooms: ['CLC02'],
  },
];

/** Services only the HIS has: [code, name, type, price, insurance price]. Two are retired. */
const HIS_ONLY_SERVICES: [string, string, number, number, number | null][] = [
  ['XN.9001', 'Định lượng NT-proBNP [Máu]', 20, 520_000, 420_000],
  ['XN.9002', 'Định lượng 25-OH Vitamin D [Máu]', 20, 390_000, null],
  ['XN.9003', 'Xét nghiệm đột biến gen EGFR (mô sinh thiết)', 20, 4_800_000, null],
  ['XN.9004', 'Định lượng Anti-TPO [Máu]', 20, 250_000, 210_000],
  ['CDHA.9001', 'Chụp cộng hưởng từ tuyến tiền liệt đa thông số 3.0 Tesla', 30, 3_900_000, 2_650_000],
  ['CDHA.9002', 'Đo độ đàn hồi mô gan (FibroScan)', 30, 450_000, null],
  ['CDHA.9003', 'Chụp cắt lớp vi tính động mạch vành 256 dãy', 30, 2_800_000, 1_950_000],
  ['TDCN.9001', 'Đo đa ký giấc ngủ', 40, 2_200_000, null],
  ['TDCN.9002', 'Theo dõi huyết áp liên tục 24 giờ (Holter huyết áp)', 40, 400_000, 310_000],
  ['TDCN.9003', 'Nghiệm pháp gắng sức điện tâm đồ trên thảm lăn', 40, 650_000, 520_000],
  ['NS.9001', 'Nội soi dạ dày gây mê có sinh thiết, làm test HP', 50, 1_650_000, 980_000],
  ['TT.9001', 'Tiêm nội khớp gối dưới hướng dẫn siêu âm', 60, 750_000, 420_000],
  ['TT.9002', 'Truyền tĩnh mạch sắt (Ferric carboxymaltose)', 60, 350_000, 250_000],
  ['KB.9001', 'Khám chất lượng cao (Giáo sư, Phó giáo sư)', 10, 500_000, null],
  ['KB.9002', 'Khám sức khoẻ định kỳ doanh nghiệp – gói cơ bản', 10, 1_200_000, null],
  ['KB.9003', 'Khám và tư vấn sức khoẻ tiền hôn nhân', 10, 950_000, null],
  ['PHCN.9001', 'Điều trị bằng sóng xung kích', 90, 300_000, 180_000],
  ['RHM.9001', 'Lấy cao răng bằng máy siêu âm và đánh bóng hai hàm', 100, 300_000, 120_000],
  ['M.9001', 'Chụp cắt lớp quang học (OCT) bán phần sau nhãn cầu', 110, 400_000, 270_000],
  ['TMH.9001', 'Nội soi tai mũi họng bằng ống mềm', 120, 450_000, 260_000],
];
const RETIRED_SERVICES = new Set(['XN.9003', 'KB.9003']);

export const deptId = (code: string) => `khoa-${code.toLowerCase()}`;
export const roomId = (code: string) => `phong-${code.toLowerCase()}`;
const ref = (type: string, id: string) => ({ reference: `${type}/${id}` });

export interface HospitalDoctor {
  id: string;
  code: string;
  name: string;
  dept: string;
  rooms: string[];
}

export interface Hospital {
  organizations: Organization[];
  locations: Location[];
  practitioners: Practitioner[];
  roles: PractitionerRole[];
  services: ChargeItemDefinition[];
  /** Doctors by department code (the encounters pick from them). */
  doctorsByDept: Map<string, HospitalDoctor[]>;
  /** Department code by name (the demo histories name departments). */
  deptByName: Map<string, string>;
  /** Catalogue code by service name (a report names the service it was ordered as). */
  serviceCodeByName: Map<string, string>;
}

export function buildHospital(rng: Rng, hospitalId: string, serviceCount: number | undefined): Hospital {
  const hospitalRef = ref('Organization', hospitalId);
  const departments: [string, string][] = [...DEMO_DEPARTMENTS.map(([c, n]) => [c, n] as [string, string]), ...HIS_ONLY_DEPARTMENTS];
  const organizations: Organization[] = [
    {
      resourceType: 'Organization',
      id: hospitalId,
      active: true,
      type: [{ coding: [{ system: FHIR_SYSTEMS.organizationType, code: 'prov', display: 'Healthcare Provider' }] }],
      name: HOSPITAL_NAME,
      alias: ['BVĐK An Phúc'],
      telecom: [
        { system: 'phone', value: '1900 6115' },
        { system: 'url', value: 'https://benhvienanphuc.vn' },
      ],
      address: [{ text: '215 Lê Duẩn, phường Cửa Nam, thành phố Hà Nội', city: 'Hà Nội', country: 'VN' }],
    },
    ...departments.map(
      ([code, name]): Organization => ({
        resourceType: 'Organization',
        id: deptId(code),
        active: true,
        identifier: [{ system: HIS_CODE_SYSTEMS.department, value: code }],
        type: [{ coding: [{ system: FHIR_SYSTEMS.organizationType, code: 'dept', display: 'Hospital Department' }] }],
        name,
        partOf: hospitalRef,
      }),
    ),
    {
      resourceType: 'Organization',
      id: FOREIGN_HOSPITAL_ID,
      active: true,
      type: [{ coding: [{ system: FHIR_SYSTEMS.organizationType, code: 'prov', display: 'Healthcare Provider' }] }],
      name: 'Bệnh viện Đa khoa Hòa Bình',
    },
    {
      resourceType: 'Organization',
      id: FOREIGN_DEPARTMENT_ID,
      active: true,
      identifier: [{ system: HIS_CODE_SYSTEMS.department, value: 'KNOI' }],
      type: [{ coding: [{ system: FHIR_SYSTEMS.organizationType, code: 'dept', display: 'Hospital Department' }] }],
      name: 'Khoa Nội – Bệnh viện Đa khoa Hòa Bình',
      partOf: ref('Organization', FOREIGN_HOSPITAL_ID),
    },
  ];

  const rooms: [string, string, string][] = [...DEMO_ROOMS.map(([c, n, d]) => [c, n, d] as [string, string, string]), ...HIS_ONLY_ROOMS];
  const locations: Location[] = rooms.map(([code, name, dept]) => ({
    resourceType: 'Location',
    id: roomId(code),
    identifier: [{ system: HIS_CODE_SYSTEMS.room, value: code }],
    status: 'active',
    name,
    mode: 'instance',
    physicalType: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/location-physical-type', code: 'ro', display: 'Room' }] },
    managingOrganization: ref('Organization', deptId(dept)),
  }));

  const specialtyName = new Map(DEMO_SPECIALTIES.map(([c, n]) => [c, n]));
  const practitioners: Practitioner[] = [];
  const roles: PractitionerRole[] = [];
  const doctorsByDept = new Map<string, HospitalDoctor[]>();
  const all = [...DEMO_DOCTORS, ...HIS_ONLY_DOCTORS];
  all.forEach((d, i) => {
    const id = `bs-${String(i + 1).padStart(3, '0')}`;
    const code = RECODED.has(d.code) ? `BS0${d.code.slice(2)}` : d.code;
    const words = d.name.split(' ');
    const prefix = doctorTitlePrefix(d.title, d.degree);
    const cchn = rng() < 0.85 ? `${String(Math.floor(rng() * 1_000_000)).padStart(6, '0')}/HNO-CCHN` : null;
    practitioners.push({
      resourceType: 'Practitioner',
      id,
      identifier: [{ system: HIS_CODE_SYSTEMS.doctor, value: code }, ...(cchn ? [{ system: FHIR_SYSTEMS.cchn, value: cchn }] : [])],
      active: !RETIRED.has(d.code),
      name: [{ use: 'official', text: d.name, family: words[0], given: words.slice(1), prefix: prefix ? [`${prefix}.`] : undefined }],
      gender: d.gender === 'MALE' ? 'male' : 'female',
      birthDate: d.dob,
    });
    roles.push({
      resourceType: 'PractitionerRole',
      id: `vt-${String(i + 1).padStart(3, '0')}`,
      active: !RETIRED.has(d.code),
      practitioner: ref('Practitioner', id),
      organization: ref('Organization', deptId(d.dept)),
      location: d.rooms.map((r) => ref('Location', roomId(r))),
      specialty: d.specs.map((s) => ({ text: specialtyName.get(s) ?? s })),
    });
    if (!RETIRED.has(d.code)) {
      const list = doctorsByDept.get(d.dept) ?? [];
      list.push({ id, code, name: prefix ? `${prefix} ${d.name}` : d.name, dept: d.dept, rooms: d.rooms });
      doctorsByDept.set(d.dept, list);
    }
  });

  const services = buildServices(rng, hospitalRef.reference, serviceCount);
  const serviceCodeByName = new Map<string, string>();
  for (const s of services) if (s.title && !serviceCodeByName.has(s.title)) serviceCodeByName.set(s.title, s.identifier![0]!.value!);
  return {
    organizations,
    locations,
    practitioners,
    roles,
    services,
    doctorsByDept,
    deptByName: new Map(departments.map(([c, n]) => [n, c])),
    serviceCodeByName,
  };
}

/** The demo catalogue's size plus the HIS's own services: the default `services`. */
export function defaultServiceCount(): number {
  return demoServices().length + HIS_ONLY_SERVICES.length;
}

const round100 = (v: number) => Math.max(100, Math.round(v / 100) * 100);
const typeName = new Map(SERVICE_TYPES.map((t) => [t.value, t.name]));

/**
 * The portal's price list (seed/services-data.ts, the same codes), about 5% of it at another price, then the
 * HIS's own services. The department price entries name departments the way seed/demo-services.ts links
 * them: 1000101 + k is the k-th demo department, 1000102 the high-quality clinic (here KCLC).
 */
function buildServices(rng: Rng, hospitalRef: string, count: number | undefined): ChargeItemDefinition[] {
  const n = count ?? defaultServiceCount();
  const extras = HIS_ONLY_SERVICES.slice(0, Math.min(HIS_ONLY_SERVICES.length, n));
  const seeds = generateServices(n - extras.length);
  const out: ChargeItemDefinition[] = [];
  for (const s of seeds) {
    let price = s.price;
    if (rng() < 0.05) {
      price = round100(price * (0.9 + rng() * 0.3));
      if (price === s.price) price += 1000;
    }
    out.push(chargeItem(out.length + 1, s, price, hospitalRef, 'active'));
  }
  for (const [code, name, type, price, insurancePrice] of extras) {
    out.push(
      chargeItem(
        out.length + 1,
        { code, name, type, price, insurancePrice, priceEntries: [] },
        price,
        hospitalRef,
        RETIRED_SERVICES.has(code) ? 'retired' : 'active',
      ),
    );
  }
  return out;
}

/** The department of a price entry: the spec's department id itself for the high-quality clinic (the portal keeps ids in digits as they are). */
function departmentOf(id: number): string {
  if (id === HIGH_QUALITY_DEPARTMENT_ID) return String(HIGH_QUALITY_DEPARTMENT_ID);
  return DEMO_DEPARTMENTS[(id - 1_000_101) % DEMO_DEPARTMENTS.length]![0];
}

const money = (value: number) => ({ value, currency: 'VND' as const });

function chargeItem(n: number, s: ServiceSeed, price: number, hospitalRef: string, status: 'active' | 'retired'): ChargeItemDefinition {
  const components: ChargeItemDefinitionPropertyGroupPriceComponent[] = [
    { type: 'base', code: { coding: [{ system: HIS_CODE_SYSTEMS.priceKind, code: 'standard', display: 'Giá dịch vụ' }] }, amount: money(price) },
  ];
  if (s.insurancePrice !== null) {
    components.push({
      type: 'base',
      code: { coding: [{ system: HIS_CODE_SYSTEMS.priceKind, code: 'insurance', display: 'Giá BHYT' }] },
      amount: money(s.insurancePrice),
    });
  }
  // a price of no department (facility-wide) is a department price without its department
  for (const e of s.priceEntries) {
    const parts = [
      ...(e.khoaChiDinhId === null
        ? []
        : [{ url: 'department', valueIdentifier: { system: HIS_CODE_SYSTEMS.department, value: departmentOf(e.khoaChiDinhId) } }]),
      ...(e.denNgay ? [{ url: 'until', valueDate: e.denNgay }] : []),
    ];
    components.push({
      // an extension holds a value or extensions (ext-1): none at all when there is nothing to say
      ...(parts.length ? { extension: [{ url: FHIR_EXTENSIONS.departmentPrice, extension: parts }] } : {}),
      type: 'base',
      code: { coding: [{ system: HIS_CODE_SYSTEMS.priceKind, code: 'department', display: 'Giá theo khoa' }] },
      amount: money(e.donGiaDichVu),
    });
  }
  return {
    resourceType: 'ChargeItemDefinition',
    id: `dv-${n}`,
    url: `urn:his:charge-item:${s.code}`,
    identifier: [{ system: HIS_CODE_SYSTEMS.service, value: s.code }],
    title: s.name,
    status,
    useContext: [
      { code: { system: FHIR_SYSTEMS.usageContextType, code: 'venue' }, valueReference: { reference: hospitalRef } },
      {
        code: { system: FHIR_SYSTEMS.usageContextType, code: 'focus' },
        valueCodeableConcept: { coding: [{ system: HIS_CODE_SYSTEMS.serviceType, code: String(s.type), display: typeName.get(s.type) }] },
      },
    ],
    propertyGroup: [{ priceComponent: components }],
  };
}
