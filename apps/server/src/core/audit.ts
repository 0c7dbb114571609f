import { auditLog } from '../db/schema';
import type { Caller, Origin } from './caller';
import type { Executor } from './db';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Overrides for actions without a signed-in actor (failed sign-in, seeding). */
  facilityId?: number | null;
  actorId?: number | null;
  actorUsername?: string | null;
}

/**
 * Appends one audit row through `ex` — pass the write's own transaction so the row and the
 * write commit together or not at all. `who` is the signed-in caller, or the origin of a call that
 * may not be signed in (its session, when there is one, is the actor), or null (a job).
 */
export async function audit(ex: Executor, who: Caller | Origin | null, entry: AuditEntry): Promise<void> {
  const actor = who && 'auth' in who ? who.auth : who;
  await ex.insert(auditLog).values({
    facilityId: entry.facilityId !== undefined ? entry.facilityId : (actor?.facilityId ?? null),
    actorId: entry.actorId !== undefined ? entry.actorId : (actor?.accountId ?? null),
    actorUsername: entry.actorUsername !== undefined ? entry.actorUsername : (actor?.username ?? null),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: who?.address ?? null,
  });
}
