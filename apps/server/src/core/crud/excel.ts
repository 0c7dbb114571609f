import ExcelJS from 'exceljs';
import type { Resource } from '@portal/shared/core/define-resource';

/** One sheet: a header row of the resource's Vietnamese labels, then one row per record. */
export async function writeWorkbook(resource: Resource, rows: Record<string, unknown>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Cổng quản trị đặt khám';
  const ws = wb.addWorksheet(resource.labelPlural.slice(0, 31));
  const fields = resource.fields.filter((f) => f.form !== false);
  ws.columns = [
    { header: 'STT', key: '_stt', width: 6 },
    ...fields.map((f) => ({ header: f.label, key: f.key, width: f.type === 'textarea' ? 50 : f.type === 'text' ? 36 : 16 })),
    { header: 'Trạng thái', key: '_active', width: 16 },
  ];
  ws.getRow(1).font = { bold: true };
  rows.forEach((row, i) => {
    const values: Record<string, unknown> = { _stt: i + 1, _active: row.active ? 'Đang hoạt động' : 'Ngừng hoạt động' };
    for (const f of fields) {
      const v = row[f.key];
      values[f.key] = f.type === 'boolean' ? (v ? 'Có' : 'Không') : (v ?? '');
      if (f.type === 'money') ws.getColumn(f.key).numFmt = '#,##0';
    }
    ws.addRow(values);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
