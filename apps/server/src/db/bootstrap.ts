import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { openDatabase, type Database } from '../core/db';
import { diskStorage, filesDir } from '../core/file-storage';
import { hashCost } from '../core/password-cost';
import { hisSimulatorUrl, seedDemo } from './seed/demo';
import { seedProduction } from './seed/production';
import { syncAreas } from './reference-catalogs';

/** Opens the configured database, applies committed migrations and seeds an empty one. */
export async function bootstrapDatabase(config: Config, log: Pick<FastifyBaseLogger, 'info'>): Promise<Database> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  await syncAreas(database);
  const [{ n }] = await database.query<{ n: number }>('count_facilities', 'SELECT count(*)::int AS n FROM facilities', []);
  if (Number(n) === 0) {
    const cost = hashCost({ config });
    if (config.seedDemo) {
      const hisUrl = config.hisSimulator ? hisSimulatorUrl(config.PORT) : undefined;
      await seedDemo(database, cost, new Date(), diskStorage(filesDir(config.dataDir)), config.dataDir, hisUrl);
      log.info('seeded Vietnamese demo data');
    } else {
      const admin = await seedProduction(database, cost, config.FACILITY_NAME);
      // Printed once, on purpose outside the log stream: it must be changed at first sign-in.
      process.stdout.write(
        `\n=== Tài khoản quản trị đầu tiên ===\nTên đăng nhập: ${admin.username}\nMật khẩu một lần: ${admin.password}\n(Bắt buộc đổi mật khẩu ở lần đăng nhập đầu tiên; mật khẩu này không được hiển thị lại.)\n\n`,
      );
    }
  }
  return database;
}
