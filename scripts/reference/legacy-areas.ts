/**
 * Writes the pre-2025 districts and communes and the official old → new commune conversion table
 * as compact JSON under apps/server/src/db/reference/ (see SOURCES.md there).
 *
 *   node --import tsx scripts/reference/legacy-areas.ts <Xa_2025-01-04.csv> <BangChuyendoiĐVHCmoi_cu_khong_merge.csv>
 *
 * Inputs: `sunshine-tech/VietnamProvinces` (commit 809e91baefbe3153ccaecc9b2286303a98b9119b) `dev/seed-data/Pre-2025-07/Xa_2025-01-04.csv`
 * (GSO export of 04/01/2025) and `dev/seed-data/2025-07/BangChuyendoiĐVHCmoi_cu_khong_merge.csv`.
 * Deterministic: the same inputs give the same files byte for byte. Prints what it had to reconcile.
 */
import fs from 'node:fs';
import path from 'node:path';
import { normalizeText } from '../../packages/shared/src/rules/diacritics';

const OUT = path.resolve(import.meta.dirname, '..', '..', 'apps', 'server', 'src', 'db', 'reference');

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) row.push(field), rows.push(row);
  return rows;
}

const clean = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();
/** The unit type spelt as the documents spell it ("Thành Phố Bắc Kạn" → "Thành phố Bắc Kạn"). */
function unitName(s: string): string {
  const name = clean(s);
  const k = KINDS.find((x) => name.toLowerCase().startsWith(`${x.toLowerCase()} `));
  return k ? `${k}${name.slice(k.length)}` : name;
}
/** "Huyện Chư Prông (632)" → ["Huyện Chư Prông", "632"]. */
function nameCode(s: string): [string, string] {
  const m = /^(.*?)\s*\((\d+)\)\s*$/.exec(clean(s));
  if (!m) throw new Error(`no code in "${s}"`);
  return [m[1], m[2]];
}
const KINDS = ['Thành phố', 'Thị xã', 'Thị trấn', 'Quận', 'Huyện', 'Phường', 'Xã', 'Đặc khu'];
function kindOf(name: string): string {
  const k = KINDS.find((x) => name.startsWith(`${x} `));
  if (!k) throw new Error(`unknown unit type in "${name}"`);
  return k;
}
/** Whole merges keep the commune in one new unit; every "một phần" note (typos included) is a split. */
export function isPartial(note: string): boolean {
  const n = normalizeText(note).replace(/\s+/g, ' ');
  return /mot phan|phan con lai/.test(n);
}

function main() {
  const [xaFile, convFile] = process.argv.slice(2);
  if (!xaFile || !convFile) throw new Error('usage: legacy-areas.ts <Xa_2025-01-04.csv> <BangChuyendoi….csv>');
  const xa = parseCsv(fs.readFileSync(xaFile, 'utf8'))
    .slice(1)
    .filter((r) => r.length >= 7 && r[1]);
  const conv = parseCsv(fs.readFileSync(convFile, 'utf8'))
    .slice(2)
    .filter((r) => r.length >= 8 && clean(r[2]));
  const wards2025 = JSON.parse(fs.readFileSync(path.join(OUT, 'wards-2025.json'), 'utf8')) as [string, string, string, string][];
  const newByCode = new Map(wards2025.map((w) => [w[0], w]));
  const newByProvinceName = new Map(wards2025.map((w) => [`${w[3]}|${normalizeText(w[1])}`, w]));

  const districts = new Map<string, [string, string, string, string]>(); // code → [code, name, kind, provinceCode]
  const wards = new Map<string, [string, string, string, string] | [string, string, string, string, string]>();
  for (const r of xa) {
    const [, provinceCode, districtName, districtCode, wardName, wardCode] = r.map(unitName);
    if (!districts.has(districtCode)) districts.set(districtCode, [districtCode, districtName, kindOf(districtName), provinceCode]);
    if (wardCode) wards.set(wardCode, [wardCode, wardName, kindOf(wardName), districtCode]);
  }

  const log: string[] = [];
  const conversions: [string, string, 0 | 1][] = [];
  const byOld = new Map<string, { newCode: string; partial: boolean }[]>();
  for (const r of conv) {
    const [newProvince, newName, newCodeRaw, oldName, oldCode, note, oldDistrict, oldProvince] = r.map(unitName);
    const newProvinceCode = nameCode(newProvince)[1];
    let newCode = newCodeRaw;
    const listed = newByCode.get(newCode);
    // the code decides, unless the document lists that code elsewhere (then the name in the province does)
    if (!listed || listed[3] !== newProvinceCode) {
      const byName = newByProvinceName.get(`${newProvinceCode}|${normalizeText(newName)}`);
      if (!byName) throw new Error(`new unit ${newCode} ${newName} (${newProvince}) is not in wards-2025.json`);
      if (byName[0] !== newCode) log.push(`new code ${newCode} "${newName}" → ${byName[0]} (Công văn 1027/CTK-CSCL)`);
      newCode = byName[0];
    }
    const [districtName, districtCode] = nameCode(oldDistrict);
    const oldProvinceCode = nameCode(oldProvince)[1];
    if (!districts.has(districtCode)) {
      districts.set(districtCode, [districtCode, districtName, kindOf(districtName), oldProvinceCode]);
      log.push(`district ${districtCode} ${districtName} only in the conversion table`);
    }
    // A whole island district without communes becomes one special zone: the district itself converts.
    const old = oldCode || (oldName ? '' : districtCode);
    if (!old) {
      log.push(`skipped (no old code): "${oldName}" → ${newCode} ${newName}`);
      continue;
    }
    if (oldCode && !wards.has(oldCode)) {
      wards.set(oldCode, [oldCode, oldName, kindOf(oldName), districtCode]);
      log.push(`ward ${oldCode} ${oldName} (${districtName}) only in the conversion table`);
    } else if (oldCode) {
      const w = wards.get(oldCode)!;
      if (normalizeText(w[1]) !== normalizeText(oldName)) {
        wards.set(oldCode, [w[0], w[1], w[2], w[3], oldName]);
        log.push(`ward ${oldCode} "${w[1]}" also named "${oldName}" by the conversion table`);
      }
    }
    const list = byOld.get(old) ?? [];
    if (!list.some((x) => x.newCode === newCode)) list.push({ newCode, partial: isPartial(note) });
    byOld.set(old, list);
  }
  for (const [old, list] of byOld) {
    // split among several new units = partial, whatever each row's note says
    for (const x of list) conversions.push([old, x.newCode, list.length > 1 || x.partial ? 1 : 0]);
  }
  conversions.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
  const unconverted = [...wards.keys()].filter((c) => !byOld.has(c));
  log.push(`${unconverted.length} communes of 04/01/2025 have no row in the conversion table: ${unconverted.join(' ')}`);

  const sortByCode = <T extends string[]>(m: Map<string, T>) => [...m.values()].sort((a, b) => a[0].localeCompare(b[0]));
  const write = (file: string, rows: unknown[]) => fs.writeFileSync(path.join(OUT, file), `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
  write('districts-legacy.json', sortByCode(districts));
  write('wards-legacy.json', sortByCode(wards as Map<string, string[]>));
  write('ward-conversion-2025.json', conversions);
  console.log(log.join('\n'));
  console.log(`districts ${districts.size}, wards ${wards.size}, conversion rows ${conversions.length}`);
}

if (process.argv[1] === import.meta.filename) main();
