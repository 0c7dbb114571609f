import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { hasAuthority, MSG } from '@portal/shared';
import { actionLabel, entityLabel, type LogFilters, type LogListQuery, type LogRowDto } from '@portal/shared/contracts/logs.contract';
import { logChanges, maskLogValue } from '@portal/shared/rules/audit-view';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
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
 * The log of the filters as an .xlsx written while it is read: batches of rows go from the database to the
 * zip stream and out to the client, so memory stays flat however long the period. Audited when it starts.
 */
export async function exportLogs(ctx: AppContext, caller: Caller, f: LogFilters): Promise<{ stream: Readable; fileName: string }> {
  await audit(ctx.database.db, caller, { action: 'EXPORT', entity: 'audit_log', after: { filters: f } });
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Cổng quản trị đặt khám';
  const ws = wb.addWorksheet('Nhật ký');
  const title = `Nhật ký thao tác từ ${formatDate(f.from)} đến ${formatDate(f.to)}`;
  ws.columns = [
    { key: 'time', width: 20 },
    { key: 'actor', width: 18 },
    { key: 'action', width: 26 },
    { key: 'entity', width: 24 },
    { key: 'entityId', width: 12 },
    { key: 'ip', width: 16 },
    { key: 'changes', width: 80 },
  ];
  ws.addRow([title]).commit();
  const head = ws.addRow(['Thời gian', 'Người thực hiện', 'Thao tác', 'Đối tượng', 'Mã đối tượng', 'Địa chỉ IP', 'Thay đổi']);
  head.font = { bold: true };
  head.commit();
  const show = showsPersonal(caller);
  void (async () => {
    let before: number | undefined;
    let written = 0;
    try {
      for (;;) {
        const rows = await repo.pageOfLogs(ctx.database.db, caller.facilityId, f, before, EXPORT_BATCH);
        const batch = rows.slice(0, EXPORT_BATCH);
        for (const r of batch) {
          const d = toDto(r, show);
          ws.addRow([
            formatDateTime(d.createdAt),
            d.actorUsername ?? '',
            actionLabel(d.action),
            entityLabel(d.entity),
            d.entityId ?? '',
            d.ip ?? '',
            changesText(d),
          ]).commit();
        }
        written += batch.length;
        if (rows.length <= EXPORT_BATCH || written >= LOG_EXPORT_MAX_ROWS) break;
        before = batch[batch.length - 1]!.id;
        // let the socket drain before reading more
        if (out.writableNeedDrain) await new Promise((res) => out.once('drain', res));
      }
      if (written === 0) ws.addRow([MSG.noData]).commit();
      ws.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return { stream: out, fileName: `nhat-ky-${f.from}-den-${f.to}.xlsx` };
}
