import ExcelJS from 'exceljs';
import { refNameKey, type FieldDef, type Resource } from '@portal/shared/core/define-resource';
import type { ListQuery } from '@portal/shared/core/list-query';
import { formatDate } from '@portal/shared/rules/format';
import type { Caller } from '../caller';
import type { AppContext } from '../context';
import { recordWrite } from '../write';

export { XLSX_MIME } from '@portal/shared/core/endpoint-files';

/** Fields a sheet has a column for: the form's fields and the computed listed ones, never nested lists. */
export function sheetFields(resource: Resource): FieldDef[] {
  return (resource.fields as readonly FieldDef[]).filter((f) => f.type !== 'list' && (f.export ?? (f.form !== false || f.list)));
}

export function columnWidth(f: FieldDef): number {
  return f.type === 'textarea' ? 50 : f.type === 'text' || f.type === 'ref' ? 36 : f.type === 'enum' ? 24 : 16;
}

/** A cell as the screen shows it: a ref by the referenced name, an enum by its label, Có/Không, DD/MM/YYYY. */
export function cellValue(f: FieldDef, row: Record<string, unknown>): unknown {
  const v = row[f.key];
  if (f.type === 'ref' && !f.multiple) return row[refNameKey(f.key)] ?? v ?? '';
  if (v === null || v === undefined) return '';
  switch (f.type) {
    case 'boolean':
      return v ? 'Có' : 'Không';
    case 'enum':
      return f.options?.find((o) => o.value === v)?.label ?? v;
    case 'date':
      return typeof v === 'string' ? formatDate(v) : v;
    default:
      return v;
  }
}

/** One sheet: a header row of the resource's Vietnamese labels, then one row per record. */
export async function writeWorkbook(resource: Resource, rows: Record<string, unknown>[], opts: { state?: boolean } = {}): Promise<Buffer> {
  const withState = opts.state !== false;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Cổng quản trị đặt khám';
  const ws = wb.addWorksheet(resource.labelPlural.slice(0, 31));
  const fields = sheetFields(resource);
  ws.columns = [
    { header: 'STT', key: '_stt', width: 6 },
    ...fields.map((f) => ({ header: f.label, key: f.key, width: columnWidth(f) })),
    ...(withState ? [{ header: 'Trạng thái', key: '_active', width: 16 }] : []),
  ];
  ws.getRow(1).font = { bold: true };
  for (const f of fields) if (f.type === 'money') ws.getColumn(f.key).numFmt = '#,##0';
  rows.forEach((row, i) => {
    const values: Record<string, unknown> = { _stt: i + 1 };
    if (withState) values._active = row.active ? 'Đang hoạt động' : 'Ngừng hoạt động';
    for (const f of fields) values[f.key] = cellValue(f, row);
    ws.addRow(values);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * What every export does after reading its rows: the workbook, and the EXPORT audit row (how many
 * rows, under which filters and search) through `recordWrite`.
 */
export async function exportWorkbook(
  ctx: AppContext,
  caller: Caller,
  resource: Resource,
  rows: Record<string, unknown>[],
  o: { q: ListQuery; entity?: string; state?: boolean },
): Promise<Buffer> {
  const buffer = await writeWorkbook(resource, rows, { state: o.state });
  await recordWrite(ctx, ctx.database.db, caller, {
    audit: { action: 'EXPORT', entity: o.entity ?? resource.name, after: { rows: rows.length, filters: o.q.filters, q: o.q.q ?? null } },
  });
  return buffer;
}
