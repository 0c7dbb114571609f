import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './core/db';
import { md5 } from './core/tokens';

/** Starts the real server process (src via tsx) on PGlite in `dataDir`; a first start seeds the demo data (~20 s idle, up to ~60 s on a loaded CI machine). */
function start(dataDir: string, port: number, env: Record<string, string> = {}) {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let i = 0; i < 1800; i++) {
      if (proc.exitCode !== null) throw new Error(`server exited: ${out}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`server did not start: ${out}`);
  })();
  return { proc, url, ready, output: () => out };
}

const exited = (p: ChildProcess) => new Promise<void>((r) => (p.exitCode !== null ? r() : p.once('exit', () => r())));
const login = (url: string, emailOrPhone: string, password: string) =>
  fetch(`${url}/api/his/v1/user/login`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ emailOrPhone, password: md5(password) }) });

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('server process on embedded PGlite', () => {
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
    const [row] = await db.query<{ n: number }>('', `SELECT count(*)::int AS n FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.username = 'letan'`, []);
    const [audits] = await db.query<{ n: number }>('', `SELECT count(*)::int AS n FROM audit_log WHERE action = 'LOGIN'`, []);
    await db.close();
    expect(row!.n).toBeGreaterThanOrEqual(acknowledged);
    expect(audits!.n).toBeGreaterThanOrEqual(acknowledged);

    // a restart reopens the same data, seeds nothing twice, and the demo accounts still sign in
    const again = start(dir, 3392);
    await again.ready;
    expect((await login(again.url, 'admin', 'Admin@123')).status).toBe(200);

    // a second server on the same data stops at once, in Vietnamese, and the first keeps serving
    const second = start(dir, 3396);
    await expect(second.ready).rejects.toThrow(`đang được một tiến trình khác của cổng quản trị dùng (pid ${again.proc.pid})`);
    expect((await login(again.url, 'admin', 'Admin@123')).status).toBe(200);

    again.proc.kill('SIGTERM');
    await exited(again.proc);
    expect(again.proc.exitCode).toBe(0);
    expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  }, 150_000);

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

  it('refuses to start with test fixtures enabled in production', async () => {
    const s = start(tmp(), 3395, { NODE_ENV: 'production', ENABLE_TEST_FIXTURES: '1' });
    await expect(s.ready).rejects.toThrow(/ENABLE_TEST_FIXTURES/);
  }, 30_000);
});
