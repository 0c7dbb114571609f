import { createHash } from 'node:crypto';
import { describe, expect } from 'vitest';
import { GENERAL_CONFIG_PATH as P } from '@portal/shared/contracts/settings.contract';
import { itOnEachDatabase, startServerProcess } from '../../test/server-process';

/**
 * The settings accessor across real server processes (issue 18): a value changed through one instance is what the
 * next request to every instance reads, with no restart — on PostgreSQL two server processes on one database (the
 * change reaches the other through LISTEN/NOTIFY), on embedded PGlite the one process (a single instance holds the
 * data directory). Each instance has read (and cached) the old value before the change.
 */
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const start = (env: Record<string, string>, port: number) =>
  startServerProcess(port, { NODE_ENV: 'development', SEED_DEMO: 'false', ENABLE_TEST_FIXTURES: '1', ...env });

async function changeSeenEverywhere(env: Record<string, string>, port: number, instances: number) {
  const servers: ReturnType<typeof start>[] = [];
  try {
    // one after the other: the first migrates the database and makes its first facility
    for (let i = 0; i < instances; i++) {
      servers.push(start(env, port + i));
      await servers[i]!.ready;
    }
    const [a] = servers;
    const username = `settings_proc_${process.pid}_${port}`;
    const fx = await fetch(`${a!.url}/api/test/v1/fixtures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accounts: [{ username, password: 'Caidat@123', authorities: ['MANAGER_SETTING'] }] }),
    });
    expect(fx.status, await fx.clone().text()).toBe(200);
    const login = await fetch(`${a!.url}/api/his/v1/user/login`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrPhone: username, password: md5('Caidat@123') }),
    });
    const token = ((await login.json()) as { data: { loginToken: string } }).data.loginToken;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const read = async (url: string) =>
      ((await (await fetch(`${url}${P}/constant/BOOKING_WINDOW_DAYS`, { headers })).json()) as { data: { value: number } }).data.value;
    for (const s of servers) expect(await read(s.url)).toBe(180);

    const put = await fetch(`${a!.url}${P}/BOOKING_WINDOW_DAYS`, { method: 'PUT', headers, body: JSON.stringify({ value: 45 }) });
    expect(put.status, await put.clone().text()).toBe(200);
    // the writing instance at once; the others as soon as the commit's NOTIFY arrives (well under a second)
    expect(await read(a!.url)).toBe(45);
    for (const s of servers.slice(1)) {
      const until = Date.now() + 5_000;
      while ((await read(s.url)) !== 45 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      expect(await read(s.url)).toBe(45);
    }
    // and back to the default
    expect((await fetch(`${servers.at(-1)!.url}${P}/BOOKING_WINDOW_DAYS`, { method: 'DELETE', headers })).status).toBe(200);
    for (const s of servers) {
      const until = Date.now() + 5_000;
      while ((await read(s.url)) !== 180 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      expect(await read(s.url)).toBe(180);
    }
  } finally {
    for (const s of servers) s.proc.kill('SIGTERM');
  }
}

describe('settings across server processes', () => {
  itOnEachDatabase(
    {
      pglite: 'on embedded PGlite: a change shows on the next request of the running server, without a restart',
      postgres: 'on PostgreSQL: a change made through one server process shows on the next request of another',
    },
    { pglite: 3501, postgres: 3503 },
    (env, port) => changeSeenEverywhere(env, port, env.DATA_DIR ? 1 : 2),
  );
});
