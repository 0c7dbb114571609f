/**
 * The form side of a resource's zod body (STYLE §9): antd rules, input limits and the request
 * body are all derived from `resource.body`, never retyped. The same schema validates the body
 * on the server, so what the form accepts is what the server accepts.
 */
import type { z } from 'zod';
import type { FieldDef } from '@portal/shared/core/define-resource';
import type { FieldError } from '@portal/shared/core/api';
import { displayDateToIso, formatDate } from '@portal/shared/rules/format';

export type FormValues = Record<string, unknown>;

/** A form value as the body carries it: empty boxes become null (optional) or '' (required text). */
export function toBodyValue(field: FieldDef, value: unknown): unknown {
  switch (field.type) {
    case 'text':
    case 'code':
    case 'textarea':
      if (value === undefined || value === null) return field.required ? '' : null;
      if (typeof value === 'string' && value.trim() === '' && !field.required) return null;
      return value;
    case 'boolean':
      return value === undefined || value === null ? false : value;
    case 'date': {
      // The box shows DD/MM/YYYY, the body carries YYYY-MM-DD; an unreadable text goes as typed for zod to name.
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
      return typeof value === 'string' ? (displayDateToIso(value.trim()) ?? value) : value;
    }
    case 'list':
      return Array.isArray(value) ? value.map((item: Record<string, unknown> | undefined) => toItemBody(field, item ?? {})) : [];
    default:
      return value === undefined || value === '' ? null : value;
  }
}

function toItemBody(field: FieldDef, item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries((field.item ?? []).map((f) => [f.key, toBodyValue(f, item[f.key])]));
}

/** A stored value as the form's input holds it (dates as DD/MM/YYYY, list items field by field). */
export function toFormValue(field: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined) return field.type === 'boolean' ? false : field.type === 'list' ? [] : undefined;
  if (field.type === 'date') return typeof v === 'string' ? formatDate(v) || v : v;
  if (field.type === 'list' && Array.isArray(v)) {
    return v.map((item: Record<string, unknown>) => Object.fromEntries((field.item ?? []).map((f) => [f.key, toFormValue(f, item[f.key])])));
  }
  return v;
}

/** The whole PUT/POST body: every form field, so a PUT replaces the row (the route is strict). */
export function toBody(fields: readonly FieldDef[], values: FormValues): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.key, toBodyValue(f, values[f.key])]));
}

/** A row as form values (null → undefined, so antd shows an empty box); a new row's defaults. */
export function toFormValues(fields: readonly FieldDef[], row: Record<string, unknown> | null): FormValues {
  return Object.fromEntries(fields.map((f) => [f.key, toFormValue(f, row?.[f.key])]));
}

/** The first message of a failed parse, or null when the value passes. */
export function zodMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * One antd rule for a field: runs the field's zod schema on the value the body would carry.
 * (The asterisk comes from Form.Item's `required` prop, so the message is zod's alone.)
 */
export function zodRule(field: FieldDef, schema: z.ZodType) {
  return {
    validator: (_rule: unknown, value: unknown): Promise<void> => {
      const message = zodMessage(schema, toBodyValue(field, value));
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  out?: z.ZodType;
}

/** The schema under optional/nullable/default wrappers and pipes (the checked end). */
function core(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 10; i += 1) {
    const def = s._zod.def as unknown as Def;
    if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.out) s = def.out;
    else break;
  }
  return s;
}

export interface InputLimits {
  maxLength?: number;
  min?: number;
  max?: number;
}

/** The limits the zod schema checks, for the inputs (maxLength, InputNumber min/max). */
export function inputLimits(schema: z.ZodType): InputLimits {
  const s = core(schema) as z.ZodType & { maxLength?: number | null; minValue?: number | null; maxValue?: number | null };
  const out: InputLimits = {};
  if (typeof s.maxLength === 'number') out.maxLength = s.maxLength;
  if (typeof s.minValue === 'number' && Number.isFinite(s.minValue)) out.min = s.minValue;
  if (typeof s.maxValue === 'number' && Number.isFinite(s.maxValue)) out.max = s.maxValue;
  return out;
}

/**
 * The server's field errors (400/409 `errors`) for `form.setFields`, and the messages of
 * fields that are not on the form (shown as a toast instead).
 */
export function splitFieldErrors(
  errors: readonly FieldError[],
  formKeys: readonly string[],
): {
  fields: { name: string | (string | number)[]; errors: string[] }[];
  other: string[];
} {
  const byField = new Map<string, string[]>();
  const other: string[] = [];
  for (const e of errors) {
    // 'priceEntries.0.donGiaDichVu' belongs to the input of item 0 of the list field 'priceEntries'.
    if (formKeys.includes(e.field.split('.')[0]!)) byField.set(e.field, [...(byField.get(e.field) ?? []), e.message]);
    else other.push(e.message);
  }
  return {
    fields: [...byField].map(([name, messages]) => ({
      name: name.includes('.') ? name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : name,
      errors: messages,
    })),
    other,
  };
}
