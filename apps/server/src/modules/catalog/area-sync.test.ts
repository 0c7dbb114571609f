import { describe, expect, it } from 'vitest';
import type { AppError } from '../../core/errors';
import { diffDigest, diffUnits, parseSyncLines, readSyncFile, type CurrentUnit, type SyncLine } from './area-sync';

const line = (n: number, pc: string, pn: string | null, wc: string | null, wn: string | null, extra: Partial<SyncLine> = {}): SyncLine => ({
  line: n,
  provinceCode: pc,
  provinceName: pn,
  wardCode: wc,
  wardName: wn,
  kind: null,
  mergedInto: null,
  ...extra,
});
const errorsOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as AppError).extra.errors ?? (e as AppError).message;
  }
  return null;
};

describe('readSyncFile', () => {
  it.each([
    ['GSO headings', { 'Mã TP': '01', 'Tỉnh Thành Phố': 'Thành phố Hà Nội', 'Mã PX': '00004', 'Phường Xã': 'Phường Ba Đình', Cấp: 'Phường' }],
    [
      'headings without diacritics or spaces',
      { 'ma tp': '01', 'tinh thanh pho': 'Thành phố Hà Nội', MaPX: '00004', 'phuong xa': 'Phường Ba Đình', cap: 'Phường' },
    ],
    ['English keys', { provinceCode: '01', provinceName: 'Thành phố Hà Nội', wardCode: '00004', wardName: 'Phường Ba Đình', kind: 'Phường' }],
  ])('reads %s', async (_case, row) => {
    const [l] = await readSyncFile(Buffer.from(JSON.stringify([row])));
    expect(l).toMatchObject({ line: 1, provinceCode: '01', provinceName: 'Thành phố Hà Nội', wardCode: '00004', wardName: 'Phường Ba Đình', kind: 'Phường' });
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'Tệp tải lên đang trống'],
    ['text that is no JSON', Buffer.from('Mã TP;Mã PX'), 'Không đọc được tệp'],
    ['a JSON object that is no list', Buffer.from('{"a":1}'), 'Không đọc được tệp'],
    ['an empty list', Buffer.from('[]'), 'Tệp không có dòng dữ liệu nào'],
    ['rows without the columns', Buffer.from('[{"x":1}]'), 'Tệp thiếu cột bắt buộc'],
    ['a broken .xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'Không đọc được tệp'],
  ])('refuses %s', async (_case, bytes, message) => {
    await expect(readSyncFile(bytes)).rejects.toThrow(message);
  });
});

describe('parseSyncLines', () => {
  it('pads codes, spells the unit types and collects the provinces of the wards', () => {
    const list = parseSyncLines([
      line(2, '1', 'Hà Nội', '4', 'Ba Đình', { kind: 'Phường' }),
      line(3, '01', 'Hà Nội', '00070', 'phường Hoàn Kiếm'),
      line(4, '79', 'Thành Phố Hồ Chí Minh', '26740.0', 'Phường Sài Gòn'),
      line(5, '01', 'Hà Nội', '00082', 'Phường Cửa Nam', { mergedInto: '70' }),
    ]);
    expect(list.units).toEqual([
      { level: 'province', code: '01', name: 'Tỉnh Hà Nội', kind: 'Tỉnh', provinceCode: null },
      { level: 'province', code: '79', name: 'Thành phố Hồ Chí Minh', kind: 'Thành phố', provinceCode: null },
      { level: 'ward', code: '00004', name: 'Phường Ba Đình', kind: 'Phường', provinceCode: '01' },
      { level: 'ward', code: '00070', name: 'Phường Hoàn Kiếm', kind: 'Phường', provinceCode: '01' },
      { level: 'ward', code: '26740', name: 'Phường Sài Gòn', kind: 'Phường', provinceCode: '79' },
    ]);
    expect([...list.mergedInto]).toEqual([['00082', '00070']]);
  });

  it.each([
    [
      'a letter in a ward code',
      [line(2, '01', 'Hà Nội', '0A004', 'Phường X')],
      [{ field: 'dòng 2', message: 'Mã phường/xã phải là chữ số (tỉnh 2, phường/xã 5 chữ số)' }],
    ],
    ['no province code', [line(2, '', 'Hà Nội', '00004', 'Phường X')], [{ field: 'dòng 2', message: 'Mã tỉnh phải là chữ số (tỉnh 2, phường/xã 5 chữ số)' }]],
    ['a ward without a name', [line(2, '01', 'Hà Nội', '00004', null)], [{ field: 'dòng 2', message: 'Thiếu tên đơn vị' }]],
    [
      'a code twice',
      [line(2, '01', 'Hà Nội', '00004', 'Phường X'), line(3, '01', 'Hà Nội', '00004', 'Phường Y')],
      [{ field: 'dòng 3', message: 'Mã 00004 xuất hiện nhiều lần' }],
    ],
    [
      'a province with two names',
      [line(2, '01', 'Hà Nội', '00004', 'Phường X'), line(3, '01', 'Hà Tây', '00005', 'Phường Y')],
      [{ field: 'dòng 3', message: 'Tỉnh 01 có hai tên khác nhau trong tệp' }],
    ],
    [
      'a merge into a unit the list does not hold',
      [line(2, '01', 'Hà Nội', '00004', 'Phường X', { mergedInto: '00099' })],
      [{ field: 'mã 00004', message: 'Mã sáp nhập vào 00099 không có trong danh sách hiện hành của tệp' }],
    ],
  ] as const)('refuses %s, naming the row', (_case, lines, errors) => {
    expect(errorsOf(() => parseSyncLines([...lines]))).toEqual(errors);
  });
});

describe('diffUnits', () => {
  const current: CurrentUnit[] = [
    { id: 1, level: 'province', code: '01', name: 'Thành phố Hà Nội', kind: 'Thành phố', provinceCode: null, active: true },
    ...['00004 Phường Ba Đình', '00070 Phường Hoàn Kiếm', '00082 Phường Cửa Nam', '00097 Phường Hồng Hà', '00100 Phường Cũ'].map((s, i) => ({
      id: 10 + i,
      level: 'ward' as const,
      code: s.slice(0, 5),
      name: s.slice(6),
      kind: 'Phường',
      provinceCode: '01',
      active: s !== '00100 Phường Cũ',
    })),
  ];
  const list = (lines: SyncLine[]) => parseSyncLines([line(1, '01', 'Thành phố Hà Nội', null, null), ...lines]);
  const h = (code: string, name: string, extra: Partial<SyncLine> = {}) => line(2, '01', null, code, name, extra);

  it('sorts the changes into added (or re-activated), renamed, merged and removed', () => {
    // enough unchanged units that ending two is no sign of an incomplete list
    const more = Array.from({ length: 6 }, (_, i) => `0100${i}`);
    const d = diffUnits(
      [
        ...current,
        ...more.map((code, i) => ({ id: 100 + i, level: 'ward' as const, code, name: `Phường ${code}`, kind: 'Phường', provinceCode: '01', active: true })),
      ],
      list([
        ...more.map((code) => h(code, `Phường ${code}`)),
        h('00004', 'Phường Ba Đình Mới'),
        h('00070', 'Phường Hoàn Kiếm'),
        h('00082', 'Phường Cửa Nam', { mergedInto: '00070' }),
        h('00100', 'Phường Cũ'),
        h('00200', 'Phường Mới'),
      ]),
    );
    expect(d.added.map((u) => u.code)).toEqual(['00100', '00200']); // 00100 was inactive: re-activated
    expect(d.renamed.map((r) => [r.current.name, r.unit.name])).toEqual([['Phường Ba Đình', 'Phường Ba Đình Mới']]);
    expect(d.merged.map((m) => [m.current.code, m.into])).toEqual([['00082', '00070']]);
    expect(d.removed.map((r) => r.code)).toEqual(['00097']);
  });

  it('gives the same digest for the same change, another for another', () => {
    const a = diffUnits(
      current,
      list([h('00004', 'Phường Ba Đình'), h('00070', 'Phường Hoàn Kiếm'), h('00082', 'Phường Cửa Nam'), h('00097', 'Phường Hồng Hà X')]),
    );
    const b = diffUnits(
      current,
      list([h('00004', 'Phường Ba Đình'), h('00070', 'Phường Hoàn Kiếm'), h('00082', 'Phường Cửa Nam'), h('00097', 'Phường Hồng Hà X')]),
    );
    const c = diffUnits(
      current,
      list([h('00004', 'Phường Ba Đình'), h('00070', 'Phường Hoàn Kiếm'), h('00082', 'Phường Cửa Nam'), h('00097', 'Phường Hồng Hà Y')]),
    );
    expect(diffDigest(a)).toBe(diffDigest(b));
    expect(diffDigest(a)).not.toBe(diffDigest(c));
  });

  it('refuses a list that would end more than a third of the units', () => {
    expect(errorsOf(() => diffUnits(current, list([h('00004', 'Phường Ba Đình')])))).toBe(
      'Tệp sẽ bãi bỏ 3/5 đơn vị hiện hành: có lẽ đây không phải danh sách đầy đủ. Không có thay đổi nào được áp dụng',
    );
  });
});
