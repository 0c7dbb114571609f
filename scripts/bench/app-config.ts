import autocannon from 'autocannon';
import { APP_PUBLIC_PATHS, BANNERS_PATH } from '../../packages/shared/src/contracts/app-config.contract';
import { freshPgDatabase, loginToken, startServer } from './server';

/**
 * The patient app's public home menu and banners (issue 18): every phone of a hospital asks them at each start. On a
 * fresh PostgreSQL database with the demo data (12 entries, 5 banners of the demo hospital BVDK-AP), the built server;
 * 50 connections for 10 s on each public read (after a 3 s warm-up), then the time from hiding a banner (the admin
 * PUT) until the public list no longer has it, through the per-facility cache that the write drops.
 */
export async function appConfigBench(port: number): Promise<string> {
  const db = await freshPgDatabase('appconfig');
  const s = await startServer({ DATABASE_URL: db.url }, port);
  try {
    const out: string[] = [];
    for (const kind of ['menu', 'banners'] as const) {
      const url = `${s.url}${APP_PUBLIC_PATHS[kind]}?facilityCode=BVDK-AP&platform=ANDROID`;
      await autocannon({ url, connections: 50, duration: 3 });
      const r = await autocannon({ url, connections: 50, duration: 10 });
      if (r.non2xx) throw new Error(`${kind}: ${r.non2xx} non-2xx answers`);
      out.push(`${kind}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
    }
    const token = await loginToken(s.url, 'admin', 'Admin@123');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const publicUrl = `${s.url}${APP_PUBLIC_PATHS.banners}?facilityCode=BVDK-AP&platform=ANDROID`;
    const ids = async () => ((await (await fetch(publicUrl)).json()) as { data: { id: number }[] }).data.map((b) => b.id);
    const [first] = await ids();
    const t0 = performance.now();
    const put = await fetch(`${s.url}${BANNERS_PATH}/${first}/visible`, { method: 'PUT', headers, body: JSON.stringify({ visible: false }) });
    if (!put.ok) throw new Error(`${put.status} ${await put.text()}`);
    const writeMs = performance.now() - t0;
    while ((await ids()).includes(first!)) await new Promise((r) => setTimeout(r, 5));
    const goneMs = performance.now() - t0;
    out.push(`hide a banner: the PUT ${writeMs.toFixed(0)} ms, gone from the public list ${goneMs.toFixed(0)} ms after it started`);
    return out.join('; ');
  } finally {
    await s.stop();
    await db.drop();
  }
}
