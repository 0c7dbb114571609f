import { z } from 'zod';
import type { FieldDef } from '@portal/shared/core/define-resource';
import { RESOURCES } from '@portal/shared/resources';
import type { Schema } from './arbitraries';

/**
 * The OpenAPI document shows a field whose zod rule starts with a preprocess or a refine (`z.any()
 * .superRefine().pipe(...)`: "required" with a Vietnamese message) as `{}`. For the generic
 * resources, the rule is known from the resource's own field definitions: a `{}` field of a
 * resource's body is replaced by the schema its FieldDef (or its own zod schema) describes, so
 * that "valid" bodies pass validation and reach the services.
 */
function fieldToSchema(f: FieldDef): Schema {
  let s: Schema = {};
  if (f.schema) {
    try {
      const out = z.toJSONSchema(f.schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as Schema & { $schema?: string };
      delete out.$schema;
      if (Object.keys(out).length) s = out;
    } catch {
      s = {};
    }
  }
  if (!Object.keys(s).length) {
    switch (f.type) {
      case 'code':
        s = { type: 'string', pattern: `^[A-Za-z0-9._-]{1,${Math.min(f.max ?? 20, 20)}}$`, maxLength: f.max ?? 20 };
        break;
      case 'text':
      case 'textarea':
        s = { type: 'string', minLength: f.required ? 1 : 0, maxLength: f.max ?? (f.type === 'textarea' ? 2000 : 200) };
        break;
      case 'integer':
      case 'money':
        s = { type: 'integer', minimum: f.min ?? 0, maximum: f.max ?? 2_000_000_000 };
        break;
      case 'boolean':
        s = { type: 'boolean' };
        break;
      case 'ref':
        s = f.multiple ? { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 3 } : { type: 'integer', minimum: 1 };
        break;
      case 'enum':
        s = { enum: (f.options ?? []).map((o) => o.value) };
        break;
      case 'date':
        s = { type: 'string', format: 'date' };
        break;
      case 'list':
        s = {
          type: 'array',
          maxItems: 3,
          items: {
            type: 'object',
            properties: Object.fromEntries((f.item ?? []).map((x) => [x.key, fieldToSchema(x)])),
            required: (f.item ?? []).filter((x) => x.required).map((x) => x.key),
          },
        };
        break;
    }
  }
  return f.required ? s : { ...s, nullable: true };
}

const isEmpty = (s: Schema | undefined) => !!s && typeof s === 'object' && Object.keys(s).length === 0;

const resourceOf = (path: string) =>
  [...RESOURCES].filter((r) => path === r.path || path.startsWith(`${r.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];

/** A list query's free-text `sort` becomes the resource's sortable fields, ascending or `,desc`. */
export function refineQuery(path: string, query: Schema): Schema {
  const resource = resourceOf(path);
  const sort = query.properties?.sort;
  if (!resource || !sort || sort.enum || sort.pattern) return query;
  if (path.endsWith('/select')) {
    // a dropdown sorts itself: no sortable column
    const { sort: _sort, ...rest } = query.properties!;
    return { ...query, properties: rest };
  }
  const keys = [...(resource.fields as readonly FieldDef[]).filter((f) => f.sortable).map((f) => f.key), 'id', 'createdAt'];
  return { ...query, properties: { ...query.properties, sort: { ...sort, enum: keys.flatMap((k) => [k, `${k},desc`]) } } };
}

/** The body schema of `path` with its `{}` fields filled in from the resource whose path it is under. */
export function refineBody(path: string, body: Schema): Schema {
  const resource = resourceOf(path);
  if (!resource) return body;
  const fields = new Map<string, FieldDef>((resource.fields as readonly FieldDef[]).map((f) => [f.key, f]));
  const fill = (s: Schema): Schema => {
    if (!s.properties) return s;
    const properties: Record<string, Schema> = {};
    for (const [k, v] of Object.entries(s.properties)) {
      const f = fields.get(k);
      if (f && isEmpty(v)) properties[k] = fieldToSchema(f);
      else if (f?.type === 'list' && v.type === 'array' && v.items) properties[k] = { ...v, items: fillItems(v.items, f) };
      else properties[k] = v;
    }
    return { ...s, properties };
  };
  const fillItems = (items: Schema, f: FieldDef): Schema => {
    if (!items.properties) return items;
    const sub = new Map((f.item ?? []).map((x) => [x.key, x]));
    const properties: Record<string, Schema> = {};
    for (const [k, v] of Object.entries(items.properties)) properties[k] = sub.has(k) && isEmpty(v) ? fieldToSchema(sub.get(k)!) : v;
    return { ...items, properties };
  };
  return fill(body);
}
