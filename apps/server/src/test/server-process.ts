import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, it } from 'vitest';
import { testDatabase } from './test-app';

/** Every server process a test file started: one a failed test left running is killed after the file. */
const procs: ChildProcess[] = [];
afterAll(() => procs.forEach((p) => p.exitCode === null && p.signalCode === null && p.kill('SIGKILL')));

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  /** Resolves once /api/health answers (a first start that seeds the demo data takes up to ~60 s on a loaded CI machine). */
  ready: Promise<void>;
  output(): string;
}

/**
 * Starts the real server process (src/main.ts via tsx) on 127.0.0.1:`port`, for the kill -9 and restart
 * tests. Cheap argon2 unless `env` says otherwise; `env` names the database (DATA_DIR for PGlite, or
 * DATABASE_URL) and anything else.
 */
export function startServerProcess(port: number, env: Record<string, string>): ServerProcess {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'main.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  procs.push(proc);
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let i = 0; i < 2400; i++) {
      if (proc.exitCode !== null) throw new Error(`server exited: ${out}`);
      try {
        // bounded: a port held by another program may accept and never answer, and the exit must still be seen
        if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`server did not start: ${out}`);
  })();
  return { proc, url, ready, output: () => out };
}

/** Resolves when the process has ended (at once if it already has). */
/**
 * The process has exited and its output has all been read: 'close', not 'exit' — the last lines written before exiting
 * (the shutdown message) may still be in the pipe when 'exit' comes.
 */
export const exited = (p: ChildProcess) =>
  new Promise<void>((r) => {
    const ended = (s: NodeJS.ReadableStream | null) =>
      !s || (s as { readableEnded?: boolean; destroyed?: boolean }).readableEnded || (s as { destroyed?: boolean }).destroyed;
    if ((p.exitCode !== null || p.signalCode !== null) && ended(p.stdout) && ended(p.stderr)) return r();
    p.once('close', () => r());
  });

/**
 * The two tests of a process scenario: on embedded PGlite (a data directory of its own, removed after the file) when
 * no DATABASE_URL is set, and on the PostgreSQL of DATABASE_URL (a fresh test database) when it is. `run` starts its
 * servers with the `env` it is given, from `port` on.
 */
export function itOnEachDatabase(
  titles: { pglite: string; postgres: string },
  ports: { pglite: number; postgres: number },
  run: (env: Record<string, string>, port: number) => Promise<unknown>,
  timeoutMs = 240_000,
): void {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  it.skipIf(!!process.env.DATABASE_URL)(
    titles.pglite,
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-process-'));
      dirs.push(dir);
      await run({ DATABASE_URL: '', DATA_DIR: dir }, ports.pglite);
    },
    timeoutMs,
  );
  it.skipIf(!process.env.DATABASE_URL)(
    titles.postgres,
    async () => {
      const database = await testDatabase();
      try {
        await run({ DATABASE_URL: database.url! }, ports.postgres);
      } finally {
        await database.close();
      }
    },
    timeoutMs,
  );
}
