/**
 * Sync of the national areas with an updated official list of unit codes: reading the file (Excel
 * with the GSO export's headings, or JSON) and the differences with the current units. Pure: the
 * service (area-sync.service.ts) reads the database and applies.
 */
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { SYNC_COLUMNS, SYNC_MAX_ROWS, SYNC_MESSAGES as M, type SyncChange, type SyncUnit } from '@portal/shared/contracts/address.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { badRequest } from '../../core/errors';
import { plainCell } from '../../core/crud/import';

/** One line of the file, by column key; `line` is the row number shown in errors (Excel row, or JSON index + 1). */
export interface SyncLine {
  line: number;
  provinceCode: string | null;
  provinceName: string | null;
  wardCode: string | null;
  wardName: string | null;
  kind: string | null;
  mergedInto: string | null;
}

export interface ParsedList {
  /** The current units the file lists: provinces, then wards. */
  units: SyncUnit[];
  /** Ward code → the code of the current ward that took it over. */
  mergedInto: Map<string, string>;
  rows: number;
}

const headingKey = new Map<string, keyof typeof SYNC_COLUMNS>(
  Object.entries(SYNC_COLUMNS).flatMap(([key, names]) => names.map((n) => [normalizeText(n).replace(/[^a-z0-9]/g, ''), key as keyof typeof SYNC_COLUMNS])),
);
const keyOfHeading = (h: string) => headingKey.get(normalizeText(h).replace(/[^a-z0-9]/g, ''));
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).normalize('NFC').replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
};

/** Reads an .xlsx (first sheet, headings on row 1) or a JSON array of objects; 400 in Vietnamese otherwise. */
export async function readSyncFile(body: unknown): Promise<SyncLine[]> {
  let records: { line: number; cells: Record<string, unknown> }[];
  if (Array.isArray(body)) records = body.map((r, i) => ({ line: i + 1, cells: (r ?? {}) as Record<string, unknown> }));
  else if (Buffer.isBuffer(body)) {
    if (body.length === 0) throw badRequest(M.empty);
    if (body[0] === 0x50 && body[1] === 0x4b) records = await readXlsx(body);
    else {
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8').replace(/^\uFEFF/, ''));
      } catch {
        throw badRequest(M.unreadable);
      }
      const list = Array.isArray(json) ? json : (json as { units?: unknown })?.units;
      if (!Array.isArray(list)) throw badRequest(M.unreadable);
      records = list.map((r, i) => ({ line: i + 1, cells: (r ?? {}) as Record<string, unknown> }));
    }
  } else if (body && typeof body === 'object' && Array.isArray((body as { units?: unknown }).units)) {
    records = (body as { units: unknown[] }).units.map((r, i) => ({ line: i + 1, cells: (r ?? {}) as Record<string, unknown> }));
  } else throw badRequest(M.unreadable);

  if (records.length === 0) throw badRequest(M.noRows);
  if (records.length > SYNC_MAX_ROWS) throw badRequest(M.tooManyRows);
  const lines: SyncLine[] = records.map(({ line, cells }) => {
    const l: SyncLine = { line, provinceCode: null, provinceName: null, wardCode: null, wardName: null, kind: null, mergedInto: null };
    for (const [h, v] of Object.entries(cells)) {
      const key = keyOfHeading(h);
      if (key && l[key] === null) l[key] = text(v);
    }
    return l;
  });
  if (!lines.some((l) => l.provinceCode) || !lines.some((l) => l.wardCode || l.provinceName)) throw badRequest(M.noColumns);
  return lines;
}

async function readXlsx(bytes: Buffer): Promise<{ line: number; cells: Record<string, unknown> }[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest(M.unreadable);
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw badRequest(M.noRows);
  const headings: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    headings[col] = String(plainCell(cell.value) ?? '');
  });
  if (!headings.some((h) => h && keyOfHeading(h))) throw badRequest(M.noColumns);
  const out: { line: number; cells: Record<string, unknown> }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return;
    const cells: Record<string, unknown> = {};
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      const v = plainCell(cell.value);
      if (headings[col]) cells[headings[col]] = v instanceof Date ? v.toISOString() : v;
    });
    if (Object.keys(cells).length) out.push({ line: n, cells });
  });
  return out;
}

const KIND_PREFIXES = ['Đặc khu', 'Phường', 'Xã', 'Thị trấn'];
/** "Phường Ba Đình" keeps its type; a bare name takes the row's level ("Cấp"). */
function wardName(name: string, kind: string | null): { name: string; kind: string | null } {
  const k = KIND_PREFIXES.find((p) => name.toLowerCase().startsWith(`${p.toLowerCase()} `));
  if (k) return { name: `${k}${name.slice(k.length)}`, kind: kind ?? k };
  return { name: kind ? `${kind} ${name}` : name, kind };
}
function provinceName(name: string): { name: string; kind: string } {
  const lower = name.toLowerCase();
  if (lower.startsWith('thành phố ')) return { name: `Thành phố${name.slice(9)}`, kind: 'Thành phố' };
  if (lower.startsWith('tỉnh ')) return { name: `Tỉnh${name.slice(4)}`, kind: 'Tỉnh' };
  return { name: `Tỉnh ${name}`, kind: 'Tỉnh' };
}

/** The units of the file, checked row by row: one 400 listing every bad row (nothing is applied). */
export function parseSyncLines(lines: SyncLine[]): ParsedList {
  const errors: { field: string; message: string }[] = [];
  const err = (line: number, message: string) => errors.push({ field: `dòng ${line}`, message });
  const provinces = new Map<string, SyncUnit>();
  const wards = new Map<string, SyncUnit>();
  const mergedInto = new Map<string, string>();
  for (const l of lines) {
    const pc = l.provinceCode?.replace(/\.0$/, '') ?? null;
    if (!pc || !/^\d{1,2}$/.test(pc)) {
      err(l.line, M.badCode('Mã tỉnh'));
      continue;
    }
    const provinceCode = pc.padStart(2, '0');
    if (l.provinceName) {
      const p = provinceName(l.provinceName);
      const seen = provinces.get(provinceCode);
      if (seen && seen.name !== p.name) err(l.line, M.provinceMismatch(provinceCode));
      else if (!seen) provinces.set(provinceCode, { level: 'province', code: provinceCode, name: p.name, kind: p.kind, provinceCode: null });
    }
    if (!l.wardCode) {
      if (!l.provinceName) err(l.line, M.nameRequired);
      continue;
    }
    const wc = l.wardCode.replace(/\.0$/, '');
    if (!/^\d{1,5}$/.test(wc)) {
      err(l.line, M.badCode('Mã phường/xã'));
      continue;
    }
    const code = wc.padStart(5, '0');
    if (!l.wardName) {
      err(l.line, M.nameRequired);
      continue;
    }
    if (wards.has(code) || mergedInto.has(code)) {
      err(l.line, M.duplicate(code));
      continue;
    }
    if (l.mergedInto) {
      const into = l.mergedInto.replace(/\.0$/, '');
      if (!/^\d{1,5}$/.test(into)) err(l.line, M.badCode('Mã sáp nhập vào'));
      else mergedInto.set(code, into.padStart(5, '0'));
      continue;
    }
    const w = wardName(l.wardName, l.kind);
    wards.set(code, { level: 'ward', code, name: w.name, kind: w.kind, provinceCode });
  }
  for (const [code, into] of mergedInto) if (!wards.has(into)) errors.push({ field: `mã ${code}`, message: M.mergedIntoUnknown(into) });
  if (errors.length) throw badRequest(M.rowErrors(errors.length), errors.slice(0, 100));
  return { units: [...provinces.values(), ...wards.values()], mergedInto, rows: lines.length };
}

/** A current unit of the database (not legacy). */
export interface CurrentUnit {
  id: number;
  level: 'province' | 'ward';
  code: string;
  name: string;
  kind: string | null;
  provinceCode: string | null;
  active: boolean;
}

export interface SyncDiff {
  added: SyncUnit[];
  renamed: { unit: SyncUnit; current: CurrentUnit }[];
  merged: { current: CurrentUnit; into: string }[];
  removed: CurrentUnit[];
}

/**
 * What changes: a unit of the file not among the active current ones is added (or re-activated); one whose
 * name, type or province differs is renamed; an active unit missing from the file is merged when the file
 * says into which, removed otherwise. A list that would remove more than a third of the units is refused.
 */
export function diffUnits(current: CurrentUnit[], list: ParsedList): SyncDiff {
  const key = (level: string, code: string) => `${level}:${code}`;
  const now = new Map(current.map((c) => [key(c.level, c.code), c]));
  const inFile = new Set(list.units.map((u) => key(u.level, u.code)));
  const added: SyncUnit[] = [];
  const renamed: SyncDiff['renamed'] = [];
  for (const u of list.units) {
    const c = now.get(key(u.level, u.code));
    if (!c?.active) added.push(u);
    else if (c.name !== u.name || (u.kind && c.kind !== u.kind) || c.provinceCode !== u.provinceCode) renamed.push({ unit: u, current: c });
  }
  const gone = current.filter((c) => c.active && !inFile.has(key(c.level, c.code)));
  // a province missing from a list of wards only is not removed: the list names the provinces of its wards
  const listsProvinces = list.units.some((u) => u.level === 'province');
  const merged = gone.filter((c) => c.level === 'ward' && list.mergedInto.has(c.code)).map((c) => ({ current: c, into: list.mergedInto.get(c.code)! }));
  const removed = gone.filter((c) => !(c.level === 'ward' && list.mergedInto.has(c.code)) && (c.level === 'ward' || listsProvinces));
  const active = current.filter((c) => c.active).length;
  if (removed.length + merged.length > active / 3) throw badRequest(M.tooManyRemoved(removed.length + merged.length, active));
  return { added, renamed, merged, removed };
}

/** Changes as the preview shows them, with the number of profiles using each unit that goes. */
export function describeDiff(
  diff: SyncDiff,
  profileCounts: Map<string, number>,
  names: Map<string, string>,
): Record<'added' | 'renamed' | 'merged' | 'removed', SyncChange[]> {
  const base = { before: null, successorCode: null, successorName: null, profiles: 0 };
  return {
    added: diff.added.map((u) => ({ ...base, level: u.level, code: u.code, name: u.name, province: u.provinceCode })),
    renamed: diff.renamed.map(({ unit, current }) => ({
      ...base,
      level: unit.level,
      code: unit.code,
      name: unit.name,
      before: current.name,
      province: unit.provinceCode,
    })),
    merged: diff.merged.map(({ current, into }) => ({
      ...base,
      level: current.level,
      code: current.code,
      name: current.name,
      province: current.provinceCode,
      successorCode: into,
      successorName: names.get(into) ?? null,
      profiles: profileCounts.get(`${current.level}:${current.code}`) ?? 0,
    })),
    removed: diff.removed.map((c) => ({
      ...base,
      level: c.level,
      code: c.code,
      name: c.name,
      province: c.provinceCode,
      profiles: profileCounts.get(`${c.level}:${c.code}`) ?? 0,
    })),
  };
}

/** The same file against the same areas gives the same digest: apply checks the preview still holds. */
export function diffDigest(diff: SyncDiff): string {
  const h = createHash('sha256');
  h.update(
    JSON.stringify([
      diff.added,
      diff.renamed.map((r) => [r.unit, r.current.id]),
      diff.merged.map((m) => [m.current.id, m.into]),
      diff.removed.map((r) => r.id),
    ]),
  );
  return h.digest('hex').slice(0, 32);
}
