import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  REFERENCE_DIR,
  loadCountries,
  loadDistrictsLegacy,
  loadJobs,
  loadNations,
  loadProvinces2025,
  loadProvincesLegacy,
  loadWardConversions,
  loadWards2025,
  loadWardsLegacy,
  loadZones,
} from './index';

/** Vietnamese letters that only exist with diacritics (đ and every marked vowel). */
const VIETNAMESE_DIACRITIC = /[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]/i;

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => (seen.has(v) ? true : (seen.add(v), false)));
}

describe('provinces 2025', () => {
  const provinces = loadProvinces2025();

  it('has the 34 provinces and centrally-run cities', () => {
    expect(provinces).toHaveLength(34);
    expect(provinces.filter((p) => p.type === 'Thành phố').map((p) => p.code)).toEqual(['01', '31', '46', '48', '79', '92']);
    expect(provinces.filter((p) => p.type === 'Tỉnh')).toHaveLength(28);
  });

  it('has Hà Nội 01 and Thành phố Hồ Chí Minh 79', () => {
    expect(provinces.find((p) => p.code === '01')).toMatchObject({ name: 'Hà Nội', fullName: 'Thành phố Hà Nội', type: 'Thành phố' });
    expect(provinces.find((p) => p.code === '79')).toMatchObject({ fullName: 'Thành phố Hồ Chí Minh', type: 'Thành phố' });
  });

  it('has unique 2-digit codes and non-empty names', () => {
    expect(duplicates(provinces.map((p) => p.code))).toEqual([]);
    for (const p of provinces) {
      expect(p.code).toMatch(/^\d{2}$/);
      expect(p.name.trim()).not.toBe('');
      expect(p.fullName).toBe(`${p.type} ${p.name}`);
    }
  });

  it('maps every pre-2025 province into the 2025 ones consistently', () => {
    const legacy = loadProvincesLegacy();
    const legacyCodes = new Set(legacy.map((l) => l.code));
    const merged = provinces.flatMap((p) => p.mergedFrom);
    expect(new Set(merged)).toEqual(legacyCodes);
    for (const l of legacy) {
      expect(l.successorCodes.length).toBeGreaterThan(0);
      for (const s of l.successorCodes) expect(provinces.find((p) => p.code === s)?.mergedFrom).toContain(l.code);
    }
  });
});

describe('wards 2025', () => {
  const wards = loadWards2025();
  const provinceCodes = new Set(loadProvinces2025().map((p) => p.code));

  it('has the 3,321 commune-level units of Công văn 1027/CTK-CSCL', () => {
    expect(wards.length).toBeGreaterThanOrEqual(3300);
    expect(wards).toHaveLength(3321);
    const byType = (t: string) => wards.filter((w) => w.type === t).length;
    expect({ phuong: byType('Phường'), xa: byType('Xã'), dacKhu: byType('Đặc khu') }).toEqual({ phuong: 687, xa: 2621, dacKhu: 13 });
  });

  it('links every ward to an existing province and every province has wards', () => {
    expect(wards.filter((w) => !provinceCodes.has(w.provinceCode))).toEqual([]);
    const used = new Set(wards.map((w) => w.provinceCode));
    expect(used).toEqual(provinceCodes);
    expect(wards.filter((w) => w.provinceCode === '01')).toHaveLength(126);
    expect(wards.filter((w) => w.provinceCode === '79')).toHaveLength(168);
  });

  it('has unique 5-digit codes and non-empty names that carry their type', () => {
    expect(duplicates(wards.map((w) => w.code))).toEqual([]);
    for (const w of wards) {
      expect(w.code).toMatch(/^\d{5}$/);
      expect(w.shortName.trim()).not.toBe('');
      expect(w.name).toBe(`${w.type} ${w.shortName}`);
      expect(w.name).toBe(w.name.normalize('NFC'));
      expect(w.name).not.toMatch(/\s{2}|^\s|\s$/);
    }
  });

  it('contains well-known units', () => {
    const byCode = new Map(wards.map((w) => [w.code, w]));
    expect(byCode.get('00070')).toMatchObject({ name: 'Phường Hoàn Kiếm', provinceCode: '01' });
    expect(byCode.get('26740')).toMatchObject({ name: 'Phường Sài Gòn', provinceCode: '79' });
    expect(byCode.get('31078')).toMatchObject({ name: 'Đặc khu Phú Quốc', type: 'Đặc khu', provinceCode: '91' });
  });
});

describe('legacy provinces (before 01/07/2025)', () => {
  it('has the 63 units with unique codes', () => {
    const legacy = loadProvincesLegacy();
    expect(legacy).toHaveLength(63);
    expect(duplicates(legacy.map((l) => l.code))).toEqual([]);
    expect(legacy.filter((l) => l.type === 'Thành phố')).toHaveLength(5);
  });
});

describe('legacy districts and communes (before 01/07/2025)', () => {
  const provinces = new Set(loadProvincesLegacy().map((p) => p.code));
  const districts = loadDistrictsLegacy();
  const wards = loadWardsLegacy();

  it('has the 696 districts of the GSO export of 04/01/2025, each in a former province', () => {
    expect(districts).toHaveLength(696);
    expect(duplicates(districts.map((d) => d.code))).toEqual([]);
    expect(districts.filter((d) => !provinces.has(d.provinceCode))).toEqual([]);
    for (const d of districts) {
      expect(d.code).toMatch(/^\d{3}$/);
      expect(d.name.startsWith(`${d.kind} `)).toBe(true);
    }
    expect(districts.find((d) => d.code === '001')).toMatchObject({ name: 'Quận Ba Đình', provinceCode: '01' });
    expect(districts.find((d) => d.code === '760')).toMatchObject({ name: 'Quận 1', provinceCode: '79' });
  });

  it('has the ~10,000 communes, each in a district, with unique 5-digit codes', () => {
    const districtCodes = new Set(districts.map((d) => d.code));
    expect(wards.length).toBeGreaterThanOrEqual(10_051);
    expect(duplicates(wards.map((w) => w.code))).toEqual([]);
    expect(wards.filter((w) => !districtCodes.has(w.districtCode))).toEqual([]);
    for (const w of wards) {
      expect(w.code).toMatch(/^\d{5}$/);
      expect(['Phường', 'Xã', 'Thị trấn']).toContain(w.kind);
      expect(w.name.startsWith(`${w.kind} `)).toBe(true);
    }
    expect(wards.find((w) => w.code === '00001')).toMatchObject({ name: 'Phường Phúc Xá', districtCode: '001' });
    expect(wards.find((w) => w.code === '26734')).toMatchObject({ name: 'Phường Tân Định', districtCode: '760' });
  });
});

describe('old → new commune conversion', () => {
  const conversions = loadWardConversions();
  const newCodes = new Set(loadWards2025().map((w) => w.code));
  const oldWards = new Set(loadWardsLegacy().map((w) => w.code));
  const oldDistricts = new Set(loadDistrictsLegacy().map((d) => d.code));
  const targets = (old: string) => conversions.filter((c) => c.oldCode === old);

  it('converts into 2025 communes only, from old communes or island districts', () => {
    expect(conversions.length).toBeGreaterThan(10_000);
    expect(conversions.filter((c) => !newCodes.has(c.newCode))).toEqual([]);
    expect(conversions.filter((c) => !(oldWards.has(c.oldCode) || (c.oldCode.length === 3 && oldDistricts.has(c.oldCode))))).toEqual([]);
    expect(duplicates(conversions.map((c) => `${c.oldCode}>${c.newCode}`))).toEqual([]);
    // every 2025 commune comes from at least one old unit
    const reached = new Set(conversions.map((c) => c.newCode));
    expect([...newCodes].filter((c) => !reached.has(c))).toEqual([]);
  });

  it('marks a commune split among several new ones as partial, and a whole merge as not', () => {
    const byOld = new Map<string, number>();
    for (const c of conversions) byOld.set(c.oldCode, (byOld.get(c.oldCode) ?? 0) + 1);
    expect(conversions.filter((c) => byOld.get(c.oldCode)! > 1 && !c.partial)).toEqual([]);
    expect(targets('00001')).toEqual([{ oldCode: '00001', newCode: '00097', partial: false }]); // Phúc Xá → Hồng Hà
    expect(targets('00004')).toEqual([{ oldCode: '00004', newCode: '00004', partial: false }]); // Trúc Bạch → Ba Đình (same code, other unit)
    expect(targets('00019').map((c) => [c.newCode, c.partial])).toEqual([
      ['00004', true],
      ['00070', true],
      ['00190', true],
      ['00226', true],
    ]); // Phường Điện Biên split among four
    expect(targets('755')).toEqual([{ oldCode: '755', newCode: '26732', partial: false }]); // Huyện Côn Đảo → Đặc khu Côn Đảo
  });
});

describe('zones', () => {
  const zones = loadZones();
  const provinceCodes = loadProvinces2025()
    .map((p) => p.code)
    .sort();

  it('splits the 34 provinces into the 3 regions and, separately, into the 6 socio-economic regions', () => {
    for (const kind of ['Miền', 'Vùng kinh tế - xã hội'] as const) {
      const group = zones.filter((z) => z.kind === kind);
      expect(group).toHaveLength(kind === 'Miền' ? 3 : 6);
      const all = group.flatMap((z) => z.provinceCodes);
      expect(duplicates(all)).toEqual([]);
      expect([...all].sort()).toEqual(provinceCodes);
    }
  });

  it('makes each region the union of its socio-economic regions', () => {
    const codes = (c: string) => [...zones.find((z) => z.code === c)!.provinceCodes].sort();
    expect(codes('MB')).toEqual([...codes('V1'), ...codes('V2')].sort());
    expect(codes('MT')).toEqual([...codes('V3'), ...codes('V4')].sort());
    expect(codes('MN')).toEqual([...codes('V5'), ...codes('V6')].sort());
    expect(codes('V5')).toContain('79');
    expect(codes('V2')).toContain('01');
  });
});

describe('nations', () => {
  const nations = loadNations();
  const official = nations.filter((n) => n.official);

  it('has the 54 ethnic groups with unique codes 01..54, Kinh = 01', () => {
    expect(official).toHaveLength(54);
    expect(official.map((n) => n.code)).toEqual(Array.from({ length: 54 }, (_, i) => String(i + 1).padStart(2, '0')));
    expect(duplicates(nations.map((n) => n.code))).toEqual([]);
    expect(duplicates(nations.map((n) => n.name))).toEqual([]);
    expect(nations.find((n) => n.code === '01')?.name).toBe('Kinh');
    expect(nations.find((n) => n.code === '08')?.aliases).toContain('Mông');
  });

  it('uses Vietnamese names with diacritics', () => {
    for (const n of nations) expect(n.name.trim()).not.toBe('');
    for (const name of ['Tày', 'Thái', 'Mường', 'Nùng', 'Ê-đê', 'Chăm', 'Ơ Đu', 'Rơ-măm']) {
      expect(nations.map((n) => n.name)).toContain(name);
    }
    expect(official.filter((n) => VIETNAMESE_DIACRITIC.test(n.name)).length).toBeGreaterThan(40);
  });

  it('adds Người nước ngoài as 55, flagged as not one of the 54', () => {
    expect(nations).toHaveLength(55);
    expect(nations.find((n) => n.code === '55')).toMatchObject({ name: 'Người nước ngoài', official: false });
  });
});

describe('jobs', () => {
  const jobs = loadJobs();

  it('has the 10 level-1 and 48 level-2 groups with unique codes', () => {
    expect(jobs.filter((j) => j.level === 1).map((j) => j.code)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(jobs.filter((j) => j.level === 2)).toHaveLength(48);
    expect(duplicates(jobs.map((j) => j.code))).toEqual([]);
    for (const j of jobs) expect(j.name.trim()).not.toBe('');
  });

  it('puts each level-2 group under its level-1 group', () => {
    for (const j of jobs.filter((x) => x.level === 2)) {
      expect(j.code).toMatch(/^\d{2}$/);
      expect(j.parentCode).toBe(j.code[0]);
    }
    expect(jobs.find((j) => j.code === '22')?.name).toBe('Nhà chuyên môn về sức khỏe');
  });
});

describe('loaders', () => {
  it('are pure: each call returns fresh objects', () => {
    const a = loadProvinces2025();
    a[0].name = 'changed';
    expect(loadProvinces2025()[0].name).toBe('Hà Nội');
    expect(loadWards2025()).not.toBe(loadWards2025());
  });

  it('read from a given directory and reject malformed data', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reference-'));
    try {
      fs.writeFileSync(path.join(dir, 'wards-2025.json'), JSON.stringify([['00001', 'Thôn A', 'Thôn', '01']]));
      expect(() => loadWards2025(dir)).toThrow(/unknown ward type/);
      fs.writeFileSync(path.join(dir, 'nations.json'), JSON.stringify([{ code: '01', name: 'Kinh', official: true }]));
      expect(loadNations(dir)).toEqual([{ code: '01', name: 'Kinh', official: true, aliases: [] }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(fs.existsSync(path.join(REFERENCE_DIR, 'wards-2025.json'))).toBe(true);
  });
});

describe('countries (ISO 3166-1)', () => {
  const countries = loadCountries();

  it('has the 249 countries and territories with unique alpha-2, alpha-3 and numeric codes', () => {
    expect(countries).toHaveLength(249);
    expect(duplicates(countries.map((c) => c.code))).toEqual([]);
    expect(duplicates(countries.map((c) => c.alpha3))).toEqual([]);
    expect(duplicates(countries.map((c) => c.numeric))).toEqual([]);
    for (const c of countries) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.alpha3).toMatch(/^[A-Z]{3}$/);
      expect(c.numeric).toMatch(/^\d{3}$/);
      expect(c.name.trim()).not.toBe('');
    }
  });

  it.each([
    ['VN', 'VNM', '704', 'Việt Nam'],
    ['KR', 'KOR', '410', 'Hàn Quốc'],
    ['US', 'USA', '840', 'Hoa Kỳ'],
    ['CI', 'CIV', '384', 'Bờ Biển Ngà'],
    ['CD', 'COD', '180', 'Cộng hòa Dân chủ Congo'],
    ['LA', 'LAO', '418', 'Lào'],
  ])('%s is %s %s %s', (code, alpha3, numeric, name) => {
    expect(countries.find((c) => c.code === code)).toMatchObject({ alpha3, numeric, name });
  });
});
