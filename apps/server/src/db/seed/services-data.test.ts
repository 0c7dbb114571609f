import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES, demoServices, generateServices, type PriceEntrySeed, type ServiceSeed } from './services-data';

const HQ = 1000102;

type Branch = 'none' | 'open-hq' | 'latest-dated' | 'tie' | 'hq-dated-other-open' | 'all-open';

/**
 * Which branch of "the entry with no end date for department 1000102; if none, the entry with
 * the latest end date; on a tie, the first entry" a list of entries exercises, and the entry it picks.
 */
function classify(entries: PriceEntrySeed[]): { branch: Branch; picked: PriceEntrySeed | null } {
  if (entries.length === 0) return { branch: 'none', picked: null };
  const open = entries.find((e) => e.khoaChiDinhId === HQ && e.denNgay === null);
  if (open) return { branch: 'open-hq', picked: open };
  const dated = entries.filter((e) => e.denNgay !== null);
  if (dated.length === 0) return { branch: 'all-open', picked: entries[0]! };
  const latest = dated.reduce((m, e) => (e.denNgay! > m ? e.denNgay! : m), dated[0]!.denNgay!);
  const top = dated.filter((e) => e.denNgay === latest);
  if (top.length > 1) return { branch: 'tie', picked: top[0]! };
  const onlyHqDated = top[0]!.khoaChiDinhId === HQ && entries.some((e) => e.denNgay === null && e.khoaChiDinhId !== HQ);
  return { branch: onlyHqDated ? 'hq-dated-other-open' : 'latest-dated', picked: top[0]! };
}

function checkShape(list: ServiceSeed[]): void {
  const typeValues = new Set(SERVICE_TYPES.map((t) => t.value));
  for (const s of list) {
    expect(s.code.length, s.code).toBeLessThanOrEqual(20);
    expect(s.code, s.code).toMatch(/^[A-Z]+\.\d{4}(\.\d+)?$/);
    expect(s.name.length, s.name).toBeGreaterThan(0);
    expect(s.name.length, s.name).toBeLessThanOrEqual(200);
    expect(s.name, s.name).toBe(s.name.normalize('NFC'));
    expect(s.name, s.name).toBe(s.name.trim());
    expect(typeValues.has(s.type), s.name).toBe(true);
    expect(Number.isInteger(s.price) && s.price > 0, s.name).toBe(true);
    expect(s.price % 100, s.name).toBe(0);
    if (s.insurancePrice !== null) {
      expect(Number.isInteger(s.insurancePrice) && s.insurancePrice > 0, s.name).toBe(true);
      expect(s.insurancePrice, s.name).toBeLessThanOrEqual(s.price);
    }
    expect(s.priceEntries.length, s.name).toBeLessThanOrEqual(3);
    for (const e of s.priceEntries) {
      expect(Number.isInteger(e.donGiaDichVu) && e.donGiaDichVu > 0, s.name).toBe(true);
      if (e.khoaChiDinhId !== null) {
        expect(e.khoaChiDinhId).toBeGreaterThanOrEqual(1000101);
        expect(e.khoaChiDinhId).toBeLessThanOrEqual(1000120);
      }
      if (e.denNgay !== null) {
        expect(e.denNgay).toMatch(/^202[4-7]-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
        expect(new Date(`${e.denNgay}T00:00:00Z`).toISOString().slice(0, 10)).toBe(e.denNgay);
      }
    }
  }
}

describe('demoServices', () => {
  const demo = demoServices();

  it('has at least 2,000 curated services', () => {
    expect(demo.length).toBeGreaterThanOrEqual(2000);
  });

  it('has unique codes and unique names', () => {
    expect(new Set(demo.map((s) => s.code)).size).toBe(demo.length);
    expect(new Set(demo.map((s) => s.name)).size).toBe(demo.length);
  });

  it('has well-formed codes, names, prices and price entries', () => {
    checkShape(demo);
  });

  it('uses every service type, with Khám bệnh (10) first', () => {
    expect(SERVICE_TYPES.find((t) => t.value === 10)?.name).toBe('Khám bệnh');
    expect(new Set(SERVICE_TYPES.map((t) => t.value)).size).toBe(SERVICE_TYPES.length);
    const used = new Set(demo.map((s) => s.type));
    for (const t of SERVICE_TYPES) expect(used.has(t.value), t.name).toBe(true);
    expect(demo[0]!.type).toBe(10);
  });

  it('keeps prices within the usual ranges of a price board', () => {
    const ranges: [string, (s: ServiceSeed) => boolean, number, number][] = [
      ['khám', (s) => s.type === 10, 30_500, 500_000],
      ['xét nghiệm', (s) => s.type === 20, 20_000, 600_000],
      ['siêu âm', (s) => s.type === 30 && s.name.startsWith('Siêu âm'), 40_000, 300_000],
      ['CT', (s) => s.name.startsWith('Chụp cắt lớp vi tính'), 500_000, 3_000_000],
      ['MRI', (s) => s.name.startsWith('Chụp cộng hưởng từ'), 1_300_000, 4_500_000],
      ['nội soi', (s) => s.type === 50, 200_000, 3_000_000],
      ['phẫu thuật', (s) => s.type === 70, 2_000_000, 40_000_000],
      ['giường', (s) => s.type === 80, 150_000, 1_200_000],
    ];
    for (const [label, match, lo, hi] of ranges) {
      const group = demo.filter(match);
      expect(group.length, label).toBeGreaterThan(0);
      for (const s of group) {
        expect(s.price, `${label}: ${s.name}`).toBeGreaterThanOrEqual(lo);
        expect(s.price, `${label}: ${s.name}`).toBeLessThanOrEqual(hi);
      }
    }
  });

  it('leaves about 15% of services uncovered by insurance, including the on-request ones', () => {
    const uncovered = demo.filter((s) => s.insurancePrice === null).length / demo.length;
    expect(uncovered).toBeGreaterThan(0.1);
    expect(uncovered).toBeLessThan(0.2);
    for (const s of demo.filter((x) => x.name.includes('theo yêu cầu'))) expect(s.insurancePrice, s.name).toBeNull();
  });

  it('contains the well-known names of a Vietnamese price list', () => {
    const names = new Set(demo.map((s) => s.name));
    for (const n of [
      'Khám Nội',
      'Khám Sản phụ khoa',
      'Khám theo yêu cầu – Giáo sư, Phó giáo sư',
      'Tổng phân tích tế bào máu ngoại vi (bằng máy đếm laser)',
      'Định lượng Glucose [Máu]',
      'Định lượng Glucose [Dịch não tủy]',
      'Đo hoạt độ ALT (GPT) [Máu]',
      'HBsAg test nhanh',
      'Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)',
      'Chụp X-quang ngực thẳng',
      'Chụp cắt lớp vi tính sọ não không tiêm thuốc cản quang',
      'Chụp cắt lớp vi tính sọ não có tiêm thuốc cản quang',
      'Chụp cộng hưởng từ sọ não',
      'Điện tim thường',
      'Nội soi dạ dày – tá tràng',
      'Nội soi đại tràng toàn bộ ống mềm không sinh thiết',
      'Nội soi đại tràng toàn bộ ống mềm có sinh thiết (gây mê)',
      'Thay băng vết thương chiều dài dưới 15 cm',
      'Khâu vết thương phần mềm nông chiều dài dưới 10 cm',
      'Cắt ruột thừa nội soi',
      'Phẫu thuật nội soi cắt túi mật',
      'Giường Nội khoa loại 1 hạng I',
      'Giường Hồi sức tích cực',
      'Điện châm',
      'Cạo vôi răng',
      'Đo thị lực',
      'Nội soi tai mũi họng',
    ]) {
      expect(names.has(n), n).toBe(true);
    }
  });

  it('covers every branch of the high-quality price rule', () => {
    const byBranch = new Map<Branch, ServiceSeed[]>();
    for (const s of demo) {
      const { branch } = classify(s.priceEntries);
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), s]);
    }
    for (const b of ['none', 'open-hq', 'latest-dated', 'tie', 'hq-dated-other-open', 'all-open'] as Branch[]) {
      expect(byBranch.get(b)?.length ?? 0, b).toBeGreaterThanOrEqual(10);
    }
    // open-ended 1000102 entry that wins although another entry has an end date
    expect(byBranch.get('open-hq')!.some((s) => s.priceEntries.some((e) => e.denNgay !== null))).toBe(true);
    // ties: the tied entries carry different prices, so taking the first one matters
    for (const s of byBranch.get('tie')!) {
      const dated = s.priceEntries.filter((e) => e.denNgay !== null);
      const latest = dated
        .map((e) => e.denNgay!)
        .sort()
        .at(-1);
      const tied = dated.filter((e) => e.denNgay === latest);
      expect(new Set(tied.map((e) => e.donGiaDichVu)).size, s.name).toBe(tied.length);
    }
    // only dated entries, one of them strictly the latest, no open-ended 1000102 entry
    expect(byBranch.get('latest-dated')!.some((s) => s.priceEntries.length > 1 && s.priceEntries.every((e) => e.denNgay !== null))).toBe(true);
    // dated 1000102 entry next to an open-ended entry of another department
    for (const s of byBranch.get('hq-dated-other-open')!) {
      expect(s.priceEntries.some((e) => e.khoaChiDinhId === HQ && e.denNgay !== null)).toBe(true);
      expect(s.priceEntries.some((e) => e.khoaChiDinhId !== HQ && e.denNgay === null)).toBe(true);
    }
  });

  it('makes the picked high-quality price at least the base price', () => {
    for (const s of demo) {
      const { picked } = classify(s.priceEntries);
      if (picked) expect(picked.donGiaDichVu, s.name).toBeGreaterThanOrEqual(s.price);
    }
  });

  it('is deterministic and returns fresh copies', () => {
    const again = demoServices();
    expect(again).toEqual(demo);
    again[0]!.name = 'changed';
    again[0]!.priceEntries.push({ khoaChiDinhId: HQ, donGiaDichVu: 1, denNgay: null });
    expect(demoServices()[0]).toEqual(demo[0]);
  });
});

describe('generateServices', () => {
  it('returns a prefix of the demo list up to its size', () => {
    const demo = demoServices();
    expect(generateServices(0)).toEqual([]);
    expect(generateServices(500, 7)).toEqual(demo.slice(0, 500));
    expect(generateServices(demo.length)).toEqual(demo);
    expect(generateServices(demo.length + 10).slice(0, demo.length)).toEqual(demo);
  });

  it('makes 100,000 services quickly, with unique codes and names, deterministically', () => {
    const t0 = performance.now();
    const a = generateServices(100_000);
    const elapsed = performance.now() - t0;
    const b = generateServices(100_000);
    expect(elapsed).toBeLessThan(2000);
    expect(a).toHaveLength(100_000);
    expect(new Set(a.map((s) => s.code)).size).toBe(100_000);
    expect(new Set(a.map((s) => s.name)).size).toBe(100_000);
    expect(b).toEqual(a);
    checkShape(a.filter((_, i) => i % 37 === 0));
    const used = new Set(a.slice(demoServices().length).map((s) => s.type));
    for (const t of SERVICE_TYPES) expect(used.has(t.value), t.name).toBe(true);
  });

  it('depends on the seed beyond the demo list only', () => {
    const n = demoServices().length + 2000;
    const a = generateServices(n, 1);
    const b = generateServices(n, 2);
    expect(a.slice(0, n - 2000)).toEqual(b.slice(0, n - 2000));
    expect(a.slice(n - 2000)).not.toEqual(b.slice(n - 2000));
    expect(generateServices(n, 1)).toEqual(a);
  });
});
