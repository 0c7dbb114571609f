/**
 * Issue 15 budgets, on PostgreSQL seeded with `npm run seed -- --scale large` (500,000 patient accounts
 * with their family profiles, about 1,000,000 bookings, 100,000 services):
 * - `smart-search`: GET /api/catalog/v1/smart-search as ADMIN_FACILITY (every group searched) with one
 *   client, per kind of query; budget p50 under 30 ms.
 * - `acronyms`: what acronym expansion adds to a price-list search (server cache off): the same searches
 *   with the facility's acronyms active and with them all switched off; budget under 1 ms.
 * BENCH_SEARCH_DATABASE_URL reuses a database already seeded with --scale large (nothing is dropped;
 * the acronyms switched off for the comparison are switched back on).
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { normalizeText } from '../../packages/shared/src/rules/diacritics';
import { acronymMap, COMMON_ACRONYMS, wordAlternatives } from '../../packages/shared/src/rules/acronyms';
import type { Seed } from './bookings';
import { freshPgDatabase, loginToken, startServer } from './server';

async function seededLarge(seed: Seed, name: string) {
  const reuse = process.env.BENCH_SEARCH_DATABASE_URL;
  if (reuse) return { url: reuse, drop: async () => {} };
  const db = await freshPgDatabase(name);
  await seed(db.url, 'large');
  return db;
}

async function oneClient(url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, headers, connections: 1, duration: 2 }); // warm-up
  const r = await autocannon({ url, headers, connections: 1, duration: 5 });
  if (r.non2xx) throw new Error(`${r.non2xx} non-2xx answers from ${url}`);
  return r;
}

/** Real values of the seeded data to search for: a booking code, a patient code, a CCCD. */
async function samples(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const [f] = (await c.query<{ id: number }>('SELECT id FROM facilities ORDER BY id LIMIT 1')).rows;
    const one = async (q: string) => (await c.query<{ v: string }>(q, [f!.id])).rows[0]!.v;
    return {
      bookingCode: await one('SELECT code AS v FROM bookings WHERE facility_id = $1 ORDER BY id DESC LIMIT 1'),
      patientCode: await one('SELECT patient_code AS v FROM medical_profiles WHERE facility_id = $1 ORDER BY id DESC LIMIT 1'),
      cccd: await one('SELECT cccd AS v FROM medical_profiles WHERE facility_id = $1 AND cccd IS NOT NULL ORDER BY id DESC LIMIT 1'),
      counts: (
        await c.query<{ patients: number; profiles: number; bookings: number; services: number }>(
          `SELECT (SELECT count(*)::int FROM patient_users) AS patients, (SELECT count(*)::int FROM medical_profiles) AS profiles,
                  (SELECT count(*)::int FROM bookings) AS bookings, (SELECT count(*)::int FROM medical_services) AS services`,
        )
      ).rows[0]!,
    };
  } finally {
    await c.end();
  }
}

export async function smartSearchBench(port: number, seed: Seed): Promise<string> {
  const db = await seededLarge(seed, 'smart_search');
  const lines: string[] = [];
  try {
    const s0 = await samples(db.url);
    const s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10' }, port);
    try {
      const headers = { authorization: `Bearer ${await loginToken(s.url, 'admin', 'Admin@123')}` };
      const cases: [string, string][] = [
        ['patient name "nguyen van h"', 'nguyen van h'],
        ['patient name "tran thi thu"', 'tran thi thu'],
        ['phone prefix "0912"', '0912'],
        [`CCCD "${s0.cccd}"`, s0.cccd],
        [`patient code "${s0.patientCode}"`, s0.patientCode],
        [`booking code "${s0.bookingCode}"`, s0.bookingCode],
        [`booking code prefix "${s0.bookingCode.slice(0, 8)}"`, s0.bookingCode.slice(0, 8)],
        ['service words "sieu am bung"', 'sieu am bung'],
        ['acronym "sa bung"', 'sa bung'],
        ['doctor "dang hoang nam"', 'dang hoang nam'],
      ];
      const p50s: number[] = [];
      for (const [label, q] of cases) {
        const url = `${s.url}/api/catalog/v1/smart-search?q=${encodeURIComponent(q)}`;
        const body = (await (await fetch(url, { headers })).json()) as { data: { groups: { group: string; hits: unknown[] }[] } };
        const found = body.data.groups.map((g) => `${g.group} ${g.hits.length}`).join(', ') || 'nothing';
        const r = await oneClient(url, headers);
        p50s.push(r.latency.p50);
        lines.push(`  ${label} (${found}): p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
      }
      const sorted = [...p50s].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const worst = sorted.at(-1)!;
      lines.unshift(`  median of the p50s ${median} ms, worst p50 ${worst} ms (budget: p50 < 30 ms): ${worst < 30 ? 'pass' : 'FAIL'}`);
    } finally {
      await s.stop();
    }
    const n = s0.counts;
    return `one client, ADMIN_FACILITY (all four groups), ${n.patients.toLocaleString('en')} patient accounts (${n.profiles.toLocaleString('en')} profiles), ${n.bookings.toLocaleString('en')} bookings, ${n.services.toLocaleString('en')} services\n${lines.join('\n')}`;
  } finally {
    await db.drop();
  }
}

export async function acronymsBench(_port: number, seed: Seed): Promise<string> {
  const db = await seededLarge(seed, 'acronyms');
  // In process against PostgreSQL: the public lookup's own function (facility, acronyms, SQL, JSON), its
  // answer cache off, with the facility's acronyms (read from the database) and with none (an empty map
  // in the acronym cache), alternating one call of each so that the machine's load weighs on both alike.
  const { openDatabase } = await import('../../apps/server/src/core/db');
  const { acronymCache, facilityAcronyms } = await import('../../apps/server/src/core/acronyms');
  const { lookupServices } = await import('../../apps/server/src/modules/catalog/services.service');
  const { TtlCache } = await import('../../apps/server/src/core/ttl-cache');
  type Ctx = Parameters<typeof lookupServices>[0];
  const database = await openDatabase({ url: db.url, poolSize: 2 });
  // each search, and the same search with the acronym written out (what a user types without acronyms)
  const cases: [string, { type: number; name: string }, string][] = [
    ['"sieu am bung" (no acronym in it), type 30', { type: 30, name: 'sieu am bung' }, 'sieu am bung'],
    ['"sa bung" (SA expanded), type 30', { type: 30, name: 'sa bung' }, 'sieu am bung'],
    ['"ns da day" (NS expanded), all types', { type: -1, name: 'ns da day' }, 'noi soi da day'],
  ];
  try {
    const [facility] = await database.query<{ id: number }>('', 'SELECT id FROM facilities ORDER BY id LIMIT 1', []);
    const on = { config: { PRICE_LIST_CACHE_SECONDS: 0 }, database } as unknown as Ctx;
    const off = { config: { PRICE_LIST_CACHE_SECONDS: 0 }, database } as unknown as Ctx;
    const active = (await facilityAcronyms(on, facility!.id)).size;
    const noAnswerCache = new TtlCache<string>(0, 1);
    const call = async (ctx: Ctx, c: { type: number; name: string }) => {
      const t0 = performance.now();
      const json = await lookupServices(ctx, noAnswerCache, { page: 0, size: 50, hospitalId: facility!.id, ...c });
      return { ms: performance.now() - t0, total: (JSON.parse(json) as { totalElements: number }).totalElements };
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const lines: string[] = [];
    for (const [label, c, written] of cases) {
      const a: number[] = [];
      const b: number[] = [];
      const w: number[] = [];
      let totals = { on: 0, off: 0, written: 0 };
      for (let i = 0; i < 320; i++) {
        acronymCache(off).set(String(facility!.id), new Map()); // no acronyms for this context
        const x = await call(on, c);
        const y = await call(off, c);
        const z = await call(off, { ...c, name: written });
        if (i >= 20) {
          a.push(x.ms);
          b.push(y.ms);
          w.push(z.ms);
        }
        totals = { on: x.total, off: y.total, written: z.total };
      }
      // what the expansion adds: the same typed text with the facility's acronyms against without them
      const added = median(a) - median(b);
      lines.push(
        `  ${label}: with acronyms ${totals.on} matches, median ${median(a).toFixed(2)} ms; the same text without acronyms ${totals.off} matches, ${median(b).toFixed(2)} ms; added by the expansion ${added.toFixed(2)} ms (budget < 1 ms): ${added < 1 ? 'pass' : 'FAIL'}; for comparison, written out "${written}" without acronyms ${totals.written} matches, ${median(w).toFixed(2)} ms (the expanded search ${(median(a) - median(w)).toFixed(2)} ms more)`,
      );
    }
    const map = acronymMap(COMMON_ACRONYMS);
    const t0 = performance.now();
    const N = 100_000;
    for (let i = 0; i < N; i++) wordAlternatives(normalizeText('Sa bụng ns dạ dày').split(' '), map);
    const perSearchUs = ((performance.now() - t0) / N) * 1000;
    lines.push(`  expanding the words of one search in process: ${perSearchUs.toFixed(2)} µs`);
    return `public price-list lookup in process on PostgreSQL, answer cache off, 300 alternating calls each, ${active} acronyms in the facility, 100,000 services\n${lines.join('\n')}`;
  } finally {
    await database.close();
    await db.drop();
  }
}
