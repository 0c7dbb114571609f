import path from 'node:path';
import { z } from 'zod';
import { DAY_TIME_RE } from '@portal/shared/rules/booking-time';
import { StartupError } from './core/startup';

const bool = z.union([z.boolean(), z.string()]).transform((v) => (typeof v === 'boolean' ? v : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

/** Every knob of the server, read from the environment. Each has a default (README lists them). */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Listen address; default 127.0.0.1 (the demo publishes its passwords), 0.0.0.0 when NODE_ENV=production. */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL server; when empty the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed Vietnamese demo data into an empty database (default: on unless NODE_ENV=production). */
  SEED_DEMO: bool.optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** Name of the facility created at the first production start. */
  FACILITY_NAME: z.string().default('Cơ sở y tế'),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_THROTTLE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** argon2id cost (OWASP: m=19 MiB, t=2, p=1). Hashes made with other costs are upgraded at sign-in. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).default(1),
  /** Test-only routes under /api/test/v1 used by end-to-end fixtures; refused in production. */
  ENABLE_TEST_FIXTURES: bool.default(false),
  TRUST_PROXY: bool.default(false),
  /** Seconds a public price-list answer is reused in process (0 = off); proxies may cache 60 s. */
  PRICE_LIST_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** How often an open live-updates socket re-checks its session (logout, lock, lost authority). */
  LIVE_SESSION_CHECK_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /** Seconds a signed-in session is remembered in process (0 = off); any change to sessions, accounts, roles or facilities forgets them all. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** Seconds the booking day list (pages and counts per status) is reused in process (0 = off); every booking write clears it. */
  BOOKING_LIST_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** Minutes after a slot's end past which a check-in must be confirmed and is logged as late (docs/booking-states.md). */
  LATE_CHECKIN_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(60),
  /** Days the audit log keeps a row on line (default 5 years); the nightly logs.archive job moves older rows to audit_log_archive. */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(1826),
  /** The no-show hour, HH:mm +07:00 (24:00 = once the day is over): an accepted booking not checked in by then on its day becomes NO_SHOW. */
  NO_SHOW_AT: z.string().regex(DAY_TIME_RE, 'giờ dạng HH:mm từ 00:00 đến 24:00').default('24:00'),
  /** SMS provider: RECORD keeps each message in the database and marks it delivered (works with no account); ESMS sends through eSMS.vn. */
  SMS_PROVIDER: z.enum(['RECORD', 'ESMS']).default('RECORD'),
  ESMS_API_KEY: z.string().optional(),
  ESMS_SECRET_KEY: z.string().optional(),
  /** eSMS endpoint (default https://rest.esms.vn/MainService.svc/json); tests point it at the fake provider. */
  ESMS_BASE_URL: z.url().optional(),
  /** FCM's endpoint (the benchmark points it at the fake provider). */
  FCM_BASE_URL: z.url().optional(),
  /** eSMS checks each request but neither sends nor charges. */
  ESMS_SANDBOX: bool.optional().default(false),
  /** The registered sender name shown to patients. */
  SMS_BRANDNAME: z.string().max(11).optional(),
  /** The server's public address (https://portal.benhvien.vn): the SMS provider calls its delivery reports back there. */
  PUBLIC_URL: z.url().optional(),
  /** The secret in the delivery-report address given to eSMS (its callback has no signature); with PUBLIC_URL, turns the reports on. */
  SMS_CALLBACK_TOKEN: z.string().min(24, 'ít nhất 24 ký tự').optional(),
  /** Seconds a message may stay "sending" before another run of the job takes it again (its sender died); eSMS's RequestId stops a double send. */
  SMS_SENDING_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** A notification left SENDING by a job that died is taken again after this long. */
  NOTIFY_SENDING_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Price of one SMS part in VND, for the composer's estimate. */
  SMS_PRICE_PER_PART: z.coerce.number().int().min(0).max(100_000).default(800),
  /**
   * Key (32 bytes, base64) that encrypts the notification providers' secrets (AES-256-GCM) in notify_channel_settings.
   * Without it, a channel can only stay on the recording provider.
   */
  NOTIFY_SECRET_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, '32 byte dạng base64 (openssl rand -base64 32)')
    .optional(),
  /**
   * Key (32 bytes, base64) that encrypts the HIS connection's password, token or client secret (AES-256-GCM) in
   * his_connections. Without it, only a HIS without authentication can be configured.
   */
  HIS_SECRET_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, '32 byte dạng base64 (openssl rand -base64 32)')
    .optional(),
  /** Serve the HIS simulator (docs/his.md) at /his-simulator/fhir/R4; the demo connects to it. On by default in development (the demo), off in test and production. */
  HIS_SIMULATOR: z.enum(['on', 'off']).optional(),
  /** Days a patient app's sign-in stays valid. */
  PATIENT_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
});

export type Config = Omit<z.infer<typeof configSchema>, 'HOST'> & { HOST: string; seedDemo: boolean; dataDir: string; hisSimulator: boolean };

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new StartupError(`Cấu hình không hợp lệ: ${lines}`);
  }
  const c = parsed.data;
  if (c.ENABLE_TEST_FIXTURES && c.NODE_ENV === 'production') {
    throw new StartupError('ENABLE_TEST_FIXTURES không được bật khi NODE_ENV=production');
  }
  if (c.SMS_PROVIDER === 'ESMS' && !(c.ESMS_API_KEY && c.ESMS_SECRET_KEY && c.SMS_BRANDNAME)) {
    throw new StartupError('SMS_PROVIDER=ESMS cần ESMS_API_KEY, ESMS_SECRET_KEY và SMS_BRANDNAME');
  }
  return {
    ...c,
    HOST: c.HOST ?? (c.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    seedDemo: c.SEED_DEMO ?? c.NODE_ENV !== 'production',
    hisSimulator: c.HIS_SIMULATOR ? c.HIS_SIMULATOR === 'on' : c.NODE_ENV === 'development',
    dataDir: path.resolve(c.DATA_DIR),
    ...overrides,
  };
}
