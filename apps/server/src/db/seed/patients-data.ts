/**
 * Deterministic generator of believable Vietnamese patients: accounts with family profiles,
 * identifiers that pass the shared validators (CCCD consistent with birth year, sex and birth
 * province; BHYT by beneficiary group; mobiles of real carrier prefixes), addresses from the
 * 2025 ward list, and visit histories with prescriptions of common drugs.
 */
import { CCCD_PROVINCE_PREFIXES } from '@portal/shared/rules/identifiers';
import type { Province2025, Ward2025 } from '../reference';

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
function weighted<T>(rng: Rng, list: readonly (readonly [T, number])[]): T {
  const total = list.reduce((s, [, w]) => s + w, 0);
  let r = rng() * total;
  for (const [v, w] of list) {
    r -= w;
    if (r < 0) return v;
  }
  return list[list.length - 1]![0];
}
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => Math.floor(rng() * 10)).join('');
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

// Family names by their share of the population (approximate, GSO / common estimates).
const FAMILY: readonly (readonly [string, number])[] = [
  ['Nguyễn', 31],
  ['Trần', 11],
  ['Lê', 9.5],
  ['Phạm', 7],
  ['Hoàng', 3],
  ['Huỳnh', 2],
  ['Phan', 4.5],
  ['Vũ', 2.5],
  ['Võ', 1.5],
  ['Đặng', 2.1],
  ['Bùi', 2],
  ['Đỗ', 1.4],
  ['Hồ', 1.3],
  ['Ngô', 1.3],
  ['Dương', 1],
  ['Lý', 0.5],
  ['Đinh', 0.8],
  ['Trịnh', 0.7],
  ['Đoàn', 0.6],
  ['Lương', 0.5],
  ['Mai', 0.5],
  ['Cao', 0.5],
  ['Tạ', 0.3],
  ['Chu', 0.3],
  ['Lâm', 0.3],
  ['Tô', 0.3],
  ['Hà', 0.4],
];
const MIDDLE_M = ['Văn', 'Văn', 'Văn', 'Đức', 'Minh', 'Quốc', 'Hữu', 'Thanh', 'Công', 'Quang', 'Gia', 'Xuân', 'Trung', 'Hoàng', 'Ngọc', 'Tiến', 'Mạnh', 'Duy'];
const MIDDLE_F = ['Thị', 'Thị', 'Thị', 'Ngọc', 'Thu', 'Thanh', 'Minh', 'Khánh', 'Bảo', 'Phương', 'Mai', 'Hồng', 'Thùy', 'Kim', 'Diệu', 'Hải', 'Lan', 'Quỳnh'];
const GIVEN_M = [
  'An',
  'Bình',
  'Cường',
  'Dũng',
  'Đạt',
  'Hải',
  'Hiếu',
  'Hùng',
  'Huy',
  'Khoa',
  'Khánh',
  'Long',
  'Minh',
  'Nam',
  'Phong',
  'Phúc',
  'Quân',
  'Sơn',
  'Tài',
  'Thành',
  'Thắng',
  'Toàn',
  'Trung',
  'Tuấn',
  'Việt',
  'Vinh',
  'Kiên',
  'Lâm',
  'Tùng',
  'Đông',
  'Hưng',
  'Lộc',
  'Nghĩa',
  'Quang',
  'Thịnh',
  'Trí',
  'Bảo',
  'Đức',
  'Hoà',
  'Tiến',
];
const GIVEN_F = [
  'Anh',
  'Chi',
  'Dung',
  'Giang',
  'Hà',
  'Hạnh',
  'Hằng',
  'Hoa',
  'Hương',
  'Huyền',
  'Lan',
  'Linh',
  'Loan',
  'Mai',
  'My',
  'Nga',
  'Ngọc',
  'Nhung',
  'Oanh',
  'Phương',
  'Quỳnh',
  'Thảo',
  'Trang',
  'Tuyết',
  'Vân',
  'Yến',
  'Hiền',
  'Thủy',
  'Hồng',
  'Thư',
  'Vy',
  'Ngân',
  'Nhi',
  'Trâm',
  'Diệp',
  'Hậu',
  'Liên',
  'Tâm',
];

// Carrier prefixes of 10-digit mobiles (Viettel, VinaPhone, MobiFone, Vietnamobile, Gmobile).
const MOBILE_PREFIXES = [
  '086',
  '096',
  '097',
  '098',
  '032',
  '033',
  '034',
  '035',
  '036',
  '037',
  '038',
  '039',
  '091',
  '094',
  '088',
  '081',
  '082',
  '083',
  '084',
  '085',
  '089',
  '090',
  '093',
  '070',
  '076',
  '077',
  '078',
  '079',
  '092',
  '056',
  '058',
  '099',
  '059',
];
const STREETS = [
  'Lê Duẩn',
  'Giải Phóng',
  'Trường Chinh',
  'Nguyễn Trãi',
  'Láng Hạ',
  'Kim Mã',
  'Đội Cấn',
  'Hoàng Hoa Thám',
  'Lạc Long Quân',
  'Minh Khai',
  'Bạch Mai',
  'Tôn Đức Thắng',
  'Xã Đàn',
  'Trần Duy Hưng',
  'Nguyễn Chí Thanh',
  'Cầu Giấy',
  'Hồ Tùng Mậu',
  'Phạm Văn Đồng',
  'Nguyễn Văn Cừ',
  'Ngô Gia Tự',
  'Quang Trung',
  'Lê Lợi',
  'Hai Bà Trưng',
  'Trần Hưng Đạo',
];
const HAMLETS = [
  'Thôn Đông',
  'Thôn Đoài',
  'Thôn Thượng',
  'Thôn Hạ',
  'Thôn Trung',
  'Xóm Mới',
  'Thôn 1',
  'Thôn 2',
  'Thôn 3',
  'Thôn 4',
  'Xóm Chùa',
  'Thôn Bắc',
  'Thôn Nam',
  'Xóm Đình',
];
const NATIONS: readonly (readonly [string, number])[] = [
  ['01', 88],
  ['02', 2.5],
  ['03', 2],
  ['06', 2],
  ['07', 1.5],
  ['08', 1.2],
  ['09', 1],
  ['04', 1],
  ['05', 0.8],
];
const JOBS_ADULT = [
  '22',
  '23',
  '24',
  '25',
  '26',
  '31',
  '32',
  '33',
  '36',
  '41',
  '42',
  '51',
  '52',
  '54',
  '61',
  '71',
  '72',
  '74',
  '75',
  '81',
  '83',
  '91',
  '92',
  '93',
  '95',
  '01',
  '02',
];
const EMAIL_DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com'];

export interface ProfileSeed {
  relationship: 'SELF' | 'CHILD' | 'PARENT' | 'SPOUSE';
  fullName: string;
  birthDate: string;
  gender: 'MALE' | 'FEMALE';
  phone: string | null;
  email: string | null;
  cccd: string | null;
  bhyt: string | null;
  bhytExpiry: string | null;
  nationCode: string;
  jobCode: string | null;
  provinceCode: string;
  wardCode: string;
  street: string;
}

export interface AccountSeed {
  name: string;
  phone: string | null;
  email: string | null;
  verified: boolean;
  locked: boolean;
  createdAt: Date;
  profiles: ProfileSeed[];
}

export interface GeneratorInput {
  provinces: Province2025[];
  wards: Ward2025[];
  now: Date;
  seed: number;
  /** Provinces around the facility, which most patients live in (first = the facility's). */
  homeProvinces: string[];
  /** Identifiers already used in the facility (a second run must not repeat them). */
  taken?: { phones: Iterable<string>; cccds: Iterable<string>; bhyts: Iterable<string>; emails?: Iterable<string> };
}

const strip = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();

/** An endless deterministic stream of accounts; identifiers are unique within one generator. */
export function patientGenerator(input: GeneratorInput) {
  const rng = mulberry32(input.seed);
  const wardsBy = new Map<string, Ward2025[]>();
  for (const w of input.wards) wardsBy.set(w.provinceCode, [...(wardsBy.get(w.provinceCode) ?? []), w]);
  const legacyOf = new Map(input.provinces.map((p) => [p.code, p.mergedFrom]));
  const phones = new Set<string>(input.taken?.phones ?? []);
  const cccds = new Set<string>(input.taken?.cccds ?? []);
  const bhyts = new Set<string>(input.taken?.bhyts ?? []);
  const emails = new Set<string>(input.taken?.emails ?? []);
  const emailFor = (fullName: string) => {
    const base = strip(fullName).split(' ').reverse().join('.');
    for (let n = int(rng, 1, 999); ; n = int(rng, 1000, 99_999)) {
      const e = `${base}${n}@${pick(rng, EMAIL_DOMAINS)}`;
      if (!emails.has(e)) {
        emails.add(e);
        return e;
      }
    }
  };
  const year = input.now.getUTCFullYear();
  const others = input.provinces.map((p) => p.code).filter((c) => !input.homeProvinces.includes(c));

  const phone = () => {
    for (;;) {
      const p = pick(rng, MOBILE_PREFIXES) + digits(rng, 7);
      if (!phones.has(p)) {
        phones.add(p);
        return p;
      }
    }
  };
  const province = () => (rng() < 0.8 ? (rng() < 0.55 ? input.homeProvinces[0]! : pick(rng, input.homeProvinces)) : pick(rng, others));
  const birthDate = (ageMin: number, ageMax: number) => {
    const y = year - int(rng, ageMin, ageMax);
    const m = int(rng, 1, 12);
    const d = int(rng, 1, 28);
    return `${y}-${pad(m)}-${pad(d)}`;
  };
  const cccdFor = (birth: string, gender: 'MALE' | 'FEMALE', provinceCode: string) => {
    const y = Number(birth.slice(0, 4));
    const legacy = pick(rng, legacyOf.get(provinceCode) ?? ['01']);
    const prefix = `0${legacy}`;
    const p = CCCD_PROVINCE_PREFIXES.includes(prefix) ? prefix : '001';
    const centuryDigit = Math.floor((y - 1900) / 100) * 2 + (gender === 'FEMALE' ? 1 : 0);
    for (;;) {
      const c = `${p}${centuryDigit}${String(y % 100).padStart(2, '0')}${digits(rng, 6)}`;
      if (!cccds.has(c)) {
        cccds.add(c);
        return c;
      }
    }
  };
  const bhytFor = (age: number, jobCode: string | null, provinceCode: string) => {
    const group =
      age < 6
        ? 'TE'
        : age < 18
          ? 'HS'
          : age < 22 && !jobCode
            ? 'SV'
            : age >= 60
              ? pick(rng, ['HT', 'HT', 'GD', 'CN'])
              : jobCode && ['01', '02'].includes(jobCode)
                ? 'QN'
                : pick(rng, ['DN', 'DN', 'DN', 'HC', 'GD', 'GD', 'HN', 'CN']);
    const level = group === 'TE' || group === 'HN' || group === 'QN' ? '1' : group === 'HT' ? '3' : group === 'CN' ? '2' : '4';
    const legacy = pick(rng, legacyOf.get(provinceCode) ?? ['01']);
    for (;;) {
      const b = `${group}${level}${legacy}${digits(rng, 10)}`;
      if (!bhyts.has(b)) {
        bhyts.add(b);
        return b;
      }
    }
  };
  const address = (provinceCode: string) => {
    const ward = pick(rng, wardsBy.get(provinceCode) ?? input.wards);
    const street =
      ward.type === 'Phường'
        ? rng() < 0.5
          ? `Số ${int(rng, 1, 350)} ${pick(rng, STREETS)}`
          : `Số ${int(rng, 1, 80)}, ngõ ${int(rng, 2, 250)} ${pick(rng, STREETS)}`
        : pick(rng, HAMLETS);
    return { provinceCode: ward.provinceCode, wardCode: ward.code, street };
  };
  const nameOf = (family: string, gender: 'MALE' | 'FEMALE') =>
    `${family} ${pick(rng, gender === 'MALE' ? MIDDLE_M : MIDDLE_F)} ${pick(rng, gender === 'MALE' ? GIVEN_M : GIVEN_F)}`;

  const person = (
    relationship: ProfileSeed['relationship'],
    family: string,
    gender: 'MALE' | 'FEMALE',
    ageMin: number,
    ageMax: number,
    home: { provinceCode: string; wardCode: string; street: string },
    withPhone: boolean,
  ): ProfileSeed => {
    const birth = birthDate(ageMin, ageMax);
    const age = year - Number(birth.slice(0, 4));
    const jobCode = age >= 22 && age < 62 ? pick(rng, JOBS_ADULT) : null;
    const fullName = nameOf(family, gender);
    const hasCccd = age >= 14 ? rng() < 0.97 : rng() < 0.3;
    const hasBhyt = age < 6 ? true : age < 18 ? rng() < 0.9 : rng() < 0.7;
    return {
      relationship,
      fullName,
      birthDate: birth,
      gender,
      phone: withPhone ? phone() : null,
      email: null,
      cccd: hasCccd ? cccdFor(birth, gender, rng() < 0.85 ? home.provinceCode : province()) : null,
      bhyt: hasBhyt ? bhytFor(age, jobCode, home.provinceCode) : null,
      bhytExpiry: hasBhyt ? `${year + (rng() < 0.7 ? 0 : 1)}-12-31` : null,
      nationCode: weighted(rng, NATIONS),
      jobCode,
      ...home,
    };
  };

  return function next(): AccountSeed {
    const family = weighted(rng, FAMILY);
    const gender = rng() < 0.52 ? 'FEMALE' : 'MALE';
    const home = address(province());
    const self = person('SELF', family, gender, 18, 82, home, true);
    const profiles: ProfileSeed[] = [self];
    const selfAge = year - Number(self.birthDate.slice(0, 4));
    if (selfAge >= 24 && selfAge <= 55 && rng() < 0.4) {
      const kids = rng() < 0.6 ? 1 : 2;
      for (let k = 0; k < kids; k++) {
        const kidGender = rng() < 0.5 ? 'FEMALE' : 'MALE';
        // children take the father's family name; a mother's account often holds them too
        const kidFamily = gender === 'MALE' ? family : weighted(rng, FAMILY);
        profiles.push(person('CHILD', kidFamily, kidGender, 0, Math.min(17, selfAge - 20), home, false));
      }
    }
    if (selfAge >= 28 && selfAge <= 60 && rng() < 0.15) {
      const pg = rng() < 0.5 ? 'FEMALE' : 'MALE';
      profiles.push(person('PARENT', pg === 'MALE' ? family : weighted(rng, FAMILY), pg, selfAge + 20, Math.min(95, selfAge + 35), home, rng() < 0.5));
    }
    const email = rng() < 0.18 ? emailFor(self.fullName) : null;
    if (email) self.email = email;
    // accounts made over the last three years, later ones more often
    const createdAt = new Date(input.now.getTime() - Math.floor(rng() ** 1.6 * 3 * 365 * 86_400_000) - int(rng, 0, 86_399) * 1000);
    return { name: self.fullName, phone: self.phone, email, verified: rng() < 0.7, locked: rng() < 0.02, createdAt, profiles };
  };
}

/**
 * A second account of the same person, made later (forgot the first one): by e-mail only, the
 * same profile data. `kind` says what the duplicate has in common for the merge screen.
 */
export function duplicateOf(a: AccountSeed, kind: 'phone' | 'cccd' | 'nameDob', n: number, now: Date): AccountSeed {
  const self = a.profiles[0]!;
  const p: ProfileSeed = {
    ...self,
    phone: kind === 'phone' ? self.phone : null,
    cccd: kind === 'cccd' ? self.cccd : null,
    bhyt: null,
    bhytExpiry: null,
    email: null,
  };
  return {
    name: self.fullName,
    phone: null,
    email: `${strip(self.fullName).replace(/ /g, '')}.${n}@gmail.com`,
    verified: false,
    locked: false,
    createdAt: new Date(Math.min(now.getTime() - 3_600_000, a.createdAt.getTime() + (n % 200) * 86_400_000 + 3_600_000)),
    profiles: [p],
  };
}

// ---- visit histories ----

export interface DrugLine {
  drug: string;
  ingredient: string;
  dose: string;
  unit: string;
  perDay: number;
  usage: string;
}
export interface Condition {
  icd: string;
  diagnosis: string;
  department: string;
  reason: string;
  drugs: DrugLine[];
  labs: [string, string, string, string, string][]; // kind, service, result, unit, range
  adult?: boolean;
  child?: boolean;
}

/** The visit reasons of the demo histories (also the HIS simulator's encounters). */
export const CONDITIONS: Condition[] = [
  {
    icd: 'J06.9',
    diagnosis: 'Nhiễm trùng đường hô hấp trên cấp',
    department: 'Khoa Khám bệnh',
    reason: 'Sốt, ho, sổ mũi 3 ngày',
    drugs: [
      {
        drug: 'Paracetamol 500mg',
        ingredient: 'Paracetamol',
        dose: '500 mg',
        unit: 'viên',
        perDay: 3,
        usage: 'Uống 1 viên/lần khi sốt trên 38,5°C, cách nhau ít nhất 4 giờ',
      },
      { drug: 'Loratadin 10mg', ingredient: 'Loratadin', dose: '10 mg', unit: 'viên', perDay: 1, usage: 'Uống 1 viên buổi tối' },
      {
        drug: 'Acetylcystein 200mg',
        ingredient: 'Acetylcystein',
        dose: '200 mg',
        unit: 'gói',
        perDay: 3,
        usage: 'Hoà 1 gói với nước, uống sau ăn, ngày 3 lần',
      },
    ],
    labs: [['XN', 'Tổng phân tích tế bào máu ngoại vi (bằng máy đếm laser)', 'Bạch cầu 11,2 G/L; Trung tính 72%', 'G/L', '4,0 – 10,0']],
  },
  {
    icd: 'I10',
    diagnosis: 'Tăng huyết áp vô căn (nguyên phát)',
    department: 'Khoa Tim mạch',
    reason: 'Đau đầu, chóng mặt, huyết áp đo tại nhà 160/95 mmHg',
    adult: true,
    drugs: [
      { drug: 'Amlodipin 5mg', ingredient: 'Amlodipin', dose: '5 mg', unit: 'viên', perDay: 1, usage: 'Uống 1 viên buổi sáng sau ăn' },
      { drug: 'Losartan 50mg', ingredient: 'Losartan kali', dose: '50 mg', unit: 'viên', perDay: 1, usage: 'Uống 1 viên buổi sáng' },
    ],
    labs: [
      ['XN', 'Định lượng Creatinin [Máu]', '88', 'µmol/L', '62 – 120'],
      ['XN', 'Định lượng Cholesterol toàn phần [Máu]', '6,1', 'mmol/L', '3,9 – 5,2'],
      ['TDCN', 'Điện tim thường', 'Nhịp xoang 82 lần/phút, trục trung gian', '', ''],
    ],
  },
  {
    icd: 'E11.9',
    diagnosis: 'Đái tháo đường type 2 không có biến chứng',
    department: 'Khoa Nội tổng hợp',
    reason: 'Khám định kỳ đái tháo đường',
    adult: true,
    drugs: [
      {
        drug: 'Metformin 500mg',
        ingredient: 'Metformin hydroclorid',
        dose: '500 mg',
        unit: 'viên',
        perDay: 2,
        usage: 'Uống 1 viên/lần, ngày 2 lần sau ăn sáng và tối',
      },
      { drug: 'Gliclazid 30mg MR', ingredient: 'Gliclazid', dose: '30 mg', unit: 'viên', perDay: 1, usage: 'Uống 1 viên trước ăn sáng' },
    ],
    labs: [
      ['XN', 'Định lượng Glucose [Máu]', '8,4', 'mmol/L', '3,9 – 6,4'],
      ['XN', 'Định lượng HbA1c [Máu]', '7,6', '%', '4,0 – 6,0'],
    ],
  },
  {
    icd: 'K29.7',
    diagnosis: 'Viêm dạ dày, không đặc hiệu',
    department: 'Khoa Tiêu hoá',
    reason: 'Đau thượng vị, ợ chua 2 tuần',
    adult: true,
    drugs: [
      { drug: 'Omeprazol 20mg', ingredient: 'Omeprazol', dose: '20 mg', unit: 'viên', perDay: 2, usage: 'Uống 1 viên/lần trước ăn sáng và tối 30 phút' },
      { drug: 'Domperidon 10mg', ingredient: 'Domperidon', dose: '10 mg', unit: 'viên', perDay: 3, usage: 'Uống 1 viên trước mỗi bữa ăn 15 phút' },
      { drug: 'Phosphalugel', ingredient: 'Nhôm phosphat', dose: '20 g', unit: 'gói', perDay: 2, usage: 'Uống 1 gói khi đau hoặc sau ăn 1 giờ' },
    ],
    labs: [['CDHA', 'Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)', 'Gan, mật, tụy, lách, hai thận bình thường', '', '']],
  },
  {
    icd: 'J02.9',
    diagnosis: 'Viêm họng cấp, không đặc hiệu',
    department: 'Khoa Tai Mũi Họng',
    reason: 'Đau rát họng, nuốt vướng',
    drugs: [
      { drug: 'Amoxicillin 500mg', ingredient: 'Amoxicillin', dose: '500 mg', unit: 'viên', perDay: 3, usage: 'Uống 1 viên/lần, ngày 3 lần, đủ 7 ngày' },
      { drug: 'Paracetamol 500mg', ingredient: 'Paracetamol', dose: '500 mg', unit: 'viên', perDay: 3, usage: 'Uống 1 viên/lần khi đau hoặc sốt' },
    ],
    labs: [],
  },
  {
    icd: 'M54.5',
    diagnosis: 'Đau vùng thắt lưng',
    department: 'Khoa Chấn thương chỉnh hình',
    reason: 'Đau lưng sau mang vác nặng',
    adult: true,
    drugs: [
      { drug: 'Meloxicam 7,5mg', ingredient: 'Meloxicam', dose: '7,5 mg', unit: 'viên', perDay: 1, usage: 'Uống 1 viên sau ăn sáng' },
      { drug: 'Eperison 50mg', ingredient: 'Eperison hydroclorid', dose: '50 mg', unit: 'viên', perDay: 3, usage: 'Uống 1 viên/lần, ngày 3 lần sau ăn' },
    ],
    labs: [['CDHA', 'Chụp X-quang cột sống thắt lưng thẳng nghiêng', 'Hình ảnh thoái hoá cột sống thắt lưng L4–L5', '', '']],
  },
  {
    icd: 'E78.5',
    diagnosis: 'Tăng lipid máu, không đặc hiệu',
    department: 'Khoa Nội tổng hợp',
    reason: 'Kiểm tra mỡ máu',
    adult: true,
    drugs: [{ drug: 'Atorvastatin 20mg', ingredient: 'Atorvastatin', dose: '20 mg', unit: 'viên', perDay: 1, usage: 'Uống 1 viên buổi tối' }],
    labs: [
      ['XN', 'Định lượng Cholesterol toàn phần [Máu]', '6,8', 'mmol/L', '3,9 – 5,2'],
      ['XN', 'Định lượng Triglycerid [Máu]', '2,9', 'mmol/L', '0,46 – 1,88'],
      ['XN', 'Đo hoạt độ ALT (GPT) [Máu]', '32', 'U/L', '≤ 40'],
    ],
  },
  {
    icd: 'A09',
    diagnosis: 'Tiêu chảy và viêm dạ dày ruột do nhiễm trùng',
    department: 'Khoa Nhi',
    reason: 'Đi ngoài phân lỏng 5 lần/ngày, nôn',
    child: true,
    drugs: [
      {
        drug: 'Oresol 245',
        ingredient: 'Natri clorid, glucose khan, natri citrat, kali clorid',
        dose: '4,22 g',
        unit: 'gói',
        perDay: 4,
        usage: 'Pha 1 gói với 200 ml nước đun sôi để nguội, uống sau mỗi lần đi ngoài',
      },
      { drug: 'Smecta', ingredient: 'Diosmectit', dose: '3 g', unit: 'gói', perDay: 2, usage: 'Pha 1 gói với nửa cốc nước, uống ngày 2 lần' },
      { drug: 'Kẽm gluconat 10mg', ingredient: 'Kẽm', dose: '10 mg', unit: 'gói', perDay: 1, usage: 'Uống 1 gói/ngày trong 10 ngày' },
    ],
    labs: [['XN', 'Tổng phân tích tế bào máu ngoại vi (bằng máy đếm laser)', 'Bạch cầu 9,8 G/L', 'G/L', '4,0 – 10,0']],
  },
  {
    icd: 'J45.9',
    diagnosis: 'Hen phế quản, không đặc hiệu',
    department: 'Khoa Nội tổng hợp',
    reason: 'Khó thở, khò khè về đêm',
    drugs: [
      {
        drug: 'Ventolin xịt 100mcg',
        ingredient: 'Salbutamol',
        dose: '100 mcg/liều',
        unit: 'bình',
        perDay: 0,
        usage: 'Xịt 2 nhát khi khó thở, tối đa 4 lần/ngày',
      },
      { drug: 'Pulmicort Respules 0,5mg/2ml', ingredient: 'Budesonid', dose: '0,5 mg', unit: 'ống', perDay: 2, usage: 'Khí dung 1 ống/lần, ngày 2 lần' },
    ],
    labs: [['CDHA', 'Chụp X-quang ngực thẳng', 'Hai phế trường sáng, không thấy tổn thương nhu mô', '', '']],
  },
  {
    icd: 'N39.0',
    diagnosis: 'Nhiễm khuẩn đường tiết niệu, vị trí không xác định',
    department: 'Khoa Khám bệnh',
    reason: 'Tiểu buốt, tiểu rắt',
    adult: true,
    drugs: [
      { drug: 'Ciprofloxacin 500mg', ingredient: 'Ciprofloxacin', dose: '500 mg', unit: 'viên', perDay: 2, usage: 'Uống 1 viên/lần, ngày 2 lần, cách 12 giờ' },
    ],
    labs: [['XN', 'Tổng phân tích nước tiểu (bằng máy tự động)', 'Bạch cầu (+++), Nitrit (+)', '', 'Âm tính']],
  },
  {
    icd: 'L20.9',
    diagnosis: 'Viêm da cơ địa, không đặc hiệu',
    department: 'Khoa Da liễu',
    reason: 'Ngứa, nổi mẩn đỏ hai tay',
    drugs: [
      { drug: 'Cetirizin 10mg', ingredient: 'Cetirizin dihydroclorid', dose: '10 mg', unit: 'viên', perDay: 1, usage: 'Uống 1 viên buổi tối' },
      {
        drug: 'Hydrocortison 1% kem',
        ingredient: 'Hydrocortison acetat',
        dose: '1%',
        unit: 'tuýp',
        perDay: 0,
        usage: 'Bôi lớp mỏng lên vùng da tổn thương ngày 2 lần',
      },
    ],
    labs: [],
  },
  {
    icd: 'Z00.0',
    diagnosis: 'Khám sức khoẻ tổng quát',
    department: 'Khoa Khám bệnh',
    reason: 'Khám sức khoẻ định kỳ',
    drugs: [],
    labs: [
      ['XN', 'Định lượng Glucose [Máu]', '5,2', 'mmol/L', '3,9 – 6,4'],
      ['XN', 'Đo hoạt độ ALT (GPT) [Máu]', '24', 'U/L', '≤ 40'],
      ['CDHA', 'Chụp X-quang ngực thẳng', 'Tim phổi bình thường', '', ''],
    ],
  },
];
const DOCTORS = [
  'BS. Nguyễn Văn Hưng',
  'BSCKI Trần Thị Mai',
  'ThS.BS Lê Quang Huy',
  'BSCKII Phạm Thị Lan',
  'BS. Đỗ Minh Tuấn',
  'TS.BS Hoàng Văn Nam',
  'BS. Vũ Thị Thu Trang',
  'BSCKI Bùi Đức Thắng',
];

export interface HistorySeed {
  visitedAt: Date;
  departmentName: string;
  doctorName: string;
  reason: string;
  icdCode: string;
  diagnosis: string;
  conclusion: string;
  followUpDate: string | null;
  prescriptions: { drugName: string; activeIngredient: string; dose: string; quantity: number; unit: string; usage: string; days: number }[];
  record: {
    pulse: number;
    temperature: string;
    bloodPressure: string;
    weightKg: string;
    heightCm: number;
    symptoms: string;
    examination: string;
    treatment: string;
  };
  diagnostics: {
    kind: string;
    serviceName: string;
    result: string;
    unit: string | null;
    referenceRange: string | null;
    abnormal: boolean;
    conclusion: string | null;
    performedAt: Date;
  }[];
}

/** 0–3 visits of a profile over the last two years (children and the elderly come more often). */
export function historiesFor(rng: Rng, profile: { birthDate: string }, now: Date): HistorySeed[] {
  const age = now.getUTCFullYear() - Number(profile.birthDate.slice(0, 4));
  const n = weighted(
    rng,
    age < 6 || age > 60
      ? [
          [0, 3],
          [1, 4],
          [2, 2],
          [3, 1],
        ]
      : ([
          [0, 6],
          [1, 3],
          [2, 1],
        ] as const),
  ) as number;
  const out: HistorySeed[] = [];
  for (let i = 0; i < n; i++) {
    const fits = CONDITIONS.filter((c) => (age < 16 ? !c.adult : !c.child));
    const c = pick(rng, fits);
    const dept = age < 16 && c.department !== 'Khoa Tai Mũi Họng' && c.department !== 'Khoa Da liễu' ? 'Khoa Nhi' : c.department;
    // weekday mornings, 07:00–11:30 in +07:00
    const day = new Date(now.getTime() - int(rng, 1, 730) * 86_400_000);
    const visitedAt = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 0, int(rng, 0, 270)));
    const days = c.icd === 'E11.9' || c.icd === 'I10' || c.icd === 'E78.5' ? 30 : int(rng, 5, 7);
    const child = age < 12;
    out.push({
      visitedAt,
      departmentName: dept,
      doctorName: pick(rng, DOCTORS),
      reason: c.reason,
      icdCode: c.icd,
      diagnosis: c.diagnosis,
      conclusion:
        c.icd === 'Z00.0'
          ? 'Sức khoẻ loại I'
          : `${c.diagnosis}. ${c.drugs.length ? 'Điều trị ngoại trú theo đơn.' : 'Theo dõi, tái khám khi có dấu hiệu bất thường.'}`,
      followUpDate: days >= 30 ? new Date(visitedAt.getTime() + days * 86_400_000).toISOString().slice(0, 10) : null,
      prescriptions: c.drugs.map((d) => ({
        drugName: d.drug,
        activeIngredient: d.ingredient,
        dose: child && d.unit === 'viên' ? `${d.dose} (½ viên/lần)` : d.dose,
        quantity: d.perDay === 0 ? 1 : d.perDay * days,
        unit: d.unit,
        usage: d.usage,
        days,
      })),
      record: {
        pulse: int(rng, 64, 98),
        temperature: c.icd === 'J06.9' || c.icd === 'J02.9' ? `${int(rng, 37, 38)},${int(rng, 0, 9)}` : `36,${int(rng, 5, 9)}`,
        bloodPressure: child ? '' : c.icd === 'I10' ? `${int(rng, 145, 170)}/${int(rng, 90, 100)}` : `${int(rng, 105, 135)}/${int(rng, 65, 85)}`,
        weightKg: child ? String(int(rng, 4, 40)) : String(int(rng, 45, 82)),
        heightCm: child ? int(rng, 55, 150) : int(rng, 150, 178),
        symptoms: c.reason,
        examination: 'Tỉnh, tiếp xúc tốt. Da niêm mạc hồng. Tim đều, phổi không ran.',
        treatment: c.drugs.length ? `Điều trị ngoại trú ${days} ngày` : 'Không dùng thuốc',
      },
      diagnostics: c.labs.map(([kind, serviceName, result, unit, range]) => ({
        kind,
        serviceName,
        result,
        unit: unit || null,
        referenceRange: range || null,
        abnormal: /[↑↓]|\(\+/.test(result) || (kind === 'XN' && range !== '' && /^\d/.test(result) && !inRange(result, range)),
        conclusion: kind === 'XN' ? null : result,
        performedAt: new Date(visitedAt.getTime() + int(rng, 20, 90) * 60_000),
      })),
    });
  }
  return out;
}

function inRange(result: string, range: string): boolean {
  const v = Number(result.replace(',', '.'));
  const m = /^([\d,]+)\s*–\s*([\d,]+)$/.exec(range);
  if (m) return v >= Number(m[1]!.replace(',', '.')) && v <= Number(m[2]!.replace(',', '.'));
  const le = /^≤\s*([\d,]+)$/.exec(range);
  return le ? v <= Number(le[1]!.replace(',', '.')) : true;
}

/**
 * A tiny valid one-page PDF (Helvetica, ASCII text lines), made on the fly for demo result files:
 * objects, a cross-reference table with exact byte offsets, a trailer.
 */
export function tinyPdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const content = ['BT', '/F1 16 Tf', '56 780 Td', '20 TL', ...lines.map((l, i) => `${i === 0 ? '' : 'T* '}(${esc(l)}) Tj`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
