/**
 * `npm run seed -- --scale large`: adds benchmark volumes to the database the server would use
 * (DATABASE_URL, else PGlite under DATA_DIR). The demo data is seeded first when the database is empty.
 *   --scale large   100,000 medical services and 500,000 patient accounts (with family profiles) for the demo facility,
 *                   then 1,000,000 bookings over 90 days around today (bookings-large.ts)
 *   --scale bookings   only the 1,000,000 bookings (the bookings benchmarks)
 */
import { loadConfig } from '../../config';
import { bootstrapDatabase } from '../bootstrap';
import { analyzeCatalog, seedServices } from './catalog';
import { generateServices } from './services-data';
import { seedLargePatients } from './patients';
import { seedLargeBookings } from './bookings-large';

const SCALES: Record<string, { services: number; patients?: number; bookings?: number }> = {
  demo: { services: 0 },
  large: { services: 100_000, patients: 500_000, bookings: 1_000_000 },
  bookings: { services: 0, bookings: 1_000_000 },
};

const args = process.argv.slice(2);
const scaleName = args[args.indexOf('--scale') + 1] ?? 'demo';
const scale = args.includes('--scale') ? SCALES[scaleName] : SCALES.demo;
if (!scale) {
  console.error(`Không có quy mô "${scaleName}". Có: ${Object.keys(SCALES).join(', ')}`);
  process.exit(2);
}

const config = loadConfig();
const database = await bootstrapDatabase(config, console);
const [facility] = await database.query<{ id: number }>('', 'SELECT id FROM facilities ORDER BY id LIMIT 1', []);
const t0 = Date.now();
if (scale.services) {
  const added = await database.transaction((tx) => seedServices(tx, facility!.id, generateServices(scale.services)));
  await analyzeCatalog(database);
  console.log(`Đã thêm ${added} dịch vụ (${Date.now() - t0} ms)`);
}
if (scale.patients) {
  const t1 = Date.now();
  const added = await seedLargePatients(database, facility!.id, scale.patients, console.log);
  console.log(`Đã thêm ${added} tài khoản bệnh nhân (${Date.now() - t1} ms)`);
}
if (scale.bookings) {
  const t2 = Date.now();
  const added = await seedLargeBookings(database, facility!.id, scale.bookings, console.log);
  console.log(`Đã thêm ${added} lịch đặt khám (${Date.now() - t2} ms)`);
}
await database.close();
