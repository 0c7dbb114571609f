import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const serverEntry = path.join(root, 'apps', 'server', 'dist', 'main.js');

export interface RunningServer {
  url: string;
  proc: ChildProcess;
  startMs: number;
  stop(): Promise<void>;
}

/** Starts the built server and resolves when /api/health answers; startMs = spawn to first answer. */
/** The heap cap `npm start` gives the server (package.json, SERVER_HEAP_MB), so a bench measures the server as it runs. */
export const SERVER_NODE_ARGS = [`--max-old-space-size=${process.env.SERVER_HEAP_MB ?? 1024}`];

export async function startServer(env: Record<string, string>, port: number, nodeArgs: string[] = SERVER_NODE_ARGS): Promise<RunningServer> {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const t0 = performance.now();
  const proc = spawn(process.execPath, [...nodeArgs, serverEntry], {
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - t0;
  return {
    url,
    proc,
    startMs,
    stop: () =>
      new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

/** A fresh PostgreSQL database for a benchmark (DATABASE_URL's server, default the local one). */
export async function freshPgDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const db = `portal_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${db}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await c.end();
    },
  };
}

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export async function loginToken(url: string, username: string, password: string): Promise<string> {
  const r = await fetch(`${url}/api/his/v1/user/login`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrPhone: username, password: md5(password) }),
  });
  const body = (await r.json()) as { data: { loginToken: string } };
  return body.data.loginToken;
}

/** A process's resident memory in MB (0 once it has exited). */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
