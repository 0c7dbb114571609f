/**
 * Excel import of any resource, the building block beside the generic routes:
 *
 *   resourceImportRoutes(app, ctx, resource, table, options) — the endpoints of resourceImportEndpoints (packages/shared)
 *     GET  {path}/import-template  → .xlsx: one column per importable field (Vietnamese label),
 *                                    an example row, a "Hướng dẫn" sheet describing each column
 *     POST {path}/import           → body = the .xlsx itself (Content-Type
 *                                    application/vnd.openxmlformats-officedocument.spreadsheetml.sheet
 *                                    or application/octet-stream), at most IMPORT_MAX_BYTES / IMPORT_MAX_ROWS
 *
 * Every row is coerced (numbers and money "1.250.000", Có/Không, enums by label or value, refs by
 * the referenced row's code, dates DD/MM/YYYY) and validated with the resource's own zod body,
 * the resource's `validate` hook, uniqueness inside the file and against the facility's rows.
 * Any bad row → 400 with `errors: [{ row, field, column, message }]` and nothing written.
 * Otherwise all rows are written in ONE transaction with ONE audit row (action IMPORT, counts).
 *
 * Rows are matched on the key field (default: the first `unique` field, the code): mode
 * 'upsert' (default) updates the matched row's imported columns and inserts the others;
 * mode 'insert' reports a code that already exists as a row error.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FieldDef, Resource } from '@portal/shared/core/define-resource';
import { IMPORT_MAX_BYTES, IMPORT_MAX_REPORTED_ERRORS, IMPORT_MAX_ROWS, type ImportResult, type ImportRowError } from '@portal/shared/core/import';
import { resourceImportEndpoints } from '@portal/shared/core/resource-endpoints';
import { RESOURCES } from '@portal/shared/resources';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { displayDateToIso } from '@portal/shared/rules/format';
import { caller } from '../access';
import type { Caller } from '../caller';
import type { AppContext } from '../context';
import type { Executor, Tx } from '../db';
import { route } from '../endpoints';
import { XLSX_MIME, columnWidth } from './excel';
import type { CatalogTable, TableHandlerOptions } from './table-handler';
import { codeIn, codeKeyOf } from '../sql';
import { recordWrite } from '../write';

type Row = Record<string, unknown>;

/** One valid row, ready to write. */
export interface ImportRow {
  /** Excel row number. */
  row: number;
  /** The full body as the resource's zod body parsed it (absent columns: the stored value, or empty). */
  data: Row;
  /** The stored row with the same key (upsert), or null for a new one. */
  existing: Row | null;
  /** The fields the file has a column for: an update writes only these. */
  columns: string[];
}

export interface ImportOptions extends TableHandlerOptions {
  /** 'upsert' (default): a known key updates its row; 'insert': a known key is a row error. */
  mode?: 'upsert' | 'insert';
  /** The field rows are matched on; default the first unique field. */
  key?: string;
  /** For each 'ref' field's resource name, the table whose `code` column the cell names. */
  refs?: Record<string, CatalogTable>;
  /** Writes the valid rows in the import's transaction; default: insert/update `table`. */
  write?: (tx: Tx, caller: Caller, rows: ImportRow[]) => Promise<void>;
  maxBytes?: number;
  maxRows?: number;
}

const XLS_MIME = 'application/vnd.ms-excel';

/** The file or some rows are refused: answered 400 with the per-row report, nothing written. */
export class ImportRejected extends Error {
  constructor(
    message: string,
    readonly errors: ImportRowError[],
    readonly totalErrors = errors.length,
  ) {
    super(message);
  }
}
export const fileError = (message: string) => new ImportRejected(message, [{ row: 0, field: '_file', column: '', message }]);
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const TEMPLATE_ROWS = 500;
const CHUNK = 500;

/** The fields a file may carry: the form's fields except nested lists. */
export function importFields(resource: Resource): FieldDef[] {
  return (resource.formFields as readonly FieldDef[]).filter((f) => f.type !== 'list');
}

/** A header cell → the key it is compared by: no diacritics, no '*' marks, single spaces. */
const headerKey = (s: string) => normalizeText(s.replace(/\*/g, ' '));

// ---------------------------------------------------------------- cells

type Plain = string | number | boolean | Date | null;

/** The plain value of an ExcelJS cell (rich text, formulas and links read as what they show). */
export function plainCell(v: ExcelJS.CellValue | undefined): Plain {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return plainCell((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in v) return plainCell((v as { text: ExcelJS.CellValue }).text);
    if ('error' in v) return String((v as { error: unknown }).error);
    return null;
  }
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  return v as Plain;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** Excel stores a typed date as that day's midnight UTC. */
const excelDateToIso = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** "1.250.000", "1,250,000", "1250000 ₫" → 1250000; anything else stays as typed (zod then says "phải là số"). */
export function parseNumberText(s: string): number | string {
  const t = s.replace(/\s|₫|đ|VNĐ|VND/gi, '');
  if (/^-?\d+$/.test(t)) return Number(t);
  if (/^-?\d{1,3}(\.\d{3})+$/.test(t) || /^-?\d{1,3}(,\d{3})+$/.test(t)) return Number(t.replace(/[.,]/g, ''));
  return s;
}

const YES = new Set(['co', 'x', 'true', '1', 'dung', 'yes']);
const NO = new Set(['khong', 'false', '0', 'sai', 'no']);

interface Coerced {
  value: unknown;
  /** A message when the cell cannot be read as the field's type (zod's own message is then skipped). */
  error?: string;
  /** For refs: the code to resolve after all rows are read. */
  refCode?: string;
  /** For a 'ref' with `multiple`: the codes (comma- or semicolon-separated in the cell) to resolve. */
  refCodes?: string[];
}

/** A cell as the body value of its field. */
export function coerceCell(f: FieldDef, cell: Plain): Coerced {
  if (cell === null) {
    if (f.type === 'text' || f.type === 'code' || f.type === 'textarea') return { value: f.required ? '' : null };
    return { value: null };
  }
  switch (f.type) {
    case 'text':
    case 'code':
    case 'textarea':
      return { value: cell instanceof Date ? excelDateToIso(cell) : String(cell) };
    case 'integer':
    case 'money':
      if (typeof cell === 'number') return { value: cell };
      if (typeof cell === 'string') return { value: parseNumberText(cell) };
      return { value: String(cell) };
    case 'boolean': {
      if (typeof cell === 'boolean') return { value: cell };
      const k = normalizeText(String(cell));
      if (YES.has(k)) return { value: true };
      if (NO.has(k)) return { value: false };
      return { value: null, error: `${f.label} phải là "Có" hoặc "Không"` };
    }
    case 'enum': {
      const k = normalizeText(String(cell));
      const found = (f.options ?? []).find((o) => normalizeText(o.label) === k || normalizeText(String(o.value)) === k);
      if (found) return { value: found.value };
      const allowed = (f.options ?? []).map((o) => o.label).join(', ');
      return { value: null, error: `${f.label} "${String(cell)}" không có trong danh sách: ${allowed}` };
    }
    case 'ref': {
      if (f.multiple) {
        // Several codes in one cell: "TIMMACH, NOI" (comma, semicolon or line break).
        return {
          value: [],
          refCodes: [
            ...new Set(
              String(cell)
                .split(/[,;\n]/)
                .map((c) => c.trim())
                .filter(Boolean),
            ),
          ],
        };
      }
      const fixed = (f.options ?? []).find((o) => String(o.value) === String(cell) || normalizeText(o.label) === normalizeText(String(cell)));
      if (fixed) return { value: fixed.value };
      return { value: null, refCode: String(cell).trim() };
    }
    case 'date': {
      if (cell instanceof Date) return { value: excelDateToIso(cell) };
      const s = String(cell).trim();
      if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return { value: s };
      const iso = displayDateToIso(s);
      return iso ? { value: iso } : { value: null, error: `${f.label} "${s}" không phải ngày hợp lệ (DD/MM/YYYY)` };
    }
    case 'list':
      return { value: [] };
  }
}

// ---------------------------------------------------------------- template

function exampleValue(f: FieldDef): unknown {
  if (f.example !== undefined) return f.example;
  switch (f.type) {
    case 'code':
      return 'MA01';
    case 'text':
      return `${f.label} mẫu`;
    case 'textarea':
      return '';
    case 'integer':
      return f.min ?? 1;
    case 'money':
      return 100000;
    case 'boolean':
      return 'Có';
    case 'enum':
      return f.options?.[0]?.label ?? '';
    case 'date':
      return '31/12/2025';
    default:
      return '';
  }
}

function columnRule(f: FieldDef, refLabel: (name: string) => string): string {
  switch (f.type) {
    case 'code':
      return `Chữ không dấu, số và . _ -, tối đa ${f.max ?? 20} ký tự; không trùng trong cơ sở`;
    case 'text':
      return `Tối đa ${f.max ?? 200} ký tự`;
    case 'textarea':
      return `Tối đa ${f.max ?? 2000} ký tự`;
    case 'integer':
      return 'Số nguyên';
    case 'money':
      return 'Số tiền nguyên (đồng), ví dụ 1250000 hoặc 1.250.000';
    case 'boolean':
      return 'Có hoặc Không';
    case 'enum':
      return `Một trong: ${(f.options ?? []).map((o) => o.label).join('; ')}`;
    case 'ref':
      if (f.multiple) return `Các mã (hoặc tên) trong ${refLabel(f.ref ?? '')}, cách nhau bởi dấu phẩy`;
      return `Mã (hoặc tên) trong ${refLabel(f.ref ?? '')}${f.options?.length ? `, hoặc ${f.options.map((o) => o.value).join(', ')}` : ''}`;
    case 'date':
      return 'Ngày dạng DD/MM/YYYY';
    default:
      return '';
  }
}

export async function writeImportTemplate(resource: Resource, refLabel: (name: string) => string = (n) => n): Promise<Buffer> {
  const fields = importFields(resource);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Cổng quản trị đặt khám';
  const ws = wb.addWorksheet(resource.labelPlural.slice(0, 31));
  ws.columns = fields.map((f) => ({ header: f.required ? `${f.label} *` : f.label, key: f.key, width: columnWidth(f) }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  fields.forEach((f, i) => {
    const col = ws.getColumn(i + 1);
    if (f.type === 'money' || f.type === 'integer') col.numFmt = '#,##0';
    if (f.type === 'code' || f.type === 'date') col.numFmt = '@';
    if (f.required) header.getCell(i + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });
  ws.addRow(Object.fromEntries(fields.map((f) => [f.key, exampleValue(f)])));
  // A dropdown for each enum column.
  fields.forEach((f, i) => {
    if (f.type !== 'enum' && f.type !== 'boolean') return;
    const labels = f.type === 'boolean' ? ['Có', 'Không'] : (f.options ?? []).map((o) => o.label);
    const list = `"${labels.join(',')}"`;
    if (list.length > 255) return; // Excel's limit for an inline list
    for (let r = 2; r <= TEMPLATE_ROWS + 1; r++) {
      ws.getCell(r, i + 1).dataValidation = {
        type: 'list',
        allowBlank: !f.required,
        formulae: [list],
        showErrorMessage: true,
        error: `${f.label} không hợp lệ`,
      };
    }
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];

  const notes = wb.addWorksheet('Hướng dẫn');
  notes.columns = [
    { header: 'Cột', key: 'column', width: 28 },
    { header: 'Bắt buộc', key: 'required', width: 10 },
    { header: 'Quy định', key: 'rule', width: 90 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const f of fields) notes.addRow({ column: f.label, required: f.required ? 'Có' : 'Không', rule: columnRule(f, refLabel) });
  notes.addRow({});
  for (const line of [
    `Nhập dữ liệu từ dòng 2 của trang "${ws.name}"; dòng 1 là tiêu đề cột, không đổi tên cột. Cột có dấu * là bắt buộc.`,
    'Dòng ví dụ có thể sửa hoặc xoá. Dòng trống được bỏ qua; các cột khác (STT, Trạng thái, ...) được bỏ qua.',
    `Dòng có mã đã có trong danh mục sẽ cập nhật dịch vụ/bản ghi đó; mã mới sẽ được thêm mới.`,
    `Nếu có bất kỳ dòng lỗi nào, không dòng nào được nhập; hệ thống trả về danh sách lỗi theo dòng.`,
    `Tối đa ${IMPORT_MAX_ROWS.toLocaleString('vi-VN')} dòng, tệp .xlsx không quá ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  ]) {
    notes.addRow({ column: line });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---------------------------------------------------------------- reading

export interface ParsedRow {
  row: number;
  values: Record<string, Coerced>;
}

export async function readSheet(buffer: Buffer, fields: FieldDef[], maxRows: number): Promise<{ columns: FieldDef[]; rows: ParsedRow[] }> {
  if (OLE_MAGIC.every((b, i) => buffer[i] === b)) {
    throw fileError('Tệp Excel 97-2003 (.xls) không được hỗ trợ. Vui lòng mở tệp và lưu lại dưới dạng .xlsx');
  }
  if (buffer.length < 4 || !ZIP_MAGIC.every((b, i) => buffer[i] === b)) {
    throw fileError('Tệp không phải tệp Excel (.xlsx). Vui lòng dùng tệp mẫu tải về từ hệ thống');
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw fileError('Không đọc được tệp Excel: tệp bị hỏng hoặc không đúng định dạng .xlsx');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw fileError('Tệp Excel không có trang dữ liệu nào');

  const byHeader = new Map<string, FieldDef>();
  for (const f of fields) {
    byHeader.set(headerKey(f.label), f);
    byHeader.set(headerKey(f.key), f);
    for (const a of f.aliases ?? []) byHeader.set(headerKey(a), f);
  }
  const columns = new Map<number, FieldDef>();
  const seen = new Set<string>();
  ws.getRow(1).eachCell((cell, colNumber) => {
    const text = plainCell(cell.value);
    if (text === null) return;
    const f = byHeader.get(headerKey(String(text)));
    if (!f) return; // STT, Trạng thái, computed columns: ignored
    if (seen.has(f.key)) throw fileError(`Cột "${f.label}" xuất hiện hai lần trong dòng tiêu đề`);
    seen.add(f.key);
    columns.set(colNumber, f);
  });
  const missing = fields.filter((f) => f.required && !seen.has(f.key));
  if (missing.length > 0) {
    const message = `Tệp thiếu cột bắt buộc: ${missing.map((f) => f.label).join(', ')}. Vui lòng dùng tệp mẫu`;
    throw new ImportRejected(
      message,
      missing.map((f) => ({ row: 1, field: f.key, column: f.label, message: `Thiếu cột "${f.label}"` })),
    );
  }

  const rows: ParsedRow[] = [];
  let tooMany = false;
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1 || tooMany) return;
    const cells = [...columns].map(([c, f]) => [f, plainCell(row.getCell(c).value)] as const);
    if (cells.every(([, v]) => v === null)) return;
    if (rows.length >= maxRows) {
      tooMany = true;
      return;
    }
    rows.push({ row: rowNumber, values: Object.fromEntries(cells.map(([f, v]) => [f.key, coerceCell(f, v)])) });
  });
  if (tooMany) throw fileError(`Tệp có quá nhiều dòng: tối đa ${maxRows.toLocaleString('vi-VN')} dòng mỗi lần nhập`);
  if (rows.length === 0) throw fileError('Tệp không có dòng dữ liệu nào (dữ liệu bắt đầu từ dòng 2)');
  return { columns: [...columns.values()], rows };
}

// ---------------------------------------------------------------- routes

/** Lets a scope read an uploaded workbook as bytes (any declared Excel or binary type). */
export function acceptExcelBodies(app: FastifyInstance): void {
  for (const mime of [XLSX_MIME, XLS_MIME, 'application/octet-stream']) {
    if (!app.hasContentTypeParser(mime)) app.addContentTypeParser(mime, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  }
}

/** Runs an import; a refused file or row is answered 400 with the per-row report (nothing was written). */
export async function answerImport<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof ImportRejected)) throw e;
    return reply.code(400).send({ code: 400, message: e.message, errors: e.errors, totalErrors: e.totalErrors });
  }
}

export function resourceImportRoutes(app: FastifyInstance, ctx: AppContext, resource: Resource, table: CatalogTable, options: ImportOptions = {}): void {
  const col = (key: string) => (table as unknown as Record<string, PgColumn>)[key]!;
  const tags = [resource.labelPlural];
  const access = { access: resource.authority };
  const fields = importFields(resource);
  const formFields = resource.formFields as readonly FieldDef[];
  const foundKey = fields.find((f) => f.key === options.key) ?? fields.find((f) => f.unique);
  if (!foundKey) throw new Error(`${resource.name}: an importable resource needs a unique key field`);
  const keyField: FieldDef = foundKey;
  const mode = options.mode ?? 'upsert';
  const maxBytes = options.maxBytes ?? IMPORT_MAX_BYTES;
  const maxRows = options.maxRows ?? IMPORT_MAX_ROWS;
  // The notes sheet names the referenced catalogue by its Vietnamese label (its name when unregistered).
  const refLabel = (name: string) => RESOURCES.find((x) => x.name === name)?.labelPlural.toLowerCase() ?? name;
  const searchKeys = resource.fields.filter((f) => f.search).map((f) => f.key);
  const derive = options.derive ?? ((body: Row) => ({ searchText: normalizeText(searchKeys.map((k) => String(body[k] ?? '')).join(' ')) }));

  // The import endpoint's body is `fileBody` (read as bytes in a scope of its own, by its own bodyLimit). These
  // parsers, kept at the default (JSON) body limit for the other routes of this scope, answer a file sent to
  // one of them with 413 (not 415), as before.
  acceptExcelBodies(app);

  const endpoints = resourceImportEndpoints(resource);
  route(app, endpoints.template, {
    config: access,
    tags,
    handler: async () => writeImportTemplate(resource, refLabel),
  });

  // The 400 is the row report: the endpoint declares its body (errorBodies), so it arrives whole.
  route(app, endpoints.import, {
    config: access,
    tags,
    bodyLimit: maxBytes,
    handler: async (req, reply) => answerImport(reply, () => importFile(req)),
  });

  async function importFile(req: FastifyRequest) {
    const body = req.body;
    if (!Buffer.isBuffer(body) || body.length === 0) throw fileError('Vui lòng chọn tệp Excel (.xlsx) để nhập');
    const { columns, rows } = await readSheet(body, fields, maxRows);
    const columnKeys = columns.map((f) => f.key);
    const facilityId = caller(req).facilityId;

    const result = await ctx.database.transaction(async (tx) => {
      const errors: ImportRowError[] = [];
      const failed = new Set<string>(); // `${row}:${field}` already reported
      const report = (row: number, f: FieldDef | { key: string; label: string }, message: string) => {
        const k = `${row}:${f.key}`;
        if (failed.has(k)) return;
        failed.add(k);
        errors.push({ row, field: f.key, column: f.label, message });
      };
      for (const pr of rows) for (const f of columns) if (pr.values[f.key]!.error) report(pr.row, f, pr.values[f.key]!.error!);

      await resolveRefs(tx, facilityId, columns, rows, options.refs ?? {}, report);

      // stored rows with the same key
      const keys = [...new Set(rows.map((pr) => pr.values[keyField.key]!.value).filter((v) => typeof v === 'string' && v !== ''))] as string[];
      const existing = new Map<string, Row>();
      for (let i = 0; i < keys.length; i += CHUNK) {
        const found = (await tx
          .select()
          .from(table)
          .where(and(eq(table.facilityId!, facilityId), valuesIn(keyField, keys.slice(i, i + CHUNK))))) as Row[];
        for (const row of found) existing.set(matchKey(keyField, row[keyField.key]), row);
      }

      const valid: ImportRow[] = [];
      for (const pr of rows) {
        const key = pr.values[keyField.key]!.value;
        const stored = typeof key === 'string' ? (existing.get(matchKey(keyField, key)) ?? null) : null;
        if (stored && mode === 'insert') report(pr.row, keyField, `${keyField.label} "${String(key)}" đã tồn tại`);
        const candidate: Row = {};
        for (const f of formFields) {
          if (f.key in pr.values) candidate[f.key] = pr.values[f.key]!.value;
          else candidate[f.key] = stored ? stored[f.key] : f.type === 'list' ? [] : null;
        }
        const parsed = resource.body.safeParse(candidate);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const f = formFields.find((x) => x.key === String(issue.path[0])) ?? { key: String(issue.path[0] ?? '_'), label: String(issue.path[0] ?? '') };
            report(pr.row, f, issue.message);
          }
          continue;
        }
        const data = parsed.data as Row;
        if (stored) data[keyField.key] = stored[keyField.key]; // "sa001" updates SA001 and leaves its code as it is
        if (options.validate) {
          for (const e of await options.validate(tx, caller(req), data, stored)) {
            const f = formFields.find((x) => x.key === e.field.split('.')[0]) ?? { key: e.field, label: e.field };
            report(pr.row, f, e.message);
          }
        }
        valid.push({ row: pr.row, data, existing: stored, columns: columnKeys });
      }

      await checkUniqueness(tx, facilityId, valid, keyField, report);

      if (errors.length > 0) {
        errors.sort((a, b) => a.row - b.row);
        const badRows = new Set(errors.map((e) => e.row)).size;
        const message = `Tệp có ${badRows} dòng lỗi trên ${rows.length} dòng; chưa nhập dòng nào. Vui lòng sửa các lỗi và nhập lại`;
        throw new ImportRejected(message, errors.slice(0, IMPORT_MAX_REPORTED_ERRORS), errors.length);
      }

      if (options.write) await options.write(tx, caller(req), valid);
      else await writeRows(tx, facilityId, valid);
      const counts: ImportResult = { total: valid.length, created: valid.filter((v) => !v.existing).length, updated: valid.filter((v) => v.existing).length };
      const fileName = typeof req.headers['x-file-name'] === 'string' ? decodeURIComponent(req.headers['x-file-name']).slice(0, 200) : null;
      await recordWrite(ctx, tx, caller(req), { audit: { action: 'IMPORT', entity: resource.name, after: { ...counts, fileName } } });
      return counts;
    });
    options.afterWrite?.();
    return {
      code: 0 as const,
      message: `Đã nhập ${result.total} dòng: ${result.created} thêm mới, ${result.updated} cập nhật`,
      data: result,
    };
  }

  /** A unique value as rows are matched on: a code whatever its case (core/sql codeKeyOf), any other value as it is. */
  function matchKey(f: FieldDef, value: unknown): string {
    return f.type === 'code' ? codeKeyOf(String(value)) : String(value);
  }
  function valuesIn(f: FieldDef, values: string[]): SQL {
    return f.type === 'code' ? codeIn(col(f.key), values) : inArray(col(f.key), values);
  }

  /** Unique fields: no two rows of the file, and no other stored row of the facility. */
  async function checkUniqueness(tx: Executor, facilityId: number, valid: ImportRow[], key: FieldDef, report: (row: number, f: FieldDef, m: string) => void) {
    for (const f of formFields.filter((x) => x.unique)) {
      const firstRow = new Map<string, number>();
      for (const v of valid) {
        const value = v.data[f.key];
        if (value === null || value === undefined || value === '') continue;
        const k = matchKey(f, value);
        const first = firstRow.get(k);
        if (first !== undefined) report(v.row, f, `${f.label} "${String(value)}" bị trùng với dòng ${first} trong tệp`);
        else firstRow.set(k, v.row);
      }
      if (f.key === key.key) continue; // the key's stored rows are the ones being updated
      const values = [
        ...new Set(
          valid
            .map((v) => v.data[f.key])
            .filter((x) => x !== null && x !== undefined && x !== '')
            .map(String),
        ),
      ];
      for (let i = 0; i < values.length; i += CHUNK) {
        const taken = (await tx
          .select({ id: table.id, value: col(f.key) })
          .from(table)
          .where(and(eq(table.facilityId!, facilityId), valuesIn(f, values.slice(i, i + CHUNK))))) as { id: number; value: unknown }[];
        for (const t of taken) {
          const v = valid.find((x) => matchKey(f, x.data[f.key]) === matchKey(f, t.value));
          if (v && v.existing?.id !== t.id) report(v.row, f, `${f.label} "${String(t.value)}" đã tồn tại`);
        }
      }
    }
  }

  /** The default writer: new keys inserted in batches, known keys updated on the file's columns only. */
  async function writeRows(tx: Tx, facilityId: number, valid: ImportRow[]) {
    const inserts = valid.filter((v) => !v.existing);
    for (let i = 0; i < inserts.length; i += CHUNK) {
      const values = inserts.slice(i, i + CHUNK).map((v) => ({ ...v.data, facilityId, ...derive(v.data) }));
      await tx.insert(table).values(values as never);
    }
    for (const v of valid.filter((x) => x.existing)) {
      const set: Row = Object.fromEntries(v.columns.map((k) => [k, v.data[k]]));
      await tx
        .update(table)
        .set({ ...set, ...derive(v.data), updatedAt: new Date() } as never)
        .where(and(eq(table.facilityId!, facilityId), eq(table.id, v.existing!.id as number)));
    }
  }
}

/**
 * Ref cells name the referenced row by its code, or by its name as the export writes it (both
 * case-insensitive, within the facility; a name shared by two rows must be given as a code); a
 * `multiple` ref's cell names several.
 */
async function resolveRefs(
  tx: Executor,
  facilityId: number,
  columns: FieldDef[],
  rows: ParsedRow[],
  refs: Record<string, CatalogTable>,
  report: (row: number, f: FieldDef, m: string) => void,
) {
  for (const f of columns.filter((x) => x.type === 'ref')) {
    const table = refs[f.ref ?? ''];
    const cellCodes = (r: ParsedRow) => {
      const v = r.values[f.key]!;
      return v.refCodes ?? (v.refCode ? [v.refCode] : []);
    };
    const codes = [...new Set(rows.flatMap(cellCodes))];
    if (codes.length === 0) continue;
    const found = new Map<string, number>();
    if (table) {
      const code = (table as unknown as Record<string, PgColumn>).code!;
      for (let i = 0; i < codes.length; i += CHUNK) {
        const part = codes.slice(i, i + CHUNK);
        const got = (await tx
          .select({ id: table.id, code })
          .from(table)
          .where(
            and(
              eq(table.facilityId!, facilityId),
              inArray(
                sql`upper(${code})`,
                part.map((c) => c.toUpperCase()),
              ),
            ),
          )) as { id: number; code: string }[];
        for (const g of got) found.set(g.code.toUpperCase(), g.id);
      }
      // The export writes the referenced name: a cell that is no code may name the row (one row only).
      const byName = codes.filter((c) => !found.has(c.toUpperCase()));
      const name = (table as unknown as Record<string, PgColumn>).name!;
      for (let i = 0; i < byName.length; i += CHUNK) {
        const part = byName.slice(i, i + CHUNK);
        const got = (await tx
          .select({ id: table.id, name })
          .from(table)
          .where(
            and(
              eq(table.facilityId!, facilityId),
              inArray(
                sql`upper(${name})`,
                part.map((c) => c.toUpperCase()),
              ),
            ),
          )) as { id: number; name: string }[];
        const seen = new Map<string, number>();
        for (const g of got) seen.set(g.name.toUpperCase(), (seen.get(g.name.toUpperCase()) ?? 0) + 1);
        for (const g of got) if (seen.get(g.name.toUpperCase()) === 1) found.set(g.name.toUpperCase(), g.id);
      }
    }
    for (const r of rows) {
      const wanted = cellCodes(r);
      if (wanted.length === 0) continue;
      const missing = wanted.filter((c) => !found.has(c.toUpperCase()));
      if (missing.length > 0) {
        report(r.row, f, `${f.label}: không tìm thấy mã hoặc tên ${missing.map((c) => `"${c}"`).join(', ')}`);
        continue;
      }
      const ids = wanted.map((c) => found.get(c.toUpperCase())!);
      r.values[f.key] = { value: f.multiple ? ids : ids[0] };
    }
  }
}
