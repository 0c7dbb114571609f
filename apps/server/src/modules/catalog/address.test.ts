import { describe, expect, it } from 'vitest';
import { areaKey, referenceAreas } from '../../db/reference-catalogs';
import { REFERENCE_DIR } from '../../db/reference';
import { buildAddressIndex, coreName, splitAddressText, validateAddress, type AreaNode } from './address';

/** The index over the shipped reference files (the rows syncAreas loads), ids given in file order. */
function shippedIndex() {
  const { rows, conversions } = referenceAreas(REFERENCE_DIR);
  const ids = new Map(rows.map((r, i) => [areaKey(r.level, r.code, r.legacy), i + 1]));
  const nodes: AreaNode[] = rows.map((r, i) => ({
    id: i + 1,
    level: r.level,
    code: r.code,
    name: r.name,
    kind: r.kind,
    legacy: r.legacy,
    parentId: r.parent ? (ids.get(r.parent) ?? null) : null,
    successorId: r.successor ? (ids.get(r.successor) ?? null) : null,
    otherNames: r.otherNames,
    active: true,
  }));
  return buildAddressIndex(
    nodes,
    conversions.map((c) => ({ oldId: ids.get(c.old)!, newId: ids.get(c.new)!, partial: c.partial })),
  );
}

const index = shippedIndex();
const run = (province?: string, district?: string, ward?: string) => validateAddress(index, { province, district, ward });
const target = (r: ReturnType<typeof run>) => (r.ward ? `${r.ward.code} ${r.ward.name}, ${r.province?.name}` : null);
const candidates = (r: ReturnType<typeof run>) => r.candidates.map((c) => `${c.ward.code} ${c.ward.name}${c.partial ? ' (một phần)' : ''}`);

describe('coreName', () => {
  it.each([
    ['Phường 01', 'ward', '1'],
    ['P.1', 'ward', '1'],
    ['p1', 'ward', '1'],
    ['Thị trấn Phù Yên', 'ward', 'phu yen'],
    ['TP. Hồ Chí Minh', 'province', 'ho chi minh'],
    ['tphcm', 'province', 'ho chi minh'],
    ['Thành phố Hà Nội', 'province', 'ha noi'],
    ['Tỉnh Thừa Thiên Huế', 'province', 'hue'],
    ['Q.1', 'district', '1'],
    ['Quận Ba Đình', 'district', 'ba dinh'],
    ['huyen con dao', 'district', 'con dao'],
  ] as const)('%s (%s) → %s', (text, level, core) => {
    expect(coreName(text, level)).toBe(core);
  });
});

describe('validateAddress on the official conversion table (real merged wards)', () => {
  // [case, province, district, ward, status, today's ward or null]
  it.each([
    ['whole merge, names with diacritics', 'Thành phố Hà Nội', 'Quận Ba Đình', 'Phường Phúc Xá', 'mapped', '00097 Phường Hồng Hà, Thành phố Hà Nội'],
    ['whole merge, no diacritics, no type words', 'ha noi', 'ba dinh', 'phuc xa', 'mapped', '00097 Phường Hồng Hà, Thành phố Hà Nội'],
    ['old codes', '01', '001', '00001', 'mapped', '00097 Phường Hồng Hà, Thành phố Hà Nội'],
    ['old code reused by a different new unit (00004)', '01', '001', '00004', 'mapped', '00004 Phường Ba Đình, Thành phố Hà Nội'],
    [
      'old province merged into another (Hà Giang → Tuyên Quang)',
      'Hà Giang',
      'Thành phố Hà Giang',
      'Phường Nguyễn Trãi',
      'mapped',
      '00694 Phường Hà Giang 1, Tỉnh Tuyên Quang',
    ],
    ['Thủ Dầu Một (Bình Dương) → TP Hồ Chí Minh', 'Bình Dương', 'Thành phố Thủ Dầu Một', 'Phường Phú Cường', 'mapped', null],
    ['island district without communes → đặc khu', 'Bà Rịa - Vũng Tàu', 'Huyện Côn Đảo', 'Côn Đảo', 'mapped', '26732 Đặc khu Côn Đảo, Thành phố Hồ Chí Minh'],
    ['a current address is valid as it is', 'Thành phố Hà Nội', undefined, 'Phường Hồng Hà', 'valid', '00097 Phường Hồng Hà, Thành phố Hà Nội'],
    ['a current address by codes', '79', undefined, '26740', 'valid', '26740 Phường Sài Gòn, Thành phố Hồ Chí Minh'],
    ['an old name given without its district is still found', 'Hà Nội', undefined, 'Phúc Xá', 'mapped', '00097 Phường Hồng Hà, Thành phố Hà Nội'],
  ] as const)('%s', (_case, province, district, ward, status, today) => {
    const r = run(province, district, ward);
    expect(r.status).toBe(status);
    if (today) expect(target(r)).toBe(today);
    else expect(r.ward).not.toBeNull();
  });

  it('maps Hà Giang and Bình Dương communes into their 2025 provinces', () => {
    expect(run('Hà Giang', 'Thành phố Hà Giang', 'Phường Minh Khai').province?.name).toBe('Tỉnh Tuyên Quang');
    expect(run('Bình Dương', 'Thành phố Thủ Dầu Một', 'Phường Phú Cường').province?.name).toBe('Thành phố Hồ Chí Minh');
  });

  it('names the old units it recognised', () => {
    const r = run('ha noi', 'ba dinh', 'phuc xa');
    expect(r.old).toMatchObject({
      province: { code: '01', legacy: true },
      district: { code: '001', name: 'Quận Ba Đình' },
      ward: { code: '00001', name: 'Phường Phúc Xá' },
    });
  });

  it('answers every successor of a commune split among several new ones (partial merge), never one of them', () => {
    const r = run('Hà Nội', 'Ba Đình', 'Điện Biên');
    expect(r.status).toBe('ambiguous');
    expect(r.ward).toBeNull();
    expect(candidates(r)).toEqual([
      '00004 Phường Ba Đình (một phần)',
      '00070 Phường Hoàn Kiếm (một phần)',
      '00190 Phường Ô Chợ Dừa (một phần)',
      '00226 Phường Văn Miếu - Quốc Tử Giám (một phần)',
    ]);
    expect(r.candidates.every((c) => c.from?.name === 'Phường Điện Biên')).toBe(true);
    expect(r.message).toContain('4 phường/xã');
  });

  it('answers the candidates when a ward name exists in two provinces and no province is given', () => {
    const r = run(undefined, undefined, 'Phường Hoàng Mai');
    expect(r.status).toBe('ambiguous');
    expect(r.ward).toBeNull();
    expect(r.candidates.map((c) => `${c.ward.code} ${c.province.name}`)).toEqual(['00331 Thành phố Hà Nội', '17110 Tỉnh Nghệ An']);
    // with the province it is one
    expect(target(run('Nghệ An', undefined, 'hoang mai'))).toBe('17110 Phường Hoàng Mai, Tỉnh Nghệ An');
  });

  it('answers the candidates when an old ward number exists in several districts of a city', () => {
    const r = run('Hồ Chí Minh', undefined, 'Phường 1');
    expect(r.status).toBe('ambiguous');
    expect(r.candidates.length).toBeGreaterThan(5);
    expect(new Set(r.candidates.map((c) => c.from?.code)).size).toBeGreaterThan(5);
  });

  it('one district picks the old ward among the homonyms', () => {
    const r = run('TP HCM', 'Quận 3', 'P.1');
    expect(r.old?.district.name).toBe('Quận 3');
    expect(r.candidates.every((c) => c.province.code === '79')).toBe(true);
  });

  it.each([
    ['an unknown province', 'Tỉnh Atlantis', undefined, 'Phường 1', 'Không tìm thấy tỉnh/thành phố'],
    ['an unknown district', 'Hà Nội', 'Quận Atlantis', 'Phúc Xá', 'Không tìm thấy quận/huyện'],
    ['a district of another province', 'Nghệ An', 'Ba Đình', 'Phúc Xá', 'Không tìm thấy quận/huyện'],
    ['an unknown ward', 'Hà Nội', undefined, 'Phường Không Có', 'Không tìm thấy phường/xã'],
  ] as const)('%s → unknown, no result', (_case, province, district, ward, message) => {
    const r = run(province, district, ward);
    expect(r.status).toBe('unknown');
    expect(r.ward).toBeNull();
    expect(r.message).toContain(message);
  });

  it('offers close names for an unknown ward', () => {
    const r = run('Hà Nội', undefined, 'Hồng');
    expect(r.status).toBe('unknown');
    expect(r.candidates.map((c) => c.ward.name)).toContain('Phường Hồng Hà');
  });

  it('maps a province alone, and says when an old province went to several', () => {
    expect(run('Hà Giang')).toMatchObject({ status: 'mapped', province: { code: '08', name: 'Tỉnh Tuyên Quang' }, ward: null });
    expect(run('Hà Nội')).toMatchObject({ status: 'valid', province: { code: '01' } });
  });
});

describe('splitAddressText', () => {
  it.each([
    ['12 Lê Lợi, P. Phúc Xá, Q. Ba Đình, TP Hà Nội', { street: '12 Lê Lợi', ward: 'P. Phúc Xá', district: 'Q. Ba Đình', province: 'TP Hà Nội' }],
    ['Số 5 ngõ 3, Phường Hồng Hà, Hà Nội', { street: 'Số 5 ngõ 3', ward: 'Phường Hồng Hà', district: null, province: 'Hà Nội' }],
    ['Phường Phúc Xá, Quận Ba Đình, Hà Nội', { street: null, ward: 'Phường Phúc Xá', district: 'Quận Ba Đình', province: 'Hà Nội' }],
    ['Hà Nội', { street: null, ward: null, district: null, province: 'Hà Nội' }],
  ])('%s', (text, parts) => {
    expect(splitAddressText(text)).toEqual(parts);
  });
});
