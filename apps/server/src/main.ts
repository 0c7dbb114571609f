import { fmt, MSG } from '@portal/shared/messages.vi';
import { buildApp } from './app';
import { loadConfig } from './config';
import { assertPortFree, listenErrorLine, StartupError, startupFailureLine } from './core/startup';
import { bootstrapDatabase } from './db/bootstrap';
import { commonPasswordHashes } from './modules/auth/passwords';

/** Any failure before the server listens: one Vietnamese line on stderr and exit code 1, no stack trace. */
function failStart(e: unknown): never {
  process.stderr.write(`${startupFailureLine(e)}\n`);
  if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(e);
  process.exit(1);
}

const started = Date.now();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
  // before migrating and seeding (~20 s on a first start): a taken port is told at once
  await assertPortFree(config.HOST, config.PORT);
} catch (e) {
  failStart(e);
}
const bootLog = { info: (msg: string) => config.LOG_LEVEL !== 'silent' && console.log(msg) };
const database = await bootstrapDatabase(config, bootLog).catch(failStart);
const app = await buildApp(config, database).catch(async (e) => {
  await database.close().catch(() => undefined);
  failStart(e);
});
commonPasswordHashes(); // built now rather than during the first password change

// Requests still being answered when a stop is asked for; the database closes after them.
let inFlight = 0;
app.addHook('onRequest', async () => {
  inFlight++;
});
app.addHook('onResponse', async () => {
  inFlight--;
});

let closing = false;
/** Resolves when the log's buffered lines are written (at most 2 s: a stop must not hang on a blocked stdout). */
function flushLog(): Promise<void> {
  const log = app.log as unknown as { flush?: (cb: () => void) => void };
  return new Promise((resolve) => {
    setTimeout(resolve, 2_000).unref();
    if (log.flush) log.flush(() => resolve());
    else resolve();
  });
}

async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close(); // stops accepting new connections and requests
    for (let waited = 0; inFlight > 0 && waited < 5_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await database.close(); // PGlite flushes and closes its data directory cleanly
    app.log.info({ signal }, MSG.serverStopped);
  } finally {
    // the log writes to stdout asynchronously: exit once its last lines (the one above) are written, not before
    await flushLog();
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (e) {
  // another program took the port during the start, or the address is not this machine's
  await app.close().catch(() => undefined);
  await database.close().catch(() => undefined);
  const line = listenErrorLine(e, config.HOST, config.PORT);
  failStart(line ? new StartupError(line) : e);
}
const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
app.log.info(
  { host: config.HOST, port: config.PORT, database: database.kind, node: process.version, ms: Date.now() - started },
  fmt(MSG.serverListening, { host: shown, port: config.PORT }),
);
