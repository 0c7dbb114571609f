import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API operation, written once: the server registers it (core/endpoints.ts: route, validation,
 * OpenAPI) and the web calls it (core/api/endpoint-client.ts: path, method, typed input and
 * response). Path parameters are `:name` segments, each a key of `params`.
 */
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  /** The OpenAPI summary, in Vietnamese. */
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The 200 response (the envelope). */
  response: R;
  /** The error statuses it documents (the body is errorBody unless `errorBodies` names another). */
  errors: readonly number[];
  /**
   * The body of an error status that says more than errorBody (the Excel import's 400 carries its row
   * report): the server documents it in the OpenAPI and serialises that status's answer with it.
   */
  errorBodies?: Readonly<Partial<Record<number, z.ZodType>>>;
}

/** Declares an endpoint, keeping its exact schema types for both sides. */
export function endpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  const names = pathParamNames(e.path);
  const declared = e.params ? Object.keys((e.params as unknown as { shape?: Record<string, unknown> }).shape ?? {}) : [];
  const missing = names.filter((n) => !declared.includes(n));
  if (missing.length) throw new Error(`${e.method} ${e.path}: path parameters without a schema: ${missing.join(', ')}`);
  return e;
}

/** The `:name` segments of a path, in order. */
export function pathParamNames(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1));
}

/** The path with each `:name` replaced by its value, URL-encoded; a missing value is a programming error. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path
    .split('/')
    .map((s) => {
      if (!s.startsWith(':')) return s;
      const v = params[s.slice(1)];
      if (v === undefined || v === '') throw new Error(`${path}: no value for ${s}`);
      return encodeURIComponent(String(v));
    })
    .join('/');
}

type Field<K extends string, S> = S extends z.ZodType ? { [k in K]: z.input<S> } : { [k in K]?: undefined };

/** A query string's values as a caller gives them: the schema's keys, each a string, number or boolean (sent as text). */
type QueryField<Q> = Q extends z.ZodType ? { query?: { [k in keyof z.input<Q>]?: string | number | boolean | null } } : { query?: undefined };

/** A path value as a caller gives it: a free-text segment (an id its schema reads from text) may be a number too, sent as text. */
type PathValue<V> = unknown extends V ? V : string extends V ? string | number : V;
type ParamsField<P> = P extends z.ZodType ? { params: { [k in keyof z.input<P>]: PathValue<z.input<P>[k]> } } : { params?: undefined };

/** What a caller passes: `params` and `body` required exactly when the endpoint has them; `query` optional. */
export type EndpointInput<E> = E extends Endpoint<infer P, infer Q, infer B, z.ZodType> ? ParamsField<P> & QueryField<Q> & Field<'body', B> : never;

/** What the server answers with 200 (the parsed envelope). */
export type EndpointResponse<E> = E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;

/** The parsed parameters a server handler receives. */
export type EndpointParams<E> =
  E extends Endpoint<infer P, z.ZodType | undefined, z.ZodType | undefined, z.ZodType> ? (P extends z.ZodType ? z.output<P> : undefined) : never;
export type EndpointQuery<E> =
  E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType | undefined, z.ZodType> ? (Q extends z.ZodType ? z.output<Q> : undefined) : never;
export type EndpointBody<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer B, z.ZodType> ? (B extends z.ZodType ? z.output<B> : undefined) : never;
