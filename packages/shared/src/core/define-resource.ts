import { z } from 'zod';
import type { Authority } from '../authorities';
import { boolFilter, idFilter, listQuerySchema } from './list-query';

/** Field types of the field-type registry: each has a list renderer, a filter widget, a form input and a zod rule. */
export type FieldType = 'text' | 'code' | 'textarea' | 'integer' | 'money' | 'boolean' | 'ref' | 'enum' | 'date' | 'list';

/** A 'date' travels as `YYYY-MM-DD` (the day in +07:00); forms and Excel show DD/MM/YYYY. */
export const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface FieldDef {
  key: string;
  label: string;
  /** Former labels an imported Excel header may still carry (a renamed column keeps old templates working). */
  aliases?: readonly string[];
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
  /**
   * For 'ref': the name of the resource whose id this holds. List and read rows also carry the
   * referenced row's name under `refNameKey(key)` (departmentId → departmentName); sorting a ref
   * column sorts by that name.
   */
  ref?: string;
  /** For 'ref' and 'enum': the value is a list (its `schema` says how long). */
  multiple?: boolean;
  /**
   * For 'enum': the allowed values. For 'ref': fixed entries offered before the referenced
   * rows (e.g. the high-quality clinic 1000102 beside the facility's departments).
   */
  options?: readonly { value: string | number; label: string }[];
  /** For 'list': the fields of one item (a nested row edited inside the form); `max` = most items. */
  item?: readonly FieldDef[];
  /** A help line under the form input. */
  hint?: string;
  /** A sample value for the Excel import template (else one is made from the type). */
  example?: string | number | boolean;
  /** Shown in the form (default true). */
  form?: boolean;
  /** In the Excel export (default: the form fields). */
  export?: boolean;
  /** The body rule when the field type cannot express it (a list of authorities, of role ids). */
  schema?: z.ZodType;
}

/**
 * What a resource's API offers, each one generic route (core/resource-endpoints.ts): the paged list,
 * the paged dropdown (`/select`), the Excel export, one row, create, update, (de)activate, delete.
 */
export type ResourceOperation = 'list' | 'options' | 'export' | 'get' | 'create' | 'update' | 'setActive' | 'remove';
export const READ_OPERATIONS = ['list', 'options', 'export', 'get'] as const satisfies readonly ResourceOperation[];
export const ALL_OPERATIONS = [...READ_OPERATIONS, 'create', 'update', 'setActive', 'remove'] as const satisfies readonly ResourceOperation[];

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
  /** Offers Excel import (`GET {path}/import-template`, `POST {path}/import`; server core/crud/import.ts). */
  importable?: boolean;
  /**
   * Reference data nobody edits through the screen (national administrative units): only list,
   * read, select and export are served.
   */
  readOnly?: boolean;
  /**
   * The operations its API offers (default: all, or the read ones when `readOnly`). The server
   * registers a route for each (its handler must implement exactly these) and the web offers only
   * these actions, e.g. no Xoá for a resource without `remove`.
   */
  operations?: readonly ResourceOperation[];
  /** Order of the paged dropdown (`{path}/select`); default by name. */
  selectSort?: { field: string; direction: 'asc' | 'desc' };
}

/** Where a row carries the name of the row a ref field points at: departmentId → departmentName. */
export function refNameKey(key: string): string {
  return `${key.replace(/Id$/, '')}Name`;
}

/** The query-string filter of one field: booleans, ids, enum values (each compared for equality). */
function filterSchema(f: FieldDef): z.ZodType<string | number | boolean | undefined> {
  if (f.type === 'boolean') return boolFilter;
  if (f.type === 'ref' || f.type === 'integer') return idFilter;
  if (f.type === 'enum') {
    const options = f.options ?? [];
    return z
      .string()
      .refine((v) => options.some((o) => String(o.value) === v), { message: `${f.label} không hợp lệ` })
      .transform((v) => options.find((o) => String(o.value) === v)!.value);
  }
  return z.string().max(200);
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
      let str = z
        .string({ message: `${f.label} phải là chuỗi ký tự` })
        .trim()
        .max(max, { message: `${f.label} tối đa ${max} ký tự`, abort: true });
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
      if (f.multiple) return refListSchema(f);
      s = z
        .number({ message: `Vui lòng chọn ${lower(f.label)}` })
        .int()
        .positive(`Vui lòng chọn ${lower(f.label)}`);
      break;
    case 'enum': {
      const values = (f.options ?? []).map((o) => o.value);
      s = z.any().refine((v) => values.includes(v), { message: `${f.label} không hợp lệ` });
      break;
    }
    case 'date':
      s = z.string({ message: `${f.label} không hợp lệ (DD/MM/YYYY)` }).refine((v) => isIsoDate(v), { message: `${f.label} không hợp lệ (DD/MM/YYYY)` });
      break;
    case 'list': {
      const item = z.strictObject(Object.fromEntries((f.item ?? []).map((x) => [x.key, fieldSchema(x)])));
      const max = f.max ?? 100;
      s = z.array(item, { message: `${f.label} phải là danh sách` }).max(max, `${f.label} tối đa ${max} dòng`);
      // An absent list is an empty one (the import leaves list fields out).
      return z.preprocess((v) => (v === undefined || v === null ? [] : v), s);
    }
  }
  if (!f.required) s = s.nullable().optional();
  else if (f.type !== 'text' && f.type !== 'textarea' && f.type !== 'code') {
    s = z
      .any()
      .superRefine((v, ctx) => {
        if (v === undefined || v === null || v === '')
          ctx.addIssue({
            code: 'custom',
            message: f.type === 'ref' || f.type === 'enum' ? `Vui lòng chọn ${lower(f.label)}` : `Vui lòng nhập ${lower(f.label)}`,
          });
      })
      .pipe(s);
  } else {
    s = z
      .any()
      .superRefine((v, ctx) => {
        if (v === undefined || v === null) ctx.addIssue({ code: 'custom', message: `Vui lòng nhập ${lower(f.label)}` });
      })
      .pipe(s);
  }
  return s;
}

/** A real calendar day written `YYYY-MM-DD`. */
export function isIsoDate(v: string): boolean {
  const m = ISO_DATE_RE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 9999 && dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/**
 * A 'ref' with `multiple` (a doctor's specialties): distinct positive ids, at most `max` (default 50);
 * absent or null = none, unless required. A field's own `schema` still wins.
 */
function refListSchema(f: FieldDef): z.ZodType {
  const max = f.max ?? 50;
  const what = lower(f.label);
  let list = z
    .array(
      z
        .number({ message: `${f.label} không hợp lệ` })
        .int(`${f.label} không hợp lệ`)
        .positive(`${f.label} không hợp lệ`),
      { message: `Danh sách ${what} không hợp lệ` },
    )
    .max(max, `Chọn tối đa ${max} ${what}`);
  if (f.required) list = list.min(1, `Vui lòng chọn ít nhất một ${what}`);
  const distinct = list.refine((ids) => new Set(ids).size === ids.length, `Một ${what} được chọn hai lần`);
  if (f.required) {
    return z
      .any()
      .superRefine((v, ctx) => {
        if (v === undefined || v === null) ctx.addIssue({ code: 'custom', message: `Vui lòng chọn ít nhất một ${what}` });
      })
      .pipe(distinct);
  }
  // An absent or empty list (an empty import cell) is no link.
  return z.preprocess((v) => (v === undefined || v === null ? [] : v), distinct);
}

/** Adds the derived schemas to a resource definition: form body, list query. */
export function defineResource<const F extends readonly FieldDef[]>(def: ResourceDef<F>) {
  const formFields = def.fields.filter((f) => f.form !== false);
  const body = z.strictObject(Object.fromEntries(formFields.map((f) => [f.key, f.schema ?? fieldSchema(f)])));
  const filters: Record<string, z.ZodType<string | number | boolean | undefined>> = {};
  for (const f of def.fields.filter((x) => x.filter)) filters[f.key] = filterSchema(f).optional();
  const sortable = [...def.fields.filter((f) => f.sortable).map((f) => f.key), 'id', 'createdAt'];
  const listQuery = listQuerySchema({ sortable, filters: { active: boolFilter.optional(), ...filters } });
  // The paged dropdown (spec §9): active rows only, so `active` is not a filter there.
  const selectQuery = listQuerySchema({ sortable: [], filters });
  const refFields = def.fields.filter((f) => f.type === 'ref');
  const operations: readonly ResourceOperation[] = def.operations ?? (def.readOnly ? READ_OPERATIONS : ALL_OPERATIONS);
  return { ...def, operations, body, listQuery, selectQuery, formFields, refFields };
}

export type Resource = ReturnType<typeof defineResource>;
