import { describe, expect, it } from 'vitest';
import { roleEndpoints } from '../contracts/admin.contract';
import { areaResource, departmentResource, roleResource } from '../resources';
import { resourceEndpoints } from './resource-endpoints';

const routes = (e: object) => Object.values(e).map((x: { method: string; path: string }) => `${x.method} ${x.path}`);

describe('resourceEndpoints', () => {
  it('declares one endpoint per operation of the resource, from its path', () => {
    expect(routes(resourceEndpoints(departmentResource))).toEqual([
      'GET /api/catalog/v1/departments',
      'GET /api/catalog/v1/departments/select',
      'GET /api/catalog/v1/departments/export',
      'GET /api/catalog/v1/departments/:id',
      'POST /api/catalog/v1/departments',
      'PUT /api/catalog/v1/departments/:id',
      'PUT /api/catalog/v1/departments/:id/active',
      'DELETE /api/catalog/v1/departments/:id',
    ]);
    // read-only reference data: the reads only
    expect(Object.keys(resourceEndpoints(areaResource))).toEqual(['list', 'options', 'export', 'get']);
    // a role is deactivated, not deleted
    expect(roleEndpoints.remove).toBeUndefined();
    expect(Object.keys(roleEndpoints)).toEqual([...roleResource.operations]);
  });

  it('words the summaries from the labels unless the contract says otherwise; the export is a named .xlsx', () => {
    const e = resourceEndpoints(departmentResource);
    expect(e.get?.summary).toBe('Khoa: chi tiết');
    expect(e.export?.file).toEqual({ type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name: 'danh-muc-khoa.xlsx' });
    expect(roleEndpoints.update?.summary).toBe('Vai trò: cập nhật (có hiệu lực ở yêu cầu kế tiếp của người giữ vai trò)');
    expect(roleEndpoints.setActive?.errors).toEqual([400, 401, 403, 404, 409]);
  });

  it('gives the same object for the same resource without options (the web and the contract agree)', () => {
    expect(resourceEndpoints(departmentResource)).toBe(resourceEndpoints(departmentResource));
    expect(resourceEndpoints(roleResource)).not.toBe(roleEndpoints);
  });

  it('reads `:id` as a number of at most 9 digits, given as text or a number', () => {
    const id = resourceEndpoints(departmentResource).get!.params!;
    expect(id.parse({ id: '12' })).toEqual({ id: 12 });
    expect(id.parse({ id: 12 })).toEqual({ id: 12 });
    for (const bad of ['abc', '-1', '1234567890', '1.5']) expect(id.safeParse({ id: bad }).success, bad).toBe(false);
  });
});
