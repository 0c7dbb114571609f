import { describe, expect, it } from 'vitest';
import { boolFilter, idFilter, listQuerySchema } from './list-query';

const schema = listQuerySchema({ sortable: ['name', 'code'], filters: { active: boolFilter.optional(), departmentId: idFilter.optional() } });

describe('listQuerySchema', () => {
  it.each([
    [{}, { page: 0, size: 20, sort: undefined, q: undefined, filters: {} }],
    [
      { page: '2', size: '50', sort: 'name,desc', q: '  khoa noi ' },
      { page: 2, size: 50, sort: { field: 'name', direction: 'desc' }, q: 'khoa noi', filters: {} },
    ],
    [{ sort: 'code' }, { page: 0, size: 20, sort: { field: 'code', direction: 'asc' }, q: undefined, filters: {} }],
    [
      { active: 'false', departmentId: '7' },
      { page: 0, size: 20, sort: undefined, q: undefined, filters: { active: false, departmentId: 7 } },
    ],
    [{ q: '   ' }, { page: 0, size: 20, sort: undefined, q: undefined, filters: {} }],
    [{ size: '100' }, { page: 0, size: 100, sort: undefined, q: undefined, filters: {} }],
  ])('reads %j', (input, expected) => {
    expect(schema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ page: '-1' }, 'Trang phải là số nguyên không âm'],
    [{ page: 'abc' }, 'Trang phải là số nguyên không âm'],
    [{ size: '0' }, 'Số dòng mỗi trang tối thiểu 1'],
    [{ size: '101' }, 'Số dòng mỗi trang tối đa 100'],
    [{ sort: 'password,asc' }, 'Cột sắp xếp không hợp lệ'],
    [{ sort: 'name,sideways' }, 'Cột sắp xếp không hợp lệ'],
    [{ q: 'x'.repeat(201) }, 'Từ khoá tìm kiếm tối đa 200 ký tự'],
    [{ active: 'yes' }, 'Giá trị phải là true hoặc false'],
    [{ departmentId: '1; DROP' }, 'Mã phải là số nguyên dương'],
  ])('refuses %j', (input, message) => {
    const r = schema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(message);
  });
});
