import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import { describeErrorForLog, installErrorHandling, pgErrorOf } from './errors';

/** A driver error as pg / PGlite raise it: the message and detail quote the row's values. */
function pgError(code: string, extra: Record<string, string> = {}) {
  return Object.assign(new Error(`new row violates something: "MARK-VALUE"`), { code, detail: 'Key (phone)=(MARK-PHONE) already exists.', ...extra });
}
/** What Drizzle 0.45 throws: its message and stack list every parameter; the driver's error is `cause`. */
const drizzleError = (code: string, extra: Record<string, string> = {}) =>
  new DrizzleQueryError('insert into "t" ("a", "b") values ($1, $2)', ['MARK-PARAM-1', 'MARK-PARAM-2'], pgError(code, extra));

async function answer(err: unknown) {
  const lines: string[] = [];
  const stream = new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) });
  const app = Fastify({ logger: { level: 'trace', stream } });
  installErrorHandling(app);
  app.get('/x/:id', async () => {
    throw err;
  });
  const res = await app.inject({ method: 'GET', url: '/x/1' });
  await app.close();
  return { status: res.statusCode, body: res.json(), log: lines.join('') };
}

describe("database errors: read through Drizzle's wrapper, answered in Vietnamese, logged without values", () => {
  const cases: [string, number, string][] = [
    ['23505', 409, MSG.conflict],
    ['23503', 409, MSG.referenceConflict],
    ['23514', 409, MSG.concurrentChange],
    ['22P02', 400, MSG.validationFailed],
    ['22007', 400, MSG.validationFailed],
    ['22008', 400, MSG.validationFailed],
    ['22003', 400, MSG.validationFailed],
    ['22021', 400, MSG.validationFailed],
    ['22001', 400, MSG.validationFailed],
    ['54000', 400, MSG.validationFailed],
    ['40001', 500, MSG.internalError],
    ['XX000', 500, MSG.internalError],
  ];
  it.each(cases)('SQLSTATE %s → %i', async (code, status, message) => {
    for (const err of [drizzleError(code, { constraint: 'c_name', table: 't' }), pgError(code)]) {
      const res = await answer(err);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ code: status, message });
      expect(res.log).not.toMatch(/MARK-/);
      expect(res.log).not.toContain('Failed query');
    }
  });

  it('the log keeps what helps: code, constraint, table, the query with placeholders, the route', async () => {
    const res = await answer(drizzleError('XX000', { constraint: 'c_name', table: 't' }));
    const line = res.log.split('\n').find((l) => l.includes('unhandled error'))!;
    const entry = JSON.parse(line);
    expect(entry.err).toEqual({ kind: 'database', pgCode: 'XX000', constraint: 'c_name', table: 't', query: 'insert into "t" ("a", "b") values ($1, $2)' });
    expect(entry.route).toBe('/x/:id');
  });

  it('a long query is cut; a Drizzle error without a cause still hides its params', () => {
    const long = new DrizzleQueryError(`select ${'x, '.repeat(500)} $1`, ['MARK'], undefined);
    const d = describeErrorForLog(long);
    expect(JSON.stringify(d)).not.toContain('MARK');
    expect(String(d.query).length).toBeLessThanOrEqual(301);
    expect(pgErrorOf(new Error('plain'))).toBeNull();
    expect(pgErrorOf(Object.assign(new Error('fastify'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' }))).toBeNull();
  });
});
