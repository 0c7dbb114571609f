import { and, asc, count, desc, eq, ilike, inArray, lt, or, gte, sql, type SQL } from 'drizzle-orm';
import type { LogFilters } from '@portal/shared/contracts/logs.contract';
import { periodInstants } from '@portal/shared/rules/period';
import type { Executor } from '../../core/db';
import { containsPattern } from '../../core/sql';
import { accounts, auditLog, medicalProfiles, resultFiles } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

/** The conditions of a log search in one facility (the period in +07:00 days, the filters, a patient account's objects). */
function conditions(facilityId: number, f: LogFilters): SQL[] {
  const { start, end } = periodInstants(f);
  const out: SQL[] = [eq(auditLog.facilityId, facilityId), gte(auditLog.createdAt, start), lt(auditLog.createdAt, end)];
  if (f.actorId !== undefined) out.push(eq(auditLog.actorId, f.actorId));
  if (f.action) out.push(eq(auditLog.action, f.action));
  if (f.entity) out.push(eq(auditLog.entity, f.entity));
  if (f.entityId) out.push(eq(auditLog.entityId, f.entityId));
  if (f.patientUserId !== undefined) {
    const user = f.patientUserId;
    const profileIds = sql`(SELECT ${medicalProfiles.id}::text FROM ${medicalProfiles} WHERE ${medicalProfiles.facilityId} = ${facilityId} AND ${medicalProfiles.userId} = ${user})`;
    const fileIds = sql`(SELECT ${resultFiles.id}::text FROM ${resultFiles} WHERE ${resultFiles.facilityId} = ${facilityId} AND ${resultFiles.userId} = ${user})`;
    out.push(
      or(
        and(eq(auditLog.entity, 'patient_user'), eq(auditLog.entityId, String(user))),
        and(inArray(auditLog.entity, ['medical_profile', 'medical_profile_ext']), sql`${auditLog.entityId} IN ${profileIds}`),
        and(eq(auditLog.entity, 'result_file'), sql`${auditLog.entityId} IN ${fileIds}`),
      ) as SQL,
    );
  }
  return out;
}

/** One page, newest first: `size` rows older than `before` (an id), and one more to tell whether a next page exists. */
export function pageOfLogs(ex: Executor, facilityId: number, f: LogFilters, before: number | undefined, size: number): Promise<AuditRow[]> {
  const where = conditions(facilityId, f);
  if (before !== undefined) where.push(lt(auditLog.id, before));
  return ex
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(size + 1);
}

/** One row of the facility. */
export async function oneLog(ex: Executor, facilityId: number, id: number): Promise<AuditRow | undefined> {
  const [row] = await ex
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.facilityId, facilityId), eq(auditLog.id, id)));
  return row;
}

/** The facility's staff accounts by name or login name, for the "Người thực hiện" filter. */
export async function actorOptions(ex: Executor, facilityId: number, search: string | undefined, page: number, size: number) {
  const where = and(
    eq(accounts.facilityId, facilityId),
    search ? or(ilike(accounts.username, containsPattern(search)), ilike(accounts.name, containsPattern(search))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ex
      .select({ id: accounts.id, username: accounts.username, name: accounts.name })
      .from(accounts)
      .where(where)
      .orderBy(asc(accounts.username))
      .limit(size)
      .offset(page * size),
    ex.select({ n: count() }).from(accounts).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Moves up to `batch` rows created before `cutoff` from audit_log to audit_log_archive, in the caller's
 * transaction (which must have set portal.audit_archiving: the trigger of migration 0021 refuses any other
 * delete). Returns how many moved.
 */
export async function archiveBatch(tx: Executor, cutoff: Date, batch: number): Promise<number> {
  await tx.execute(sql`SELECT set_config('portal.audit_archiving', 'on', true)`);
  const moved = (await tx.execute(sql`
    INSERT INTO audit_log_archive (id, facility_id, actor_id, actor_username, action, entity, entity_id, before, after, ip, created_at)
    SELECT id, facility_id, actor_id, actor_username, action, entity, entity_id, before, after, ip, created_at
    FROM audit_log WHERE created_at < ${cutoff} ORDER BY id LIMIT ${batch}
    RETURNING id`)) as unknown as { rows: { id: number | string }[] };
  if (moved.rows.length === 0) return 0;
  const ids = moved.rows.map((r) => Number(r.id));
  const res = (await tx.execute(sql`DELETE FROM audit_log WHERE id = ANY(${sql.raw(`ARRAY[${ids.join(',')}]::bigint[]`)}) RETURNING id`)) as unknown as {
    rows: unknown[];
  };
  return res.rows.length;
}
