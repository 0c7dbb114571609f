import { z } from 'zod';
import type { Authority } from '../authorities';
import { boolFilter, idFilter, listQuerySchema } from './list-query';

/** Field types of the field-type registry: each has a list renderer, a filter widget, a form input and a zod rule. */
export type FieldType = 'text' | 'code' | 'textarea' | 'integer' | 'money' | 'boolean' | 'ref' | 'enum';

export interface FieldDef {
  key: string;
  label: string;
  type: FieldType;
  required?: boolean;
  max?: number;
  min?: number;
  /** Shown as a list column. */
  list?: boolean;
  sortable?: boolean;
  /** Offered as a list filter (equality). */
  filter?: boolean;
  /** Part of the diacritics-free search text. */
  search?: boolean;
  /** Unique within the facility: a duplicate is a 409 naming this field. */
  unique?: boolean;
  /** For 'ref': the resource whose id this holds. */
  ref?: string;
  /** For 'enum'. */
  options?: readonly { value: string | number; label: string }[];
  /** Shown in the form (default true). */
  form?: boolean;
}

export interface ResourceDef<F extends readonly FieldDef[] = readonly FieldDef[]> {
  /** Plural, kebab-case: the domain's name for it, e.g. 'departments'. */
  name: string;
  label: string;
  labelPlural: string;
  /** API path of the collection, e.g. '/api/catalog/v1/departments'. */
  path: string;
  /** Facility-owned rows (scoped to the caller) or a national catalogue shared by all. */
  scope: 'facility' | 'national';
  authority: Authority;
  fields: F;
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /** File name (without extension) of the Excel export. */
  exportName: string;
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The zod rule of one field, with Vietnamese messages naming it. */
export function fieldSchema(f: FieldDef): z.ZodType {
  let s: z.ZodType;
  switch (f.type) {
    case 'text':
    case 'textarea':
    case 'code': {
      const max = f.max ?? (f.type === 'textarea' ? 2000 : f.type === 'code' ? 20 : 200);
      let str = z.string({ message: `${f.label} phải là chuỗi ký tự` }).trim().max(max, `${f.label} tối đa ${max} ký tự`);
      if (f.type === 'code') str = str.regex(/^[A-Za-z0-9._-]*$/, `${f.label} chỉ gồm chữ không dấu, số và các ký tự . _ -`);
      s = f.required ? str.min(1, `Vui lòng nhập ${lower(f.label)}`) : str;
      break;
    }
    case 'integer':
    case 'money': {
      let n = z.number({ message: `${f.label} phải là số` }).int(`${f.label} phải là số nguyên`);
      n = n.min(f.min ?? 0, `${f.label} phải lớn hơn hoặc bằng ${f.min ?? 0}`);
      n = n.max(f.max ?? 2_000_000_000, `${f.label} phải nhỏ hơn hoặc bằng ${f.max ?? 2_000_000_000}`);
      s = n;
      break;
    }
    case 'boolean':
      s = z.boolean({ message: `${f.label} phải là đúng hoặc sai` });
      break;
    case 'ref':
      s = z.number({ message: `Vui lòng chọn ${lower(f.label)}` }).int().positive(`Vui lòng chọn ${lower(f.label)}`);
      break;
    case 'enum': {
      const values = (f.options ?? []).map((o) => o.value);
      s = z.any().refine((v) => values.includes(v), { message: `${f.label} không hợp lệ` });
      break;
    }
  }
  if (!f.required) s = s.nullable().optional();
  else if (f.type !== 'text' && f.type !== 'textarea' && f.type !== 'code') {
    s = z.any().superRefine((v, ctx) => {
      if (v === undefined || v === null || v === '') ctx.addIssue({ code: 'custom', message: f.type === 'ref' || f.type === 'enum' ? `Vui lòng chọn ${lower(f.label)}` : `Vui lòng nhập ${lower(f.label)}` });
    }).pipe(s);
  } else {
    s = z.any().superRefine((v, ctx) => {
      if (v === undefined || v === null) ctx.addIssue({ code: 'custom', message: `Vui lòng nhập ${lower(f.label)}` });
    }).pipe(s);
  }
  return s;
}

/** Adds the derived schemas to a resource definition: form body, list query. */
export function defineResource<const F extends readonly FieldDef[]>(def: ResourceDef<F>) {
  const formFields = def.fields.filter((f) => f.form !== false);
  const body = z.strictObject(Object.fromEntries(formFields.map((f) => [f.key, fieldSchema(f)])));
  const filters: Record<string, z.ZodType<string | number | boolean | undefined>> = { active: boolFilter.optional() };
  for (const f of def.fields.filter((x) => x.filter)) {
    filters[f.key] = (f.type === 'boolean' ? boolFilter : f.type === 'ref' || f.type === 'integer' ? idFilter : z.string().max(200)).optional();
  }
  const listQuery = listQuerySchema({ sortable: [...def.fields.filter((f) => f.sortable).map((f) => f.key), 'id', 'createdAt'], filters });
  return { ...def, body, listQuery, formFields };
}

export type Resource = ReturnType<typeof defineResource>;
