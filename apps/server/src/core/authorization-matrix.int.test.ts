import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORITIES, MSG, type Authority } from '@portal/shared';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../test/test-app';
import { accessTable, type RouteAccess } from './access';

/**
 * The authorization matrix: EVERY API route the app registers (read from the access-control
 * table, so routes added later are covered without touching this file) is called
 *  - without a token: public routes answer (not 401/403), the others 401 (a calling screen's or kiosk's too);
 *  - for a route needing authority X, by an account holding every other authority except
 *    ADMIN_FACILITY: 403 with the spec's body.
 * Nothing may be written except one FORBIDDEN audit row per refusal.
 */
let t: TestApp;
let routes: RouteAccess[];
const tokenLacking = new Map<string, string>();

/** The FHIR façade answers in FHIR's format: an OperationOutcome with the same Vietnamese text (modules/his/facade). */
const isFhir = (url: string) => url.startsWith('/fhir/');
const forbiddenBody = (url: string) =>
  isFhir(url)
    ? { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'forbidden', details: { text: MSG.forbidden } }] }
    : { code: 403, message: MSG.forbidden };
const refusalText = (body: { message?: string; issue?: { details?: { text?: string } }[] }) => body.message ?? body.issue?.[0]?.details?.text;

/** Path parameters filled with a dummy id. */
const concrete = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
const label = (r: RouteAccess) => `${r.method} ${r.url}`;

async function fingerprint(): Promise<Record<string, string>> {
  const tables = await sqlRows<{ name: string }>(
    t,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (name === 'audit_log' || name === 'sessions') {
      const [row] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`);
      out[name] = `count ${row!.n}`;
    } else {
      const [row] = await sqlRows<{ h: string }>(
        t,
        sql`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${sql.identifier(name)} x`,
      );
      out[name] = row!.h;
    }
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp({ ENABLE_TEST_FIXTURES: '1' });
  routes = accessTable(t.app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
  const managers = AUTHORITIES.filter((a) => a !== 'ADMIN_FACILITY');
  // One account lacking each authority, and one lacking every authority of each "any of" list.
  const lacks = [
    ...AUTHORITIES.map((a) => [a] as readonly Authority[]),
    ...routes.flatMap((r) => (Array.isArray(r.access) ? [r.access as readonly Authority[]] : [])),
  ];
  const keyOf = (missing: readonly Authority[]) => [...missing].sort().join('+');
  const distinct = [...new Map(lacks.map((m) => [keyOf(m), m])).values()];
  const { accounts } = await makeFacility(
    t,
    distinct.map((missing) => ({ key: keyOf(missing), authorities: managers.filter((a) => !missing.includes(a)) })),
  );
  for (const m of distinct) tokenLacking.set(keyOf(m), (await login(t, accounts[keyOf(m)]!)).loginToken);
});
afterAll(() => t.close());

describe('authorization matrix over every registered route', () => {
  it('sees the whole route table, including the admin routes', () => {
    const names = routes.map(label);
    expect(names.length).toBeGreaterThan(40);
    expect(names).toContain('PUT /api/his/v1/vendor/accounts/:id/locked');
    expect(names).toContain('GET /api/his/v1/roles');
    expect(names).toContain('PUT /api/his/v1/user/login');
    expect(names).toContain('GET /fhir/R4/Appointment');
    for (const a of AUTHORITIES) expect(names).toContain(`GET /api/test/v1/authority/${a}`);
  });

  it('refuses every route to a caller lacking its authority, answers public routes and 401s the rest, writing nothing', async () => {
    const before = await fingerprint();
    let refusals = 0;
    const failures: string[] = [];
    for (const r of routes) {
      const url = concrete(r.url);
      const anonymous = await t.app.inject({ method: r.method as 'GET', url });
      if (r.access === 'public') {
        if (anonymous.statusCode === 401 || anonymous.statusCode === 403) failures.push(`${label(r)} public but ${anonymous.statusCode}`);
        continue;
      }
      // a calling screen's or kiosk's route: no link token, no entry (the screen says its link is no longer valid)
      if (r.access === 'screen') {
        if (anonymous.statusCode !== 401) failures.push(`${label(r)} without a screen token: ${anonymous.statusCode}`);
        continue;
      }
      if (anonymous.statusCode !== 401 || refusalText(anonymous.json()) !== MSG.unauthorized)
        failures.push(`${label(r)} without token: ${anonymous.statusCode}`);
      if (r.access === 'signed-in' || r.access === 'patient') continue;
      const res = await t.app.inject({
        method: r.method as 'GET',
        url,
        headers: bearer(tokenLacking.get(typeof r.access === 'string' ? r.access : [...r.access].sort().join('+'))!),
      });
      refusals += 1;
      if (res.statusCode !== 403) failures.push(`${label(r)} lacking ${r.access}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      else if (JSON.stringify(res.json()) !== JSON.stringify(forbiddenBody(r.url))) failures.push(`${label(r)}: body ${res.body}`);
    }
    expect(failures).toEqual([]);
    expect(refusals).toBeGreaterThan(20);

    const after = await fingerprint();
    const auditBefore = Number(before.audit_log!.split(' ')[1]);
    expect({ ...after, audit_log: 'x' }).toEqual({ ...before, audit_log: 'x' });
    expect(Number(after.audit_log!.split(' ')[1])).toBe(auditBefore + refusals);
    const [row] = await sqlRows<{ n: number; forbidden: number }>(
      t,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE action = 'FORBIDDEN')::int AS forbidden FROM (SELECT action FROM audit_log ORDER BY id DESC LIMIT ${refusals}) x`,
    );
    expect(row).toEqual({ n: refusals, forbidden: refusals });
  });
});
