import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Authority } from '@portal/shared';
import type { Database, Executor } from './db';

/** The one PostgreSQL channel every server instance listens on. */
export const LIVE_CHANNEL = 'portal_live';

/**
 * A change other open screens should see at once: small (ids, not rows — a NOTIFY payload is
 * capped at 8,000 bytes), scoped to one facility and one topic.
 */
export interface LiveEvent {
  facilityId: number;
  topic: string;
  type: string;
  id?: number | string;
  data?: Record<string, unknown>;
}

export type LiveListener = (event: LiveEvent) => void;

export interface LiveHub {
  /**
   * Publishes inside the write's transaction: PostgreSQL delivers a NOTIFY only when that
   * transaction commits, so a rolled-back write never reaches a screen.
   */
  publish(ex: Executor, event: LiveEvent): Promise<void>;
  /** Every event of every facility, as it arrives from PostgreSQL (any server instance's writes). */
  subscribe(listener: LiveListener): () => void;
  close(): Promise<void>;
}

/** Topics a screen may follow, with the authorities any of which opens it (ADMIN_FACILITY passes all). */
export const LIVE_TOPICS = new Map<string, readonly Authority[]>();

export function defineLiveTopic(topic: string, ...authorities: [Authority, ...Authority[]]): void {
  LIVE_TOPICS.set(topic, authorities);
}

function parse(payload: string | undefined, log: FastifyBaseLogger): LiveEvent | null {
  try {
    const e = JSON.parse(payload ?? '') as LiveEvent;
    return typeof e.facilityId === 'number' && typeof e.topic === 'string' ? e : null;
  } catch {
    log.warn('live: unreadable notification');
    return null;
  }
}

/**
 * LISTEN/NOTIFY fan-out. On a PostgreSQL server a dedicated connection listens (and reconnects
 * after a failure), so events written by any instance behind the load balancer reach the sockets
 * of every instance. On embedded PGlite the single instance listens to itself.
 */
export async function openLiveHub(database: Database, log: FastifyBaseLogger): Promise<LiveHub> {
  const listeners = new Set<LiveListener>();
  const deliver = (payload: string | undefined) => {
    const event = parse(payload, log);
    if (event) for (const l of listeners) l(event);
  };
  let stop: () => Promise<void>;

  if (database.kind === 'pglite') {
    const unlisten = await database.pglite!.listen(LIVE_CHANNEL, deliver);
    stop = unlisten;
  } else {
    let client: pg.Client | null = null;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      const c = new pg.Client({ connectionString: database.url });
      c.on('notification', (n) => deliver(n.payload));
      c.on('error', (err) => {
        log.warn({ err: err.message }, 'live: listener connection lost');
        c.end().catch(() => undefined);
        if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${LIVE_CHANNEL}`);
        client = c;
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'live: cannot listen, retrying');
        c.end().catch(() => undefined);
        if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
      }
    };
    await connect();
    stop = async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  }

  return {
    async publish(ex, event) {
      await ex.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await stop();
    },
  };
}
