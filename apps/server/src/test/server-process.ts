import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll } from 'vitest';

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
export const exited = (p: ChildProcess) => new Promise<void>((r) => (p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r())));
