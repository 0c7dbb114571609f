import { buildApp } from './app';
import { loadConfig } from './config';
import { bootstrapDatabase } from './db/bootstrap';
import { commonPasswordHashes } from './modules/auth/passwords';

const started = Date.now();
const config = loadConfig();
const bootLog = { info: (msg: string) => config.LOG_LEVEL !== 'silent' && console.log(msg) };
const database = await bootstrapDatabase(config, bootLog);
const app = await buildApp(config, database);
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
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  { port: config.PORT, database: database.kind, node: process.version, ms: Date.now() - started },
  `Cổng quản trị đang chạy tại http://localhost:${config.PORT}`,
);
