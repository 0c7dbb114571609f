import type { Readable } from 'node:stream';
import { hasAuthority, MSG } from '@portal/shared';
import { actionLabel, entityLabel, type LogFilters, type LogListQuery, type LogRowDto } from '@portal/shared/contracts/logs.contract';
import { logChanges, maskLogValue } from '@portal/shared/rules/audit-view';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { keysetRows, streamWorkbook } from '../../core/crud/excel-stream';
import { notFound } from '../../core/errors';
import * as repo from './logs.repository';

/** Personal data in a row's before/after is shown only to those who manage patients' accounts. */
const showsPersonal = (caller: Caller) => hasAuthority(caller.authorities, 'MANAGER_USER');

function toDto(r: repo.AuditRow, showPersonal: boolean): LogRowDto {
  return {
    id: r.id,
    createdAt: new Date(r.createdAt).toISOString(),
    actorId: r.actorId,
    actorUsername: r.actorUsername,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    ip: r.ip,
    before: maskLogValue(r.before, showPersonal) ?? null,
    after: maskLogValue(r.after, showPersonal) ?? null,
    masked: !showPersonal,
  };
}

/** A page of the caller's facility's log, newest first, and the `before` of the next page. */
export async function listLogs(ctx: AppContext, caller: Caller, q: LogListQuery): Promise<{ rows: LogRowDto[]; nextBefore: number | null }> {
  const rows = await repo.pageOfLogs(ctx.database.db, caller.facilityId, q, q.before, q.size);
  const more = rows.length > q.size;
  const page = more ? rows.slice(0, q.size) : rows;
  const show = showsPersonal(caller);
  return { rows: page.map((r) => toDto(r, show)), nextBefore: more ? page[page.length - 1]!.id : null };
}

export async function getLog(ctx: AppContext, caller: Caller, id: number): Promise<LogRowDto> {
  const row = await repo.oneLog(ctx.database.db, caller.facilityId, id);
  if (!row) throw notFound(MSG.logNotFound);
  return toDto(row, showsPersonal(caller));
}

export function listActors(ctx: AppContext, caller: Caller, q: { search?: string; page: number; size: number }) {
  return repo.actorOptions(ctx.database.db, caller.facilityId, q.search, q.page, q.size);
}

/** Rows read per query while an export streams. */
const EXPORT_BATCH = 2_000;
/** An export stops here (Excel's sheet holds 1,048,576 rows; a person reads far fewer). */
export const LOG_EXPORT_MAX_ROWS = 500_000;

/** "Thay đổi" of a row in the workbook: one line per changed field, "field: before → after". */
function changesText(r: LogRowDto): string {
  return logChanges(r.before, r.after)
    .map((c) => `${c.field ? `${c.field}: ` : ''}${c.before === null ? '' : JSON.stringify(c.before)} → ${c.after === null ? '' : JSON.stringify(c.after)}`)
    .join('\n')
    .slice(0, 32_000);
}

/**
 * The log of the filters as an .xlsx written while it is read (keyset batches, core/crud/excel-stream.ts),
 * so memory stays flat however long the period. Audited when it starts.
 */
export async function exportLogs(ctx: AppContext, caller: Caller, f: LogFilters): Promise<{ stream: Readable; fileName: string }> {
  await audit(ctx.database.db, caller, { action: 'EXPORT', entity: 'audit_log', after: { filters: f } });
  const show = showsPersonal(caller);
  const batches = keysetRows(
    (before: number | undefined) => repo.pageOfLogs(ctx.database.db, caller.facilityId, f, before, EXPORT_BATCH),
    (r) => r.id,
    EXPORT_BATCH,
    LOG_EXPORT_MAX_ROWS,
  );
  async function* rows() {
    for await (const r of batches) {
      const d = toDto(r, show);
      yield [formatDateTime(d.createdAt), d.actorUsername ?? '', actionLabel(d.action), entityLabel(d.entity), d.entityId ?? '', d.ip ?? '', changesText(d)];
    }
  }
  const stream = streamWorkbook([
    {
      name: 'Nhật ký',
      title: `Nhật ký thao tác từ ${formatDate(f.from)} đến ${formatDate(f.to)}`,
      columns: [
        { header: 'Thời gian', width: 20 },
        { header: 'Người thực hiện', width: 18 },
        { header: 'Thao tác', width: 26 },
        { header: 'Đối tượng', width: 24 },
        { header: 'Mã đối tượng', width: 12 },
        { header: 'Địa chỉ IP', width: 16 },
        { header: 'Thay đổi', width: 80 },
      ],
      rows: rows(),
    },
  ]);
  return { stream, fileName: `nhat-ky-${f.from}-den-${f.to}.xlsx` };
}
