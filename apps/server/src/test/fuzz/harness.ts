import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../core/db';
import { md5 } from '../../core/tokens';
import { seedServiceTypes, seedServices } from '../../db/seed/catalog';
import { createAccount } from '../../db/seed/factories';
import { tinyPdf } from '../../db/seed/patients-data';
import { demoServices } from '../../db/seed/services-data';
import { makeClinic, makeSlots, moveSchedules } from '../../modules/appointments/appointments.fixtures';
import { hashCost } from '../../core/password-cost';
import { makeHistory, makePatients } from '../../modules/patients/patients.fixtures';
import { createLoggedTestApp, makeFacility, sqlRows } from '../test-app';
import { hostileArb, hostileString, mixedArb, validArb, type Pools, type Schema } from './arbitraries';
import { checkAnswer } from './checks';
import { refineBody, refineQuery } from './resource-hints';
import { operationsOf, toDraft7, type OpenApiDocument, type Operation } from './openapi-ops';

/** The run's seed: fixed by default (CI is deterministic); `FUZZ_SEED=random` draws one, printed with the results. */
export const FUZZ_SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_250_917);
/** Admin requests per operation (anonymous: a quarter, at least 2): 16 in `npm test`, 60 in `npm run fuzz`. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.npm_lifecycle_event === 'fuzz' ? 60 : 16));
/** Only the operations whose key contains this text (replaying one failure). */
export const FUZZ_OP = process.env.FUZZ_OP ?? '';

/** Personal data planted in the fuzz facility; none of it may reach the log. */
export const MARKERS = {
  name: 'Markerzq Nguyễn Thị Riêngtư',
  phone: '0987650123',
  email: 'markerzq.private@example.vn',
  cccd: '001199054321',
  bhyt: 'DN4797912345678',
  allergy: 'MARKER-ALLERGY-penicillin-7f3a',
  chronic: 'MARKER-CHRONIC-hen-suyen-91c2',
  guardian: 'MARKER-GUARDIAN-Lê Văn Bí',
  diagnosis: 'MARKER-DIAGNOSIS-Tăng huyết áp 5e1d',
  symptom: 'MARKER-SYMPTOM-đau ngực 0b7c',
};

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export interface Failure {
  op: string;
  who: 'admin' | 'anonymous';
  input: string;
  status: number;
  problem: string;
  body: string;
  log: string[];
  ms: number;
}

export interface Fuzz {
  app: FastifyInstance;
  database: Database;
  config: Config;
  doc: OpenApiDocument;
  ops: Operation[];
  facilityId: number;
  adminId: number;
  /** Every log line the app wrote. */
  lines: string[];
  /** Tokens issued during the run, one-time passwords handed out, and MD5s of passwords sent. */
  secrets: Set<string>;
  pools: Pools;
  requests: number;
  /** Answers by identity and status, e.g. `admin 400`. */
  statuses: Map<string, number>;
  /** Answers that wrote no log line, by operation and status (the log check must see every request). */
  unlogged: Map<string, { n: number; example: string }>;
  /** Operations that answered 2xx at least once (the fuzzer got past validation and lookups). */
  succeeded: Set<string>;
  relogins: number;
  failures: Failure[];
  /** Real upload bodies: the import templates the app hands out. */
  templates: { contentType: string | null; payload: string | Buffer }[];
  dataDir: string;
  close(): Promise<void>;
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);

/** A stable 32-bit hash of a string (the per-operation seed). */
function hash32(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** encodeURIComponent that survives lone surrogates: they go out as the invalid UTF-8 of a surrogate. */
export function encode(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) out += c < 0xdc00 ? '%ED%A0%80' : '%ED%B0%80';
    else out += encodeURIComponent(ch);
  }
  return out;
}

function queryString(q: unknown): string {
  if (q === undefined) return '';
  if (q === null || typeof q !== 'object' || Array.isArray(q)) return `?q=${encode(String(JSON.stringify(q)))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) parts.push(`${encode(k)}=${encode(typeof x === 'string' ? x : JSON.stringify(x))}`);
    else if (v !== null && typeof v === 'object') for (const [sk, sv] of Object.entries(v)) parts.push(`${encode(k)}[${encode(sk)}]=${encode(String(sv))}`);
    else if (v === null) parts.push(encode(k));
    else parts.push(`${encode(k)}=${encode(String(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Which pool of real ids a path parameter draws from. */
function poolKeyOf(op: Operation, param: string): string {
  if (param !== 'id') return param;
  const segs = op.path.split('/');
  const i = segs.indexOf('{id}');
  const before = segs[i - 1]!;
  if (before === 'v1' && segs[i - 2] === 'appointment') return 'bookingId';
  if (before === 'user') return 'accountId';
  return (
    (
      {
        departments: 'departmentId',
        specialties: 'specialtyId',
        rooms: 'roomId',
        'room-options': 'roomId',
        jobs: 'jobId',
        nations: 'nationId',
        areas: 'areaId',
        'medical-services': 'serviceId',
        roles: 'roleId',
        accounts: 'accountId',
        doctors: 'doctorId',
        schedules: 'scheduleId',
      } as Record<string, string>
    )[before] ?? param
  );
}

const HOSTILE_PATH = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e308',
  'NaN',
  '1.5',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '%',
  '..%2F..%2Fetc%2Fpasswd',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  "1'%20OR%201%3D1%20--",
  encode('😀'),
  encode('\u202E'),
  'a'.repeat(250),
  '9'.repeat(5000),
];

interface Input {
  path: Record<string, string>;
  query?: unknown;
  body?: { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string | null; payload: string | Buffer };
}

function describeInput(i: Input): string {
  const show = (v: unknown) => clip(JSON.stringify(v, (_k, x) => (typeof x === 'string' ? clip(x, 80) : x)) ?? 'undefined', 400);
  const parts = [`path=${show(i.path)}`];
  if (i.query !== undefined) parts.push(`query=${show(i.query)}`);
  if (i.body?.kind === 'json') parts.push(`body=${show(i.body.value)}`);
  if (i.body?.kind === 'raw') parts.push(`raw(${i.body.contentType}, ${i.body.payload.length} bytes: ${show(i.body.payload.toString().slice(0, 60))})`);
  return parts.join(' ');
}

/** The inputs of one operation: valid values drawn from the pools, or hostile ones (one part at least). */
function inputArb(f: Fuzz, op: Operation, raw: { contentType: string | null; payload: string | Buffer }[]): fc.Arbitrary<Input> {
  const pathValid: Record<string, fc.Arbitrary<string>> = {};
  const pathAny: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.pathParams) {
    const pool = f.pools[poolKeyOf(op, p.name)];
    const valid = pool?.length
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool.map(String)) }, { weight: 1, arbitrary: validArb(p.schema, p.name, {}).map(String) })
      : validArb(p.schema, p.name, f.pools).map(String);
    pathValid[p.name] = valid.map(encode);
    pathAny[p.name] = fc.oneof(
      pathValid[p.name]!,
      fc.constantFrom(...HOSTILE_PATH),
      hostileString().map((s) => encode(s.slice(0, 300))),
    );
  }
  const parts = {
    path: op.pathParams.length ? fc.record(pathValid) : fc.constant({}),
    query: op.query ? validArb(op.query, 'query', f.pools) : fc.constant(undefined),
    body: op.body
      ? validArb(op.body, 'body', f.pools).map((value) => ({ kind: 'json' as const, value }))
      : op.rawBody
        ? fc.constantFrom(...raw).map((r) => ({ kind: 'raw' as const, ...r }))
        : fc.constant(undefined),
  };
  const hostile = {
    path: op.pathParams.length ? fc.record(pathAny) : fc.constant({}),
    query: op.query ? hostileArb(op.query, 'query', f.pools) : fc.constant(undefined),
    body: op.body
      ? fc.oneof(
          mixedArb(op.body, 'body', f.pools).map(({ value }) => ({ kind: 'json' as const, value })),
          hostileArb(op.body, 'body', f.pools).map((value) => ({ kind: 'json' as const, value })),
        )
      : op.rawBody
        ? fc.constantFrom(...raw).map((r) => ({ kind: 'raw' as const, ...r }))
        : fc.constant(undefined),
  };
  const valid = fc.record(parts) as fc.Arbitrary<Input>;
  const which = (['path', 'query', 'body'] as const).filter((k) => (k === 'path' ? op.pathParams.length : k === 'query' ? op.query : op.body || op.rawBody));
  if (!which.length) return valid;
  const bad = fc.subarray([...which], { minLength: 1 }).chain((keys) =>
    fc.record({
      path: keys.includes('path') ? hostile.path : parts.path,
      query: keys.includes('query') ? hostile.query : parts.query,
      body: keys.includes('body') ? hostile.body : parts.body,
    }),
  ) as fc.Arbitrary<Input>;
  return fc.oneof(valid, bad);
}

/** Wrong content types and broken bodies for an operation that reads JSON. */
const BODY_VARIANTS: { contentType: string | null; payload: string }[] = [
  { contentType: 'text/plain', payload: '{"name":"x"}' },
  { contentType: 'multipart/form-data; boundary=XyZ', payload: '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--XyZ--\r\n' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'name=x&code=%00' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{"name":' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', payload: '{"id":1e400,"page":-0}' },
  { contentType: 'application/json; charset=latin1', payload: '{"name":"\u00e9"}' },
  { contentType: 'application/xml', payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { contentType: null, payload: '{"name":"x"}' },
];

async function send(f: Fuzz, op: Operation, input: Input, token: string | null, remoteAddress: string): Promise<LightMyRequestResponse> {
  let url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => input.path[name] ?? '1');
  url += queryString(input.query);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const opts: InjectOptions = { method: op.method, url, headers, remoteAddress };
  if (input.body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    opts.payload = JSON.stringify(input.body.value) ?? 'null';
  } else if (input.body?.kind === 'raw') {
    if (input.body.contentType) headers['content-type'] = input.body.contentType;
    opts.payload = input.body.payload;
  }
  f.requests++;
  return f.app.inject(opts);
}

/** Remembers the secrets an answer hands out (tokens, one-time passwords) for the log check. */
function harvestSecrets(f: Fuzz, json: unknown): void {
  if (!json || typeof json !== 'object') return;
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === 'string' && /token|password/i.test(k) && x.length >= 6) {
          f.secrets.add(x);
          if (/refresh/i.test(k)) refreshTokens.push(x);
          if (/password/i.test(k)) f.secrets.add(md5(x));
        } else walk(x);
      }
    }
  };
  walk(json);
}

/** Remembers the MD5s of the passwords a request sends. */
function harvestSentPasswords(f: Fuzz, input: Input): void {
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === 'string' && /pass/i.test(k) && /^[a-fA-F0-9]{32}$/.test(x)) f.secrets.add(x);
        else walk(x);
      }
    }
  };
  if (input.body?.kind === 'json') walk(input.body.value);
}

function logErrorsSince(f: Fuzz, from: number): string[] {
  const out: string[] = [];
  for (const line of f.lines.slice(from)) {
    try {
      const j = JSON.parse(line) as { level?: number; msg?: string; err?: unknown };
      if ((j.level ?? 0) >= 40) out.push(clip(`${j.msg ?? ''} ${JSON.stringify(j.err ?? '')}`, 600));
    } catch {
      out.push(clip(line, 300));
    }
  }
  return out;
}

export async function buildFuzz(): Promise<Fuzz> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fuzz-'));
  const t = await createLoggedTestApp({
    DATA_DIR: dataDir,
    // the fuzzer signs in again after a fuzzed request ends its session, and hammers the login route
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
    LOGIN_MAX_FAILURES_PER_IP: '1000000',
  });
  const { app, database, config, log: lines } = t;
  const { facilityId, accounts } = await makeFacility(t, [
    { key: 'fuzzadmin', authorities: ['ADMIN_FACILITY'] },
    { key: 'fuzzdesk', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_USER'] },
  ]);
  const doc = app.swagger() as unknown as OpenApiDocument;
  const f: Fuzz = {
    app,
    database,
    config,
    doc,
    // the generic resources' `{}` fields (a zod preprocess/refine) generated from their field definitions
    ops: operationsOf(doc).map((o) => ({ ...o, body: o.body ? refineBody(o.path, o.body) : null, query: o.query ? refineQuery(o.path, o.query) : null })),
    facilityId,
    adminId: accounts.fuzzadmin!.id,
    lines,
    secrets: new Set(),
    pools: {},
    requests: 0,
    statuses: new Map(),
    succeeded: new Set(),
    unlogged: new Map(),
    relogins: 0,
    failures: [],
    templates: [],
    dataDir,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  adminCredentials = { username: accounts.fuzzadmin!.username, password: accounts.fuzzadmin!.password };
  f.secrets.add(md5(adminCredentials.password));
  await seedFacility(f);
  return f;
}

let adminCredentials = { username: '', password: '' };
/** Refresh tokens handed out so far (the fuzzed refresh route gets real ones too). */
const refreshTokens: string[] = [];
let adminToken: string | null = null;

async function signIn(f: Fuzz, fresh = false): Promise<string> {
  const res = await f.app.inject({
    method: 'PUT',
    url: '/api/his/v1/user/login',
    payload: { emailOrPhone: adminCredentials.username, password: md5(adminCredentials.password) },
    remoteAddress: '10.200.0.1',
  });
  if (res.statusCode === 200) {
    const data = res.json().data as { loginToken: string; refresh_token: string };
    f.secrets.add(data.loginToken);
    f.secrets.add(data.refresh_token);
    refreshTokens.push(data.refresh_token);
    return data.loginToken;
  }
  if (fresh)
    throw new Error(`the fuzz administrator cannot sign in: ${res.statusCode} ${res.body} ${logErrorsSince(f, Math.max(0, f.lines.length - 5)).join(' | ')}`);
  // the fuzzer locked or demoted its administrator: a new one
  const a = await f.database.transaction((tx) =>
    createAccount(
      tx,
      {
        facilityId: f.facilityId,
        username: `fuzzadmin_${f.facilityId}_${f.relogins}_${Date.now().toString(36)}`,
        password: 'Kiemthu@2024',
        name: 'Quản trị kiểm thử',
        authorities: ['ADMIN_FACILITY'],
      },
      hashCost({ config: f.config }),
    ),
  );
  adminCredentials = { username: a.username, password: 'Kiemthu@2024' };
  f.secrets.add(md5(adminCredentials.password));
  return signIn(f, true);
}

/** The user name the fuzz administrator signs in with (staff personal data: never logged). */
export const adminUsername = () => adminCredentials.username;

export async function admin(f: Fuzz): Promise<string> {
  adminToken ??= await signIn(f);
  return adminToken;
}

/** Real data in the fuzz facility, so that valid ids lead the fuzzer past "not found". */
async function seedFacility(f: Fuzz): Promise<void> {
  const fid = f.facilityId;
  const day = (n: number) => new Date(Date.now() + 7 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
  let todayClinic: Awaited<ReturnType<typeof makeClinic>> | null = null;
  const { markerUser, markerProfile } = await f.database.transaction(async (tx) => {
    await seedServiceTypes(tx, fid);
    await seedServices(tx, fid, demoServices().slice(0, 40));
    const clinics = [await makeClinic(tx, fid, 'Nội tổng hợp'), await makeClinic(tx, fid, 'Nhi')];
    for (const c of clinics) for (const n of [1, 2, 5]) await makeSlots(tx, fid, c, day(n), { capacity: 3 });
    todayClinic = await makeClinic(tx, fid, 'Tai mũi họng');
    const [marker] = await makePatients(tx, fid, [
      {
        name: MARKERS.name,
        phone: MARKERS.phone,
        email: MARKERS.email,
        profiles: [
          {
            fullName: MARKERS.name,
            birthDate: '1979-03-08',
            gender: 'FEMALE',
            phone: MARKERS.phone,
            email: MARKERS.email,
            cccd: MARKERS.cccd,
            bhyt: MARKERS.bhyt,
          },
          { fullName: 'Markerzq Con Thứ Hai', birthDate: '2015-06-01' },
        ],
      },
    ]);
    await makePatients(tx, fid, [
      { phone: '0912000111', profiles: [{ fullName: 'Trần Thị Bình', birthDate: '1985-04-12', gender: 'FEMALE', phone: '0912000111' }] },
      {
        phone: '0912000222',
        profiles: [
          { fullName: 'Lê Văn Cường', birthDate: '1990-01-01', phone: '0912000222' },
          { fullName: 'Lê Minh Khôi', birthDate: '2019-09-01' },
        ],
      },
      { phone: '0912000333', profiles: [{ fullName: 'Trần Thị Bình', birthDate: '1985-04-12', gender: 'FEMALE', phone: '0912000333' }] },
    ]);
    const p = marker!.profiles[0]!;
    await makeHistory(tx, fid, marker!.userId, p.id, new Date('2025-09-10T02:30:00Z'), MARKERS.diagnosis);
    await tx.execute(sql`INSERT INTO medical_profile_exts (profile_id, blood_type, allergies, chronic_diseases, guardian_name, guardian_phone, note)
      VALUES (${p.id}, 'A+', ${MARKERS.allergy}, ${MARKERS.chronic}, ${MARKERS.guardian}, ${MARKERS.phone}, ${MARKERS.symptom})`);
    return { markerUser: marker!.userId, markerProfile: p.id };
  });

  const token = await admin(f);
  const auth = { authorization: `Bearer ${token}` };
  // bookings through the API (the marker's symptom included), a result file and a doctor's photo
  const slots = await sqlRows<{ id: number }>(f, sql`SELECT id FROM time_slots WHERE facility_id = ${fid} ORDER BY id`);
  const profiles = await sqlRows<{ id: number }>(f, sql`SELECT id FROM medical_profiles WHERE facility_id = ${fid} ORDER BY id`);
  for (let i = 0; i < 6; i++) {
    const res = await f.app.inject({
      method: 'POST',
      url: '/api/appointment/v1',
      headers: auth,
      payload: {
        medicalProfileId: i === 0 ? markerProfile : profiles[i % profiles.length]!.id,
        timeSlotId: slots[i * 3]!.id,
        symptom: i === 0 ? MARKERS.symptom : 'Ho, sốt nhẹ',
        accept: i % 2 === 0,
      },
    });
    if (res.statusCode !== 200) throw new Error(`fuzz fixture booking: ${res.statusCode} ${res.body}`);
  }
  // bookings of today (check-in, calling and completion are for the day of the visit): booked ahead,
  // then their schedule is brought to today, as the appointment tests do
  const ahead = await f.database.transaction((tx) => makeSlots(tx, fid, todayClinic!, day(7), { capacity: 4 }));
  for (let i = 0; i < 4; i++) {
    const res = await f.app.inject({
      method: 'POST',
      url: '/api/appointment/v1',
      headers: auth,
      payload: { medicalProfileId: profiles[i % profiles.length]!.id, timeSlotId: ahead[i]!.id, symptom: 'Đau họng', accept: i < 3 },
    });
    if (res.statusCode !== 200) throw new Error(`fuzz fixture booking of today: ${res.statusCode} ${res.body}`);
  }
  await f.database.transaction((tx) => moveSchedules(tx, [ahead[0]!.scheduleId], day(0)));
  const up = await f.app.inject({
    method: 'POST',
    url: `/api/his/v1/vendor/users/${markerUser}/upload-results?medicalProfileId=${markerProfile}&fileName=ket-qua.pdf`,
    headers: { ...auth, 'content-type': 'application/pdf' },
    payload: tinyPdf(['Ket qua xet nghiem']),
  });
  if (up.statusCode !== 200) throw new Error(`fuzz fixture upload: ${up.statusCode} ${up.body}`);
  const [doctor] = await sqlRows<{ id: number }>(f, sql`SELECT id FROM doctors WHERE facility_id = ${fid} ORDER BY id LIMIT 1`);
  const av = await f.app.inject({
    method: 'PUT',
    url: `/api/catalog/v1/doctors/${doctor!.id}/avatar`,
    headers: { ...auth, 'content-type': 'image/png' },
    payload: PNG,
  });
  if (av.statusCode !== 200) throw new Error(`fuzz fixture avatar: ${av.statusCode} ${av.body}`);
  for (const url of ['/api/catalog/v1/medical-services/import-template', '/api/catalog/v1/doctors/import-template']) {
    const tpl = await f.app.inject({ method: 'GET', url, headers: auth });
    if (tpl.statusCode === 200) f.templates.push({ contentType: String(tpl.headers['content-type']), payload: tpl.rawPayload });
  }
  await refreshPools(f);
}

async function ids(f: Fuzz, table: string): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(f, sql`SELECT id FROM ${sql.identifier(table)} WHERE facility_id = ${f.facilityId} ORDER BY id DESC LIMIT 30`);
  return rows.map((r) => Number(r.id));
}

export async function refreshPools(f: Fuzz): Promise<void> {
  const fid = f.facilityId;
  const areas = (await sqlRows<{ id: number; code: string }>(f, sql`SELECT id, code FROM areas ORDER BY id LIMIT 20`)).map((r) => r.id);
  const patientCodes = (await sqlRows<{ patient_code: string }>(f, sql`SELECT patient_code FROM medical_profiles WHERE facility_id = ${fid} LIMIT 10`)).map(
    (r) => r.patient_code,
  );
  const avatars = (await sqlRows<{ avatar: string | null }>(f, sql`SELECT avatar FROM doctors WHERE facility_id = ${fid} AND avatar IS NOT NULL`)).map(
    (r) => String(r.avatar).split('/').pop()!,
  );
  const usernames = (await sqlRows<{ username: string }>(f, sql`SELECT username FROM accounts WHERE facility_id = ${fid}`)).map((r) => r.username);
  const p: Record<string, readonly (number | string)[]> = {
    departmentId: await ids(f, 'departments'),
    specialtyId: await ids(f, 'specialties'),
    roomId: await ids(f, 'rooms'),
    jobId: await ids(f, 'jobs'),
    nationId: await ids(f, 'nations'),
    serviceId: await ids(f, 'medical_services'),
    roleId: await ids(f, 'roles'),
    accountId: await ids(f, 'accounts'),
    doctorId: await ids(f, 'doctors'),
    scheduleId: await ids(f, 'schedules'),
    slotId: await ids(f, 'time_slots'),
    bookingId: await ids(f, 'bookings'),
    userId: await ids(f, 'patient_users'),
    medicalProfileId: await ids(f, 'medical_profiles'),
    historyId: await ids(f, 'patient_histories'),
    fileId: await ids(f, 'result_files'),
    areaId: areas,
    patientValue: patientCodes,
    file: avatars,
    emailOrPhone: usernames,
    // the fuzz administrator's real password now and then: fuzzed sign-ins that succeed issue tokens the log check looks for
    password: [md5(adminCredentials.password)],
    refreshToken: refreshTokens.slice(-5),
    hospitalId: [fid],
    // the first pages, the usual page sizes
    page: ['0', '0', '1', '2'],
    size: ['5', '10', '20', '50', '100'],
  };
  // the same pools under the names bodies and queries use
  Object.assign(p, {
    timeSlotId: p.slotId,
    userProfileId: p.medicalProfileId,
    profileId: p.medicalProfileId,
    mergeFromId: p.userId,
    roleIds: p.roleId,
    roomIds: p.roomId,
    specialtyIds: p.specialtyId,
    serviceIds: p.serviceId,
    ids: p.bookingId,
    parentId: areas,
    successorId: areas,
  });
  f.pools = Object.fromEntries(Object.entries(p).filter(([, v]) => v.length));
}

/** Ajv validators of every operation's documented answers, compiled once. */
export function responseValidators(f: Fuzz): Map<string, Map<number, ((v: unknown) => string | null) | null>> {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  const out = new Map<string, Map<number, ((v: unknown) => string | null) | null>>();
  for (const op of f.ops) {
    const m = new Map<number, ((v: unknown) => string | null) | null>();
    for (const [status, schema] of op.responses) {
      if (!schema) {
        m.set(status, null);
        continue;
      }
      const validate = ajv.compile(toDraft7(schema) as object);
      m.set(status, (v) => (validate(v) ? null : ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 400)));
    }
    out.set(op.key, m);
  }
  return out;
}

/** Operations that end the caller's own session when they succeed: the admin calls them on a throwaway session. */
const ENDS_SESSION = new Set(['PUT /api/his/v1/user/logout', 'PUT /api/his/v1/user/update-password', 'PUT /api/his/v1/user/{id}']);

export interface RunOptions {
  seed: number;
  runs: number;
  only?: string;
}

/** Fuzzes one operation: anonymous requests, admin requests, and (for JSON bodies) wrong content types. */
export async function fuzzOperation(f: Fuzz, op: Operation, validators: Map<number, ((v: unknown) => string | null) | null>, o: RunOptions): Promise<void> {
  const seed = (o.seed ^ hash32(op.key)) >>> 0;
  const raw = [
    { contentType: 'application/pdf', payload: tinyPdf(['Kiem thu']) },
    { contentType: 'image/png', payload: PNG },
    { contentType: 'image/jpeg', payload: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]) },
    { contentType: 'text/html', payload: '<html><script>alert(1)</script></html>' },
    { contentType: 'image/png', payload: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
    {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      payload: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 1)]),
    },
    { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', payload: Buffer.alloc(0) },
    { contentType: 'application/octet-stream', payload: Buffer.from(Array.from({ length: 256 }, (_, i) => i)) },
    { contentType: null, payload: Buffer.alloc(16, 0) },
    ...f.templates,
  ];
  const inputs = fc.sample(inputArb(f, op, raw), { seed, numRuns: o.runs });
  const anonymous = inputs.slice(0, Math.max(2, Math.ceil(o.runs / 4)));
  const isLogin = op.key === 'PUT /api/his/v1/user/login';
  let n = 0;
  const run = async (who: 'admin' | 'anonymous', input: Input, token: string | null, bodyOverride?: Input['body']) => {
    const actual = bodyOverride ? { ...input, body: bodyOverride } : input;
    harvestSentPasswords(f, actual);
    const from = f.lines.length;
    const started = performance.now();
    // the login route throttles by address: each fuzzed sign-in comes from its own
    const ip = isLogin ? `10.${100 + (hash32(op.key) % 50)}.${(n >> 8) & 255}.${n++ & 255}` : '10.0.0.9';
    let res: LightMyRequestResponse;
    try {
      res = await send(f, op, actual, token, ip);
    } catch (e) {
      f.failures.push({ op: op.key, who, input: describeInput(actual), status: 0, problem: `inject threw: ${(e as Error).message}`, body: '', log: [], ms: 0 });
      return null;
    }
    const ms = performance.now() - started;
    if (f.lines.length === from) {
      const k = `${op.key} ${res.statusCode}`;
      const u = f.unlogged.get(k);
      if (u) u.n++;
      else f.unlogged.set(k, { n: 1, example: describeInput(actual) });
    }
    if (process.env.FUZZ_TRACE) console.info(`[fuzz] ${op.key} ${who} ${describeInput(actual)} -> ${res.statusCode} ${clip(res.body, 200)}`);
    const bucket = `${who} ${res.statusCode}`;
    f.statuses.set(bucket, (f.statuses.get(bucket) ?? 0) + 1);
    const verdict = checkAnswer(res, validators.has(res.statusCode) ? validators.get(res.statusCode) : undefined);
    if (res.statusCode >= 200 && res.statusCode < 300) {
      harvestSecrets(f, verdict.json);
      f.succeeded.add(op.key);
    }
    let problem = verdict.problem;
    if (!problem && ms > 3000) problem = `slow answer: ${Math.round(ms)} ms`;
    if (problem) {
      f.failures.push({
        op: op.key,
        who,
        input: describeInput(actual),
        status: res.statusCode,
        problem,
        body: clip(res.body, 300),
        log: logErrorsSince(f, from),
        ms: Math.round(ms),
      });
    }
    return res;
  };

  for (const [i, input] of anonymous.entries()) {
    // anonymous: no header, or a forged token
    await run('anonymous', input, i % 2 === 0 ? null : i % 4 === 1 ? 'x'.repeat(64) : 'a'.repeat(5000));
  }
  for (const input of inputs) {
    const token = ENDS_SESSION.has(op.key) ? await signIn(f) : await admin(f);
    const res = await run('admin', input, token);
    if (!res || ENDS_SESSION.has(op.key)) continue;
    const changed = op.method !== 'GET' && res.statusCode >= 200 && res.statusCode < 300;
    if (!changed && res.statusCode !== 401 && res.statusCode !== 403) continue;
    // Did this request end the administrator's session or take its rights away? The guards (own
    // account, last facility administrator) say it must not take the rights; a new one carries on.
    const me = await f.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: { authorization: `Bearer ${token}` } });
    const user = me.statusCode === 200 ? (me.json().data.user as { authorities: string[]; mustChangePassword: boolean }) : null;
    if (!user) {
      adminToken = null;
      f.relogins++;
    } else if (!user.authorities.includes('ADMIN_FACILITY') || user.mustChangePassword) {
      // Giving up one's own ADMIN_FACILITY is allowed while another account holds it (the guard keeps
      // one holder and the caller's MANAGER_ADMIN); a facility left with none, or an administrator
      // obliged to change a password nobody reset, is a failure.
      const [held] = await sqlRows<{ n: number }>(
        f,
        sql`SELECT count(DISTINCT a.id)::int AS n FROM accounts a JOIN account_roles ar ON ar.account_id = a.id JOIN roles r ON r.id = ar.role_id AND r.active
            JOIN role_authorities ra ON ra.role_id = r.id AND ra.authority = 'ADMIN_FACILITY' WHERE a.facility_id = ${f.facilityId} AND NOT a.locked`,
      );
      const problem = user.mustChangePassword
        ? "the administrator's own request left it obliged to change its password"
        : held!.n === 0
          ? `the administrator's own request left the facility without any ADMIN_FACILITY holder (the caller now has ${user.authorities.join(',') || 'nothing'})`
          : null;
      if (problem)
        f.failures.push({ op: op.key, who: 'admin', input: describeInput(input), status: res.statusCode, problem, body: clip(res.body, 300), log: [], ms: 0 });
      adminCredentials = { username: '', password: '' };
      adminToken = await signIn(f);
      f.relogins++;
    }
  }
  if (op.body) {
    const variants = fc.sample(fc.constantFrom(...BODY_VARIANTS), { seed: seed + 1, numRuns: 3 });
    for (const v of variants) await run('admin', inputs[0]!, await admin(f), { kind: 'raw', contentType: v.contentType, payload: v.payload });
  }
}

export type { Operation, Schema };
