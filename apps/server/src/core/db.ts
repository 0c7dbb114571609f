import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import { migrationsDir } from './paths';
import { lockDataDir } from './data-dir-lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: repositories accept both. */
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /** Runs `fn` in one transaction; on PGlite the commit is flushed to disk before this resolves. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** A raw parameterised query for hot paths (prepared by name on PostgreSQL). */
  query<R>(name: string, text: string, params: unknown[]): Promise<R[]>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite handle, for tests that dump or load a data directory. */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** The server's connection string (pg only): long-lived listeners open their own connection. */
  url?: string;
}

export interface DatabaseOptions {
  url?: string;
  /** PGlite data directory; undefined = in memory. */
  dataDir?: string;
  /** A PGlite data-dir dump (tar) to start from, for fast test fixtures. */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

// Timestamps travel as ISO strings so both drivers agree.
pg.types.setTypeParser(1114, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v)); // bigint counts fit in a JS number here

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPg(opts.url, opts.poolSize ?? 20);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPg(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'pg',
    db,
    pool,
    url,
    transaction: (fn) => db.transaction((tx) => fn(tx as Tx)),
    async query<R>(name: string, text: string, params: unknown[]) {
      const res = await pool.query({ name, text, values: params as unknown[] });
      return res.rows as R[];
    },
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: migrationsDir }),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob | File): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm, unaccent } });
  } catch (e) {
    release();
    throw e;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async transaction(fn) {
      const result = await db.transaction((tx) => fn(tx as Tx));
      // PGlite's transaction() resolves before the commit is synced to disk (pglite#1065):
      // flush explicitly so an acknowledged write survives a crash.
      await client.syncToFs();
      return result;
    },
    async query<R>(_name: string, text: string, params: unknown[]) {
      const res = await client.query<R>(text, params);
      return res.rows;
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir }),
    async close() {
      if (!client.closed) await client.close();
      release();
    },
  };
}
