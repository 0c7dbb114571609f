import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../core/db';
import { syncAreas } from '../db/reference-catalogs';

/**
 * Makes one migrated template for the whole run: on PostgreSQL (DATABASE_URL) a template
 * database that each test file clones; on PGlite a data-dir dump each test file loads.
 */
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `portal_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const u = new URL(url);
    u.pathname = `/${template}`;
    const database = await openDatabase({ url: u.toString(), poolSize: 2 });
    await database.migrate();
    await syncAreas(database);
    await database.close();
    provide('pgTemplate', template);
    return async () => {
      // drop the clones the test files left behind, then the template
      const res = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'portal_t_${process.pid}_%'`);
      for (const r of res.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  await syncAreas(database);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.resolve('.tmp', `pglite-template-${process.pid}.tar`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  provide('pgliteTemplate', file);
  return () => fs.rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
  }
}
