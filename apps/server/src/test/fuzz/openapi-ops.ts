import type { Schema } from './arbitraries';

/** One operation of the OpenAPI document, in the shape the fuzzer needs. */
export interface Operation {
  /** `PUT /api/catalog/v1/departments/{id}` */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  pathParams: { name: string; schema: Schema }[];
  /** The query parameters as one object schema. */
  query: Schema | null;
  /** JSON request body. */
  body: Schema | null;
  bodyRequired: boolean;
  /** A route that reads raw bytes (uploads, imports): no JSON body in the document, but 413/415 answers. */
  rawBody: boolean;
  /** Documented answers by status: their JSON schema, or null for a file (no content type in the document). */
  responses: Map<number, Schema | null>;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(item)) {
      const method = m.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(method)) continue;
      const params = op.parameters ?? [];
      const queryParams = params.filter((p) => p.in === 'query');
      const query: Schema | null = queryParams.length
        ? {
            type: 'object',
            properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
            required: queryParams.filter((p) => p.required).map((p) => p.name),
          }
        : null;
      const json = op.requestBody?.content['application/json'];
      const statuses = Object.keys(op.responses ?? {});
      const responses = new Map<number, Schema | null>();
      for (const s of statuses) responses.set(Number(s), op.responses![s]!.content?.['application/json']?.schema ?? null);
      ops.push({
        key: `${method} ${path}`,
        method,
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        query,
        body: json?.schema ?? null,
        bodyRequired: !!op.requestBody?.required,
        rawBody: !json && method !== 'GET' && method !== 'DELETE' && statuses.includes('415'),
        responses,
      });
    }
  }
  return ops;
}

/**
 * The document's schemas in the dialect Ajv (draft-07) reads: OpenAPI 3.0's boolean
 * exclusiveMinimum/Maximum become numbers; `nullable` becomes a union with null.
 */
export function toDraft7(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(toDraft7);
  if (!s || typeof s !== 'object') return s;
  const src = s as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === 'nullable') continue;
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v).map(([pk, pv]) => [pk, toDraft7(pv)]));
    } else out[k] = toDraft7(v);
  }
  if (src.exclusiveMinimum === true && typeof src.minimum === 'number') {
    out.exclusiveMinimum = src.minimum;
    delete out.minimum;
  } else if (typeof src.exclusiveMinimum === 'boolean') delete out.exclusiveMinimum;
  if (src.exclusiveMaximum === true && typeof src.maximum === 'number') {
    out.exclusiveMaximum = src.maximum;
    delete out.maximum;
  } else if (typeof src.exclusiveMaximum === 'boolean') delete out.exclusiveMaximum;
  if (src.nullable === true) {
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}
