import { sheetText } from './sms.logic';

/**
 * The numbers of a chosen file as text for the numbers box: an .xlsx's first sheet (exceljs, loaded
 * on this click only: it never weighs on the admin's first load), else the file's text (.csv, .txt).
 */
export async function readPhonesFile(file: File): Promise<string> {
  if (!/\.xlsx$/i.test(file.name)) return file.text();
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await file.arrayBuffer());
  const rows: unknown[][] = [];
  // row.values is 1-based (index 0 empty)
  wb.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return sheetText(rows);
}
