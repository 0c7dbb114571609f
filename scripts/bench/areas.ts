import { openDatabase } from '../../apps/server/src/core/db';
import { syncAreas } from '../../apps/server/src/db/reference-catalogs';
import { validateAddress } from '../../apps/server/src/modules/catalog/address';
import { addressData } from '../../apps/server/src/modules/catalog/address.service';

/**
 * The national areas (issue 15) on an embedded PGlite: loading the shipped files on an empty database
 * (~14,400 units, ~10,600 conversions: what a first start adds), the next start (one row read), the
 * address index built from the table, and 3,000 validations of real old and new addresses.
 */
export async function areasBench(): Promise<string> {
  const db = await openDatabase({});
  try {
    await db.migrate();
    let t = performance.now();
    const { loaded } = await syncAreas(db);
    const first = performance.now() - t;
    t = performance.now();
    await syncAreas(db);
    const again = performance.now() - t;
    t = performance.now();
    const { index } = await addressData(db);
    const build = performance.now() - t;
    const inputs = [
      { province: 'Hà Nội', district: 'Quận Ba Đình', ward: 'Phường Phúc Xá' },
      { province: 'ha noi', district: 'ba dinh', ward: 'dien bien' },
      { province: 'TP HCM', ward: 'Phường 1' },
      { ward: 'Phường Hoàng Mai' },
      { province: '79', ward: '26740' },
      { province: 'Hà Nội', ward: 'Phường Không Có' },
    ];
    const times: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const s = performance.now();
      validateAddress(index, inputs[i % inputs.length]!);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(2);
    return `load ${loaded} areas + conversions on empty PGlite ${first.toFixed(0)} ms; next start ${again.toFixed(1)} ms; address index from the table ${build.toFixed(0)} ms; validate p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`;
  } finally {
    await db.close();
  }
}
