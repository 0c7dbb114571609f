import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES, MEMBERS_PATH as P } from '@portal/shared/contracts/clinic.contract';
import { CLINIC_PROGRAM_SURVEYS } from '@portal/shared/rules/clinic-programs';
import { clinicFacility, type ClinicFac } from '../../test/clinic-fixtures';
import { bearer, createTestApp, sqlRows, type TestApp } from '../../test/test-app';
import { countAudience } from '../notifications/audience';

/**
 * The private clinic's members through the API (issue 20): enrolment and its refusals (twice, another facility's
 * patient), the list's filters, activation with the reason kept, note, care, surveys, the Excel import (all rows or
 * none, a report per row) and export; 400/401/403/404 and facility isolation.
 */
let t: TestApp;
let a: ClinicFac;
let b: ClinicFac;

beforeAll(async () => {
  t = await createTestApp();
  a = await clinicFacility(t, 5);
  b = await clinicFacility(t, 1);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as never } : {}) });

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Thành viên');
  ws.addRow(['Mã bệnh nhân', 'Số điện thoại', 'Chương trình *', 'Ghi chú']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = (token: string, body: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `${P}/import`,
    headers: { ...bearer(token), 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    payload: body,
  });

describe('enrolment', () => {
  it('enrols a patient with the programme’s surveys; the same account twice is a 409 in Vietnamese, nothing added', async () => {
    const p = a.patients[0]!;
    const res = await call('POST', P, a.shp, { medicalProfileId: p.profileId, program: 'HYPERTENSION', doctorId: a.doctorId, note: 'Sau xuất viện' });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data;
    expect(m).toMatchObject({ userId: p.userId, patientCode: p.code, fullName: p.name, program: 'HYPERTENSION', active: true, note: 'Sau xuất viện' });
    expect(m.doctor).toEqual({ id: a.doctorId, name: 'Phạm Thu Trang' });
    expect(m.surveys).toEqual(CLINIC_PROGRAM_SURVEYS.HYPERTENSION);
    const again = await call('POST', P, a.shp, { medicalProfileId: p.profileId, program: 'DIABETES' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MEMBER_MESSAGES.alreadyMember.replace('{name}', p.name));
    const [n] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM clinic_members WHERE facility_id = ${a.id}`);
    expect(n!.n).toBe(1);
    const [audit] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'clinic_member' AND action = 'ENROL' AND facility_id = ${a.id}`,
    );
    expect(audit!.n).toBe(1);
  });

  it('refuses a patient of another facility (404), a doctor of another facility (400) and a bad programme (400)', async () => {
    const foreign = await call('POST', P, a.shp, { medicalProfileId: b.patients[0]!.profileId, program: 'DIABETES' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MEMBER_MESSAGES.profileNotFound);
    const doctor = await call('POST', P, a.shp, { medicalProfileId: a.patients[1]!.profileId, program: 'DIABETES', doctorId: b.doctorId });
    expect(doctor.statusCode).toBe(400);
    expect(doctor.json().message).toBe(MEMBER_MESSAGES.doctorUnknown);
    const program = await call('POST', P, a.shp, { medicalProfileId: a.patients[1]!.profileId, program: 'CANCER' });
    expect(program.statusCode).toBe(400);
    expect(program.json().errors[0]).toMatchObject({ field: 'program', message: 'Chương trình chăm sóc không hợp lệ' });
    const [n] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM clinic_members WHERE user_id = ${a.patients[1]!.userId}`);
    expect(n!.n).toBe(0);
  });

  it('401 without a token, 403 without MANAGER_SHP, on every kind of route', async () => {
    expect((await call('GET', `${P}/filter`, null)).statusCode).toBe(401);
    expect((await call('GET', `${P}/filter`, a.desk)).statusCode).toBe(403);
    expect((await call('POST', P, a.desk, { medicalProfileId: a.patients[1]!.profileId, program: 'DIABETES' })).statusCode).toBe(403);
    expect((await call('PUT', `${P}/1/note`, a.desk, { note: 'x' })).statusCode).toBe(403);
  });

  it('finds patients to enrol by name without diacritics and by patient code, each with its membership', async () => {
    const res = await call(
      'GET',
      `${P}/user-filter?q=${encodeURIComponent(a.patients[0]!.name.split(' ')[0]!.normalize('NFD').replace(/\p{M}/gu, ''))}`,
      a.shp,
    );
    expect(res.statusCode, res.body).toBe(200);
    const hit = res.json().data.find((c: { medicalProfileId: number }) => c.medicalProfileId === a.patients[0]!.profileId);
    expect(hit.memberId).toBeGreaterThan(0);
    const byCode = await call('GET', `${P}/patient-code/${a.patients[2]!.code}`, a.shp);
    expect(byCode.json().data).toMatchObject({ medicalProfileId: a.patients[2]!.profileId, memberId: null });
    const other = await call('GET', `${P}/patient-code/${b.patients[0]!.code}`, a.shp);
    expect(other.statusCode).toBe(404);
    expect((await call('GET', `${P}/user-filter?q=`, a.shp)).statusCode).toBe(400);
  });
});

describe('a member’s lifecycle', () => {
  let id: number;
  beforeAll(async () => {
    id = (await call('POST', P, a.shp, { medicalProfileId: a.patients[3]!.profileId, program: 'DIABETES' })).json().data.id;
  });

  it('deactivates only with a reason, keeps it after reactivating, and refuses the same state (409)', async () => {
    const noReason = await call('PUT', `${P}/${id}/activation`, a.shp, { active: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ field: 'reason', message: MEMBER_MESSAGES.reasonRequired });
    const off = await call('PUT', `${P}/${id}/activation`, a.shp, { active: false, reason: 'Chuyển nơi sinh sống' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: MEMBER_MESSAGES.deactivated, data: { active: false, deactivationReason: 'Chuyển nơi sinh sống' } });
    expect((await call('PUT', `${P}/${id}/activation`, a.shp, { active: false, reason: 'lần nữa' })).statusCode).toBe(409);
    const on = await call('PUT', `${P}/${id}/activation`, a.shp, { active: true });
    expect(on.json().data).toMatchObject({ active: true, deactivationReason: 'Chuyển nơi sinh sống' });
    const log = await sqlRows<{ action: string }>(
      t,
      sql`SELECT action FROM audit_log WHERE entity = 'clinic_member' AND entity_id = ${String(id)} ORDER BY id`,
    );
    expect(log.map((l) => l.action)).toEqual(['ENROL', 'DEACTIVATE', 'ACTIVATE']);
  });

  it('saves the note, the care programme and doctor, and the surveys; refuses a survey twice or every 0 days', async () => {
    expect((await call('PUT', `${P}/${id}/note`, a.shp, { note: 'Dị ứng penicillin' })).json().data.note).toBe('Dị ứng penicillin');
    const care = await call('PUT', `${P}/${id}`, a.shp, { program: 'ELDERLY', doctorId: a.doctorId });
    expect(care.json().data).toMatchObject({ program: 'ELDERLY', doctor: { id: a.doctorId } });
    const surveys = [{ kind: 'SLEEP_MOOD', everyDays: 14 }];
    expect((await call('PUT', `${P}/${id}/survey-setting`, a.shp, { surveys })).json().data.surveys).toEqual(surveys);
    const twice = await call('PUT', `${P}/${id}/survey-setting`, a.shp, { surveys: [...surveys, ...surveys] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain(MEMBER_MESSAGES.surveyTwice);
    expect((await call('PUT', `${P}/${id}/survey-setting`, a.shp, { surveys: [{ kind: 'SLEEP_MOOD', everyDays: 0 }] })).statusCode).toBe(400);
    expect((await call('GET', `${P}/${id}`, a.shp)).json().data.surveys).toEqual(surveys);
  });

  it('is invisible to another facility (404) and a bad id is a 400', async () => {
    expect((await call('GET', `${P}/${id}`, b.shp)).statusCode).toBe(404);
    expect((await call('PUT', `${P}/${id}/note`, b.shp, { note: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `${P}/abc`, a.shp)).statusCode).toBe(400);
  });

  it('filters by programme, state, doctor and text without diacritics', async () => {
    const all = (await call('GET', `${P}/filter`, a.shp)).json();
    expect(all.totalElements).toBe(2);
    expect((await call('GET', `${P}/filter?program=ELDERLY`, a.shp)).json().data.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await call('GET', `${P}/filter?active=false`, a.shp)).json().totalElements).toBe(0);
    expect((await call('GET', `${P}/filter?doctorId=${a.doctorId}`, a.shp)).json().totalElements).toBe(2);
    const code = (await call('GET', `${P}/filter?q=${a.patients[3]!.code.toLowerCase()}`, a.shp)).json();
    expect(code.data.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await call('GET', `${P}/filter?from=2026-05-02&to=2026-05-01`, a.shp)).statusCode).toBe(400);
    expect((await call('GET', `${P}/filter`, b.shp)).json().totalElements).toBe(0);
  });

  it('exports the filtered list as a real workbook, audited', async () => {
    const res = await call('GET', `${P}/export?program=ELDERLY`, a.shp);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = wb.worksheets[0]!.getSheetValues().flat().map(String);
    expect(values).toContain(a.patients[3]!.code);
    expect(values).not.toContain(a.patients[0]!.code);
    const [n] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'clinic_member' AND action = 'EXPORT' AND facility_id = ${a.id}`,
    );
    expect(n!.n).toBe(1);
  });
});

describe('the Excel import', () => {
  it('offers a template with its instructions', async () => {
    const res = await call('GET', `${P}/import-template`, a.shp);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Thành viên', 'Hướng dẫn']);
  });

  it('refuses the whole file with a report per row when a row is wrong: unknown code, unknown phone, already a member, twice, bad programme', async () => {
    const file = await xlsx([
      [a.patients[4]!.code, '', 'Đái tháo đường', ''],
      ['BN99999999', '', 'Tăng huyết áp', ''],
      ['', '0900000001', 'Tăng huyết áp', ''],
      [a.patients[0]!.code, '', 'Tăng huyết áp', ''],
      ['', a.patients[4]!.phone, 'Đái tháo đường', ''],
      [a.patients[2]!.code, '', 'Ung bướu', ''],
      ['', '', 'Tăng huyết áp', ''],
    ]);
    const res = await upload(a.shp, file);
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().errors as { row: number; column: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: 'Mã bệnh nhân', message: 'Không có bệnh nhân mã BN99999999 trong cơ sở y tế' }),
        expect.objectContaining({ row: 4, column: 'Số điện thoại', message: 'Không có bệnh nhân có số điện thoại 0900000001 trong cơ sở y tế' }),
        expect.objectContaining({ row: 5, message: MEMBER_MESSAGES.importAlready }),
        expect.objectContaining({ row: 6, message: 'Bệnh nhân này đã có ở dòng 2 của tệp' }),
        expect.objectContaining({ row: 7, column: 'Chương trình' }),
        expect.objectContaining({ row: 8, message: MEMBER_MESSAGES.importNoKey }),
      ]),
    );
    const [n] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM clinic_members WHERE facility_id = ${a.id}`);
    expect(n!.n).toBe(2);
  });

  it('enrols every row of a good file, matched by code or by phone (a number cell without its 0), in one audit row', async () => {
    const phone = Number(a.patients[2]!.phone); // Excel drops the leading 0 of a number cell
    const res = await upload(
      a.shp,
      await xlsx([
        [a.patients[4]!.code, '', 'Đái tháo đường', 'Nhập từ tệp'],
        ['', phone, 'thai kỳ', ''],
      ]),
    );
    expect(res.statusCode, res.body).toBe(400); // "thai kỳ" is not a programme label
    const ok = await upload(
      a.shp,
      await xlsx([
        [a.patients[4]!.code, '', 'Đái tháo đường', 'Nhập từ tệp'],
        ['', phone, 'Theo dõi thai kỳ', ''],
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Đã ghi danh 2 thành viên từ tệp', data: { total: 2, created: 2 } });
    const list = (await call('GET', `${P}/filter?program=PREGNANCY`, a.shp)).json().data;
    expect(list.map((m: { userId: number }) => m.userId)).toEqual([a.patients[2]!.userId]);
    const [audit] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'clinic_member' AND action = 'IMPORT' AND facility_id = ${a.id}`,
    );
    expect(audit!.n).toBe(1);
  });

  it('refuses a file that is not a workbook, and answers 403 without MANAGER_SHP', async () => {
    const res = await upload(a.shp, Buffer.from('not a workbook'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('.xlsx');
    expect((await upload(a.desk, await xlsx([]))).statusCode).toBe(403);
  });
});

describe('a notification group’s audience', () => {
  it('reaches the active members of the clinic, of one programme when asked, and no one of another facility', async () => {
    const active = await sqlRows<{ userId: number; program: string }>(
      t,
      sql`SELECT user_id AS "userId", program FROM clinic_members WHERE facility_id = ${a.id} AND active`,
    );
    expect(active.length).toBeGreaterThan(1);
    expect(await countAudience(t.database.db, a.id, { clinic: {} })).toBe(active.length);
    expect(await countAudience(t.database.db, a.id, { clinic: { program: 'ELDERLY' } })).toBe(active.filter((m) => m.program === 'ELDERLY').length);
    expect(await countAudience(t.database.db, b.id, { clinic: { program: 'ELDERLY' } })).toBe(0);
  });
});

describe('the doctors to choose', () => {
  it('lists the facility’s doctors only', async () => {
    const res = await call('GET', `${P}/doctors?q=trang`, a.shp);
    expect(res.json().data).toEqual([{ id: a.doctorId, name: 'Phạm Thu Trang' }]);
    expect((await call('GET', `${P}/doctors`, b.shp)).json().data.map((d: { id: number }) => d.id)).toEqual([b.doctorId]);
  });
});
