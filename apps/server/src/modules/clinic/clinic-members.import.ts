import ExcelJS from 'exceljs';
import type { FieldDef } from '@portal/shared/core/define-resource';
import { IMPORT_MAX_ROWS, type ImportResult, type ImportRowError } from '@portal/shared/core/import';
import { MEMBER_IMPORT_COLUMNS as C, MEMBER_MESSAGES as M, MEMBER_NOTE_MAX } from '@portal/shared/contracts/clinic.contract';
import { fmt } from '@portal/shared/messages.vi';
import { CLINIC_PROGRAM_LABELS, CLINIC_PROGRAMS, type ClinicProgram } from '@portal/shared/rules/clinic-programs';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { fileError, ImportRejected, readSheet } from '../../core/crud/import';
import { recordWrite } from '../../core/write';
import * as repo from './clinic-members.repository';
import { enrolIn } from './clinic-members.service';

/**
 * Enrolment from an Excel list (issue 20): each row names a patient by patient code or phone, the programme and a
 * note. Every row is checked first (unknown code or phone, a phone of several profiles, a code and phone of two
 * people, the same patient twice in the file, an account already a member); any problem → 400 with the report per
 * row and nobody enrolled. Otherwise every row is enrolled in one transaction with one audit row.
 */

const FIELDS: FieldDef[] = [
  { key: 'patientCode', label: C.patientCode, type: 'text' },
  { key: 'phone', label: C.phone, type: 'text' },
  { key: 'program', label: C.program, type: 'enum', required: true, options: CLINIC_PROGRAMS.map((p) => ({ value: p, label: CLINIC_PROGRAM_LABELS[p] })) },
  { key: 'note', label: 'Ghi chú', type: 'textarea' },
];

/** A phone as typed in a sheet: digits only, +84 / 84 → 0. */
export function phoneKey(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  const digits = String(v).replace(/\D/g, '');
  if (!digits) return null;
  if (digits.startsWith('84') && digits.length >= 11) return `0${digits.slice(2)}`;
  return digits.length === 9 ? `0${digits}` : digits; // a number cell loses the leading 0
}

export async function importTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Thành viên');
  ws.columns = [
    { header: C.patientCode, width: 16 },
    { header: C.phone, width: 16 },
    { header: `${C.program} *`, width: 26 },
    { header: C.note, width: 40 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.addRow(['BN00000123', '', CLINIC_PROGRAM_LABELS.HYPERTENSION, 'Theo dõi huyết áp sau xuất viện']);
  ws.addRow(['', '0912345678', CLINIC_PROGRAM_LABELS.DIABETES, '']);
  ws.getColumn(2).numFmt = '@';
  const notes = wb.addWorksheet('Hướng dẫn');
  notes.columns = [{ header: 'Hướng dẫn', width: 110 }];
  for (const line of [
    `${C.patientCode} hoặc ${C.phone}: bắt buộc một trong hai. Mã bệnh nhân được ưu tiên; nếu nhập cả hai thì phải cùng một bệnh nhân.`,
    `${C.phone}: số của hồ sơ hoặc của tài khoản ứng dụng; nếu số khớp nhiều hồ sơ, hãy dùng mã bệnh nhân.`,
    `${C.program}: một trong ${CLINIC_PROGRAMS.map((p) => CLINIC_PROGRAM_LABELS[p]).join(', ')}.`,
    `${C.note}: tối đa ${MEMBER_NOTE_MAX.toLocaleString('vi-VN')} ký tự, chỉ nhân viên xem.`,
    'Mỗi tài khoản ứng dụng chỉ ghi danh một lần. Nếu có dòng lỗi, không ai được ghi danh: sửa các dòng được báo rồi nhập lại.',
  ])
    notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function importMembers(ctx: AppContext, caller: Caller, body: unknown): Promise<{ code: 0; message: string; data: ImportResult }> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw fileError('Vui lòng chọn tệp Excel (.xlsx) để nhập');
  const { rows } = await readSheet(body, FIELDS, IMPORT_MAX_ROWS);
  const errors: ImportRowError[] = [];
  const report = (row: number, key: keyof typeof C, message: string) => errors.push({ row, field: key, column: C[key], message });

  const count = await ctx.database.transaction(async (tx) => {
    const parsed = rows.map((r) => ({
      row: r.row,
      code: typeof r.values.patientCode?.value === 'string' && r.values.patientCode.value ? r.values.patientCode.value.trim().toUpperCase() : null,
      phone: phoneKey(r.values.phone?.value),
      program: r.values.program?.value as ClinicProgram | null,
      programError: r.values.program?.error,
      note: typeof r.values.note?.value === 'string' ? r.values.note.value.trim() : '',
    }));
    const byCode = new Map(
      (await repo.profilesByCodes(tx, caller.facilityId, [...new Set(parsed.flatMap((p) => (p.code ? [p.code] : [])))])).map((p) => [p.patientCode, p]),
    );
    const byPhone = new Map<string, repo.ProfileForEnrol[]>();
    for (const p of await repo.profilesByPhones(tx, caller.facilityId, [...new Set(parsed.flatMap((p) => (p.phone && !p.code ? [p.phone] : [])))])) {
      for (const key of new Set([p.phone, p.accountPhone])) if (key) byPhone.set(key, [...(byPhone.get(key) ?? []), p]);
    }
    const members = await repo.membersOfUsers(tx, caller.facilityId, [...new Set([...byCode.values(), ...[...byPhone.values()].flat()].map((p) => p.userId))]);

    const seen = new Map<number, number>(); // account → first row
    const valid: { profile: repo.ProfileForEnrol; program: ClinicProgram; note: string }[] = [];
    for (const r of parsed) {
      let profile: repo.ProfileForEnrol | undefined;
      if (r.code) {
        profile = byCode.get(r.code);
        if (!profile) report(r.row, 'patientCode', fmt(M.importUnknownCode, { code: r.code }));
        else if (r.phone && r.phone !== profile.phone && r.phone !== profile.accountPhone) report(r.row, 'phone', M.importCodePhoneMismatch);
      } else if (r.phone) {
        const found = [...new Map((byPhone.get(r.phone) ?? []).map((p) => [p.id, p])).values()];
        if (found.length === 0) report(r.row, 'phone', fmt(M.importUnknownPhone, { phone: r.phone }));
        else if (found.length > 1) report(r.row, 'phone', fmt(M.importAmbiguousPhone, { phone: r.phone, count: found.length }));
        else profile = found[0];
      } else report(r.row, 'patientCode', M.importNoKey);
      if (r.programError || !r.program)
        report(r.row, 'program', r.programError ?? fmt(M.importProgram, { list: Object.values(CLINIC_PROGRAM_LABELS).join(', ') }));
      if (r.note.length > MEMBER_NOTE_MAX) report(r.row, 'note', `Ghi chú tối đa ${MEMBER_NOTE_MAX.toLocaleString('vi-VN')} ký tự`);
      if (!profile) continue;
      const first = seen.get(profile.userId);
      if (first !== undefined) report(r.row, r.code ? 'patientCode' : 'phone', fmt(M.importTwiceInFile, { row: first }));
      else seen.set(profile.userId, r.row);
      if (members.has(profile.userId)) report(r.row, r.code ? 'patientCode' : 'phone', M.importAlready);
      if (r.program) valid.push({ profile, program: r.program, note: r.note });
    }
    if (errors.length) {
      const n = new Set(errors.map((e) => e.row)).size;
      throw new ImportRejected(`Có ${n} dòng lỗi: chưa ghi danh ai. Vui lòng sửa các dòng được báo rồi nhập lại`, errors.slice(0, 1000), errors.length);
    }
    const ids: number[] = [];
    for (const v of valid) ids.push(await enrolIn(tx, caller, v.profile, { program: v.program, doctorId: null, note: v.note }));
    await recordWrite(ctx, tx, caller, { audit: { action: 'IMPORT', entity: 'clinic_member', after: { enrolled: ids.length, memberIds: ids.slice(0, 200) } } });
    return ids.length;
  });
  return { code: 0, message: fmt(M.importDone, { count }), data: { total: rows.length, created: count, updated: 0 } };
}
