import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './core/db';
import { md5, sha256 } from './core/tokens';
import { createAccount, createFacility } from './db/seed/factories';
import { syncAreas } from './db/reference-catalogs';
import { exited, startServerProcess } from './test/server-process';

/** The real server on PGlite in `dataDir` (or on PostgreSQL when `env` names a DATABASE_URL); a first start seeds the demo data. */
const start = (dataDir: string, port: number, env: Record<string, string> = {}) => startServerProcess(port, { DATABASE_URL: '', DATA_DIR: dataDir, ...env });

const login = (url: string, emailOrPhone: string, password: string) =>
  fetch(`${url}/api/his/v1/user/login`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrPhone, password: md5(password) }),
  });

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('server process on embedded PGlite', () => {
  // A first start seeds the whole demo (~70 s on an idle 2-core machine, docs/performance.md "start"), more under the suite's load.
  it('keeps every acknowledged write after kill -9, and the data survives a restart', async () => {
    const dir = tmp();
    const s = start(dir, 3391);
    await s.ready;
    // each successful sign-in is one committed transaction (a session row + its audit row)
    let acknowledged = 0;
    const deadline = Date.now() + 2500;
    while (Date.now() < deadline) {
      const r = await login(s.url, 'letan', 'Letan@123');
      if (r.status === 200) acknowledged++;
    }
    s.proc.kill('SIGKILL');
    await exited(s.proc);
    expect(acknowledged).toBeGreaterThan(5);

    const db = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    const [row] = await db.query<{ n: number }>(
      '',
      `SELECT count(*)::int AS n FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.username = 'letan'`,
      [],
    );
    const [audits] = await db.query<{ n: number }>('', `SELECT count(*)::int AS n FROM audit_log WHERE action = 'LOGIN'`, []);
    await db.close();
    expect(row!.n).toBeGreaterThanOrEqual(acknowledged);
    expect(audits!.n).toBeGreaterThanOrEqual(acknowledged);

    // a restart reopens the same data, seeds nothing twice, and the demo accounts still sign in
    const again = start(dir, 3392, { LOG_LEVEL: 'info' });
    await again.ready;
    expect(again.output()).toContain('Cổng quản trị đang chạy tại http://127.0.0.1:3392');
    expect((await login(again.url, 'admin', 'Admin@123')).status).toBe(200);

    // a second server on the same data stops at once, in Vietnamese, and the first keeps serving
    const second = start(dir, 3396);
    await expect(second.ready).rejects.toThrow(`đang được một tiến trình khác của cổng quản trị dùng (pid ${again.proc.pid})`);
    await exited(second.proc);
    expect(second.proc.exitCode).toBe(1);
    // one line, no stack trace after the Vietnamese message
    expect(second.output().trim().split('\n')).toHaveLength(1);
    expect(second.output()).not.toMatch(/\n\s+at /);
    expect((await login(again.url, 'admin', 'Admin@123')).status).toBe(200);

    again.proc.kill('SIGTERM');
    await exited(again.proc);
    expect(again.proc.exitCode).toBe(0);
    expect(again.output().trim().split('\n').at(-1)).toContain('Cổng quản trị đã dừng.');
    expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  }, 300_000);

  it('a production start seeds no demo accounts and prints a one-time administrator password once', async () => {
    const dir = tmp();
    const s = start(dir, 3393, { NODE_ENV: 'production' });
    await s.ready;
    const match = s.output().match(/Mật khẩu một lần: (\S+)/);
    expect(match).not.toBeNull();
    const password = match![1]!;
    expect((await login(s.url, 'letan', 'Letan@123')).status).toBe(401);
    const r = await login(s.url, 'admin', password);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { data: { mustChangePassword: boolean } };
    expect(body.data.mustChangePassword).toBe(true);
    s.proc.kill('SIGTERM');
    await exited(s.proc);
    // the second start prints nothing: the password is shown only once
    const again = start(dir, 3394, { NODE_ENV: 'production' });
    await again.ready;
    expect(again.output()).not.toContain('Mật khẩu một lần');
    again.proc.kill('SIGTERM');
    await exited(again.proc);
  }, 150_000);

  it('a taken port is one line and exit code 1 before any migration or seeding', async () => {
    const dir = tmp();
    const { createServer } = await import('node:net');
    const holder = createServer((socket) => socket.destroy()); // the readiness probe must not hang on it
    await new Promise<void>((r) => holder.listen({ host: '127.0.0.1', port: 3397 }, () => r()));
    try {
      const s = start(dir, 3397);
      s.ready.catch(() => undefined); // it never gets ready: the exit is what is checked
      await exited(s.proc);
      expect(s.proc.exitCode).toBe(1);
      expect(s.output().trim()).toBe('Cổng 3397 đang được một chương trình khác dùng. Hãy dừng chương trình đó hoặc chọn cổng khác (biến môi trường PORT).');
      // nothing was opened: no database created under DATA_DIR
      expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
    } finally {
      await new Promise((r) => holder.close(r));
    }
  }, 60_000);

  it('refuses to start with test fixtures enabled in production', async () => {
    const s = start(tmp(), 3395, { NODE_ENV: 'production', ENABLE_TEST_FIXTURES: '1' });
    await expect(s.ready).rejects.toThrow(/ENABLE_TEST_FIXTURES/);
  }, 30_000);
});

/**
 * The same round on a PostgreSQL server: the server process is killed, the database is not.
 * An acknowledged write must have been committed before its answer left the server, and a
 * transaction cut by the kill must leave nothing half-written. Several writers run at once
 * (PostgreSQL serves them on separate connections), so the kill lands mid-transaction.
 */
describe.skipIf(!process.env.DATABASE_URL)('server process on PostgreSQL', () => {
  const name = `portal_kill_${randomBytes(4).toString('hex')}`;
  const dbUrl = () => {
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const withAdmin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  afterAll(() => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));

  it('keeps every acknowledged write after kill -9 of the server, and a restart serves them', async () => {
    const t0 = Date.now();
    const ms: Record<string, number> = {};
    const lap = (k: string, since: number) => (ms[k] = Date.now() - since);

    // a fresh database with one facility and one account: the server then migrates nothing new and seeds nothing
    await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
    const cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 }; // the server's ARGON2_* below: no rehash at sign-in
    const prep = await openDatabase({ url: dbUrl(), poolSize: 2 });
    await prep.migrate();
    await syncAreas(prep);
    await prep.transaction(async (tx) => {
      const facility = await createFacility(tx, { code: 'KILL', name: 'Cơ sở thử kill -9' });
      await createAccount(tx, { facilityId: facility.id, username: 'letan', password: 'Letan@123', name: 'Lễ tân', authorities: ['MANAGER_CATALOG'] }, cost);
    });
    await prep.close();
    lap('prepare', t0);

    // the limits are raised: eight writers sign one account in at once, and an attempt is counted while it is verified
    const env = { DATABASE_URL: dbUrl(), SEED_DEMO: 'false', LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000', LOGIN_MAX_FAILURES_PER_IP: '100000' };
    let since = Date.now();
    const s = start(tmp(), 3397, env);
    await s.ready;
    lap('firstStart', since);

    // acknowledged writes, by kind: a sign-in (session + LOGIN audit), a sign-out (revoked session + LOGOUT audit),
    // a new department (row + CREATE audit); each is one transaction answered 200 only after its commit
    const signedIn: string[] = [];
    const signedOut: string[] = [];
    const departments: string[] = [];
    const statuses: Record<number, number> = {};
    let sent = 0;
    let stop = false;
    const call = async (method: string, route: string, token?: string, body?: unknown) => {
      sent++;
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const r = await fetch(`${s.url}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      return r;
    };
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const r = await login(s.url, 'letan', 'Letan@123');
        sent++;
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status !== 200) continue;
        const token = ((await r.json()) as { data: { loginToken: string } }).data.loginToken;
        signedIn.push(token);
        const code = `K${w}-${i}`;
        if ((await call('POST', '/api/catalog/v1/departments', token, { code, name: `Khoa ${code}` })).status === 200) departments.push(code);
        if (i % 3 === 2 && (await call('PUT', '/api/his/v1/user/logout', token)).status === 200) signedOut.push(token);
      }
    };
    since = Date.now();
    // the kill cuts requests in flight: their fetch fails, and they were never acknowledged
    const load = Promise.allSettled(Array.from({ length: 8 }, (_, w) => worker(w)));
    // ~2.5 s of load, longer on a loaded machine until every kind of write has a few acknowledged (at most 30 s)
    while (Date.now() - since < 2500 || ((signedOut.length < 3 || departments.length < 3) && Date.now() - since < 30_000)) {
      await new Promise((r) => setTimeout(r, 50));
    }
    s.proc.kill('SIGKILL');
    stop = true;
    await exited(s.proc);
    const ends = await load;
    lap('load', since);
    const cut = ends.filter((e) => e.status === 'rejected').length; // writers whose request the kill cut

    const acknowledged = signedIn.length + signedOut.length + departments.length;
    expect(signedIn.length).toBeGreaterThan(5);
    expect(departments.length).toBeGreaterThanOrEqual(3);
    expect(signedOut.length).toBeGreaterThanOrEqual(3);
    // nothing in this loop fails or is refused
    expect(
      Object.keys(statuses).filter((c) => c !== '200'),
      JSON.stringify(statuses),
    ).toEqual([]);

    // the same database, served again by a new process
    since = Date.now();
    const again = start(tmp(), 3398, env);
    await again.ready;
    lap('restart', since);
    since = Date.now();

    const check = await openDatabase({ url: dbUrl(), poolSize: 2 });
    const q = <R>(text: string, params: unknown[] = []) => check.query<R>('', text, params);
    const tokenHashes = signedIn.map(sha256);
    const [found] = await q<{ sessions: number; logins: number; revoked: number; logouts: number; departments: number; creates: number }>(
      `SELECT
         (SELECT count(*)::int FROM sessions WHERE token_hash = ANY($1)) AS sessions,
         (SELECT count(*)::int FROM audit_log a JOIN sessions s ON a.entity = 'session' AND a.entity_id = s.id::text AND a.action = 'LOGIN' WHERE s.token_hash = ANY($1)) AS logins,
         (SELECT count(*)::int FROM sessions WHERE token_hash = ANY($2) AND revoked_reason = 'LOGOUT') AS revoked,
         (SELECT count(*)::int FROM audit_log a JOIN sessions s ON a.entity = 'session' AND a.entity_id = s.id::text AND a.action = 'LOGOUT' WHERE s.token_hash = ANY($2)) AS logouts,
         (SELECT count(*)::int FROM departments WHERE code = ANY($3)) AS departments,
         (SELECT count(*)::int FROM audit_log a JOIN departments d ON a.entity = 'departments' AND a.entity_id = d.id::text AND a.action = 'CREATE' WHERE d.code = ANY($3)) AS creates`,
      [tokenHashes, signedOut.map(sha256), departments],
    );
    // nothing half-written, acknowledged or not: every row has its audit row and every audit row its row
    const [halves] = await q<Record<string, number>>(
      `SELECT
         (SELECT count(*)::int FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.action = 'LOGIN' AND a.entity = 'session' AND a.entity_id = s.id::text)) AS "sessionWithoutLogin",
         (SELECT count(*)::int FROM audit_log a WHERE a.action = 'LOGIN' AND NOT EXISTS (SELECT 1 FROM sessions s WHERE a.entity_id = s.id::text)) AS "loginWithoutSession",
         (SELECT count(*)::int FROM sessions s WHERE s.revoked_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.action = 'LOGOUT' AND a.entity_id = s.id::text)) AS "revokedWithoutLogout",
         (SELECT count(*)::int FROM audit_log a WHERE a.action = 'LOGOUT' AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.revoked_at IS NOT NULL AND a.entity_id = s.id::text)) AS "logoutWithoutRevoked",
         (SELECT count(*)::int FROM departments d WHERE NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.action = 'CREATE' AND a.entity = 'departments' AND a.entity_id = d.id::text)) AS "departmentWithoutCreate",
         (SELECT count(*)::int FROM audit_log a WHERE a.action = 'CREATE' AND a.entity = 'departments' AND NOT EXISTS (SELECT 1 FROM departments d WHERE a.entity_id = d.id::text)) AS "createWithoutDepartment"`,
    );
    const [totals] = await q<{ sessions: number; departments: number; facilities: number }>(
      `SELECT (SELECT count(*)::int FROM sessions) AS sessions, (SELECT count(*)::int FROM departments) AS departments, (SELECT count(*)::int FROM facilities) AS facilities`,
    );
    await check.close();
    expect(found).toEqual({
      sessions: signedIn.length,
      logins: signedIn.length,
      revoked: signedOut.length,
      logouts: signedOut.length,
      departments: departments.length,
      creates: departments.length,
    });
    expect(halves).toEqual({
      sessionWithoutLogin: 0,
      loginWithoutSession: 0,
      revokedWithoutLogout: 0,
      logoutWithoutRevoked: 0,
      departmentWithoutCreate: 0,
      createWithoutDepartment: 0,
    });
    expect(totals!.facilities).toBe(1); // the restart seeded nothing

    // the restarted server honours what was acknowledged: a live session still works, an ended one does not
    const live = signedIn.filter((tk) => !signedOut.includes(tk));
    const me = (tk: string) => fetch(`${again.url}/api/his/v1/user/me`, { headers: { authorization: `Bearer ${tk}` } }).then((r) => r.status);
    expect(await me(live.at(-1)!)).toBe(200);
    expect(await me(signedOut.at(-1)!)).toBe(401);
    expect((await login(again.url, 'letan', 'Letan@123')).status).toBe(200);
    lap('verify', since);

    again.proc.kill('SIGTERM');
    await exited(again.proc);
    expect(again.proc.exitCode).toBe(0);
    lap('total', t0);
    console.log(
      `PostgreSQL kill -9: ${acknowledged} acknowledged writes (${signedIn.length} sign-ins, ${signedOut.length} sign-outs, ${departments.length} departments) of ${sent} requests, ${cut} of 8 writers cut mid-request; ` +
        `after restart ${found!.sessions} sessions/${found!.logins} LOGIN, ${found!.revoked} revoked/${found!.logouts} LOGOUT, ${found!.departments} departments/${found!.creates} CREATE ` +
        `(all rows: ${totals!.sessions} sessions, ${totals!.departments} departments); ms ${JSON.stringify(ms)}`,
    );
  }, 300_000);
});
