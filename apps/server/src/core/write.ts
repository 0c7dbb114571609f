import { audit, type AuditEntry } from './audit';
import type { Caller, Origin } from './caller';
import type { Executor } from './db';
import type { LiveEvent, LiveHub } from './live';

/**
 * What one write leaves behind besides its rows: the audit row (always), the module's own history
 * (a booking's or a schedule's log, written by its repository) and the event that tells open screens
 * (core/live). All three go through the write's transaction, so they commit with it or not at all —
 * PostgreSQL delivers the NOTIFY only at commit.
 */
export interface WriteRecord {
  audit: AuditEntry;
  /** The module's history rows, written in the same transaction before the audit row. */
  log?: (tx: Executor) => Promise<unknown>;
  live?: LiveEvent;
}

/** Records a write (audit row, domain log, live event) in its transaction `tx`. */
export async function recordWrite(ctx: { live: LiveHub }, tx: Executor, who: Caller | Origin | null, w: WriteRecord): Promise<void> {
  if (w.log) await w.log(tx);
  await audit(tx, who, w.audit);
  if (w.live) await ctx.live.publish(tx, w.live);
}
