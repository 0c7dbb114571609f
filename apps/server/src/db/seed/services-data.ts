/**
 * Believable medical services (the hospital's price list) for demo data and benchmarks.
 *
 * Names follow the style of the Ministry of Health's technical-service lists
 * (Thông tư 39/2018, 13/2019, 22/2023): the curated list is built from real combinatorics
 * (analytes × specimens, imaging × regions × contrast, endoscopy × biopsy × anaesthesia,
 * procedures × lengths, beds × departments × class, dental work × tooth group, ...), never
 * from numbering. Everything is deterministic: prices come from a hash of the name, the
 * insurance gaps and department prices from a seeded PRNG.
 */
import { SERVICE_TYPES as SHARED_SERVICE_TYPES } from '@portal/shared/resources/services.resource';

export interface ServiceTypeSeed {
  value: number;
  name: string;
}

/** 10 = Khám bệnh is the public page's default type (the list lives in the shared resource). */
export const SERVICE_TYPES: ServiceTypeSeed[] = SHARED_SERVICE_TYPES.map((t) => ({ value: t.value, name: t.name }));

/** One department-specific price (dsGiaDichVu). */
export interface PriceEntrySeed {
  khoaChiDinhId: number | null;
  donGiaDichVu: number;
  /** 'YYYY-MM-DD' or null = open-ended. */
  denNgay: string | null;
}

export interface ServiceSeed {
  code: string;
  name: string;
  type: number;
  /** Integer VND. */
  price: number;
  /** What health insurance (BHYT) pays; null = not covered. */
  insurancePrice: number | null;
  priceEntries: PriceEntrySeed[];
}

// ---------------------------------------------------------------------------------------------
// Deterministic helpers
// ---------------------------------------------------------------------------------------------

const DEFAULT_SEED = 20_240_915;
const DEMO_SEED = 0x5eed_2024;

/** mulberry32: small, fast, good enough for demo data. Returns numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of the string, mapped to [0, 1): a stable per-name "random" number. */
function hash01(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 4_294_967_296;
}

const round100 = (v: number): number => Math.max(100, Math.round(v / 100) * 100);

/** Price in [lo, hi] picked by the name's hash, rounded to hundreds. */
const inRange = (name: string, lo: number, hi: number): number => round100(lo + hash01(name) * (hi - lo));

/** `base` ± pct picked by the name's hash, rounded to hundreds. */
const around = (name: string, base: number, pct = 0.06): number => round100(base * (1 + (hash01(name) * 2 - 1) * pct));

// ---------------------------------------------------------------------------------------------
// The curated list
// ---------------------------------------------------------------------------------------------

const KB = 10;
const XN = 20;
const CDHA = 30;
const TDCN = 40;
const NS = 50;
const TT = 60;
const PT = 70;
const GB = 80;
const PHCN = 90;
const RHM = 100;
const MAT = 110;
const TMH = 120;

const CODE_PREFIX: Record<number, string> = {
  [KB]: 'KB',
  [XN]: 'XN',
  [CDHA]: 'CDHA',
  [TDCN]: 'TDCN',
  [NS]: 'NS',
  [TT]: 'TT',
  [PT]: 'PT',
  [GB]: 'GB',
  [PHCN]: 'PHCN',
  [RHM]: 'RHM',
  [MAT]: 'M',
  [TMH]: 'TMH',
};

interface Draft {
  name: string;
  type: number;
  price: number;
  /** undefined = decided later (covered, sometimes at a lower rate); null = not covered. */
  ins: number | null | undefined;
}

class Catalog {
  readonly byType = new Map<number, Draft[]>(SERVICE_TYPES.map((t) => [t.value, []]));
  private readonly names = new Set<string>();

  add(type: number, name: string, price: number, ins?: number | null): void {
    if (this.names.has(name)) throw new Error(`services-data: duplicate service name "${name}"`);
    this.names.add(name);
    const [lo, hi] = priceRange(type, name);
    const p = Math.min(hi, Math.max(lo, round100(price)));
    this.byType.get(type)!.push({ name, type, price: p, ins: ins === undefined ? undefined : ins === null ? null : round100(ins) });
  }
}

/** Price bounds of a hospital price board (list prices, VND), by kind of service. */
function priceRange(type: number, name: string): [number, number] {
  switch (type) {
    case KB:
      return [30_500, 500_000];
    case XN:
      return [20_000, 600_000];
    case CDHA:
      if (name.startsWith('Siêu âm')) return [40_000, 300_000];
      if (name.startsWith('Chụp cắt lớp vi tính')) return [500_000, 3_000_000];
      if (name.startsWith('Chụp cộng hưởng từ')) return [1_300_000, 4_500_000];
      return [20_000, 1_000_000];
    case NS:
      return [200_000, 3_000_000];
    case PT:
      return [2_000_000, 40_000_000];
    case GB:
      return [150_000, 1_200_000];
    default:
      return [10_000, 80_000_000];
  }
}

/** Letters → specimen labels used by the chemistry table. */
const SPECIMEN: Record<string, string> = {
  M: 'Máu',
  N: 'Nước tiểu',
  T: 'Dịch não tủy',
  C: 'Dịch chọc dò',
};

/** Letters → specimen labels used by the microbiology table. */
const MICRO_SPECIMEN: Record<string, string> = {
  M: 'Máu',
  N: 'Nước tiểu',
  T: 'Dịch não tủy',
  C: 'Dịch chọc dò',
  D: 'Đờm',
  P: 'Dịch phế quản',
  U: 'Mủ',
  F: 'Phân',
  V: 'Dịch âm đạo',
  R: 'Dịch niệu đạo',
  H: 'Dịch họng',
  W: 'Dịch vết thương',
};

function khamBenh(c: Catalog): void {
  const specialties = [
    'Nội',
    'Ngoại',
    'Sản phụ khoa',
    'Nhi',
    'Tai Mũi Họng',
    'Răng Hàm Mặt',
    'Mắt',
    'Da liễu',
    'Tim mạch',
    'Thần kinh',
    'Tiêu hóa',
    'Hô hấp',
    'Nội tiết',
    'Cơ xương khớp',
    'Thận – Tiết niệu',
    'Ung bướu',
    'Truyền nhiễm',
    'Y học cổ truyền',
    'Phục hồi chức năng',
    'Tâm thần',
    'Dị ứng – Miễn dịch lâm sàng',
    'Huyết học',
    'Lão khoa',
    'Nam khoa',
    'Hiếm muộn',
    'Chấn thương chỉnh hình',
    'Ngoại thần kinh',
    'Ngoại tiêu hóa',
    'Ngoại tiết niệu',
    'Lồng ngực – Mạch máu',
    'Dinh dưỡng',
    'Phụ khoa',
    'Tuyến vú',
    'Sơ sinh',
    'Lao và bệnh phổi',
    'Tâm lý lâm sàng',
  ];
  // the general "on request" visits first: the public page shows them at the top
  c.add(KB, 'Khám theo yêu cầu – Giáo sư, Phó giáo sư', 500_000, null);
  c.add(KB, 'Khám theo yêu cầu – Tiến sĩ, Bác sĩ chuyên khoa II', 300_000, null);
  c.add(KB, 'Khám theo yêu cầu – Thạc sĩ, Bác sĩ chuyên khoa I', 200_000, null);
  c.add(KB, 'Khám theo yêu cầu – Bác sĩ', 150_000, null);
  for (const s of specialties) {
    c.add(KB, `Khám ${s}`, inRange(`Khám ${s}`, 42_100, 50_000), 42_100);
    c.add(KB, `Khám ${s} ngoài giờ hành chính`, inRange(`${s} ngoài giờ`, 100_000, 150_000), 42_100);
    c.add(KB, `Khám ${s} theo yêu cầu – Thạc sĩ, Bác sĩ chuyên khoa I`, inRange(`${s} CKI`, 150_000, 200_000), null);
    c.add(KB, `Khám ${s} theo yêu cầu – Tiến sĩ, Bác sĩ chuyên khoa II`, inRange(`${s} CKII`, 250_000, 320_000), null);
    c.add(KB, `Khám ${s} theo yêu cầu – Giáo sư, Phó giáo sư`, inRange(`${s} GS`, 400_000, 500_000), null);
  }
  const others: [string, number, number | null | undefined][] = [
    ['Khám cấp cứu', 42_100, 42_100],
    ['Khám sàng lọc trước tiêm chủng', 30_500, 30_500],
    ['Khám sàng lọc trước tiêm chủng cho trẻ dưới 1 tuổi', 30_500, 30_500],
    ['Khám thai', 42_100, 42_100],
    ['Khám thai theo yêu cầu', 200_000, null],
    ['Khám phụ khoa kèm soi tươi dịch âm đạo', 120_000, undefined],
    ['Khám sức khỏe định kỳ', 160_000, null],
    ['Khám sức khỏe người lái xe', 250_000, null],
    ['Khám sức khỏe tuyển dụng', 180_000, null],
    ['Khám sức khỏe cho người đi làm việc ở nước ngoài', 450_000, null],
    ['Khám sức khỏe học sinh, sinh viên', 120_000, null],
    ['Khám sức khỏe tiền hôn nhân', 350_000, null],
    ['Khám cấp giấy chứng thương, giám định y khoa', 160_000, null],
    ['Khám tư vấn dinh dưỡng', 100_000, undefined],
    ['Khám tư vấn di truyền', 200_000, null],
    ['Khám hậu phẫu', 42_100, 42_100],
    ['Khám trẻ sơ sinh tại khoa Sản', 42_100, 42_100],
    ['Hội chẩn để xác định ca bệnh khó (chuyên gia/ca)', 200_000, 200_000],
    ['Hội chẩn liên viện', 500_000, null],
    ['Hội chẩn khám chữa bệnh từ xa', 300_000, null],
  ];
  for (const [name, price, ins] of others) c.add(KB, name, price, ins);
}

function xetNghiem(c: Catalog): void {
  // [verb, analyte, specimen letters, price in VND]
  const chemistry: [string, string, string, number][] = [
    ['Định lượng', 'Glucose', 'MNTC', 21_500],
    ['Định lượng', 'Urê', 'MN', 21_500],
    ['Định lượng', 'Creatinin', 'MNC', 21_500],
    ['Định lượng', 'Acid Uric', 'MN', 21_500],
    ['Định lượng', 'Protein toàn phần', 'MNTC', 21_500],
    ['Định lượng', 'Albumin', 'MC', 21_500],
    ['Định lượng', 'Globulin', 'M', 21_500],
    ['Định lượng', 'Bilirubin toàn phần', 'MC', 21_500],
    ['Định lượng', 'Bilirubin trực tiếp', 'M', 21_500],
    ['Định lượng', 'Bilirubin gián tiếp', 'M', 21_500],
    ['Định lượng', 'Cholesterol toàn phần', 'MC', 26_900],
    ['Định lượng', 'Triglycerid', 'MC', 26_900],
    ['Định lượng', 'HDL-C (High density lipoprotein Cholesterol)', 'M', 26_900],
    ['Định lượng', 'LDL-C (Low density lipoprotein Cholesterol)', 'M', 26_900],
    ['Định lượng', 'Apolipoprotein A1', 'M', 64_600],
    ['Định lượng', 'Apolipoprotein B', 'M', 64_600],
    ['Định lượng', 'Lipoprotein (a)', 'M', 96_900],
    ['Định lượng', 'Calci toàn phần', 'MN', 21_500],
    ['Định lượng', 'Calci ion hóa', 'M', 26_900],
    ['Định lượng', 'Phospho', 'MN', 21_500],
    ['Định lượng', 'Magie', 'MN', 32_300],
    ['Định lượng', 'Sắt', 'M', 32_300],
    ['Định lượng', 'Ferritin', 'M', 80_800],
    ['Định lượng', 'Transferrin', 'M', 64_600],
    ['Định lượng', 'Lactat', 'MTC', 96_900],
    ['Định lượng', 'Amoniac (NH3)', 'M', 96_900],
    ['Định lượng', 'Ethanol (cồn)', 'M', 96_900],
    ['Định lượng', 'CRP', 'M', 53_800],
    ['Định lượng', 'CRP hs (C-Reactive Protein high sensitivity)', 'M', 64_600],
    ['Định lượng', 'Procalcitonin (PCT)', 'M', 398_000],
    ['Định lượng', 'HbA1c', 'M', 101_000],
    ['Định lượng', 'Fructosamin', 'M', 75_400],
    ['Định lượng', 'Insulin', 'M', 86_100],
    ['Định lượng', 'C-Peptid', 'M', 129_000],
    ['Định lượng', 'Cortisol', 'MN', 91_500],
    ['Định lượng', 'ACTH (Adrenocorticotropic hormone)', 'M', 161_000],
    ['Định lượng', 'Troponin T hs', 'M', 75_400],
    ['Định lượng', 'Troponin I hs', 'M', 75_400],
    ['Định lượng', 'NT-proBNP (N-terminal pro B-type natriuretic peptide)', 'M', 420_000],
    ['Định lượng', 'CK-MB mass', 'M', 96_900],
    ['Định lượng', 'Myoglobin', 'M', 107_000],
    ['Định lượng', 'D-Dimer', 'M', 242_000],
    ['Định lượng', 'Homocystein', 'M', 150_000],
    ['Định lượng', 'TSH (Thyroid Stimulating Hormone)', 'M', 59_200],
    ['Định lượng', 'FT3 (Free Triiodothyronine)', 'M', 64_600],
    ['Định lượng', 'FT4 (Free Thyroxine)', 'M', 64_600],
    ['Định lượng', 'T3 (Triiodothyronine)', 'M', 64_600],
    ['Định lượng', 'T4 (Thyroxine)', 'M', 64_600],
    ['Định lượng', 'Thyroglobulin', 'M', 161_000],
    ['Định lượng', 'Anti-Tg (Antibody-Thyroglobulin)', 'M', 242_000],
    ['Định lượng', 'Anti-TPO (Anti-thyroid Peroxidase antibodies)', 'M', 215_000],
    ['Định lượng', 'TRAb (TSH Receptor Antibodies)', 'M', 415_000],
    ['Định lượng', 'PTH (Parathyroid Hormone)', 'M', 161_000],
    ['Định lượng', 'Calcitonin', 'M', 194_000],
    ['Định lượng', 'Prolactin', 'M', 75_400],
    ['Định lượng', 'FSH (Follicle Stimulating Hormone)', 'M', 80_800],
    ['Định lượng', 'LH (Luteinizing Hormone)', 'M', 80_800],
    ['Định lượng', 'Estradiol', 'M', 80_800],
    ['Định lượng', 'Progesteron', 'M', 80_800],
    ['Định lượng', 'Testosteron', 'M', 91_500],
    ['Định lượng', 'AMH (Anti-Müllerian Hormone)', 'M', 550_000],
    ['Định lượng', 'Beta-hCG', 'MN', 86_100],
    ['Định lượng', 'AFP (Alpha Fetoprotein)', 'MC', 91_500],
    ['Định lượng', 'CEA (Carcino Embryonic Antigen)', 'MC', 86_100],
    ['Định lượng', 'CA 125 (Cancer Antigen 125)', 'MC', 140_000],
    ['Định lượng', 'CA 19-9 (Carbohydrate Antigen 19-9)', 'MC', 140_000],
    ['Định lượng', 'CA 15-3 (Cancer Antigen 15-3)', 'M', 140_000],
    ['Định lượng', 'CA 72-4 (Cancer Antigen 72-4)', 'M', 140_000],
    ['Định lượng', 'PSA toàn phần (Total Prostate-Specific Antigen)', 'M', 91_500],
    ['Định lượng', 'PSA tự do (Free Prostate-Specific Antigen)', 'M', 91_500],
    ['Định lượng', 'Cyfra 21-1', 'MC', 96_900],
    ['Định lượng', 'NSE (Neuron Specific Enolase)', 'M', 183_000],
    ['Định lượng', 'SCC (Squamous Cell Carcinoma Antigen)', 'M', 161_000],
    ['Định lượng', 'Pro-GRP (Pro-Gastrin-Releasing Peptide)', 'M', 323_000],
    ['Định lượng', 'HE4 (Human Epididymis Protein 4)', 'M', 323_000],
    ['Định lượng', 'PIVKA-II', 'M', 430_000],
    ['Định lượng', 'Vitamin B12', 'M', 75_400],
    ['Định lượng', 'Acid Folic', 'M', 80_800],
    ['Định lượng', '25-OH Vitamin D (D3)', 'M', 296_000],
    ['Định lượng', 'Pre-albumin', 'M', 96_900],
    ['Định lượng', 'IgA (Immunoglobulin A)', 'M', 64_600],
    ['Định lượng', 'IgG (Immunoglobulin G)', 'M', 64_600],
    ['Định lượng', 'IgM (Immunoglobulin M)', 'M', 64_600],
    ['Định lượng', 'IgE (Immunoglobulin E)', 'M', 86_100],
    ['Định lượng', 'bổ thể C3', 'M', 64_600],
    ['Định lượng', 'bổ thể C4', 'M', 64_600],
    ['Định lượng', 'Ceruloplasmin', 'M', 96_900],
    ['Định lượng', 'Haptoglobin', 'M', 96_900],
    ['Định lượng', 'Beta2 Microglobulin', 'MN', 96_900],
    ['Định lượng', 'Cystatin C', 'M', 161_000],
    ['Định lượng', 'Micro Albumin', 'N', 43_000],
    ['Định lượng', 'ADA (Adenosine Deaminase)', 'TC', 107_000],
    ['Định lượng', 'Digoxin', 'M', 140_000],
    ['Định lượng', 'Acid Valproic', 'M', 161_000],
    ['Định lượng', 'Phenytoin', 'M', 161_000],
    ['Định lượng', 'Carbamazepin', 'M', 161_000],
    ['Định lượng', 'Tacrolimus', 'M', 480_000],
    ['Định lượng', 'Cyclosporin', 'M', 430_000],
    ['Định lượng', 'Methotrexat', 'M', 323_000],
    ['Định lượng', 'Paracetamol', 'M', 161_000],
    ['Định lượng', 'Kẽm', 'M', 64_600],
    ['Định lượng', 'Đồng', 'MN', 64_600],
    ['Định lượng', 'Chì', 'MN', 150_000],
    ['Đo hoạt độ', 'ALT (GPT)', 'M', 21_500],
    ['Đo hoạt độ', 'AST (GOT)', 'M', 21_500],
    ['Đo hoạt độ', 'GGT (Gamma Glutamyl Transferase)', 'M', 19_200],
    ['Đo hoạt độ', 'ALP (Alkalin Phosphatase)', 'M', 21_500],
    ['Đo hoạt độ', 'CK (Creatine kinase)', 'M', 26_900],
    ['Đo hoạt độ', 'CK-MB (Isozym MB of Creatine kinase)', 'M', 37_700],
    ['Đo hoạt độ', 'LDH (Lactat dehydrogenase)', 'MTC', 26_900],
    ['Đo hoạt độ', 'Amylase', 'MNC', 21_500],
    ['Đo hoạt độ', 'Lipase', 'MC', 64_600],
    ['Đo hoạt độ', 'Cholinesterase (ChE)', 'M', 37_700],
    ['Đo hoạt độ', 'G6PD (Glucose-6-phosphat dehydrogenase)', 'M', 86_100],
    ['Điện giải đồ', '(Na, K, Cl)', 'MNTC', 29_000],
    ['Đo', 'áp lực thẩm thấu', 'MN', 43_000],
    ['Định tính', 'Protein', 'NT', 13_900],
    ['Định tính', 'Glucose', 'NT', 13_900],
  ];
  for (const [verb, analyte, specimens, price] of chemistry) {
    for (const letter of specimens) {
      const name = `${verb} ${analyte} [${SPECIMEN[letter]}]`;
      // body fluids are processed by hand more often: a little dearer
      c.add(XN, name, around(name, letter === 'M' || letter === 'N' ? price : price * 1.15, 0.05));
    }
  }

  // serology: [marker, methods], R = test nhanh, A = miễn dịch tự động, B = miễn dịch bán tự động, Q = định lượng
  const METHOD: Record<string, [string, number]> = {
    R: ['test nhanh', 0.55],
    A: ['miễn dịch tự động', 1],
    B: ['miễn dịch bán tự động', 0.9],
    Q: ['định lượng', 1.6],
  };
  const serology: [string, string, number][] = [
    ['HBsAg', 'RAQ', 74_700],
    ['HBsAb', 'RQ', 86_100],
    ['HBeAg', 'RA', 96_900],
    ['HBeAb', 'RA', 96_900],
    ['HBc IgM', 'A', 118_000],
    ['HBc total', 'A', 107_000],
    ['HCV Ab', 'RA', 118_000],
    ['HCV Core Ag', 'A', 290_000],
    ['HIV Ab', 'R', 53_800],
    ['HIV Ag/Ab', 'RA', 107_000],
    ['HAV IgM', 'A', 129_000],
    ['HAV total', 'A', 118_000],
    ['HEV IgM', 'B', 140_000],
    ['Dengue virus NS1Ag', 'RA', 140_000],
    ['Dengue virus IgM/IgG', 'R', 129_000],
    ['Dengue virus IgM', 'B', 129_000],
    ['Dengue virus IgG', 'B', 129_000],
    ['Helicobacter pylori Ab', 'RB', 75_400],
    ['Rubella virus IgM', 'A', 129_000],
    ['Rubella virus IgG', 'A', 129_000],
    ['CMV IgM', 'A', 129_000],
    ['CMV IgG', 'A', 129_000],
    ['Toxoplasma IgM', 'A', 129_000],
    ['Toxoplasma IgG', 'A', 129_000],
    ['EBV-VCA IgM', 'B', 161_000],
    ['EBV-VCA IgG', 'B', 161_000],
    ['EBV-EA IgG', 'B', 161_000],
    ['HSV 1+2 IgM', 'B', 140_000],
    ['HSV 1+2 IgG', 'B', 140_000],
    ['Measles virus IgM', 'B', 150_000],
    ['Varicella zoster virus IgM', 'B', 150_000],
    ['Chlamydia trachomatis IgG', 'B', 150_000],
    ['Chlamydia trachomatis Ag', 'R', 118_000],
    ['Mycoplasma pneumoniae IgM', 'RB', 150_000],
    ['Influenza virus A, B Ag', 'R', 183_000],
    ['SARS-CoV-2 Ag', 'RA', 78_000],
    ['RSV Ag', 'R', 161_000],
    ['Adenovirus Ag', 'R', 161_000],
    ['Leptospira IgM', 'RB', 150_000],
    ['Orientia tsutsugamushi (sốt mò) IgM', 'RB', 161_000],
    ['Plasmodium (ký sinh trùng sốt rét) Ag', 'R', 129_000],
    ['Strongyloides stercoralis (giun lươn) IgG', 'B', 161_000],
    ['Toxocara (giun đũa chó, mèo) IgG', 'B', 161_000],
    ['Fasciola (sán lá gan lớn) IgG', 'B', 161_000],
    ['Clonorchis/Opisthorchis (sán lá gan nhỏ) IgG', 'B', 161_000],
    ['Cysticercus cellulosae (sán lợn) IgG', 'B', 161_000],
    ['Gnathostoma (giun đầu gai) IgG', 'B', 161_000],
    ['Echinococcus granulosus (sán dây chó) IgG', 'B', 161_000],
    ['Entamoeba histolytica (amip) IgG', 'B', 161_000],
    ['Paragonimus (sán lá phổi) IgG', 'B', 161_000],
    ['Trichinella spiralis (giun xoắn) IgG', 'B', 161_000],
    ['ASO', 'Q', 43_000],
    ['RF (Rheumatoid Factor)', 'Q', 43_000],
    ['Anti-CCP', 'Q', 323_000],
    ['Kháng thể kháng nhân (ANA)', 'B', 183_000],
    ['Kháng thể kháng chuỗi kép (Anti-dsDNA)', 'BQ', 194_000],
    ['Kháng thể kháng bào tương bạch cầu đa nhân trung tính (ANCA)', 'B', 280_000],
    ['Kháng thể kháng Phospholipid IgM/IgG', 'B', 280_000],
    ['Kháng thể kháng Cardiolipin IgM/IgG', 'B', 280_000],
  ];
  for (const [marker, methods, price] of serology) {
    for (const m of methods) {
      const [label, factor] = METHOD[m]!;
      const name = `${marker} ${label}`;
      c.add(XN, name, around(name, Math.min(price * factor, 580_000), 0.05));
    }
  }
  c.add(XN, 'Treponema pallidum test nhanh', 53_800);
  c.add(XN, 'Treponema pallidum RPR định tính', 37_700);
  c.add(XN, 'Treponema pallidum RPR định lượng', 86_100);
  c.add(XN, 'Treponema pallidum TPHA định tính', 64_600);
  c.add(XN, 'Treponema pallidum TPHA định lượng', 118_000);

  const pcr: [string, number][] = [
    ['HBV đo tải lượng Real-time PCR', 580_000],
    ['HCV đo tải lượng Real-time PCR', 595_000],
    ['HIV đo tải lượng Real-time PCR', 598_000],
    ['HCV genotype Real-time PCR', 598_000],
    ['HPV Real-time PCR', 376_000],
    ['HPV genotype Real-time PCR', 550_000],
    ['Mycobacterium tuberculosis Real-time PCR', 430_000],
    ['Mycobacterium tuberculosis Xpert MTB/RIF', 590_000],
    ['Chlamydia trachomatis Real-time PCR', 290_000],
    ['Neisseria gonorrhoeae Real-time PCR', 290_000],
    ['Mycoplasma genitalium Real-time PCR', 320_000],
    ['Trichomonas vaginalis Real-time PCR', 290_000],
    ['CMV Real-time PCR', 430_000],
    ['EBV Real-time PCR', 430_000],
    ['HSV 1+2 Real-time PCR', 380_000],
    ['Varicella zoster virus Real-time PCR', 380_000],
    ['Dengue virus Real-time PCR', 410_000],
    ['Influenza virus A, B Real-time PCR', 480_000],
    ['SARS-CoV-2 Real-time PCR', 380_000],
    ['Enterovirus Real-time PCR', 410_000],
    ['Streptococcus suis Real-time PCR', 410_000],
    ['Leptospira Real-time PCR', 410_000],
    ['Toxoplasma gondii Real-time PCR', 410_000],
    ['Bordetella pertussis Real-time PCR', 410_000],
  ];
  for (const [name, price] of pcr) c.add(XN, name, price);

  // microbiology: test × specimen
  const micro: [string, string, number][] = [
    ['Vi khuẩn nhuộm soi', 'NTCDPUVRHW', 68_000],
    ['Vi khuẩn nuôi cấy và định danh phương pháp thông thường', 'NTCDPUFHW', 236_000],
    ['Vi khuẩn nuôi cấy, định danh và kháng thuốc hệ thống tự động', 'MNTCDPUW', 450_000],
    ['Vi khuẩn kỵ khí nuôi cấy và định danh', 'MCU', 320_000],
    ['Vi nấm soi tươi', 'NDUVHW', 43_000],
    ['Vi nấm nuôi cấy và định danh phương pháp thông thường', 'MNDPUV', 250_000],
    ['AFB trực tiếp nhuộm Ziehl-Neelsen', 'DPTCNU', 70_000],
    ['Mycobacterium tuberculosis nuôi cấy môi trường lỏng', 'DPTCNU', 310_000],
    ['Neisseria gonorrhoeae nhuộm soi', 'VR', 68_000],
    ['Trichomonas vaginalis soi tươi', 'VRN', 43_000],
  ];
  for (const [test, specimens, price] of micro) {
    for (const letter of specimens) {
      const name = `${test} [${MICRO_SPECIMEN[letter]}]`;
      c.add(XN, name, around(name, price, 0.05));
    }
  }
  c.add(XN, 'Vi khuẩn kháng thuốc định tính', 196_000);
  c.add(XN, 'Vi khuẩn kháng thuốc định lượng (MIC)', 430_000);

  const hematology: [string, number][] = [
    ['Tổng phân tích tế bào máu ngoại vi (bằng máy đếm laser)', 46_200],
    ['Tổng phân tích tế bào máu ngoại vi (bằng máy đếm tổng trở)', 40_400],
    ['Tổng phân tích tế bào máu ngoại vi (bằng phương pháp thủ công)', 37_700],
    ['Huyết đồ (bằng máy đếm laser)', 64_600],
    ['Huyết đồ (bằng phương pháp thủ công)', 58_100],
    ['Máu lắng (bằng máy tự động)', 35_500],
    ['Máu lắng (bằng phương pháp thủ công)', 23_600],
    ['Hồng cầu lưới (bằng máy đếm laser)', 43_000],
    ['Tìm mảnh vỡ hồng cầu', 37_700],
    ['Tìm hồng cầu có chấm ưa bazơ', 37_700],
    ['Tìm ký sinh trùng sốt rét trong máu (bằng phương pháp thủ công)', 37_700],
    ['Tìm ấu trùng giun chỉ trong máu', 43_000],
    ['Sức bền thẩm thấu hồng cầu', 64_600],
    ['Điện di huyết sắc tố (định lượng)', 350_000],
    ['Tủy đồ (bằng phương pháp thủ công)', 420_000],
    ['Nhuộm hóa học tế bào tủy xương', 290_000],
    ['Thời gian máu chảy phương pháp Duke', 12_900],
    ['Thời gian máu đông', 12_900],
    ['Co cục máu đông', 15_000],
    ['Thời gian prothrombin (PT: Prothrombin Time) bằng máy tự động', 64_600],
    ['Thời gian prothrombin (PT: Prothrombin Time) bằng phương pháp thủ công', 43_000],
    ['Thời gian thromboplastin một phần hoạt hóa (APTT) bằng máy tự động', 40_400],
    ['Thời gian thromboplastin một phần hoạt hóa (APTT) bằng phương pháp thủ công', 32_300],
    ['Thời gian thrombin (TT: Thrombin Time) bằng máy tự động', 40_400],
    ['Định lượng Fibrinogen (Yếu tố I) bằng phương pháp Clauss', 107_000],
    ['Định lượng Anti-Xa', 430_000],
    ['Định lượng Antithrombin III', 280_000],
    ['Định lượng Protein C', 380_000],
    ['Định lượng Protein S', 380_000],
    ['Phát hiện kháng đông lupus (LA screen)', 290_000],
    ['Đo độ ngưng tập tiểu cầu với ADP', 180_000],
    ['Đo độ ngưng tập tiểu cầu với Collagen', 180_000],
    ['Đàn hồi co cục máu (TEG/ROTEM)', 560_000],
    ['Nghiệm pháp rượu (Ethanol test)', 32_300],
    ['Định lượng Glucose máu mao mạch (test nhanh tại giường)', 15_200],
    ['Khí máu động mạch (pH, pO2, pCO2, HCO3-)', 215_000],
    ['Điện di Protein huyết thanh', 161_000],
    ['Điện di miễn dịch huyết thanh', 430_000],
    ['Nghiệm pháp dung nạp Glucose đường uống 2 mẫu', 75_000],
    ['Nghiệm pháp dung nạp Glucose đường uống 3 mẫu (phụ nữ mang thai)', 107_000],
    ['Tinh dịch đồ', 150_000],
    ['Tinh dịch đồ (bằng máy phân tích tự động CASA)', 320_000],
    ['Nhiễm sắc thể đồ (Karyotype) từ máu ngoại vi', 590_000],
  ];
  for (const [name, price] of hematology) c.add(XN, name, price);
  for (const f of ['II', 'V', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII']) {
    const name = `Định lượng yếu tố ${f} (hoạt tính yếu tố đông máu)`;
    c.add(XN, name, around(name, f === 'VIII' || f === 'IX' ? 350_000 : 290_000, 0.05));
  }
  c.add(XN, 'Định lượng yếu tố von Willebrand (vWF:Ag)', 450_000);
  for (const method of [
    'bằng phương pháp ống nghiệm',
    'bằng phương pháp trên phiến đá',
    'bằng công nghệ hồng cầu gắn từ',
    'trên máy tự động',
    'bằng kỹ thuật Scangel/Gelcard',
  ]) {
    const name = `Định nhóm máu hệ ABO, Rh(D) ${method}`;
    c.add(XN, name, around(name, method.includes('ống') || method.includes('phiến') ? 39_100 : 80_000, 0.05));
  }
  for (const test of [
    'Nghiệm pháp Coombs trực tiếp',
    'Nghiệm pháp Coombs gián tiếp',
    'Sàng lọc kháng thể bất thường',
    'Định danh kháng thể bất thường',
    'Phản ứng hòa hợp có sử dụng kháng globulin người',
  ]) {
    for (const tech of ['(Kỹ thuật ống nghiệm)', '(Kỹ thuật Scangel/Gelcard trên máy bán tự động)', '(Kỹ thuật Scangel/Gelcard trên máy tự động)']) {
      const name = `${test} ${tech}`;
      c.add(XN, name, around(name, test.startsWith('Định danh') ? 420_000 : tech.includes('ống') ? 64_600 : 110_000, 0.05));
    }
  }
  c.add(XN, 'Phản ứng hòa hợp trong môi trường nước muối ở 22°C (Kỹ thuật ống nghiệm)', 27_000);

  const urine: [string, number][] = [
    ['Tổng phân tích nước tiểu (bằng máy tự động)', 27_400],
    ['Tổng phân tích nước tiểu (bằng phương pháp thủ công)', 21_500],
    ['Tế bào cặn nước tiểu (bằng máy tự động)', 43_000],
    ['Tế bào cặn nước tiểu (bằng phương pháp thủ công)', 27_400],
    ['Cặn Addis', 43_000],
    ['Định lượng Protein nước tiểu 24 giờ', 32_300],
    ['Định tính Beta hCG nước tiểu (test nhanh)', 25_000],
    ['Định tính Porphyrin [Nước tiểu]', 53_800],
    ['Định tính Dưỡng chấp [Nước tiểu]', 43_000],
    ['Định tính Protein Bence-Jones [Nước tiểu]', 53_800],
    ['Đo tỷ trọng nước tiểu bằng khúc xạ kế', 15_000],
    ['Đếm số lượng tế bào [Dịch não tủy]', 64_600],
    ['Đếm số lượng tế bào [Dịch chọc dò]', 64_600],
    ['Phản ứng Rivalta [Dịch chọc dò]', 15_000],
    ['Phản ứng Pandy [Dịch não tủy]', 15_000],
  ];
  for (const [name, price] of urine) c.add(XN, name, price);
  for (const drug of ['Morphin/Heroin', 'Methamphetamin', 'Amphetamin', 'Cần sa (THC)', 'Thuốc lắc (MDMA)', 'Ketamin', 'Cocain', 'Benzodiazepin']) {
    const name = `Test nhanh phát hiện ${drug} [Nước tiểu]`;
    c.add(XN, name, around(name, 64_600, 0.05));
  }
  const stool: [string, number][] = [
    ['Hồng cầu, bạch cầu trong phân soi tươi', 37_700],
    ['Trứng giun, sán soi tươi', 43_000],
    ['Trứng giun soi tập trung', 53_800],
    ['Đơn bào đường ruột soi tươi', 43_000],
    ['Máu ẩn trong phân (FOB) test nhanh', 75_400],
    ['Định lượng Calprotectin [Phân]', 430_000],
    ['Helicobacter pylori Ag test nhanh [Phân]', 150_000],
    ['Rotavirus Ag test nhanh [Phân]', 161_000],
    ['Clostridioides difficile toxin A/B test nhanh [Phân]', 320_000],
    ['Vi khuẩn tả (Vibrio cholerae) soi tươi', 43_000],
    ['Demodex soi tươi', 43_000],
    ['Sarcoptes scabiei (cái ghẻ) soi tươi', 43_000],
  ];
  for (const [name, price] of stool) c.add(XN, name, price);

  // pathology
  const ihc = [
    'ER',
    'PR',
    'HER2',
    'Ki-67',
    'p53',
    'p16',
    'p63',
    'Pan Cytokeratin (AE1/AE3)',
    'CK5/6',
    'CK7',
    'CK20',
    'CDX2',
    'TTF-1',
    'Napsin A',
    'Synaptophysin',
    'Chromogranin A',
    'CD3',
    'CD5',
    'CD10',
    'CD20',
    'CD30',
    'CD34',
    'CD45 (LCA)',
    'CD56',
    'CD117 (c-KIT)',
    'DOG1',
    'S100',
    'HMB45',
    'Vimentin',
    'Desmin',
    'SMA',
    'PAX8',
    'WT1',
    'GATA3',
    'PSA',
    'AMACR (P504S)',
    'ALK',
    'PD-L1',
  ];
  for (const m of ihc) {
    const name = `Nhuộm hóa mô miễn dịch dấu ấn ${m}`;
    c.add(XN, name, around(name, m === 'PD-L1' || m === 'ALK' ? 590_000 : 460_000, 0.05));
  }
  for (const site of ['tuyến giáp', 'hạch', 'tuyến vú', 'tuyến nước bọt', 'phần mềm', 'gan', 'phổi']) {
    const name = `Xét nghiệm tế bào học chọc hút kim nhỏ ${site}`;
    c.add(XN, name, around(name, 236_000, 0.05));
  }
  for (const organ of [
    'dạ dày',
    'đại tràng',
    'cổ tử cung',
    'nội mạc tử cung',
    'da',
    'hạch',
    'tuyến vú',
    'tuyến giáp',
    'gan',
    'thận',
    'tuyến tiền liệt',
    'phổi',
    'xương',
    'phần mềm',
  ]) {
    const small = `Xét nghiệm mô bệnh học thường quy bệnh phẩm sinh thiết ${organ}`;
    c.add(XN, small, around(small, 320_000, 0.05));
    const large = `Xét nghiệm mô bệnh học bệnh phẩm phẫu thuật ${organ}`;
    c.add(XN, large, around(large, 480_000, 0.08));
  }
  c.add(XN, 'Xét nghiệm sinh thiết tức thì bằng cắt lạnh', 590_000);
  for (const fluid of ['dịch màng phổi', 'dịch màng bụng', 'dịch màng tim', 'dịch não tủy', 'nước tiểu', 'đờm', 'dịch khớp']) {
    const name = `Xét nghiệm tế bào học ${fluid}`;
    c.add(XN, name, around(name, 150_000, 0.05));
  }
  c.add(XN, 'Xét nghiệm tế bào học cổ tử cung (Pap smear)', 150_000);
  c.add(XN, 'Xét nghiệm tế bào học cổ tử cung nhúng dịch (ThinPrep)', 480_000);
  for (const stain of ['PAS', 'Giemsa', 'Ziehl-Neelsen', 'Reticulin', 'Masson Trichrome', 'Congo đỏ', 'Mucicarmin', 'Perls (sắt)', 'Alcian Blue', 'Grocott']) {
    const name = `Nhuộm đặc biệt ${stain} trên mô`;
    c.add(XN, name, around(name, 160_000, 0.08));
  }
}

function chanDoanHinhAnh(c: Catalog): void {
  // X-ray: body part × views; T thẳng, N nghiêng, C chếch, B thẳng nghiêng
  const VIEW: Record<string, [string, number]> = {
    T: ['thẳng', 1],
    N: ['nghiêng', 1],
    C: ['chếch', 1.05],
    B: ['thẳng nghiêng', 1.6],
  };
  const xray: [string, string][] = [
    ['sọ', 'TNB'],
    ['xương chính mũi', 'TN'],
    ['xương hàm dưới', 'TC'],
    ['cột sống cổ', 'TNCB'],
    ['cột sống ngực', 'TNB'],
    ['cột sống thắt lưng', 'TNCB'],
    ['cột sống thắt lưng – cùng', 'TNB'],
    ['xương cùng cụt', 'TNB'],
    ['khung chậu', 'T'],
    ['khớp háng', 'TNCB'],
    ['xương đùi', 'TNB'],
    ['khớp gối', 'TNCB'],
    ['xương cẳng chân', 'TNB'],
    ['khớp cổ chân', 'TNCB'],
    ['bàn chân', 'TNCB'],
    ['xương gót', 'TNB'],
    ['ngón chân', 'TNB'],
    ['xương đòn', 'TC'],
    ['xương bả vai', 'TN'],
    ['khớp vai', 'TNCB'],
    ['xương cánh tay', 'TNB'],
    ['khớp khuỷu', 'TNCB'],
    ['xương cẳng tay', 'TNB'],
    ['khớp cổ tay', 'TNCB'],
    ['bàn tay', 'TNCB'],
    ['ngón tay', 'TNB'],
    ['xương ức', 'TN'],
    ['xương sườn', 'TC'],
    ['ngực', 'TNCB'],
    ['bụng không chuẩn bị', 'TN'],
  ];
  for (const [part, views] of xray) {
    for (const v of views) {
      const [label, factor] = VIEW[v]!;
      const name = `Chụp X-quang ${part} ${label}`;
      c.add(CDHA, name, around(name, 65_400 * factor, 0.04));
    }
  }
  const xraySpecial: [string, number, (number | null)?][] = [
    ['Chụp X-quang ngực thẳng tại giường', 110_000],
    ['Chụp X-quang bụng không chuẩn bị tại giường', 110_000],
    ['Chụp X-quang khung chậu tại giường', 110_000],
    ['Chụp X-quang hệ tiết niệu không chuẩn bị', 70_000],
    ['Chụp X-quang khớp thái dương hàm', 97_200],
    ['Chụp X-quang Blondeau', 65_400],
    ['Chụp X-quang Hirtz', 65_400],
    ['Chụp X-quang Schuller', 65_400],
    ['Chụp X-quang Stenvers', 65_400],
    ['Chụp X-quang tư thế Chausse III', 65_400],
    ['Chụp X-quang cột sống cổ động (cúi, ngửa)', 122_000],
    ['Chụp X-quang cột sống thắt lưng động (cúi, ngửa)', 122_000],
    ['Chụp X-quang toàn bộ cột sống thẳng nghiêng (đánh giá vẹo cột sống)', 250_000],
    ['Chụp X-quang toàn bộ chi dưới thẳng (đo trục chi)', 200_000],
    ['Chụp X-quang tuổi xương (bàn tay trái)', 65_400],
    ['Chụp X-quang tuyến vú', 180_000],
    ['Chụp X-quang tuyến vú định vị kim dây', 290_000],
    ['Chụp X-quang răng cận chóp (Periapical)', 20_000],
    ['Chụp X-quang răng cánh cắn (Bite wing)', 20_000],
    ['Chụp X-quang răng toàn cảnh (Panorama)', 150_000],
    ['Chụp X-quang sọ mặt từ xa (Cephalometric)', 150_000],
    ['Chụp X-quang thực quản cổ nghiêng', 65_400],
    ['Chụp X-quang thực quản có uống thuốc cản quang', 232_000],
    ['Chụp X-quang dạ dày – tá tràng có uống thuốc cản quang', 232_000],
    ['Chụp X-quang lưu thông ruột non có thuốc cản quang', 300_000],
    ['Chụp X-quang khung đại tràng có thuốc cản quang', 300_000],
    ['Chụp X-quang đường mật qua ống dẫn lưu Kehr', 300_000],
    ['Chụp X-quang niệu đồ tĩnh mạch (UIV)', 560_000],
    ['Chụp X-quang niệu quản – bể thận ngược dòng', 560_000],
    ['Chụp X-quang bàng quang – niệu đạo ngược dòng', 450_000],
    ['Chụp X-quang tử cung – vòi trứng có thuốc cản quang', 450_000],
    ['Chụp X-quang đường rò có thuốc cản quang', 350_000],
    ['Chụp X-quang tuyến nước bọt có thuốc cản quang', 350_000],
  ];
  for (const [name, price] of xraySpecial) c.add(CDHA, name, price);

  // CT: region × contrast × scanner class
  const ct: [string, number, boolean][] = [
    ['sọ não', 536_000, true],
    ['hàm mặt', 560_000, true],
    ['tai – xương đá', 560_000, false],
    ['hốc mắt', 560_000, true],
    ['mũi xoang', 536_000, false],
    ['vùng cổ', 560_000, true],
    ['lồng ngực', 560_000, true],
    ['phổi độ phân giải cao', 560_000, false],
    ['tầng trên ổ bụng', 600_000, true],
    ['bụng – tiểu khung thường quy', 650_000, true],
    ['tiểu khung', 600_000, true],
    ['hệ tiết niệu', 600_000, true],
    ['gan', 600_000, true],
    ['tụy', 600_000, true],
    ['cột sống cổ', 560_000, true],
    ['cột sống ngực', 560_000, true],
    ['cột sống thắt lưng', 560_000, true],
    ['khung chậu', 560_000, true],
    ['khớp vai', 536_000, false],
    ['khớp khuỷu', 536_000, false],
    ['khớp cổ tay', 536_000, false],
    ['khớp háng', 536_000, false],
    ['khớp gối', 536_000, false],
    ['khớp cổ chân', 536_000, false],
    ['xương chi', 536_000, true],
  ];
  for (const [region, base, contrast] of ct) {
    for (const withContrast of contrast ? [false, true] : [false]) {
      for (const big of [false, true]) {
        const name = `Chụp cắt lớp vi tính ${region} ${withContrast ? 'có tiêm thuốc cản quang' : 'không tiêm thuốc cản quang'}${big ? ' (từ 64–128 dãy)' : ''}`;
        c.add(CDHA, name, around(name, (base + (withContrast ? 430_000 : 0)) * (big ? 1.45 : 1), 0.03));
      }
    }
  }
  const ctSpecial: [string, number][] = [
    ['Chụp cắt lớp vi tính mạch máu não (từ 64–128 dãy)', 2_400_000],
    ['Chụp cắt lớp vi tính động mạch vành, tim (từ 64–128 dãy)', 2_700_000],
    ['Chụp cắt lớp vi tính tính điểm vôi hóa động mạch vành', 900_000],
    ['Chụp cắt lớp vi tính động mạch chủ ngực (từ 64–128 dãy)', 2_300_000],
    ['Chụp cắt lớp vi tính động mạch chủ bụng (từ 64–128 dãy)', 2_300_000],
    ['Chụp cắt lớp vi tính động mạch phổi (từ 64–128 dãy)', 2_300_000],
    ['Chụp cắt lớp vi tính động mạch thận (từ 64–128 dãy)', 2_300_000],
    ['Chụp cắt lớp vi tính động mạch chi dưới (từ 64–128 dãy)', 2_500_000],
    ['Chụp cắt lớp vi tính tưới máu não (từ 64–128 dãy)', 2_900_000],
    ['Chụp cắt lớp vi tính hệ tiết niệu có dựng hình (Uro-CT)', 1_800_000],
    ['Chụp cắt lớp vi tính ruột non (Entero-CT)', 1_800_000],
    ['Chụp cắt lớp vi tính nội soi ảo khung đại tràng', 2_000_000],
    ['Chụp cắt lớp vi tính phổi liều thấp tầm soát ung thư', 750_000],
    ['Chụp cắt lớp vi tính toàn thân đa chấn thương (từ 64–128 dãy)', 2_950_000],
  ];
  for (const [name, price] of ctSpecial) c.add(CDHA, name, price);

  // MRI: region × contrast × magnet
  const mri: [string, number][] = [
    ['sọ não', 1_310_000],
    ['hốc mắt và thần kinh thị giác', 1_400_000],
    ['tuyến yên', 1_400_000],
    ['tai – xương đá', 1_400_000],
    ['hàm mặt', 1_400_000],
    ['vùng cổ', 1_400_000],
    ['tuyến vú', 1_600_000],
    ['lồng ngực', 1_500_000],
    ['tầng trên ổ bụng', 1_600_000],
    ['gan', 1_600_000],
    ['bụng – tiểu khung', 1_800_000],
    ['tiểu khung', 1_600_000],
    ['tử cung – phần phụ', 1_600_000],
    ['tuyến tiền liệt', 1_700_000],
    ['trực tràng', 1_600_000],
    ['hệ tiết niệu', 1_600_000],
    ['cột sống cổ', 1_310_000],
    ['cột sống ngực', 1_310_000],
    ['cột sống thắt lưng – cùng', 1_310_000],
    ['khớp vai', 1_400_000],
    ['khớp khuỷu', 1_400_000],
    ['khớp cổ tay', 1_400_000],
    ['bàn tay', 1_400_000],
    ['khung chậu', 1_400_000],
    ['khớp háng', 1_400_000],
    ['khớp gối', 1_400_000],
    ['khớp cổ chân', 1_400_000],
    ['bàn chân', 1_400_000],
    ['xương chi', 1_500_000],
    ['phần mềm chi', 1_500_000],
  ];
  for (const [region, base] of mri) {
    for (const withContrast of [false, true]) {
      for (const tesla3 of [false, true]) {
        const name = `Chụp cộng hưởng từ ${region}${withContrast ? ' có tiêm chất tương phản' : ''}${tesla3 ? ' (máy 3.0 Tesla)' : ''}`;
        c.add(CDHA, name, around(name, (base + (withContrast ? 700_000 : 0)) * (tesla3 ? 1.3 : 1), 0.03));
      }
    }
  }
  const mriSpecial: [string, number][] = [
    ['Chụp cộng hưởng từ mạch máu não không tiêm chất tương phản (TOF)', 1_700_000],
    ['Chụp cộng hưởng từ đường mật – tụy (MRCP)', 1_900_000],
    ['Chụp cộng hưởng từ tưới máu não', 2_800_000],
    ['Chụp cộng hưởng từ phổ não (Spectroscopy)', 2_600_000],
    ['Chụp cộng hưởng từ khuếch tán toàn thân (Whole-body DWI)', 4_300_000],
    ['Chụp cộng hưởng từ thai nhi', 2_200_000],
    ['Chụp cộng hưởng từ động học sàn chậu', 2_400_000],
    ['Chụp cộng hưởng từ tim có tiêm chất tương phản (đánh giá sống còn cơ tim)', 4_200_000],
    ['Chụp cộng hưởng từ tuyến vú động học có tiêm chất tương phản', 2_900_000],
    ['Chụp cộng hưởng từ động mạch chi dưới có tiêm chất tương phản', 3_500_000],
    ['Chụp cộng hưởng từ ruột non (Entero-MRI)', 3_000_000],
    ['Chụp cộng hưởng từ tuyến tiền liệt đa thông số (mpMRI)', 3_200_000],
  ];
  for (const [name, price] of mriSpecial) c.add(CDHA, name, price);

  const ultrasound: [string, number][] = [
    ['Siêu âm tuyến giáp', 43_900],
    ['Siêu âm các tuyến nước bọt', 43_900],
    ['Siêu âm hạch vùng cổ', 43_900],
    ['Siêu âm phần mềm (da, tổ chức dưới da, cơ)', 43_900],
    ['Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)', 43_900],
    ['Siêu âm hệ tiết niệu (thận, tuyến thượng thận, bàng quang, tiền liệt tuyến)', 43_900],
    ['Siêu âm tử cung phần phụ', 43_900],
    ['Siêu âm tử cung phần phụ qua đường âm đạo', 181_000],
    ['Siêu âm tiền liệt tuyến qua trực tràng', 181_000],
    ['Siêu âm tuyến vú hai bên', 80_000],
    ['Siêu âm tinh hoàn hai bên', 80_000],
    ['Siêu âm dương vật', 80_000],
    ['Siêu âm màng phổi', 43_900],
    ['Siêu âm thành ngực (cơ, phần mềm thành ngực)', 43_900],
    ['Siêu âm qua thóp', 80_000],
    ['Siêu âm ống tiêu hóa (dạ dày, ruột non, đại tràng)', 80_000],
    ['Siêu âm ổ bụng tại giường cấp cứu', 120_000],
    ['Siêu âm thai (thai, nhau thai, nước ối)', 80_000],
    ['Siêu âm thai nhi trong 3 tháng đầu', 80_000],
    ['Siêu âm thai nhi trong 3 tháng giữa', 80_000],
    ['Siêu âm thai nhi trong 3 tháng cuối', 80_000],
    ['Siêu âm đo độ mờ da gáy', 150_000],
    ['Siêu âm hình thái thai nhi 4D', 300_000],
    ['Siêu âm Doppler thai nhi (thai, nhau thai, dây rốn, động mạch tử cung)', 220_000],
    ['Siêu âm đàn hồi mô gan (FibroScan)', 300_000],
    ['Siêu âm đàn hồi mô tuyến giáp', 250_000],
    ['Siêu âm đàn hồi mô vú', 250_000],
    ['Siêu âm tim, màng tim qua thành ngực', 233_000],
    ['Siêu âm Doppler tim, van tim', 233_000],
    ['Siêu âm tim gắng sức bằng thuốc', 300_000],
    ['Siêu âm tim 4D', 300_000],
    ['Siêu âm tim thai', 250_000],
    ['Siêu âm tim cấp cứu tại giường', 280_000],
  ];
  for (const [name, price] of ultrasound) c.add(CDHA, name, price);
  const vessels = [
    'động mạch cảnh – đốt sống',
    'xuyên sọ',
    'động mạch chủ bụng',
    'động mạch thận',
    'hệ tĩnh mạch cửa',
    'động mạch chi trên',
    'động mạch chi dưới',
    'tĩnh mạch chi trên',
    'tĩnh mạch chi dưới',
    'tĩnh mạch chủ dưới',
    'thông động – tĩnh mạch (AVF) chạy thận nhân tạo',
    'tinh hoàn, thừng tinh',
    'dương vật',
    'u tuyến, hạch vùng cổ',
  ];
  for (const v of vessels) {
    const name = `Siêu âm Doppler mạch máu ${v}`;
    c.add(CDHA, name, around(name, 222_000, 0.05));
  }
  for (const joint of ['khớp vai', 'khớp khuỷu', 'khớp cổ tay', 'khớp háng', 'khớp gối', 'khớp cổ chân', 'gân Achilles']) {
    for (const side of ['một bên', 'hai bên']) {
      const name = `Siêu âm ${joint} ${side}`;
      c.add(CDHA, name, around(name, side === 'một bên' ? 65_000 : 110_000, 0.05));
    }
  }
}

function thamDoChucNang(c: Catalog): void {
  const list: [string, number][] = [
    ['Điện tim thường', 32_800],
    ['Điện tim thường tại giường', 50_000],
    ['Nghiệm pháp gắng sức điện tâm đồ (thảm chạy)', 290_000],
    ['Holter điện tâm đồ 24 giờ', 420_000],
    ['Holter điện tâm đồ 48 giờ', 650_000],
    ['Holter điện tâm đồ 72 giờ', 850_000],
    ['Holter điện tâm đồ 7 ngày', 1_500_000],
    ['Holter huyết áp 24 giờ', 280_000],
    ['Đo chỉ số ABI (chỉ số cổ chân – cánh tay)', 120_000],
    ['Đo độ cứng động mạch (CAVI)', 150_000],
    ['Đo lưu huyết não', 43_000],
    ['Đo lưu huyết chi', 43_000],
    ['Điện não đồ thường quy', 64_300],
    ['Điện não đồ giấc ngủ', 250_000],
    ['Điện não đồ video 2 giờ', 450_000],
    ['Điện não đồ video 24 giờ', 1_800_000],
    ['Đa ký giấc ngủ (Polysomnography)', 2_500_000],
    ['Đa ký hô hấp', 1_200_000],
    ['Đo phản xạ nháy mắt (Blink reflex)', 150_000],
    ['Điện thế kích thích thị giác (VEP)', 200_000],
    ['Điện thế kích thích thính giác thân não (BAEP)', 200_000],
    ['Điện thế kích thích cảm giác thân thể (SSEP)', 250_000],
    ['Đo chức năng hô hấp', 137_000],
    ['Đo chức năng hô hấp có test hồi phục phế quản', 250_000],
    ['Đo thể tích phổi toàn phần bằng phương pháp thể tích ký (Body Box)', 650_000],
    ['Đo khả năng khuếch tán khí qua màng phế nang – mao mạch (DLCO)', 600_000],
    ['Đo nồng độ NO trong khí thở ra (FeNO)', 350_000],
    ['Test kích thích phế quản bằng Methacholine', 750_000],
    ['Test đi bộ 6 phút', 100_000],
    ['Đo mật độ xương bằng siêu âm gót chân', 80_000],
    ['Đo áp lực thực quản độ phân giải cao (HRM)', 2_200_000],
    ['Đo pH – trở kháng thực quản 24 giờ', 2_500_000],
    ['Đo áp lực hậu môn – trực tràng', 1_500_000],
    ['Test thở Ure C13 tìm Helicobacter pylori', 550_000],
    ['Test thở Ure C14 tìm Helicobacter pylori', 400_000],
    ['Test thở Hydro chẩn đoán loạn khuẩn ruột non (SIBO)', 900_000],
    ['Đo niệu động học', 1_800_000],
    ['Đo lưu lượng dòng tiểu (Uroflowmetry)', 180_000],
    ['Theo dõi tim thai và cơn co tử cung bằng monitoring', 60_000],
    ['Đo độ bão hòa oxy máu liên tục 24 giờ', 150_000],
  ];
  for (const [name, price] of list) c.add(TDCN, name, price);
  for (const site of ['cột sống thắt lưng', 'cổ xương đùi', 'cẳng tay', 'toàn thân', '2 vị trí']) {
    const name = `Đo mật độ xương bằng phương pháp DEXA [${site}]`;
    c.add(TDCN, name, around(name, site === 'toàn thân' ? 450_000 : site === '2 vị trí' ? 350_000 : 150_000, 0.04));
  }
  for (const kind of ['vận động', 'cảm giác']) {
    for (const limb of ['chi trên', 'chi dưới']) {
      const name = `Đo tốc độ dẫn truyền thần kinh ${kind} ${limb}`;
      c.add(TDCN, name, around(name, 180_000, 0.05));
    }
  }
  for (const region of ['chi trên', 'chi dưới', 'vùng mặt', 'cơ vùng tầng sinh môn']) {
    const name = `Điện cơ kim ${region}`;
    c.add(TDCN, name, around(name, 250_000, 0.05));
  }
}

function noiSoi(c: Catalog): void {
  // [base name, label of the no-biopsy variant, may be done under general anaesthesia]
  const diagnostic: [string, string, boolean][] = [
    ['Nội soi dạ dày – tá tràng', '', true],
    ['Nội soi thực quản – dạ dày – tá tràng qua đường mũi', '', false],
    ['Nội soi đại tràng toàn bộ ống mềm', ' không sinh thiết', true],
    ['Nội soi đại tràng sigma', ' không sinh thiết', true],
    ['Nội soi trực tràng ống mềm', ' không sinh thiết', false],
    ['Nội soi trực tràng – hậu môn ống cứng', '', false],
    ['Nội soi phế quản ống mềm', ' không sinh thiết', true],
    ['Nội soi bàng quang', ' không sinh thiết', true],
    ['Nội soi buồng tử cung chẩn đoán', '', true],
    ['Nội soi ruột non bóng kép', '', true],
  ];
  for (const [base, noBiopsy, anaes] of diagnostic) {
    const basePrice = around(base, base.includes('ruột non') ? 1_900_000 : 300_000, 0.1);
    for (const biopsy of [false, true]) {
      for (const ga of anaes ? [false, true] : [false]) {
        const name = `${base}${biopsy ? ' có sinh thiết' : noBiopsy}${ga ? ' (gây mê)' : ''}`;
        c.add(NS, name, around(name, basePrice + (biopsy ? 150_000 : 0) + (ga ? 650_000 : 0), 0.03));
      }
    }
  }
  c.add(NS, 'Nội soi dạ dày – tá tràng có nhuộm màu, ánh sáng dải hẹp (NBI)', 550_000);
  c.add(NS, 'Nội soi đại tràng toàn bộ có nhuộm màu, ánh sáng dải hẹp (NBI)', 750_000);
  c.add(NS, 'Nội soi ruột non bằng viên nang (Capsule endoscopy)', 2_950_000);
  for (const organ of ['dạ dày', 'đại tràng']) {
    for (const size of ['kích thước dưới 1 cm', 'kích thước từ 1 cm đến 2 cm', 'kích thước trên 2 cm']) {
      const name = `Nội soi cắt polyp ${organ} ${size}`;
      c.add(NS, name, around(name, size.includes('dưới') ? 900_000 : size.includes('trên') ? 2_200_000 : 1_500_000, 0.05));
    }
  }
  const therapeutic: [string, number][] = [
    ['Nội soi thắt tĩnh mạch thực quản bằng vòng cao su', 1_900_000],
    ['Nội soi tiêm xơ tĩnh mạch thực quản', 1_200_000],
    ['Nội soi tiêm keo (Histoacryl) điều trị giãn tĩnh mạch phình vị', 2_600_000],
    ['Nội soi cầm máu ổ loét bằng kẹp clip', 1_700_000],
    ['Nội soi cầm máu bằng tiêm Adrenalin', 900_000],
    ['Nội soi cầm máu bằng đốt Argon plasma (APC)', 1_800_000],
    ['Nội soi nong thực quản bằng bóng', 2_400_000],
    ['Nội soi gắp dị vật ống tiêu hóa', 900_000],
    ['Nội soi mật tụy ngược dòng (ERCP) chẩn đoán', 2_500_000],
    ['Nội soi mật tụy ngược dòng (ERCP) lấy sỏi ống mật chủ', 2_950_000],
    ['Nội soi mật tụy ngược dòng (ERCP) đặt stent đường mật', 2_900_000],
    ['Nội soi siêu âm chẩn đoán (EUS)', 1_600_000],
    ['Nội soi siêu âm có chọc hút kim nhỏ (EUS-FNA)', 2_800_000],
    ['Nội soi cắt hớt niêm mạc ống tiêu hóa (EMR)', 2_700_000],
    ['Nội soi mở thông dạ dày qua da (PEG)', 2_500_000],
    ['Nội soi đặt sonde dạ dày – tá tràng nuôi dưỡng', 600_000],
    ['Nội soi phế quản rửa phế quản phế nang', 1_300_000],
    ['Nội soi phế quản lấy dị vật', 2_200_000],
    ['Nội soi phế quản sinh thiết xuyên thành', 2_400_000],
    ['Nội soi bàng quang lấy dị vật, sỏi', 1_600_000],
    ['Nội soi bàng quang đặt sonde JJ', 1_200_000],
    ['Nội soi bàng quang rút sonde JJ', 700_000],
    ['Nội soi buồng tử cung cắt polyp', 2_800_000],
    ['Nội soi hậu môn thắt búi trĩ bằng vòng cao su', 700_000],
    ['Nội soi trực tràng cầm máu', 800_000],
  ];
  for (const [name, price] of therapeutic) c.add(NS, name, price);
}

function thuThuat(c: Catalog): void {
  const dressing = ['dưới 15 cm', 'từ 15 cm đến 30 cm', 'từ 30 cm đến 50 cm', 'trên 50 cm'];
  dressing.forEach((len, i) => {
    for (const what of ['vết thương', 'vết mổ']) {
      for (const infected of [false, true]) {
        const name = `Thay băng ${what} chiều dài ${len}${infected ? ' nhiễm trùng' : ''}`;
        c.add(TT, name, around(name, [57_600, 82_400, 113_000, 153_000][i]! * (infected ? 1.6 : 1), 0.04));
      }
    }
  });
  for (const depth of ['nông', 'sâu']) {
    for (const len of ['dưới 10 cm', 'trên 10 cm']) {
      for (const region of ['', ' vùng đầu mặt cổ', ' vùng bàn tay', ' ở trẻ em']) {
        const name = `Khâu vết thương phần mềm ${depth} chiều dài ${len}${region}`;
        const base = depth === 'nông' ? (len.startsWith('dưới') ? 178_000 : 238_000) : len.startsWith('dưới') ? 247_000 : 313_000;
        c.add(TT, name, around(name, base * (region ? 1.2 : 1), 0.04));
      }
    }
  }
  for (const len of ['dưới 15 cm', 'từ 15 cm đến 30 cm', 'trên 30 cm']) {
    const name = `Cắt chỉ vết khâu chiều dài ${len}`;
    c.add(TT, name, around(name, len.startsWith('dưới') ? 35_000 : len.startsWith('từ') ? 50_000 : 70_000, 0.05));
  }
  for (const area of ['dưới 5% diện tích cơ thể', 'từ 5% đến 10% diện tích cơ thể', 'trên 10% diện tích cơ thể']) {
    const name = `Cắt lọc tổ chức hoại tử vết thương ${area}`;
    c.add(TT, name, around(name, area.startsWith('dưới') ? 350_000 : area.startsWith('từ') ? 650_000 : 1_100_000, 0.05));
  }
  for (const size of ['đường kính dưới 3 cm', 'đường kính từ 3 cm đến 5 cm', 'đường kính trên 5 cm']) {
    for (const what of ['u lành phần mềm', 'u nang bã đậu', 'u mỡ dưới da']) {
      const name = `Cắt ${what} ${size}`;
      c.add(TT, name, around(name, size.includes('dưới') ? 450_000 : size.includes('từ') ? 750_000 : 1_200_000, 0.05));
    }
  }
  const bones = [
    'xương đòn',
    'đầu dưới xương quay',
    'xương cẳng tay',
    'xương cánh tay',
    'xương bàn, ngón tay',
    'xương cẳng chân',
    'mắt cá chân',
    'xương bàn, ngón chân',
    'xương đùi ở trẻ em',
  ];
  for (const bone of bones) {
    for (const cast of ['bột liền', 'bột tự cán']) {
      const name = `Nắn, bó bột gãy ${bone} (${cast})`;
      c.add(TT, name, around(name, cast === 'bột liền' ? 420_000 : 310_000, 0.08));
    }
  }
  for (const joint of ['khớp vai', 'khớp khuỷu', 'khớp háng', 'khớp gối', 'khớp cổ chân', 'khớp hàm']) {
    const name = `Nắn trật ${joint}`;
    c.add(TT, name, around(name, joint === 'khớp háng' ? 650_000 : 300_000, 0.05));
  }
  for (const joint of ['khớp gối', 'khớp vai', 'khớp khuỷu', 'khớp cổ tay', 'khớp háng', 'khớp cổ chân']) {
    const plain = `Tiêm ${joint}`;
    c.add(TT, plain, around(plain, 98_700, 0.05));
    const us = `Tiêm ${joint} dưới hướng dẫn siêu âm`;
    c.add(TT, us, around(us, 250_000, 0.05));
  }
  for (const site of ['tuyến giáp', 'hạch', 'tuyến vú', 'nang gan', 'nang thận', 'phần mềm']) {
    const fna = `Chọc hút kim nhỏ ${site} dưới hướng dẫn siêu âm`;
    c.add(TT, fna, around(fna, 320_000, 0.05));
  }
  for (const organ of ['tuyến vú', 'gan', 'thận', 'tuyến tiền liệt', 'hạch', 'tuyến giáp']) {
    const name = `Sinh thiết lõi ${organ} dưới hướng dẫn siêu âm`;
    c.add(TT, name, around(name, 1_200_000, 0.08));
  }
  const misc: [string, number, (number | null)?][] = [
    ['Tiêm bắp', 11_400],
    ['Tiêm dưới da', 11_400],
    ['Tiêm tĩnh mạch', 11_400],
    ['Tiêm trong da', 11_400],
    ['Truyền tĩnh mạch', 21_400],
    ['Truyền máu và chế phẩm máu (01 đơn vị)', 45_000],
    ['Tiêm ngoài màng cứng', 350_000],
    ['Tiêm phong bế thần kinh', 250_000],
    ['Chọc dò màng phổi', 137_000],
    ['Chọc hút dịch màng phổi', 175_000],
    ['Chọc dò màng bụng', 137_000],
    ['Chọc tháo dịch màng bụng', 175_000],
    ['Chọc dò dịch não tủy', 107_000],
    ['Chọc hút dịch khớp gối', 120_000],
    ['Chọc hút tủy làm tủy đồ', 250_000],
    ['Sinh thiết tủy xương', 900_000],
    ['Sinh thiết da', 200_000],
    ['Sinh thiết hạch bằng kim', 280_000],
    ['Sinh thiết phổi xuyên thành ngực dưới hướng dẫn cắt lớp vi tính', 2_200_000],
    ['Đặt nội khí quản', 567_000],
    ['Mở khí quản', 720_000],
    ['Thay canuyn mở khí quản', 250_000],
    ['Đặt catheter tĩnh mạch trung tâm một nòng', 680_000],
    ['Đặt catheter tĩnh mạch trung tâm ba nòng', 1_150_000],
    ['Đặt catheter động mạch theo dõi huyết áp liên tục', 750_000],
    ['Sốc điện ngoài lồng ngực cấp cứu', 300_000],
    ['Ép tim ngoài lồng ngực', 500_000],
    ['Thông khí nhân tạo xâm nhập (01 ngày điều trị)', 560_000],
    ['Thông khí nhân tạo không xâm nhập (01 ngày điều trị)', 420_000],
    ['Thở oxy qua gọng kính (01 ngày điều trị)', 30_000],
    ['Hút đờm qua ống nội khí quản', 12_000],
    ['Khí dung thuốc cấp cứu', 21_000],
    ['Rửa dạ dày cấp cứu', 120_000],
    ['Rửa dạ dày loại bỏ chất độc bằng hệ thống kín', 650_000],
    ['Đặt ống thông dạ dày', 90_000],
    ['Đặt ống thông tiểu', 90_000],
    ['Đặt ống thông hậu môn', 80_000],
    ['Thụt tháo phân', 80_000],
    ['Dẫn lưu màng phổi tối thiểu', 600_000],
    ['Thận nhân tạo chu kỳ (01 lần)', 580_000],
    ['Thận nhân tạo cấp cứu (01 lần)', 1_600_000],
    ['Lọc máu liên tục (01 lần)', 2_200_000],
    ['Thay huyết tương (01 lần)', 1_900_000],
    ['Lọc màng bụng chu kỳ (01 ngày)', 560_000],
    ['Đỡ đẻ thường ngôi chỏm', 750_000],
    ['Đỡ đẻ ngôi ngược', 1_050_000],
    ['Đỡ đẻ từ sinh đôi trở lên', 1_100_000],
    ['Forceps lấy thai', 1_100_000],
    ['Giác hút lấy thai', 1_100_000],
    ['Khâu phục hồi rách tầng sinh môn', 600_000],
    ['Hút buồng tử cung do rong kinh, rong huyết', 330_000],
    ['Đặt dụng cụ tử cung', 200_000],
    ['Tháo dụng cụ tử cung', 150_000],
    ['Cấy que tránh thai', 300_000, null],
    ['Đốt điện cổ tử cung', 220_000],
    ['Làm thuốc âm đạo', 25_000],
    ['Bóc nang tuyến Bartholin', 900_000],
    ['Chích rạch áp xe nhỏ', 200_000],
    ['Chích rạch nhọt, áp xe nhỏ dẫn lưu', 230_000],
    ['Cắt móng chọc thịt', 300_000],
    ['Điều trị sùi mào gà bằng Laser CO2', 600_000],
    ['Điều trị mụn cóc bằng Laser CO2', 350_000],
    ['Điều trị sẹo lồi bằng tiêm Triamcinolon', 250_000],
    ['Cắt bỏ u mềm treo', 250_000],
    ['Cắt bao quy đầu', 1_050_000],
    ['Nong niệu đạo', 280_000],
    ['Mở thông bàng quang ra da', 850_000],
  ];
  for (const [name, price, ins] of misc) c.add(TT, name, price, ins);
}

function phauThuat(c: Catalog): void {
  c.add(PT, 'Cắt ruột thừa nội soi', 3_200_000);
  c.add(PT, 'Cắt ruột thừa (mổ mở)', 2_650_000);
  // [operation, price of the open operation, also done laparoscopically (and its price)]
  const ops: [string, number, number | null][] = [
    ['cắt túi mật', 4_000_000, 4_600_000],
    ['khâu lỗ thủng dạ dày – tá tràng', 3_800_000, 4_400_000],
    ['cắt đoạn dạ dày', 9_000_000, 12_000_000],
    ['cắt toàn bộ dạ dày', 11_000_000, 15_000_000],
    ['cắt đại tràng phải', 9_500_000, 12_500_000],
    ['cắt đại tràng trái', 9_500_000, 12_500_000],
    ['cắt đại tràng sigma', 9_000_000, 12_000_000],
    ['cắt đoạn trực tràng', 11_000_000, 14_500_000],
    ['cắt toàn bộ đại tràng', 14_000_000, 18_000_000],
    ['cắt đoạn ruột non', 6_500_000, 8_500_000],
    ['gỡ dính ruột', 5_000_000, 6_000_000],
    ['điều trị thoát vị bẹn một bên', 3_500_000, 5_200_000],
    ['điều trị thoát vị bẹn hai bên', 4_800_000, 6_800_000],
    ['điều trị thoát vị rốn', 3_200_000, 4_800_000],
    ['điều trị thoát vị thành bụng', 4_500_000, 6_500_000],
    ['cắt lách', 7_000_000, 9_500_000],
    ['cắt gan phân thùy', 15_000_000, 20_000_000],
    ['cắt chỏm nang gan', 5_000_000, 6_200_000],
    ['lấy sỏi ống mật chủ', 8_000_000, 10_500_000],
    ['cắt khối tá tụy', 22_000_000, 30_000_000],
    ['cắt thân đuôi tụy', 14_000_000, 18_000_000],
    ['cắt tuyến thượng thận', 9_000_000, 11_000_000],
    ['cắt thận', 8_500_000, 11_000_000],
    ['cắt thận bán phần', 11_000_000, 14_000_000],
    ['lấy sỏi niệu quản', 5_000_000, 6_500_000],
    ['lấy sỏi bể thận', 6_000_000, 7_500_000],
    ['tạo hình khúc nối bể thận – niệu quản', 8_000_000, 10_000_000],
    ['cắt tiền liệt tuyến tận gốc', 14_000_000, 19_000_000],
    ['cắt u nang buồng trứng', 4_200_000, 5_600_000],
    ['cắt tử cung hoàn toàn', 6_500_000, 8_500_000],
    ['cắt tử cung bán phần', 6_000_000, 7_800_000],
    ['bóc u xơ tử cung', 5_500_000, 7_200_000],
    ['điều trị chửa ngoài tử cung', 4_200_000, 5_600_000],
    ['triệt sản nữ', 2_500_000, 3_500_000],
    ['cắt tuyến giáp toàn bộ', 7_000_000, 9_500_000],
    ['cắt thùy tuyến giáp', 5_500_000, 7_500_000],
    ['cắt thùy phổi', 14_000_000, 19_000_000],
    ['cắt phân thùy phổi', 12_000_000, 16_000_000],
    ['điều trị tràn khí màng phổi', 6_000_000, 8_000_000],
    ['cắt hạch giao cảm ngực điều trị tăng tiết mồ hôi tay', 5_000_000, 6_500_000],
    ['chống trào ngược dạ dày – thực quản (Nissen)', 8_000_000, 10_000_000],
    ['cắt dạ dày hình ống điều trị béo phì', 16_000_000, 22_000_000],
    ['điều trị giãn tĩnh mạch tinh', 3_500_000, 4_800_000],
    ['cố định tinh hoàn ẩn', 3_500_000, 4_500_000],
    ['cắt trĩ (phương pháp Milligan – Morgan)', 2_600_000, null],
    ['cắt trĩ bằng phương pháp Longo', 5_500_000, null],
    ['điều trị rò hậu môn', 3_200_000, null],
    ['cắt tuyến vú tiết kiệm', 7_500_000, null],
    ['cắt tuyến vú triệt để cải biên (Patey)', 9_500_000, null],
    ['cắt u lành tuyến vú', 2_600_000, null],
  ];
  for (const [op, open, lap] of ops) {
    const openName = op.charAt(0).toUpperCase() + op.slice(1);
    c.add(
      PT,
      openName.startsWith('Cắt') || openName.startsWith('Lấy') || openName.startsWith('Bóc') || openName.startsWith('Gỡ') || openName.startsWith('Khâu')
        ? openName
        : `Phẫu thuật ${op}`,
      around(op, open, 0.04),
    );
    if (lap !== null) c.add(PT, `Phẫu thuật nội soi ${op}`, around(`nội soi ${op}`, lap, 0.04));
  }
  // osteosynthesis: bone × fixation
  const fracture: [string, string[], number][] = [
    ['xương đòn', ['nẹp vít', 'đinh Kirschner'], 5_000_000],
    ['đầu trên xương cánh tay', ['nẹp vít', 'đinh nội tủy'], 6_500_000],
    ['thân xương cánh tay', ['nẹp vít', 'đinh nội tủy'], 6_000_000],
    ['trên lồi cầu xương cánh tay', ['nẹp vít', 'đinh Kirschner'], 5_500_000],
    ['mỏm khuỷu', ['nẹp vít', 'chỉ thép néo ép'], 4_800_000],
    ['hai xương cẳng tay', ['nẹp vít', 'đinh nội tủy'], 6_500_000],
    ['đầu dưới xương quay', ['nẹp vít', 'khung cố định ngoài'], 5_000_000],
    ['xương bàn, ngón tay', ['nẹp vít', 'đinh Kirschner'], 3_500_000],
    ['cổ xương đùi', ['vít xốp', 'nẹp DHS'], 7_000_000],
    ['liên mấu chuyển xương đùi', ['nẹp DHS', 'đinh nội tủy PFNA'], 8_000_000],
    ['thân xương đùi', ['nẹp vít', 'đinh nội tủy có chốt'], 7_500_000],
    ['xương bánh chè', ['chỉ thép néo ép', 'vít xốp'], 4_500_000],
    ['mâm chày', ['nẹp vít', 'vít xốp'], 8_000_000],
    ['hai xương cẳng chân', ['nẹp vít', 'đinh nội tủy có chốt', 'khung cố định ngoài'], 7_000_000],
    ['mắt cá chân', ['nẹp vít', 'vít xốp'], 5_500_000],
    ['xương gót', ['nẹp vít', 'vít xốp'], 6_500_000],
  ];
  for (const [bone, methods, base] of fracture) {
    for (const m of methods) {
      const name = `Phẫu thuật kết hợp xương gãy ${bone} bằng ${m}`;
      c.add(PT, name, around(name, base, 0.06));
    }
  }
  const others: [string, number, (number | null)?][] = [
    ['Phẫu thuật thay khớp háng bán phần', 18_000_000],
    ['Phẫu thuật thay khớp háng toàn phần', 28_000_000],
    ['Phẫu thuật thay khớp gối toàn phần', 32_000_000],
    ['Phẫu thuật thay lại khớp háng', 38_000_000],
    ['Phẫu thuật nội soi tái tạo dây chằng chéo trước', 12_000_000],
    ['Phẫu thuật nội soi tái tạo dây chằng chéo sau', 12_500_000],
    ['Phẫu thuật nội soi khâu sụn chêm', 8_500_000],
    ['Phẫu thuật nội soi cắt sụn chêm', 6_500_000],
    ['Phẫu thuật nội soi khâu chóp xoay khớp vai', 12_000_000],
    ['Phẫu thuật nội soi điều trị trật khớp vai tái diễn (Bankart)', 13_000_000],
    ['Phẫu thuật lấy nhân đệm cột sống thắt lưng', 9_000_000],
    ['Phẫu thuật nội soi lấy nhân đệm cột sống thắt lưng', 12_000_000],
    ['Phẫu thuật cố định cột sống thắt lưng bằng vít qua cuống', 16_000_000],
    ['Phẫu thuật giải ép, cố định cột sống cổ lối trước', 18_000_000],
    ['Phẫu thuật tháo phương tiện kết hợp xương nhỏ', 2_200_000],
    ['Phẫu thuật tháo phương tiện kết hợp xương lớn', 3_800_000],
    ['Phẫu thuật cắt cụt chi', 5_500_000],
    ['Phẫu thuật giải phóng ống cổ tay', 2_800_000],
    ['Phẫu thuật điều trị ngón tay bật', 2_000_000],
    ['Phẫu thuật lấy máu tụ ngoài màng cứng', 9_500_000],
    ['Phẫu thuật lấy máu tụ dưới màng cứng', 10_000_000],
    ['Phẫu thuật lấy máu tụ trong não', 11_000_000],
    ['Phẫu thuật mở sọ lấy u não', 18_000_000],
    ['Phẫu thuật nội soi lấy u tuyến yên qua đường mũi', 20_000_000],
    ['Phẫu thuật dẫn lưu não thất – ổ bụng', 8_500_000],
    ['Phẫu thuật lấy thai lần đầu', 3_200_000],
    ['Phẫu thuật lấy thai lần thứ hai trở lên', 3_900_000],
    ['Phẫu thuật lấy thai kèm cắt tử cung', 7_500_000],
    ['Phẫu thuật khâu vòng cổ tử cung', 2_100_000],
    ['Phẫu thuật treo tử cung', 6_000_000],
    ['Phẫu thuật bắc cầu động mạch vành', 39_000_000],
    ['Phẫu thuật thay van hai lá', 38_000_000],
    ['Phẫu thuật thay van động mạch chủ', 38_000_000],
    ['Phẫu thuật vá thông liên nhĩ', 30_000_000],
    ['Phẫu thuật vá thông liên thất', 32_000_000],
    ['Phẫu thuật tạo thông động – tĩnh mạch để chạy thận nhân tạo', 3_500_000],
    ['Phẫu thuật điều trị suy tĩnh mạch chi dưới bằng laser nội mạch', 12_000_000, null],
    ['Phẫu thuật cắt tinh hoàn', 3_000_000],
    ['Phẫu thuật nội soi cắt đốt u phì đại tuyến tiền liệt (TURP)', 7_500_000],
    ['Phẫu thuật nội soi tán sỏi niệu quản ngược dòng bằng laser', 7_000_000],
    ['Phẫu thuật tán sỏi thận qua da', 12_000_000],
    ['Phẫu thuật nội soi cắt u bàng quang qua niệu đạo (TURBT)', 8_000_000],
    ['Phẫu thuật ghép da tự thân diện tích dưới 5% diện tích cơ thể', 4_500_000],
    ['Phẫu thuật ghép da tự thân diện tích từ 5% đến 10% diện tích cơ thể', 7_000_000],
    ['Phẫu thuật tạo hình thành bụng', 20_000_000, null],
    ['Phẫu thuật nâng ngực bằng túi độn', 35_000_000, null],
  ];
  for (const [name, price, ins] of others) c.add(PT, name, price, ins);
}

function giuongBenh(c: Catalog): void {
  const HANG: [string, number][] = [
    ['đặc biệt', 1.12],
    ['I', 1],
    ['II', 0.9],
    ['III', 0.78],
  ];
  const noi: [number, number, string[]][] = [
    [1, 269_000, ['Truyền nhiễm', 'Hô hấp', 'Huyết học', 'Ung bướu', 'Tim mạch', 'Thần kinh', 'Nhi', 'Tiêu hóa', 'Thận học', 'Nội tiết']],
    [2, 241_000, ['Cơ xương khớp', 'Da liễu', 'Dị ứng', 'Tai Mũi Họng', 'Mắt', 'Răng Hàm Mặt', 'Ngoại', 'Phụ sản không mổ']],
    [3, 207_000, ['Y học cổ truyền', 'Phục hồi chức năng']],
  ];
  for (const [loai, base] of noi) {
    for (const [hang, f] of HANG) {
      const name = `Giường Nội khoa loại ${loai} hạng ${hang}`;
      c.add(GB, name, around(name, base * f, 0.02));
    }
  }
  for (const [loai, base, depts] of noi) {
    for (const d of depts) {
      for (const [hang, f] of HANG.slice(1, 3)) {
        const name = `Giường Nội khoa loại ${loai} hạng ${hang} – Khoa ${d}`;
        c.add(GB, name, around(name, base * f, 0.03));
      }
    }
  }
  const ngoaiBase = [379_000, 338_000, 298_000, 270_000];
  for (let loai = 1; loai <= 4; loai++) {
    for (const [hang, f] of HANG) {
      const name = `Giường Ngoại khoa loại ${loai} hạng ${hang}`;
      c.add(GB, name, around(name, ngoaiBase[loai - 1]! * f, 0.02));
    }
  }
  for (const d of ['Ngoại tổng hợp', 'Chấn thương chỉnh hình', 'Ngoại thần kinh', 'Ngoại tiết niệu', 'Phụ sản', 'Bỏng']) {
    for (let loai = 1; loai <= 4; loai++) {
      for (const [hang, f] of HANG.slice(1, 3)) {
        const name = `Giường Ngoại khoa loại ${loai} hạng ${hang} – Khoa ${d}`;
        c.add(GB, name, around(name, ngoaiBase[loai - 1]! * f, 0.03));
      }
    }
  }
  c.add(GB, 'Giường Hồi sức tích cực', 800_000);
  c.add(GB, 'Giường Hồi sức cấp cứu', 480_000);
  for (const [hang, f] of HANG) {
    const icu = `Giường Hồi sức tích cực hạng ${hang}`;
    c.add(GB, icu, around(icu, 800_000 * f, 0.02));
    const er = `Giường Hồi sức cấp cứu hạng ${hang}`;
    c.add(GB, er, around(er, 480_000 * f, 0.02));
  }
  const special: [string, number, (number | null)?][] = [
    ['Giường Hồi sức tích cực – ghép tạng, ghép tủy, ghép tế bào gốc', 1_150_000],
    ['Giường Hồi sức sơ sinh', 750_000],
    ['Giường Hồi sức ngoại khoa', 780_000],
    ['Giường Hồi sức tim mạch (CCU)', 820_000],
    ['Giường bệnh ban ngày – Nội khoa', 180_000],
    ['Giường bệnh ban ngày – Y học cổ truyền', 150_000],
    ['Giường lưu theo dõi tại khoa Cấp cứu (dưới 4 giờ)', 160_000],
    ['Giường điều trị theo yêu cầu – phòng 1 người', 1_200_000, null],
    ['Giường điều trị theo yêu cầu – phòng 2 người', 900_000, null],
    ['Giường điều trị theo yêu cầu – phòng 3 người', 700_000, null],
    ['Giường điều trị theo yêu cầu – phòng 4 người', 550_000, null],
    ['Giường điều trị theo yêu cầu – phòng VIP', 1_200_000, null],
    ['Giường điều trị theo yêu cầu – phòng 1 người – Khoa Sản', 1_150_000, null],
    ['Giường điều trị theo yêu cầu – phòng 2 người – Khoa Sản', 850_000, null],
    ['Giường điều trị theo yêu cầu – phòng 1 người – Khoa Nhi', 1_100_000, null],
    ['Giường điều trị theo yêu cầu – phòng 2 người – Khoa Nhi', 800_000, null],
    ['Giường người nhà nằm cùng bệnh nhân', 150_000, null],
  ];
  for (const [name, price, ins] of special) c.add(GB, name, price, ins);
}

function yhctPhcn(c: Catalog): void {
  const conditions = [
    'liệt nửa người do tai biến mạch máu não',
    'đau thần kinh tọa',
    'đau vai gáy',
    'đau lưng',
    'thoái hóa khớp gối',
    'liệt dây thần kinh VII ngoại biên',
    'mất ngủ',
    'đau đầu, đau nửa đầu',
    'hội chứng vai tay',
    'viêm quanh khớp vai',
    'đau dây thần kinh liên sườn',
    'hội chứng thắt lưng hông',
    'thoái hóa cột sống cổ',
    'rối loạn tiêu hóa',
    'bí đái cơ năng',
    'giảm thính lực',
    'liệt chi trên',
    'liệt chi dưới',
    'viêm mũi xoang',
    'rối loạn kinh nguyệt',
    'táo bón kéo dài',
    'tăng huyết áp',
  ];
  const methods: [string, number, number][] = [
    // [method, price, how many of the conditions it is listed for]
    ['Điện châm', 76_000, 22],
    ['Thủy châm', 70_000, 22],
    ['Ôn châm', 80_000, 14],
    ['Cấy chỉ', 160_000, 18],
    ['Xoa bóp bấm huyệt', 75_000, 22],
    ['Laser châm', 65_000, 12],
    ['Cứu', 40_000, 8],
  ];
  for (const [method, price] of methods) c.add(PHCN, method, price);
  for (const [method, price, n] of methods) {
    for (const cond of conditions.slice(0, n)) {
      const name = `${method} điều trị ${cond}`;
      c.add(PHCN, name, around(name, price, 0.05));
    }
  }
  const list: [string, number, (number | null)?][] = [
    ['Giác hơi', 40_000],
    ['Xông hơi thuốc dược liệu', 70_000],
    ['Ngâm thuốc y học cổ truyền toàn thân', 110_000],
    ['Điều trị bằng sóng ngắn', 40_000],
    ['Điều trị bằng vi sóng', 40_000],
    ['Điều trị bằng siêu âm', 45_000],
    ['Điều trị bằng dòng điện xung', 40_000],
    ['Điều trị bằng dòng giao thoa', 40_000],
    ['Điều trị bằng từ trường', 40_000],
    ['Điều trị bằng tia hồng ngoại', 36_000],
    ['Điều trị bằng Laser công suất thấp', 50_000],
    ['Điều trị bằng sóng xung kích', 250_000],
    ['Điều trị bằng Parafin', 45_000],
    ['Kéo giãn cột sống cổ', 45_000],
    ['Kéo giãn cột sống thắt lưng', 45_000],
    ['Tập vận động thụ động', 45_000],
    ['Tập vận động có trợ giúp', 45_000],
    ['Tập vận động tự do tứ chi', 35_000],
    ['Tập với xe đạp tập', 20_000],
    ['Tập đi với khung tập đi', 30_000],
    ['Tập dưỡng sinh', 30_000],
    ['Tập nuốt', 60_000],
    ['Tập nói', 60_000],
    ['Hoạt động trị liệu', 60_000],
    ['Tập mạnh cơ sàn chậu', 80_000],
    ['Vỗ rung lồng ngực', 40_000],
    ['Tập thở', 30_000],
    ['Kỹ thuật ho có trợ giúp', 30_000],
    ['Thủy trị liệu toàn thân', 120_000],
    ['Điều trị bằng máy kéo giãn cột sống kết hợp nhiệt (giường kéo giãn đa năng)', 90_000],
    ['Tập vận động cho trẻ bại não', 70_000],
    ['Can thiệp sớm trẻ tự kỷ (01 buổi)', 150_000, null],
    ['Lượng giá chức năng người khuyết tật', 50_000],
  ];
  for (const [name, price, ins] of list) c.add(PHCN, name, price, ins);
}

function rangHamMat(c: Catalog): void {
  // dental work per tooth group
  const teeth: [string, number][] = [
    ['răng cửa hàm trên', 1],
    ['răng cửa hàm dưới', 1],
    ['răng nanh hàm trên', 1.1],
    ['răng nanh hàm dưới', 1.1],
    ['răng hàm nhỏ hàm trên', 1.3],
    ['răng hàm nhỏ hàm dưới', 1.3],
    ['răng hàm lớn hàm trên', 1.8],
    ['răng hàm lớn hàm dưới', 1.8],
  ];
  const work: [string, number, boolean][] = [
    // [template, base price for an incisor, covered by insurance]
    ['Điều trị tủy {r}', 600_000, true],
    ['Điều trị tủy {r} bằng trâm xoay máy', 800_000, true],
    ['Điều trị tủy lại {r}', 850_000, true],
    ['Nhổ {r}', 150_000, true],
    ['Điều trị sâu ngà {r} phục hồi bằng Composite', 200_000, true],
    ['Điều trị sâu ngà {r} phục hồi bằng GIC', 150_000, true],
    ['Phục hồi cổ {r} bằng Composite', 180_000, true],
    ['Chụp sứ kim loại thường {r}', 1_200_000, false],
    ['Chụp sứ Titan {r}', 2_000_000, false],
    ['Chụp sứ toàn phần Zirconia {r}', 4_000_000, false],
    ['Cấy ghép Implant {r}', 16_000_000, false],
  ];
  for (const [template, base, covered] of work) {
    for (const [tooth, f] of teeth) {
      const name = template.replace('{r}', tooth);
      const factor = template.startsWith('Chụp') || template.startsWith('Cấy') ? 1 + (f - 1) * 0.2 : f;
      c.add(RHM, name, around(name, base * factor, 0.04), covered ? undefined : null);
    }
  }
  for (const [tooth] of teeth.slice(0, 4)) {
    const name = `Mặt dán sứ Veneer ${tooth}`;
    c.add(RHM, name, around(name, 6_000_000, 0.04), null);
  }
  const list: [string, number, (number | null)?][] = [
    ['Cạo vôi răng', 150_000],
    ['Cạo vôi răng và đánh bóng hai hàm', 250_000],
    ['Nhổ răng sữa', 40_000],
    ['Nhổ chân răng sữa', 40_000],
    ['Điều trị tủy răng sữa một chân', 300_000],
    ['Điều trị tủy răng sữa nhiều chân', 450_000],
    ['Trám bít hố rãnh', 150_000],
    ['Bôi Vecni Fluor dự phòng sâu răng', 100_000],
    ['Nhổ răng khôn hàm trên', 600_000],
    ['Nhổ răng khôn hàm dưới mọc thẳng', 800_000],
    ['Phẫu thuật nhổ răng khôn hàm dưới mọc lệch', 1_500_000],
    ['Phẫu thuật nhổ răng khôn hàm dưới mọc ngầm', 2_500_000],
    ['Phẫu thuật nhổ răng khôn mọc lệch có cắt thân, chia chân răng', 2_000_000],
    ['Điều trị viêm lợi do mảng bám', 150_000],
    ['Điều trị viêm quanh răng', 350_000],
    ['Nạo túi lợi', 250_000],
    ['Điều trị nhạy cảm ngà bằng máng với thuốc chống ê buốt', 200_000],
    ['Chích áp xe lợi', 150_000],
    ['Cắt lợi trùm răng khôn hàm dưới', 400_000],
    ['Phẫu thuật cắt phanh lưỡi', 600_000],
    ['Phẫu thuật cắt phanh môi', 600_000],
    ['Cố định tạm thời sơ cứu gãy xương hàm', 500_000],
    ['Phẫu thuật điều trị gãy xương hàm dưới bằng nẹp vít', 9_000_000],
    ['Phẫu thuật cắt nang xương hàm', 4_500_000],
    ['Điều trị trật khớp thái dương hàm', 300_000],
    ['Tẩy trắng răng tại phòng khám', 2_500_000, null],
    ['Tẩy trắng răng tại nhà bằng máng', 1_500_000, null],
    ['Chỉnh nha mắc cài kim loại', 30_000_000, null],
    ['Chỉnh nha mắc cài sứ', 40_000_000, null],
    ['Chỉnh nha khay trong suốt', 80_000_000, null],
    ['Hàm giả tháo lắp bán phần nhựa dẻo', 3_500_000, null],
    ['Hàm giả tháo lắp toàn phần nhựa thường', 5_000_000],
    ['Máng chống nghiến răng', 1_200_000, null],
    ['Gắn lại chụp răng', 150_000],
    ['Tháo chụp răng', 150_000],
  ];
  for (const [name, price, ins] of list) c.add(RHM, name, price, ins);
}

function mat(c: Catalog): void {
  const exams: [string, number][] = [
    ['Đo thị lực', 20_000],
    ['Đo thị lực có kính lỗ', 25_000],
    ['Đo nhãn áp (Maclakov, Goldmann, Schiotz)', 25_000],
    ['Đo nhãn áp bằng máy không tiếp xúc', 40_000],
    ['Soi đáy mắt trực tiếp', 52_600],
    ['Soi đáy mắt bằng kính 3 mặt gương', 70_000],
    ['Đo khúc xạ máy', 10_500],
    ['Đo khúc xạ khách quan (soi bóng đồng tử – Skiascope)', 50_000],
    ['Đo khúc xạ giác mạc (Javal)', 30_000],
    ['Thử kính loạn thị', 30_000],
    ['Đo độ lác', 30_000],
    ['Đo thị trường chu biên', 60_000],
    ['Đo thị trường trung tâm, tìm ám điểm', 60_000],
    ['Thử sắc giác', 25_000],
    ['Test thử cảm giác giác mạc', 25_000],
    ['Nhuộm giác mạc bằng Fluorescein', 30_000],
    ['Đo độ dày giác mạc', 70_000],
    ['Đo công suất thủy tinh thể nhân tạo (IOL Master)', 150_000],
    ['Đếm tế bào nội mô giác mạc', 120_000],
    ['Chụp OCT bán phần trước nhãn cầu', 250_000],
    ['Chụp OCT bán phần sau nhãn cầu', 250_000],
    ['Chụp OCT mạch máu võng mạc (OCT-A)', 450_000],
    ['Chụp đáy mắt không huỳnh quang', 150_000],
    ['Chụp mạch huỳnh quang đáy mắt', 500_000],
    ['Chụp bản đồ giác mạc (Topography)', 200_000],
    ['Siêu âm nhãn cầu (A/B)', 100_000],
    ['Siêu âm bán phần trước nhãn cầu (UBM)', 200_000],
    ['Điện võng mạc', 300_000],
    ['Đo Schirmer', 30_000],
    ['Đo thời gian phá vỡ phim nước mắt (BUT)', 30_000],
  ];
  for (const [name, price] of exams) c.add(MAT, name, price);
  // [procedure, price for one eye, can be both eyes, anaesthesia variants]
  const procedures: [string, number, boolean, boolean][] = [
    ['Lấy dị vật kết mạc', 70_000, false, false],
    ['Lấy dị vật giác mạc nông', 90_000, false, false],
    ['Lấy dị vật giác mạc sâu', 450_000, false, true],
    ['Chích chắp, lẹo', 100_000, false, false],
    ['Bơm rửa lệ đạo', 40_000, true, false],
    ['Thông lệ đạo', 120_000, true, true],
    ['Nặn tuyến bờ mi', 50_000, true, false],
    ['Tiêm dưới kết mạc', 40_000, false, false],
    ['Tiêm cạnh nhãn cầu', 50_000, false, false],
    ['Tiêm nội nhãn (Anti-VEGF)', 650_000, false, false],
    ['Laser quang đông toàn võng mạc', 750_000, true, false],
    ['Laser YAG mở bao sau', 350_000, true, false],
    ['Laser cắt mống mắt chu biên', 350_000, true, false],
    ['Phẫu thuật phaco đặt thủy tinh thể nhân tạo', 3_000_000, false, true],
    ['Phẫu thuật mộng có ghép kết mạc tự thân', 1_200_000, true, true],
    ['Phẫu thuật cắt bè củng giác mạc', 1_900_000, false, true],
    ['Phẫu thuật lác', 1_600_000, true, true],
    ['Phẫu thuật sụp mi', 2_000_000, true, true],
    ['Phẫu thuật quặm', 900_000, true, true],
    ['Phẫu thuật cắt dịch kính, laser nội nhãn', 5_500_000, false, true],
    ['Khâu vết thương phần mềm mi mắt', 550_000, false, true],
    ['Khâu vết thương giác mạc, củng mạc', 1_400_000, false, true],
  ];
  for (const [proc, price, both, anaes] of procedures) {
    for (const eyes of both ? ['một mắt', 'hai mắt'] : ['']) {
      for (const ga of anaes ? ['gây tê', 'gây mê'] : ['']) {
        const name = `${proc}${eyes ? ` ${eyes}` : ''}${ga ? ` (${ga})` : ''}`;
        c.add(MAT, name, around(name, price * (eyes === 'hai mắt' ? 1.7 : 1) * (ga === 'gây mê' ? 1.5 : 1), 0.04));
      }
    }
  }
  c.add(MAT, 'Phẫu thuật Femto-LASIK điều trị tật khúc xạ hai mắt', 30_000_000, null);
  c.add(MAT, 'Phẫu thuật ReLEx SMILE điều trị tật khúc xạ hai mắt', 45_000_000, null);
  c.add(MAT, 'Phẫu thuật LASIK điều trị tật khúc xạ hai mắt', 20_000_000, null);
  c.add(MAT, 'Đặt kính áp tròng chỉnh hình giác mạc (Ortho-K) hai mắt', 16_000_000, null);
}

function taiMuiHong(c: Catalog): void {
  const exams: [string, number][] = [
    ['Nội soi tai mũi họng', 104_000],
    ['Nội soi tai', 50_000],
    ['Nội soi mũi', 50_000],
    ['Nội soi họng – thanh quản ống cứng', 80_000],
    ['Nội soi thanh quản ống mềm', 250_000],
    ['Nội soi hoạt nghiệm thanh quản (Stroboscopy)', 350_000],
    ['Đo thính lực đơn âm', 60_000],
    ['Đo thính lực lời', 60_000],
    ['Đo nhĩ lượng', 40_000],
    ['Đo phản xạ cơ bàn đạp', 40_000],
    ['Đo âm ốc tai (OAE)', 70_000],
    ['Đo điện thính giác thân não (ABR)', 250_000],
    ['Đo đáp ứng thính giác trạng thái ổn định (ASSR)', 400_000],
    ['Đo chức năng vòi nhĩ', 60_000],
    ['Nghiệm pháp đánh giá chức năng tiền đình', 120_000],
  ];
  for (const [name, price] of exams) c.add(TMH, name, price);
  // [procedure, price, one/two sides, anaesthesia variants]
  const procedures: [string, number, boolean, boolean][] = [
    ['Lấy dị vật tai', 150_000, false, true],
    ['Lấy dị vật mũi', 120_000, false, true],
    ['Lấy dị vật họng miệng', 50_000, false, false],
    ['Lấy dị vật hạ họng', 250_000, false, true],
    ['Lấy nút biểu bì ống tai ngoài', 80_000, true, false],
    ['Làm thuốc tai', 20_000, true, false],
    ['Hút rửa mũi, xoang', 40_000, false, false],
    ['Chọc rửa xoang hàm', 120_000, true, false],
    ['Chích rạch màng nhĩ', 150_000, true, true],
    ['Đặt ống thông khí màng nhĩ', 1_300_000, true, true],
    ['Phẫu thuật nội soi vá nhĩ', 4_500_000, false, true],
    ['Phẫu thuật khoét chũm tiệt căn', 6_500_000, false, false],
    ['Phẫu thuật nội soi mở xoang hàm', 3_800_000, true, false],
    ['Phẫu thuật nội soi mở xoang sàng', 4_200_000, true, false],
    ['Phẫu thuật nội soi mở xoang trán', 4_800_000, true, false],
    ['Phẫu thuật nội soi mở xoang bướm', 4_800_000, true, false],
    ['Phẫu thuật nội soi cắt cuốn dưới', 2_500_000, true, false],
    ['Đốt cuốn mũi bằng sóng cao tần', 1_200_000, true, false],
    ['Nhét bấc mũi trước', 60_000, true, false],
    ['Nhét bấc mũi sau', 200_000, true, false],
  ];
  for (const [proc, price, sides, anaes] of procedures) {
    for (const side of sides ? ['một bên', 'hai bên'] : ['']) {
      for (const ga of anaes ? ['gây tê', 'gây mê'] : ['']) {
        const name = `${proc}${side ? ` ${side}` : ''}${ga ? ` (${ga})` : ''}`;
        c.add(TMH, name, around(name, price * (side === 'hai bên' ? 1.6 : 1) * (ga === 'gây mê' ? 1.6 : 1), 0.04));
      }
    }
  }
  const list: [string, number][] = [
    ['Cắt amidan (gây mê)', 2_300_000],
    ['Cắt amidan bằng dao điện (gây mê)', 2_600_000],
    ['Cắt amidan bằng Coblator (gây mê)', 5_500_000],
    ['Nạo VA (gây mê)', 1_200_000],
    ['Nạo VA nội soi bằng Microdebrider (gây mê)', 2_900_000],
    ['Phẫu thuật nội soi chỉnh hình vách ngăn mũi', 4_200_000],
    ['Cầm máu mũi bằng Merocel', 250_000],
    ['Chích rạch áp xe quanh amidan', 300_000],
    ['Chích rạch vành tai', 200_000],
    ['Khí dung mũi họng', 20_000],
    ['Sinh thiết vòm mũi họng', 300_000],
    ['Phẫu thuật nội soi cắt u nhú dây thanh', 5_500_000],
    ['Phẫu thuật nội soi cắt polyp dây thanh', 4_500_000],
    ['Nắn chỉnh xương chính mũi sau chấn thương', 800_000],
    ['Phẫu thuật rò luân nhĩ', 2_000_000],
    ['Phẫu thuật cắt u nang vành tai', 1_500_000],
    ['Phẫu thuật mở khí quản cấp cứu', 1_600_000],
  ];
  for (const [name, price] of list) c.add(TMH, name, price);
}

// ---------------------------------------------------------------------------------------------
// Insurance and department prices
// ---------------------------------------------------------------------------------------------

const HQ_DEPARTMENT = 1000102;
const OTHER_DEPARTMENTS = Array.from({ length: 20 }, (_, i) => 1_000_101 + i).filter((d) => d !== HQ_DEPARTMENT);
const END_DATES = [
  '2024-06-30',
  '2024-12-31',
  '2025-03-31',
  '2025-06-30',
  '2025-09-30',
  '2025-12-31',
  '2026-03-31',
  '2026-06-30',
  '2026-12-31',
  '2027-06-30',
  '2027-12-31',
];

/**
 * 0–3 department prices following one branch of the high-quality rule ("the entry with no end
 * date for department 1000102; if none, the entry with the latest end date; on a tie, the
 * first entry"). The entry the rule selects carries the high-quality price, which is above the
 * base price; the other entries are near it.
 */
function makePriceEntries(price: number, rng: () => number): PriceEntrySeed[] {
  const r = rng();
  if (r < 0.4) return [];
  const hq = round100(price * (1.2 + rng() * 0.6));

  if (r < 0.64) {
    // 1. an open-ended entry of the high-quality department (wins even against later dates)
    const list: PriceEntrySeed[] = [{ khoaChiDinhId: HQ_DEPARTMENT, donGiaDichVu: hq, denNgay: null }];
    if (rng() < 0.6)
      insertAt(list, { khoaChiDinhId: otherDepartment(rng), donGiaDichVu: nearPrice(price, hq, rng), denNgay: endDate(rng, END_DATES.length) }, rng);
    if (rng() < 0.3) insertAt(list, { khoaChiDinhId: otherDepartment(rng), donGiaDichVu: nearPrice(price, hq, rng), denNgay: null }, rng);
    return list;
  }
  if (r < 0.78) {
    // 2. only dated entries, one of them strictly the latest
    const k = 1 + Math.floor(rng() * 3);
    const idx: number[] = [];
    while (idx.length < k) {
      const i = Math.floor(rng() * END_DATES.length);
      if (!idx.includes(i)) idx.push(i);
    }
    let latest = idx[0]!;
    for (const i of idx) if (i > latest) latest = i;
    return idx.map((i) => ({
      khoaChiDinhId: rng() < 0.3 ? HQ_DEPARTMENT : otherDepartment(rng),
      donGiaDichVu: i === latest ? hq : nearPrice(price, hq, rng),
      denNgay: END_DATES[i]!,
    }));
  }
  if (r < 0.86) {
    // 3. two entries tied on the latest end date, different prices: the first one wins
    const li = 3 + Math.floor(rng() * (END_DATES.length - 3));
    const list: PriceEntrySeed[] = [
      { khoaChiDinhId: rng() < 0.3 ? HQ_DEPARTMENT : otherDepartment(rng), donGiaDichVu: hq, denNgay: END_DATES[li]! },
      { khoaChiDinhId: otherDepartment(rng), donGiaDichVu: nearPrice(price, hq, rng), denNgay: END_DATES[li]! },
    ];
    if (rng() < 0.5) insertAt(list, { khoaChiDinhId: otherDepartment(rng), donGiaDichVu: nearPrice(price, hq, rng), denNgay: endDate(rng, li) }, rng);
    return list;
  }
  if (r < 0.93) {
    // 4. a dated entry of the high-quality department and an open-ended one of another department
    const list: PriceEntrySeed[] = [{ khoaChiDinhId: HQ_DEPARTMENT, donGiaDichVu: hq, denNgay: endDate(rng, END_DATES.length) }];
    insertAt(list, { khoaChiDinhId: otherDepartment(rng), donGiaDichVu: nearPrice(price, hq, rng), denNgay: null }, rng);
    return list;
  }
  // 5. only open-ended entries, none of the high-quality department: the first one wins
  const list: PriceEntrySeed[] = [{ khoaChiDinhId: otherDepartment(rng), donGiaDichVu: hq, denNgay: null }];
  if (rng() < 0.5) list.push({ khoaChiDinhId: otherDepartment(rng), donGiaDichVu: nearPrice(price, hq, rng), denNgay: null });
  return list;
}

/** A price near the base price, never equal to the high-quality one. */
function nearPrice(price: number, hq: number, rng: () => number): number {
  const v = round100(price * (0.9 + rng() * 0.28));
  return v === hq ? v - 100 : v;
}

/** Another department (now and then none: a facility-wide price). */
function otherDepartment(rng: () => number): number | null {
  return rng() < 0.08 ? null : OTHER_DEPARTMENTS[Math.floor(rng() * OTHER_DEPARTMENTS.length)]!;
}

/** One of the first `below` end dates. */
function endDate(rng: () => number, below: number): string {
  return END_DATES[Math.floor(rng() * below)]!;
}

function insertAt(list: PriceEntrySeed[], e: PriceEntrySeed, rng: () => number): void {
  list.splice(Math.floor(rng() * (list.length + 1)), 0, e);
}

const INSURANCE_GAP = 0.15;

function finalize(c: Catalog): ServiceSeed[] {
  const drafts = SERVICE_TYPES.flatMap((t) => c.byType.get(t.value)!);
  const rng = mulberry32(DEMO_SEED);
  const explicitNull = drafts.filter((d) => d.ins === null).length;
  const auto = drafts.filter((d) => d.ins === undefined).length;
  const extraNull = Math.max(0, (INSURANCE_GAP * drafts.length - explicitNull) / Math.max(1, auto));
  const counters = new Map<number, number>();
  return drafts.map((d) => {
    const n = (counters.get(d.type) ?? 0) + 1;
    counters.set(d.type, n);
    let insurancePrice: number | null;
    if (d.ins === undefined) {
      const x = rng();
      insurancePrice = x < extraNull ? null : x < extraNull + (1 - extraNull) * 0.6 ? d.price : round100(d.price * (0.75 + rng() * 0.22));
    } else {
      insurancePrice = d.ins === null ? null : Math.min(d.ins, d.price);
    }
    return {
      code: `${CODE_PREFIX[d.type]}.${String(n).padStart(4, '0')}`,
      name: d.name,
      type: d.type,
      price: d.price,
      insurancePrice,
      priceEntries: makePriceEntries(d.price, rng),
    };
  });
}

let cache: readonly ServiceSeed[] | null = null;

function curated(): readonly ServiceSeed[] {
  if (!cache) {
    const c = new Catalog();
    khamBenh(c);
    xetNghiem(c);
    chanDoanHinhAnh(c);
    thamDoChucNang(c);
    noiSoi(c);
    thuThuat(c);
    phauThuat(c);
    giuongBenh(c);
    yhctPhcn(c);
    rangHamMat(c);
    mat(c);
    taiMuiHong(c);
    cache = finalize(c);
  }
  return cache;
}

const copy = (s: ServiceSeed): ServiceSeed => ({ ...s, priceEntries: s.priceEntries.map((e) => ({ ...e })) });

/** The curated base list (no synthetic variants), ≥ 2,000 entries, unique codes. */
export function demoServices(): ServiceSeed[] {
  return curated().map(copy);
}

// ---------------------------------------------------------------------------------------------
// Synthetic variants for benchmark volumes
// ---------------------------------------------------------------------------------------------

/** [suffix, price factor, insurance still pays] */
const SUFFIXES: [string, number, boolean][] = [
  [' – ngoài giờ hành chính', 1.3, true],
  [' – theo yêu cầu', 1.6, false],
  [' – cấp cứu', 1.2, true],
  [' – tại giường', 1.15, true],
  [' (lần 2)', 0.85, true],
  [' – ngày nghỉ, ngày lễ', 1.5, true],
  [' – khu khám Quốc tế', 2.2, false],
  [' – cơ sở 2', 1, true],
  [' – trọn gói', 1.1, false],
  [' – có hẹn trước', 1.05, true],
];
const BED_SUFFIXES: [string, number, boolean][] = [
  [' – phòng 1 người', 2.5, false],
  [' – phòng 2 người', 1.8, false],
  [' – phòng 3 người', 1.4, false],
  [' – phòng 4 người', 1.15, true],
  [' – khu điều trị theo yêu cầu', 2, false],
  [' – nằm ghép 2 người/giường', 0.5, true],
  [' – cơ sở 2', 1, true],
  [' – khu Quốc tế', 3, false],
  [' – ngày lễ, Tết', 1.2, true],
  [' – lưu theo dõi dưới 24 giờ', 0.6, true],
];
const DEPARTMENTS = [
  '',
  ' – Khoa Khám bệnh',
  ' – Khoa Cấp cứu',
  ' – Khoa Nội tổng hợp',
  ' – Khoa Ngoại tổng hợp',
  ' – Khoa Phụ sản',
  ' – Khoa Nhi',
  ' – Khoa Hồi sức tích cực',
  ' – Trung tâm Tim mạch',
  ' – Trung tâm Ung bướu',
  ' – Khoa Khám bệnh theo yêu cầu',
];
const COMBOS = DEPARTMENTS.length * SUFFIXES.length;
const SUFFIX_PUNCTUATION = /^ – | \(|\)$/g;
const BEDSIDE = ' – tại giường';
/** Operations, dental and eye/ENT work are not done at the bedside. */
const NO_BEDSIDE = new Set([PT, RHM, MAT, TMH]);

/**
 * Deterministic for a given seed; `count` services with unique codes. Up to the size of the
 * curated list this is a prefix of demoServices(); beyond it, variants of the curated services
 * (department, out-of-hours, on-request, ... prices) are added round by round, each round
 * taking every curated service once, so all types stay represented.
 */
export function generateServices(count: number, seed: number = DEFAULT_SEED): ServiceSeed[] {
  const n = Math.max(0, Math.floor(count));
  const base = curated();
  const out = base.slice(0, n).map(copy);
  if (n <= base.length) return out;

  const rng = mulberry32(seed);
  // a seed-specific order of the (department, suffix) combinations
  const order = Array.from({ length: COMBOS }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const names = new Set(base.map((s) => s.name));
  for (let round = 0; out.length < n; round++) {
    for (let i = 0; i < base.length && out.length < n; i++) {
      const b = base[i]!;
      // every curated service walks through all combinations once every COMBOS rounds
      const combo = order[(round + i * 7) % COMBOS]!;
      const suffixes = b.type === GB ? BED_SUFFIXES : SUFFIXES;
      const [suffix, factor, covered] = suffixes[combo % suffixes.length]!;
      const department = DEPARTMENTS[Math.floor(combo / suffixes.length)]!;
      if (department && b.name.includes(department.slice(3))) continue;
      if (b.name.includes(suffix.replace(SUFFIX_PUNCTUATION, ''))) continue;
      if (suffix === BEDSIDE && NO_BEDSIDE.has(b.type)) continue;
      const cycle = Math.floor(round / COMBOS);
      const name = `${b.name}${department}${suffix}${cycle > 0 ? ` – bảng giá ${cycle + 1}` : ''}`;
      if (names.has(name)) continue;
      names.add(name);
      const [lo, hi] = priceRange(b.type, b.name);
      const price = Math.min(hi, Math.max(lo, round100(b.price * factor * (department ? 1 + (rng() - 0.5) * 0.1 : 1))));
      const insurancePrice = !covered || b.insurancePrice === null || rng() < 0.05 ? null : Math.min(b.insurancePrice, price);
      out.push({
        code: `${b.code}.${round + 1}`,
        name,
        type: b.type,
        price,
        insurancePrice,
        priceEntries: makePriceEntries(price, rng),
      });
    }
  }
  return out;
}
