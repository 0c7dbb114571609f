import { describe, expect, it } from 'vitest';
import { areaResource, roomResource } from '../resources';
import { refNameKey } from './define-resource';

describe('refNameKey', () => {
  it.each([
    ['departmentId', 'departmentName'],
    ['parentId', 'parentName'],
    ['successorId', 'successorName'],
    ['owner', 'ownerName'],
  ])('%s → %s', (key, name) => expect(refNameKey(key)).toBe(name));
});

describe('derived list and select queries', () => {
  it.each([
    [{ departmentId: '3', sort: 'departmentId,desc' }, { departmentId: 3 }, { field: 'departmentId', direction: 'desc' }],
    [{ specialtyId: '12', active: 'true' }, { specialtyId: 12, active: true }, undefined],
  ])('rooms read %j', (input, filters, sort) => {
    const q = roomResource.listQuery.parse(input);
    expect(q.filters).toEqual(filters);
    expect(q.sort).toEqual(sort);
  });

  it.each([
    [
      { level: 'ward', legacy: 'false', parentId: '5' },
      { level: 'ward', legacy: false, parentId: 5 },
    ],
    [{ kind: 'Đặc khu' }, { kind: 'Đặc khu' }],
  ])('areas read %j', (input, filters) => {
    expect(areaResource.listQuery.parse(input).filters).toEqual(filters);
    expect(areaResource.selectQuery.parse(input).filters).toEqual(filters);
  });

  it.each([
    [{ level: 'planet' }, 'Cấp không hợp lệ'],
    [{ kind: 'Bang' }, 'Loại không hợp lệ'],
    [{ parentId: '-1' }, 'Mã phải là số nguyên dương'],
  ])('areas refuse %j', (input, message) => {
    const r = areaResource.listQuery.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(message);
  });

  it('the select query has no sort and no state filter (active rows only)', () => {
    expect(roomResource.selectQuery.safeParse({ sort: 'code,asc' }).success).toBe(false);
    expect(roomResource.selectQuery.parse({ active: 'false' }).filters).toEqual({});
  });

  it('a ref field requires a choice with a Vietnamese message', () => {
    const r = roomResource.body.safeParse({ code: 'P1', name: 'Phòng 1', departmentId: null });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['departmentId', 'Vui lòng chọn khoa']]);
  });
});
