import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { defineResource, type FieldDef } from '@portal/shared/core/define-resource';
import { departmentResource } from '@portal/shared/resources';
import { inputLimits, splitFieldErrors, toBody, toFormValues, zodMessage, zodRule } from './zod-rules';

const services = defineResource({
  name: 'services',
  label: 'Dịch vụ',
  labelPlural: 'Danh mục dịch vụ',
  path: '/api/catalog/v1/services',
  scope: 'facility',
  authority: 'MANAGER_CATALOG',
  exportName: 'danh-muc-dich-vu',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { key: 'code', label: 'Mã dịch vụ', type: 'code', required: true },
    { key: 'price', label: 'Giá', type: 'money', required: true, max: 100_000_000 },
    { key: 'duration', label: 'Thời gian', type: 'integer', min: 5 },
    { key: 'insured', label: 'BHYT', type: 'boolean' },
    { key: 'departmentId', label: 'Khoa', type: 'ref', ref: 'departments' },
    { key: 'kind', label: 'Loại', type: 'enum', options: [{ value: 10, label: 'Khám bệnh' }] },
    { key: 'note', label: 'Ghi chú', type: 'textarea' },
  ],
});

const shape = (r: { body: { shape: unknown } }) => r.body.shape as Record<string, z.ZodType>;
const dept = shape(departmentResource);
const svc = shape(services);
const field = (r: { fields: readonly FieldDef[] }, key: string) => r.fields.find((f) => f.key === key)!;

async function check(r: { fields: readonly FieldDef[]; body: { shape: unknown } }, key: string, value: unknown): Promise<string | null> {
  try {
    await zodRule(field(r, key), shape(r)[key]).validator(null, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('antd rules from the zod body', () => {
  it('gives the definition’s Vietnamese messages', async () => {
    expect(await check(departmentResource, 'code', undefined)).toBe('Vui lòng nhập mã khoa');
    expect(await check(departmentResource, 'code', '   ')).toBe('Vui lòng nhập mã khoa');
    expect(await check(departmentResource, 'code', 'NỘI')).toBe('Mã khoa chỉ gồm chữ không dấu, số và các ký tự . _ -');
    expect(await check(departmentResource, 'code', 'X'.repeat(21))).toBe('Mã khoa tối đa 20 ký tự');
    expect(await check(departmentResource, 'code', 'NOI-TH')).toBeNull();
    expect(await check(departmentResource, 'name', 'Khoa Nội tổng hợp')).toBeNull();
    expect(await check(departmentResource, 'description', undefined)).toBeNull();
    expect(await check(departmentResource, 'description', '')).toBeNull();
    expect(await check(departmentResource, 'description', 'x'.repeat(1001))).toBe('Mô tả tối đa 1000 ký tự');
  });

  it('checks numbers, choices and references the same way', async () => {
    expect(await check(services, 'price', null)).toBe('Vui lòng nhập giá');
    expect(await check(services, 'price', 150_000_000)).toBe('Giá phải nhỏ hơn hoặc bằng 100000000');
    expect(await check(services, 'price', 250_000)).toBeNull();
    expect(await check(services, 'duration', 3)).toBe('Thời gian phải lớn hơn hoặc bằng 5');
    expect(await check(services, 'duration', null)).toBeNull();
    expect(await check(services, 'kind', 99)).toBe('Loại không hợp lệ');
    expect(await check(services, 'kind', 10)).toBeNull();
    expect(await check(services, 'departmentId', undefined)).toBeNull();
    expect(zodMessage(svc.insured, false)).toBeNull();
  });

  it('reads the input limits from the schema', () => {
    expect(inputLimits(dept.code)).toEqual({ maxLength: 20 });
    expect(inputLimits(dept.name)).toEqual({ maxLength: 200 });
    expect(inputLimits(dept.description)).toEqual({ maxLength: 1000 });
    expect(inputLimits(svc.price)).toEqual({ min: 0, max: 100_000_000 });
    expect(inputLimits(svc.duration)).toEqual({ min: 5, max: 2_000_000_000 });
    expect(inputLimits(svc.kind)).toEqual({});
  });
});

describe('form values ⇄ body', () => {
  const fields = services.formFields as readonly FieldDef[];
  it('sends every field, empty optional ones as null, so a PUT replaces the row', () => {
    const body = toBody(fields, { code: 'KB01', price: 150000, note: '  ' });
    expect(body).toEqual({ code: 'KB01', price: 150000, duration: null, insured: false, departmentId: null, kind: null, note: null });
    expect(services.body.safeParse(body).success).toBe(true);
  });
  it('turns a row into form values and back', () => {
    const row = { id: 4, active: true, code: 'KB01', price: 150000, duration: null, insured: true, departmentId: 2, kind: 10, note: null, createdAt: 'x' };
    const values = toFormValues(fields, row);
    expect(values).toEqual({ code: 'KB01', price: 150000, duration: undefined, insured: true, departmentId: 2, kind: 10, note: undefined });
    expect(toBody(fields, values)).toEqual({ code: 'KB01', price: 150000, duration: null, insured: true, departmentId: 2, kind: 10, note: null });
    expect(toFormValues(fields, null).insured).toBe(false);
  });
  it('a required text left empty is sent as text, and refused', () => {
    const body = toBody(departmentResource.formFields as readonly FieldDef[], {});
    expect(body).toEqual({ code: '', name: '', description: null });
    expect(departmentResource.body.safeParse(body).success).toBe(false);
  });
});

describe('server field errors', () => {
  it('puts known fields next to their inputs and the rest aside', () => {
    const errors = [
      { field: 'code', message: 'Mã khoa "NOI" đã tồn tại' },
      { field: 'code', message: 'Mã khoa tối đa 20 ký tự' },
      { field: 'facilityId', message: 'Không hợp lệ' },
    ];
    expect(splitFieldErrors(errors, ['code', 'name'])).toEqual({
      fields: [{ name: 'code', errors: ['Mã khoa "NOI" đã tồn tại', 'Mã khoa tối đa 20 ký tự'] }],
      other: ['Không hợp lệ'],
    });
  });
});

describe('date and list fields', () => {
  const priced = defineResource({
    name: 'priced',
    label: 'Dịch vụ',
    labelPlural: 'Danh mục dịch vụ',
    path: '/api/x',
    scope: 'facility',
    authority: 'MANAGER_CATALOG',
    exportName: 'x',
    defaultSort: { field: 'code', direction: 'asc' },
    fields: [
      { key: 'code', label: 'Mã', type: 'code', required: true },
      {
        key: 'entries',
        label: 'Giá theo khoa',
        type: 'list',
        max: 2,
        item: [
          { key: 'dept', label: 'Khoa', type: 'ref', ref: 'departments', required: true },
          { key: 'price', label: 'Đơn giá', type: 'money', required: true },
          { key: 'until', label: 'Đến ngày', type: 'date' },
        ],
      },
    ],
  });
  const fields = priced.formFields as readonly FieldDef[];

  it('turns DD/MM/YYYY into YYYY-MM-DD and back, empty into null', () => {
    const row = {
      code: 'A',
      entries: [
        { dept: 3, price: 1000, until: '2026-12-31' },
        { dept: 1000102, price: 2000, until: null },
      ],
    };
    const values = toFormValues(fields, row);
    expect(values.entries).toEqual([
      { dept: 3, price: 1000, until: '31/12/2026' },
      { dept: 1000102, price: 2000, until: undefined },
    ]);
    expect(toBody(fields, values)).toEqual(row);
    expect(priced.body.safeParse(toBody(fields, values)).success).toBe(true);
  });

  it('sends an unreadable date as typed, so the zod rule names it', () => {
    const body = toBody(fields, { code: 'A', entries: [{ dept: 3, price: 1, until: '31/02/2026' }] });
    expect(body.entries).toEqual([{ dept: 3, price: 1, until: '31/02/2026' }]);
    const r = priced.body.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['entries.0.until', 'Đến ngày không hợp lệ (DD/MM/YYYY)']]);
  });

  it('an absent list is an empty one; too many items are refused', () => {
    expect(priced.body.parse({ code: 'A' })).toEqual({ code: 'A', entries: [] });
    const three = Array.from({ length: 3 }, () => ({ dept: 1, price: 1, until: null }));
    expect(priced.body.safeParse({ code: 'A', entries: three }).error!.issues[0]!.message).toBe('Giá theo khoa tối đa 2 dòng');
  });

  it("puts an item's server error on that item's input", () => {
    const errors = [
      { field: 'entries.1.price', message: 'Đơn giá phải là số' },
      { field: 'code', message: 'Mã đã tồn tại' },
    ];
    expect(splitFieldErrors(errors, ['code', 'entries']).fields).toEqual([
      { name: ['entries', 1, 'price'], errors: ['Đơn giá phải là số'] },
      { name: 'code', errors: ['Mã đã tồn tại'] },
    ]);
  });
});
