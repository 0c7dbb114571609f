import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { Authority } from '@portal/shared';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../core/db';
import { md5 } from '../core/tokens';
import { createAccount, createFacility } from '../db/seed/factories';
import { hashCost } from '../core/password-cost';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Cheap argon2 for tests; the production cost is measured by `npm run bench`. */
const TEST_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', SEED_DEMO: 'false' };

let shared: Promise<Database> | null = null;

/** A database for this test file: a clone of the migrated template (PostgreSQL) or a loaded PGlite dump. */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = process.env.DATABASE_URL;
    const template = inject('pgTemplate');
    if (url && template) {
      const name = `portal_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      await admin.end();
      const u = new URL(url);
      u.pathname = `/${name}`;
      return openDatabase({ url: u.toString(), poolSize: 10 });
    }
    const file = inject('pgliteTemplate');
    const blob = new Blob([fs.readFileSync(file!)]);
    return openDatabase({ loadDataDir: blob });
  })();
  return shared;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await testDatabase();
  const config = loadConfig({ ...TEST_ENV, ...env, DATABASE_URL: undefined });
  const app = await buildApp(config, database);
  await app.ready();
  return { app, database, config, close: () => app.close() };
}

/** A test app whose log, at trace level, is captured a line at a time (the log-hygiene tests read `log`). */
export async function createLoggedTestApp(env: Record<string, string> = {}): Promise<TestApp & { log: string[] }> {
  const database = await testDatabase();
  const log: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) log.push(line);
      done();
    },
  });
  const config = loadConfig({ ...TEST_ENV, LOG_LEVEL: 'trace', ...env, DATABASE_URL: undefined });
  const app = await buildApp(config, database, { logStream: stream });
  await app.ready();
  return { app, database, config, log, close: () => app.close() };
}

export interface FixtureAccount {
  id: number;
  username: string;
  password: string;
  facilityId: number;
}

let seq = 0;
/** A new facility with one account per entry; usernames are made unique. */
export async function makeFacility(
  t: TestApp,
  specs: {
    key: string;
    authorities: Authority[];
    password?: string;
    lastPasswordReset?: Date;
    locked?: boolean;
    mustChangePassword?: boolean;
    email?: string;
    phone?: string;
  }[],
): Promise<{ facilityId: number; accounts: Record<string, FixtureAccount> }> {
  const tag = `${process.pid.toString(36)}${(seq++).toString(36)}${randomBytes(2).toString('hex')}`;
  return t.database.transaction(async (tx) => {
    const facility = await createFacility(tx, { code: `T-${tag}`, name: `Bệnh viện kiểm thử ${tag}` });
    const accounts: Record<string, FixtureAccount> = {};
    for (const s of specs) {
      const password = s.password ?? 'Kiemthu@2024';
      const a = await createAccount(
        tx,
        {
          facilityId: facility.id,
          username: `${s.key}_${tag}`,
          password,
          name: `Nhân viên ${s.key}`,
          authorities: s.authorities,
          lastPasswordReset: s.lastPasswordReset,
          locked: s.locked,
          mustChangePassword: s.mustChangePassword,
          email: s.email,
          phone: s.phone,
        },
        hashCost({ config: t.config }),
      );
      accounts[s.key] = { id: a.id, username: a.username, password, facilityId: facility.id };
    }
    return { facilityId: facility.id, accounts };
  });
}

export function loginRequest(t: TestApp, username: string, password: string, ip = '10.0.0.1'): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: '/api/his/v1/user/login',
    payload: { emailOrPhone: username, password: md5(password) },
    remoteAddress: ip,
  });
}

/** Signs in and returns the auth user (tokens included). */
export async function login(t: TestApp, account: { username: string; password: string }) {
  const res = await loginRequest(t, account.username, account.password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; loginToken: string; refresh_token: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Rows of a raw SQL query, on either driver. */
export async function sqlRows<T>(t: TestApp, query: SQL): Promise<T[]> {
  const res = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
