/**
 * HIS catalogue sync (issue 21): the demo hospital on a fresh embedded PGlite data directory (the product's default;
 * BENCH_HIS_PG=1 on a fresh PostgreSQL database instead), connected to the simulator serving 10,000 services
 * (BENCH_HIS_SERVICES changes it). Measures the public price list alone (p50 at 10 connections), then a full services
 * sync with the price list read at the same time, then a second sync (nothing changes). Budget: the sync under 60 s,
 * the price list's p50 during it under 2× the idle p50.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startHisSimulator } from '../../apps/server/src/modules/his/simulator';
import { freshPgDatabase, loginToken, startServer } from './server';

const LOOKUP = '/api/catalog/v1/emr/medical-services/lookup';

export async function hisSyncBench(port: number): Promise<string> {
  const services = Number(process.env.BENCH_HIS_SERVICES ?? 10_000);
  const onPg = process.env.BENCH_HIS_PG === '1';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-his-'));
  const db = onPg ? await freshPgDatabase('his') : null;
  const his = await startHisSimulator({ port: 0, services, patients: 20 });
  const s = await startServer(db ? { DATABASE_URL: db.url, DATA_DIR: dir } : { DATA_DIR: dir, DATABASE_URL: '' }, port);
  try {
    const headers = { authorization: `Bearer ${await loginToken(s.url, 'admin', 'Admin@123')}`, 'content-type': 'application/json' };
    const api = async (method: string, p: string, body?: unknown) => {
      const r = await fetch(`${s.url}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${await r.text()}`);
      return (await r.json()).data;
    };
    await api('PUT', '/api/his/v1/his-connection', {
      enabled: true,
      baseUrl: his.baseUrl,
      authType: 'NONE',
      hisOrganizationId: his.sim.state.hospitalId,
      patientCodeSystem: 'urn:his:patient-code',
      timeoutSeconds: 30,
      pageSize: 500,
      maxPages: 200,
      syncHour: null,
      nightlyPull: false,
      sendCheckins: false,
    });
    const run = async (kind: string) => {
      const started = await api('POST', `/api/catalog/v1/sync/${kind}`);
      for (;;) {
        const r = await api('GET', `/api/catalog/v1/sync/runs/${started.id}`);
        if (!['QUEUED', 'RUNNING'].includes(r.status)) return r;
        await new Promise((ok) => setTimeout(ok, 200));
      }
    };
    await run('DEPARTMENTS');
    const hospital = (await api('GET', '/api/his/v1/user/me')).facilityId ?? '';
    const url = `${s.url}${LOOKUP}?page=0&size=20&name=xet%20nghiem${hospital ? `&hospitalId=${hospital}` : ''}`;
    const check = await fetch(url);
    if (!check.ok) throw new Error(`${url}: ${check.status} ${await check.text()}`);
    await autocannon({ url, connections: 10, duration: 2 }); // warm-up
    const idle = await autocannon({ url, connections: 10, duration: 5 });

    // the sync, with the price list read all along
    const during = autocannon({ url, connections: 10, duration: 600 });
    const t0 = performance.now();
    const first = await run('SERVICES');
    const firstMs = performance.now() - t0;
    (during as unknown as { stop(): void }).stop();
    const busy = await during;
    const t1 = performance.now();
    const second = await run('SERVICES');
    const secondMs = performance.now() - t1;
    if (first.status !== 'DONE' && first.status !== 'PARTIAL') throw new Error(`first sync ${first.status}: ${first.error}`);
    return [
      `${services.toLocaleString('en')} services from the simulator, ${onPg ? 'PostgreSQL 15' : 'embedded PGlite'}`,
      `  first sync: ${(firstMs / 1000).toFixed(1)} s (created ${first.created}, updated ${first.updated}, unchanged ${first.unchanged}, skipped ${first.skipped}, failed ${first.failed})`,
      `  second sync (nothing changes): ${(secondMs / 1000).toFixed(1)} s (unchanged ${second.unchanged}, created ${second.created}, updated ${second.updated})`,
      `  price list, 10 connections: idle p50 ${idle.latency.p50} ms, p99 ${idle.latency.p99} ms, ${idle.requests.average.toFixed(0)} req/s; during the first sync p50 ${busy.latency.p50} ms, p99 ${busy.latency.p99} ms, ${busy.requests.average.toFixed(0)} req/s, ${busy.non2xx} non-2xx (p50 ratio ${(busy.latency.p50 / Math.max(idle.latency.p50, 1)).toFixed(2)}×)`,
    ].join('\n');
  } finally {
    if (s.proc.exitCode === null) await s.stop();
    await his.close();
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
