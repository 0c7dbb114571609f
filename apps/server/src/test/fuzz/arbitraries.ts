import fc from 'fast-check';

/**
 * JSON schema (the OpenAPI 3.0 dialect that fastify-type-provider-zod derives from the routes'
 * zod schemas) -> fast-check arbitraries: schema-valid values, hostile values, and a 50/50 mix.
 */
export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  default?: unknown;
};

/** Real ids (and a few other real values) of the fuzz facility, by the name of the field or parameter. */
export type Pools = Record<string, readonly (number | string)[]>;

const LONG = 'x'.repeat(100_000);
const EMAIL_BOMB = `a@${'.'.repeat(50_000)}@`;

/** Strings that have broken servers: control bytes, lone surrogates, impossible dates, injections, giants. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '2024-02-30',
  '9999-99-99',
  '0000-00-00',
  '2024-13-01',
  '2024-02-29T25:61:00Z',
  '99:99',
  LONG,
  EMAIL_BOMB,
  "' OR 1=1 --",
  "'; DROP TABLE accounts; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '%00',
  '%',
  '%ZZ',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '😀👨‍👩‍👧‍👦',
  '\u202Eabc\u202C',
  '\u200F\u200E',
  '\uFEFF',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '1e308',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, deliberately a plain string
  '${7*7}{{7*7}}',
  '\r\nX-Injected: 1',
  '\\',
  '*',
  '%s%n%x',
  'Ｎｇｕｙễｎ',
  'Nguyễn Văn A',
  '0912345678',
];

export const HOSTILE_NUMBERS: readonly number[] = [-1, 0, 0.5, -0.0001, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 1e-300];

const WRONG_TYPES: readonly unknown[] = [null, true, false, {}, [], { a: 1 }, [1, 'a', null], 'text', 42, -1];

const VIETNAMESE = ['Khoa Nội tổng hợp', 'Nguyễn Thị Lan', 'Phòng khám số 3', 'Trần Văn Đức', 'Đau đầu, chóng mặt', 'Tầng 2, nhà B', 'Hà Nội', 'khám'];

export const hostileString = (): fc.Arbitrary<string> => fc.constantFrom(...HOSTILE_STRINGS);

/** Any hostile value: hostile strings, extreme numbers, wrong types. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 5, arbitrary: hostileString() },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  );

function isoDay(offsetDays: number): string {
  const d = new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000);
  return d.toISOString().slice(0, 10);
}

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

function stringArb(s: Schema, name: string, pools: Pools): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 60;
  const fits = (v: string) => v.length >= min && v.length <= max && (!s.pattern || new RegExp(s.pattern, 'u').test(v));
  const pool = pools[name];
  const options: fc.Arbitrary<string>[] = [];
  if (pool?.length) options.push(fc.constantFrom(...pool.map(String)).filter(fits));
  // what the field's name says it holds, when its rule is a refine the document cannot show
  if (!s.pattern && !s.enum) {
    if (/date|birth|expiry/i.test(name)) options.push(fc.integer({ min: -30_000, max: 60 }).map(isoDay).filter(fits));
    if (/email/i.test(name))
      options.push(
        fc
          .nat(99_999)
          .map((n) => `nguyen.lan${n}@benhvien.vn`)
          .filter(fits),
      );
    if (/phone/i.test(name))
      options.push(
        fc
          .nat(99_999_999)
          .map((n) => `09${String(n).padStart(8, '0')}`)
          .filter(fits),
      );
    if (/cccd/i.test(name))
      options.push(
        fc
          .nat(999_999_999)
          .map((n) => `001${String(n).padStart(9, '0')}`)
          .filter(fits),
      );
  }
  if (s.pattern === DATE_PATTERN || s.format === 'date') {
    // mostly real days around today (deep paths), sometimes any string of the pattern
    options.push(fc.integer({ min: -40, max: 40 }).map(isoDay));
  }
  if (s.format === 'date-time') options.push(fc.integer({ min: -40, max: 40 }).map((n) => new Date(Date.now() + n * 86_400_000).toISOString()));
  if (s.pattern) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(s.pattern);
    } catch {
      re = null;
    }
    if (re && !/\\p\{/.test(s.pattern)) options.push(fc.stringMatching(re).filter(fits));
    else options.push(fc.constantFrom(...VIETNAMESE, 'An', 'Lê Thị Hồng').filter(fits));
  } else {
    options.push(fc.constantFrom(...VIETNAMESE).filter(fits));
    options.push(fc.string({ minLength: min, maxLength: Math.min(max, 30) }));
    options.push(fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: Math.min(max, 20) }).filter(fits));
  }
  return fc.oneof(...options);
}

function numberArb(s: Schema, integer: boolean, name: string, pools: Pools): fc.Arbitrary<number> {
  let min = s.minimum ?? (integer ? -1000 : -1e6);
  let max = s.maximum ?? (integer ? 1_000_000 : 1e6);
  if (s.exclusiveMinimum === true) min += integer ? 1 : 1e-6;
  else if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + (integer ? 1 : 1e-6);
  if (s.exclusiveMaximum === true) max -= integer ? 1 : 1e-6;
  else if (typeof s.exclusiveMaximum === 'number') max = s.exclusiveMaximum - (integer ? 1 : 1e-6);
  // keep the usual values small (ids, prices, pages), with the bounds themselves now and then
  const smallMax = Math.min(max, Math.max(min, 0) + 1000);
  const options: fc.Arbitrary<number>[] = [];
  const pool = pools[name]?.filter((v): v is number => typeof v === 'number' && v >= min && v <= max);
  if (integer) options.push(fc.integer({ min: Math.ceil(min), max: Math.floor(smallMax) }), fc.constantFrom(Math.ceil(min), Math.floor(max)));
  else options.push(fc.double({ min, max: smallMax, noNaN: true, noDefaultInfinity: true }));
  // a field that names an entity mostly holds one of its real ids
  if (pool?.length) return fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...pool) }, ...options.map((arbitrary) => ({ weight: 1, arbitrary })));
  return fc.oneof(...options);
}

/** The members of a schema's union, with `nullable` and `type: [..]` spelled out. */
function alternatives(s: Schema): Schema[] | null {
  if (s.anyOf) return s.anyOf.map((m) => ({ ...m, nullable: m.nullable || s.nullable }));
  if (s.oneOf) return s.oneOf;
  if (Array.isArray(s.type)) return s.type.map((type) => ({ ...s, type }));
  return null;
}

/** Values that satisfy the schema (as far as a generator can; the server may still refuse them by rule). */
export function validArb(s: Schema, name: string, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  if (s.nullable) {
    const { nullable: _n, ...rest } = s;
    return fc.oneof({ weight: 4, arbitrary: validArb(rest, name, pools, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  }
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alts = alternatives(s);
  if (alts) return fc.oneof(...alts.map((m) => validArb(m, name, pools, depth)));
  if (s.allOf?.length) return validArb(Object.assign({}, ...s.allOf), name, pools, depth);
  switch (s.type) {
    case 'string':
      return stringArb(s, name, pools);
    case 'integer':
      return numberArb(s, true, name, pools);
    case 'number':
      return numberArb(s, false, name, pools);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = s.items ? validArb(s.items, name, pools, depth + 1) : fc.string();
      const minLength = s.minItems ?? 0;
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(s.maxItems ?? 4, 4)) });
    }
    case 'object':
      return objectArb(s, pools, depth, validArb).map(orderRange);
    default:
      // an empty schema ({}: a zod preprocess or transform): a plain string is what the forms send
      if (s.properties) return objectArb(s, pools, depth, validArb);
      return depth > 2 ? fc.string({ maxLength: 10 }) : fc.oneof(stringArb({ maxLength: 40 }, name, pools), fc.integer({ min: 0, max: 100 }));
  }
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A valid range starts before it ends: `from`/`to` days are put in order. */
function orderRange(o: Record<string, unknown>): Record<string, unknown> {
  const { from, to } = o;
  if (typeof from === 'string' && typeof to === 'string' && ISO_DAY.test(from) && ISO_DAY.test(to) && from > to) return { ...o, from: to, to: from };
  return o;
}

function objectArb(s: Schema, pools: Pools, depth: number, inner: typeof validArb): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  if (depth > 4) return fc.constant({});
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) model[k] = inner(v, k, pools, depth + 1);
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
}

/**
 * Hostile values for the schema: a wrong-typed or hostile leaf, a missing required field, an
 * unknown field, or a whole hostile value in place of the object.
 */
export function hostileArb(s: Schema, name: string, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  const isObject = s.type === 'object' || (!!s.properties && !s.type);
  if (isObject && depth < 4) {
    const props = Object.keys(s.properties ?? {});
    const valid = objectArb(s, pools, depth, validArb);
    const options: fc.Arbitrary<unknown>[] = [hostileValue()];
    if (props.length) {
      // one field hostile, the others valid
      options.push(
        fc
          .tuple(valid, fc.constantFrom(...props))
          .chain(([obj, key]) => hostileArb(s.properties![key]!, key, pools, depth + 1).map((bad) => ({ ...obj, [key]: bad }))),
        fc.tuple(valid, fc.constantFrom(...props)).chain(([obj, key]) => hostileValue().map((bad) => ({ ...obj, [key]: bad }))),
      );
      // every field hostile
      const all: Record<string, fc.Arbitrary<unknown>> = {};
      for (const p of props) all[p] = hostileValue();
      options.push(fc.record(all));
    }
    if (s.required?.length) {
      options.push(
        fc.tuple(valid, fc.constantFrom(...s.required)).map(([obj, key]) => {
          const copy = { ...obj };
          delete copy[key];
          return copy;
        }),
      );
    }
    options.push(valid.map((obj) => ({ ...obj, unexpectedField: '<b>x</b>' })));
    return fc.oneof(...options);
  }
  if (s.type === 'array' && s.items) {
    return fc.oneof(
      hostileValue(),
      fc.array(hostileArb(s.items, name, pools, depth + 1), { minLength: 1, maxLength: 3 }),
      fc.constant(Array.from({ length: (s.maxItems ?? 1000) + 1 }, (_, i) => i + 1)),
    );
  }
  if (s.type === 'string' || s.pattern || s.enum) return fc.oneof({ weight: 3, arbitrary: hostileString() }, { weight: 1, arbitrary: hostileValue() });
  return hostileValue();
}

/** Half schema-valid, half hostile. */
export function mixedArb(s: Schema, name: string, pools: Pools): fc.Arbitrary<{ hostile: boolean; value: unknown }> {
  return fc.oneof(
    validArb(s, name, pools).map((value) => ({ hostile: false, value })),
    hostileArb(s, name, pools).map((value) => ({ hostile: true, value })),
  );
}
