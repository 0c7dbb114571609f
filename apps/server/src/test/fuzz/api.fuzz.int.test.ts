import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/tokens';
import { sqlRows } from '../test-app';
import {
  encode,
  admin,
  adminUsername,
  buildFuzz,
  FUZZ_OP,
  FUZZ_RUNS,
  FUZZ_SEED,
  fuzzOperation,
  MARKERS,
  refreshPools,
  responseValidators,
  type Failure,
  type Fuzz,
} from './harness';

/**
 * Fuzzes every operation of the OpenAPI document (read from the app itself, so a new route is
 * fuzzed without touching this file), anonymously and as the facility's administrator, with
 * schema-valid and hostile params, queries and bodies. Every answer: no 5xx, the house's
 * envelope, a Vietnamese message, and on success the operation's response schema.
 * Then the captured log must hold no planted personal data, token or password hash.
 *
 * Replay: FUZZ_SEED=<seed> [FUZZ_RUNS=<n>] [FUZZ_OP='<METHOD /path>'] npx vitest run apps/server/src/test/fuzz
 */
let f: Fuzz;
let elapsed = 0;

beforeAll(async () => {
  f = await buildFuzz();
}, 120_000);
afterAll(() => f?.close());

const phase = (method: string) => (method === 'GET' ? 0 : method === 'DELETE' ? 2 : 1);

function summary(failures: Failure[]): string {
  const groups = new Map<string, { n: number; first: Failure }>();
  for (const x of failures) {
    const cause = (x.log[0] ?? '').replace(/\d+/g, 'N').slice(0, 160);
    const key = `${x.op} | ${x.status} | ${x.problem.replace(/\d+ ms/, '').slice(0, 120)} | ${cause}`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { n: 1, first: x });
  }
  const file = path.join(os.tmpdir(), `portal-fuzz-failures-${FUZZ_SEED}.json`);
  fs.writeFileSync(file, JSON.stringify(failures, null, 1));
  const out = [...groups.values()].map(
    ({ n, first: x }) =>
      `- ${x.op} (${x.who}) ×${n}: ${x.status} ${x.problem}\n    input: ${x.input}\n    body: ${x.body}${x.log.length ? `\n    log: ${x.log.slice(0, 2).join(' || ')}` : ''}`,
  );
  return `${failures.length} failing answers in ${groups.size} groups (seed ${FUZZ_SEED}, runs ${FUZZ_RUNS}; replay: FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS} npm run fuzz; all failures in ${file}):\n${out.join('\n')}`;
}

describe('API fuzz over every OpenAPI operation', () => {
  it('reads the whole operation table from the app', () => {
    const keys = f.ops.map((o) => o.key);
    expect(keys.length).toBeGreaterThan(150);
    expect(keys).toContain('PUT /api/his/v1/user/login');
    expect(keys).toContain('POST /api/appointment/v1');
    expect(keys).toContain('POST /api/his/v1/vendor/users/{userId}/upload-results');
    expect(keys.some((k) => k.includes('/api/test/'))).toBe(false); // test fixtures stay off
  });

  it(
    'answers every operation, valid or hostile, anonymous or admin: no 5xx, the envelope, Vietnamese, the response schema',
    async () => {
      const started = performance.now();
      const validators = responseValidators(f);
      const ops = f.ops.filter((o) => !FUZZ_OP || o.key.includes(FUZZ_OP)).sort((a, b) => phase(a.method) - phase(b.method));
      let previous = 0;
      for (const op of ops) {
        // new rows made by the writes become targets of the deletes
        if (phase(op.method) !== previous) await refreshPools(f);
        previous = phase(op.method);
        await fuzzOperation(f, op, validators.get(op.key)!, { seed: FUZZ_SEED, runs: FUZZ_RUNS });
      }
      elapsed = performance.now() - started;
      const statuses = [...f.statuses]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ');
      console.info(
        `[fuzz] seed ${FUZZ_SEED}, ${ops.length} operations, ${f.requests} requests in ${(elapsed / 1000).toFixed(1)} s, ${f.relogins} re-sign-ins, ${f.failures.length} failing answers; ${f.succeeded.size} operations answered 2xx at least once; answers: ${statuses}`,
      );
      if (f.unlogged.size)
        console.info(`[fuzz] answers without a log line: ${[...f.unlogged].map(([k, u]) => `${k} ×${u.n} (e.g. ${u.example.slice(0, 120)})`).join('; ')}`);
      if (process.env.FUZZ_VERBOSE)
        console.info(
          `[fuzz] never 2xx: ${ops
            .filter((o) => !f.succeeded.has(o.key))
            .map((o) => o.key)
            .join('\n  ')}`,
        );
      if (f.failures.length) expect.fail(summary(f.failures));
    },
    Number(process.env.FUZZ_TIMEOUT_MS ?? Math.max(170_000, FUZZ_RUNS * 20_000)),
  );

  it('keeps the planted personal data, every token and every password hash out of the log', async () => {
    // Requests that carry the planted data, well-formed and hostile, so that any path that logs
    // input or rows (errors included) would show it.
    const token = await admin(f);
    const auth = { authorization: `Bearer ${token}` };
    const [u] = await sqlRows<{ id: number }>(
      f,
      sql`SELECT user_id AS id FROM medical_profiles WHERE facility_id = ${f.facilityId} AND phone = ${MARKERS.phone} LIMIT 1`,
    );
    const [p] = await sqlRows<{ id: number }>(f, sql`SELECT id FROM medical_profiles WHERE facility_id = ${f.facilityId} AND phone = ${MARKERS.phone} LIMIT 1`);
    const userId = u?.id ?? 1;
    const profileId = p?.id ?? 1;
    const searches = [MARKERS.phone, MARKERS.name, MARKERS.cccd, MARKERS.bhyt, MARKERS.email, `${MARKERS.name}\u0000`, `${MARKERS.phone}\ud800`];
    const urls = [
      ...searches.flatMap((q) => [
        `/api/his/v1/vendor/users/search?q=${encode(q)}`,
        `/api/his/v1/vendor/medical-profiles/search?q=${encode(q)}`,
        `/api/his/v1/vendor/medical-profiles/suggest?q=${encode(q)}`,
        `/api/appointment/v1?q=${encode(q)}`,
        `/api/catalog/v1/emr/medical-services/lookup?name=${encode(q)}`,
      ]),
      `/api/his/v1/vendor/users/${userId}`,
      `/api/his/v1/vendor/users/${userId}/medical-profile-exts`,
      `/api/his/v1/vendor/users/${userId}/histories`,
      `/api/his/v1/vendor/users/export?q=${encode(MARKERS.phone)}`,
      `/api/his/v1/vendor/${encode(MARKERS.cccd)}/histories`,
    ];
    for (const url of urls) {
      await f.app.inject({ method: 'GET', url, headers: auth });
      await f.app.inject({ method: 'GET', url });
    }
    for (const allergies of [MARKERS.allergy, `${MARKERS.allergy}\u0000`, `${MARKERS.allergy}\ud800`, MARKERS.allergy.repeat(500)]) {
      await f.app.inject({
        method: 'PUT',
        url: `/api/his/v1/vendor/users/${userId}/medical-profile-exts`,
        headers: auth,
        payload: { profileId, allergies, chronicDiseases: MARKERS.chronic, guardianName: MARKERS.guardian, guardianPhone: MARKERS.phone },
      });
    }
    for (const symptom of [MARKERS.symptom, `${MARKERS.symptom}\u0000`]) {
      await f.app.inject({
        method: 'POST',
        url: '/api/appointment/v1',
        headers: auth,
        payload: { medicalProfileId: profileId, timeSlotId: 2_000_000_000, symptom },
      });
    }
    // sign-in attempts with the planted phone as the user name, and a refresh with a real token
    const wrong = md5('Sai@12345');
    f.secrets.add(wrong);
    await f.app.inject({
      method: 'PUT',
      url: '/api/his/v1/user/login',
      payload: { emailOrPhone: MARKERS.phone, password: wrong },
      remoteAddress: '10.250.0.1',
    });
    const login = await f.app.inject({
      method: 'PUT',
      url: '/api/his/v1/user/login',
      payload: { emailOrPhone: f.pools.emailOrPhone?.[0] ?? 'x', password: wrong },
      remoteAddress: '10.250.0.2',
    });
    expect(login.statusCode).toBeLessThan(500);

    const log = f.lines.join('\n');
    // a line per request (but those the router refuses before routing): the check sees the log
    expect(f.lines.length).toBeGreaterThan(f.requests / 2);
    const lower = log.toLowerCase();
    const leaks: string[] = [];
    for (const marker of ['markerzq', 'marker-', MARKERS.phone, MARKERS.cccd, MARKERS.bhyt, MARKERS.email, adminUsername()])
      if (lower.includes(marker.toLowerCase())) leaks.push(`personal data ${marker}`);
    if (log.includes('$argon2')) leaks.push('an argon2 hash');
    if (/bearer\s+\S/i.test(log)) leaks.push('an Authorization header');
    let secrets = 0;
    for (const s of f.secrets) {
      secrets++;
      if (log.includes(s)) leaks.push(`secret ${s.slice(0, 6)}… (${s.length} chars)`);
    }
    expect(secrets).toBeGreaterThan(2); // the run did hand out tokens and send password hashes
    if (leaks.length) {
      const lines = f.lines
        .filter((l) =>
          leaks.some((x) =>
            l.toLowerCase().includes(
              x
                .replace(/^(personal data |secret )/, '')
                .slice(0, 6)
                .toLowerCase(),
            ),
          ),
        )
        .slice(0, 5);
      expect.fail(`the log leaks: ${[...new Set(leaks)].join(', ')}\n${lines.map((l) => l.slice(0, 400)).join('\n')}`);
    }
  });
});
