import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergePreviewResponse, patientSearchResponse, historiesResponse, type PatientUserRow } from '@portal/shared/contracts/patients.contract';
import { validateNewPassword } from '@portal/shared/rules/password';
import { patientSessions } from '../../db/schema';
import { tinyPdf } from '../../db/seed/patients-data';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeHistory, makePatients } from './patients.fixtures';

let t: TestApp;
let dataDir: string;
let tok: { user: string; appt: string; admin: string; other: string };
let A: number; // facility
let B: number;
const ids: Record<string, number> = {};
const profileIds: Record<string, number> = {};
const codes: Record<string, string> = {};

const P = '/api/his/v1/vendor/users';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...headers }, payload: payload as never });
const search = async (qs: string, token = tok.user) => {
  const res = await call('GET', `${P}/search?${qs}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return patientSearchResponse.parse(res.json());
};
const names = (rows: PatientUserRow[]) => rows.map((r) => r.id).sort((a, b) => a - b);
const auditRows = (action: string, entityId: number | string) =>
  sqlRows<{ action: string; actor_username: string; facility_id: number; before: unknown; after: Record<string, unknown> }>(
    t,
    sql`SELECT action, actor_username, facility_id, before, after FROM audit_log WHERE action = ${action} AND entity_id = ${String(entityId)} ORDER BY id`,
  );

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'patients-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const a = await makeFacility(t, [
    { key: 'user', authorities: ['MANAGER_USER'] },
    { key: 'appt', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'admin', authorities: ['ADMIN_FACILITY'] },
  ]);
  const b = await makeFacility(t, [{ key: 'user', authorities: ['MANAGER_USER'] }]);
  A = a.facilityId;
  B = b.facilityId;
  tok = {
    user: (await login(t, a.accounts.user!)).loginToken,
    appt: (await login(t, a.accounts.appt!)).loginToken,
    admin: (await login(t, a.accounts.admin!)).loginToken,
    other: (await login(t, b.accounts.user!)).loginToken,
  };
  const made = await t.database.transaction(async (tx) => {
    const inA = await makePatients(tx, A, [
      {
        verified: false,
        createdAt: new Date('2025-01-10T03:00:00Z'),
        profiles: [
          { fullName: 'Nguyễn Văn An', birthDate: '1990-03-15', phone: '0912345678', cccd: '001090012345', bhyt: 'DN4010123456789', bhytExpiry: '2026-12-31' },
          { fullName: 'Nguyễn Minh Khôi', birthDate: '2018-06-01', relationship: 'CHILD' },
        ],
      },
      {
        verified: true,
        createdAt: new Date('2025-06-01T03:00:00Z'),
        profiles: [{ fullName: 'Trần Thị Bích Ngọc', birthDate: '1985-11-02', gender: 'FEMALE', phone: '0987654321' }],
      },
      // the same person again, signed up later with an e-mail: same phone on the profile, same name and birth date
      {
        phone: null,
        email: 'nguyenvanan.90@gmail.com',
        createdAt: new Date('2025-08-20T03:00:00Z'),
        profiles: [{ fullName: 'Nguyễn Văn An', birthDate: '1990-03-15', phone: '0912345678' }],
      },
      { locked: true, createdAt: new Date('2025-07-01T03:00:00Z'), profiles: [{ fullName: 'Lê Hoàng Đức', birthDate: '1970-01-20', phone: '0355123456' }] },
    ]);
    const inB = await makePatients(tx, B, [{ profiles: [{ fullName: 'Nguyễn Văn An', birthDate: '1990-03-15', phone: '0912345678' }] }]);
    await makeHistory(tx, A, inA[0]!.userId, inA[0]!.profiles[0]!.id);
    await makeHistory(tx, A, inA[0]!.userId, inA[0]!.profiles[1]!.id, new Date('2025-10-01T01:00:00Z'), 'Viêm họng cấp, không đặc hiệu');
    await makeHistory(tx, A, inA[2]!.userId, inA[2]!.profiles[0]!.id, new Date('2025-09-01T01:00:00Z'));
    await makeHistory(tx, B, inB[0]!.userId, inB[0]!.profiles[0]!.id);
    return { inA, inB };
  });
  [ids.an, ids.ngoc, ids.anDup, ids.duc] = made.inA.map((x) => x.userId);
  ids.other = made.inB[0]!.userId;
  profileIds.an = made.inA[0]!.profiles[0]!.id;
  profileIds.khoi = made.inA[0]!.profiles[1]!.id;
  profileIds.anDup = made.inA[2]!.profiles[0]!.id;
  profileIds.other = made.inB[0]!.profiles[0]!.id;
  codes.an = made.inA[0]!.profiles[0]!.patientCode;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('search (GET /vendor/users/search)', () => {
  it.each([
    ['name without diacritics', 'q=nguyen%20van%20an'],
    ['name with diacritics', `q=${encodeURIComponent('Nguyễn Văn An')}`],
    ['name fragment in any order, any case', 'q=AN%20nguy'],
    ['phone', 'q=0912345678'],
    ['phone as +84 with spaces', `q=${encodeURIComponent('+84 912 345 678')}`],
  ])('finds both accounts of Nguyễn Văn An by %s, never the other facility’s', async (_label, qs) => {
    const page = await search(qs);
    expect(names(page.data)).toEqual([ids.an, ids.anDup].sort((a, b) => a! - b!));
    expect(page.totalElements).toBe(2);
    expect(page.totalCapped).toBe(false);
  });

  it.each([
    ['CCCD', 'q=001090012345'],
    ['BHYT in lower case', 'q=dn4010123456789'],
    ['patient code', () => `q=${codes.an}`],
    ['the child’s name', `q=${encodeURIComponent('khôi')}`],
  ] as const)('finds the account by %s', async (_label, qs) => {
    const page = await search(typeof qs === 'function' ? qs() : qs);
    expect(names(page.data)).toEqual([ids.an]);
    expect(page.data[0]!.profiles.map((p) => p.fullName)).toEqual(['Nguyễn Văn An', 'Nguyễn Minh Khôi']);
  });

  it('filters by verified, locked and created date range (DD/MM/YYYY, +07:00), newest first by default', async () => {
    expect(names((await search('verified=true')).data)).toEqual([ids.ngoc]);
    expect(names((await search('locked=true')).data)).toEqual([ids.duc]);
    const range = await search('createdFrom=01/06/2025&createdTo=01/07/2025');
    expect(range.data.map((r) => r.id)).toEqual([ids.duc, ids.ngoc]);
    const all = await search('');
    expect(all.data.map((r) => r.id)).toEqual([ids.anDup, ids.duc, ids.ngoc, ids.an]);
    const byName = await search('sort=name,asc&size=2&page=1');
    expect(byName.data.map((r) => r.name)).toEqual(['Nguyễn Văn An', 'Trần Thị Bích Ngọc']);
    expect(byName.totalPage).toBe(2);
  });

  it('while searching lists the best matches first unless a column is chosen; a chosen column, the default one too, sorts the matches', async () => {
    // best match: "nguyen" begins the names "Nguyễn Minh Khôi" (of the first account) and "Nguyễn Văn An" (both), in that order;
    // not newest first, so the web shows "Phù hợp nhất" and no "Ngày tạo" arrow
    expect((await search('q=nguyen')).data.map((r) => r.id)).toEqual([ids.an, ids.anDup]);
    expect((await search('q=nguyen&sort=createdAt,desc')).data.map((r) => r.id)).toEqual([ids.anDup, ids.an]);
    expect((await search('q=nguyen&sort=createdAt,asc')).data.map((r) => r.id)).toEqual([ids.an, ids.anDup]);
    expect((await search('q=nguyen&sort=name,desc')).data.map((r) => r.id)).toEqual([ids.anDup, ids.an]);
  });

  it('refuses bad filters with Vietnamese field errors', async () => {
    for (const [qs, field, message] of [
      ['createdFrom=31/02/2025', 'createdFrom', 'Ngày tạo từ không hợp lệ (DD/MM/YYYY)'],
      ['createdFrom=02/07/2025&createdTo=01/07/2025', 'createdTo', 'Ngày tạo đến phải sau hoặc bằng ngày tạo từ'],
      ['size=500', 'size', 'Số dòng mỗi trang tối đa 100'],
      ['verified=yes', 'verified', 'Giá trị phải là true hoặc false'],
      ['sort=password_hash,asc', 'sort', 'Cột sắp xếp không hợp lệ'],
    ]) {
      const res = await call('GET', `${P}/search?${qs}`, tok.user);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
  });

  it('answers 401 without a valid token and 403 without MANAGER_USER (audited); ADMIN_FACILITY passes', async () => {
    expect((await call('GET', `${P}/search`, null)).statusCode).toBe(401);
    expect((await call('GET', `${P}/search`, 'not-a-token')).statusCode).toBe(401);
    const res = await call('GET', `${P}/search`, tok.appt);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Bạn không có quyền thao tác');
    expect((await call('GET', `${P}/search`, tok.admin)).statusCode).toBe(200);
  });

  it('exports the filtered list as an .xlsx with Vietnamese headers, audited', async () => {
    const res = await call('GET', `${P}/export?q=nguyen%20van%20an`, tok.user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tai-khoan-benh-nhan-/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toContain('Họ và tên');
    expect(ws.rowCount).toBe(3);
    expect(String(ws.getRow(2).getCell(2).value)).toBe('Nguyễn Văn An');
    const [row] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'EXPORT' AND entity = 'patient_user' AND facility_id = ${A}`,
    );
    expect(row!.n).toBe(1);
  });
});

describe('account detail and profiles', () => {
  it('shows an account with its profiles, counts and no password hash', async () => {
    const res = await call('GET', `${P}/${ids.an}`, tok.user);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      id: ids.an,
      name: 'Nguyễn Văn An',
      phone: '0912345678',
      counts: { profiles: 2, histories: 2, resultFiles: 0 },
      hasPassword: false,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password_?hash/i);
  });

  it('keeps facilities apart: 404 for another facility’s account, 400 for a malformed id', async () => {
    expect((await call('GET', `${P}/${ids.other}`, tok.user)).statusCode).toBe(404);
    expect((await call('GET', `${P}/${ids.an}`, tok.other)).statusCode).toBe(404);
    expect((await call('GET', `${P}/${ids.an}/histories`, tok.other)).statusCode).toBe(404);
    expect((await call('PUT', `${P}/${ids.an}/locked`, tok.other)).statusCode).toBe(404);
    const bad = await call('GET', `${P}/abc`, tok.user);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Mã tài khoản không hợp lệ');
  });

  it('returns full profiles with the names of the official codes and an audited read', async () => {
    const res = await call('GET', `${P}/${ids.an}/medical-profiles`, tok.user);
    expect(res.statusCode).toBe(200);
    const [an] = res.json().data;
    expect(an).toMatchObject({
      fullName: 'Nguyễn Văn An',
      birthDate: '1990-03-15',
      nationName: 'Kinh',
      provinceName: 'Thành phố Hà Nội',
      wardName: 'Phường Cửa Nam',
      address: 'Số 15 Lê Duẩn, Phường Cửa Nam, Thành phố Hà Nội',
    });
    const audits = await sqlRows<{ after: { what: string } }>(
      t,
      sql`SELECT after FROM audit_log WHERE action = 'READ_RECORD' AND entity_id = ${String(ids.an)}`,
    );
    expect(audits.map((a) => a.after.what)).toContain('medical-profiles');
    const one = await call('GET', `${P}/${ids.an}/medical-profile?userProfileId=${profileIds.khoi}`, tok.user);
    expect(one.json().data.fullName).toBe('Nguyễn Minh Khôi');
    expect((await call('GET', `${P}/${ids.an}/medical-profile?userProfileId=${profileIds.other}`, tok.user)).statusCode).toBe(404);
    const brief = await call('GET', `${P}/${ids.an}/profiles`, tok.user);
    expect(brief.json().data.map((p: { relationship: string }) => p.relationship)).toEqual(['SELF', 'CHILD']);
  });

  const goodProfile = {
    fullName: 'Nguyễn Thị Hoa',
    birthDate: '150390',
    gender: 'FEMALE',
    relationship: 'SPOUSE',
    phone: '+84 988 111 222',
    cccd: '001190099999',
    bhyt: 'gd 4 01 0123499999',
    bhytExpiry: '31/12/2026',
    nationCode: '01',
    jobCode: '23',
    provinceCode: '01',
    wardCode: '00292',
    street: 'Số 8 ngõ 12 Bạch Mai',
  };

  it('refuses a bad profile with one Vietnamese error per field and writes nothing', async () => {
    const before = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM medical_profiles WHERE user_id = ${ids.an}`);
    const res = await call('POST', `${P}/${ids.an}/medical-profile`, tok.user, {
      ...goodProfile,
      birthDate: '31/02/1990',
      phone: '0212345678',
      cccd: '003190099999',
      bhyt: 'DN6010123456789',
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'birthDate', message: 'Ngày sinh không hợp lệ (nhập DD/MM/YYYY, ví dụ 15/03/1990 hoặc 150390)' },
        { field: 'phone', message: 'Số điện thoại di động phải bắt đầu bằng 03, 05, 07, 08 hoặc 09' },
        { field: 'cccd', message: 'Số CCCD có mã tỉnh (3 số đầu) không hợp lệ' },
        { field: 'bhyt', message: 'Mã thẻ BHYT có mức hưởng (ký tự thứ 3) phải từ 1 đến 5' },
      ]),
    );
    const mismatch = await call('POST', `${P}/${ids.an}/medical-profile`, tok.user, { ...goodProfile, cccd: '001090099999' });
    expect(mismatch.json().errors).toContainEqual({ field: 'cccd', message: 'Số CCCD không khớp giới tính' });
    const ward = await call('POST', `${P}/${ids.an}/medical-profile`, tok.user, { ...goodProfile, provinceCode: '79' });
    expect(ward.statusCode).toBe(400);
    expect(ward.json().errors).toContainEqual({ field: 'wardCode', message: 'Phường/xã không thuộc tỉnh/thành phố đã chọn' });
    const future = await call('POST', `${P}/${ids.an}/medical-profile`, tok.user, { ...goodProfile, birthDate: '01/01/2999', cccd: null });
    expect(future.json().errors).toContainEqual({ field: 'birthDate', message: 'Ngày sinh không được sau ngày hôm nay' });
    const after = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM medical_profiles WHERE user_id = ${ids.an}`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('adds a family profile from shorthand input, normalises identifiers, audits, and finds it by search', async () => {
    const res = await call('POST', `${P}/${ids.an}/medical-profile`, tok.user, goodProfile);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      birthDate: '1990-03-15',
      phone: '0988111222',
      bhyt: 'GD4010123499999',
      bhytExpiry: '2026-12-31',
      wardName: 'Phường Bạch Mai',
      jobName: 'Nhà chuyên môn về giảng dạy',
    });
    expect(p.patientCode).toMatch(/^BN\d{8}$/);
    expect((await auditRows('CREATE', p.id)).length).toBe(1);
    expect(names((await search('q=hoa%200988')).data)).toEqual([ids.an]);

    const dup = await call('POST', `${P}/${ids.ngoc}/medical-profile`, tok.user, { ...goodProfile, bhyt: null, bhytExpiry: null });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0]).toEqual({ field: 'cccd', message: `Số CCCD "001190099999" đã thuộc hồ sơ ${p.patientCode}` });

    const upd = await call('PUT', `${P}/${ids.an}/medical-profile?userProfileId=${p.id}`, tok.user, {
      ...goodProfile,
      fullName: 'Nguyễn Thị Hoà',
      street: 'Số 10 Bạch Mai',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data.address).toBe('Số 10 Bạch Mai, Phường Bạch Mai, Thành phố Hà Nội');
    const [u] = await auditRows('UPDATE', p.id);
    expect((u!.before as { fullName: string }).fullName).toBe('Nguyễn Thị Hoa');
  });

  it('saves and reads medical-profile-exts', async () => {
    const res = await call('PUT', `${P}/${ids.an}/medical-profile-exts`, tok.user, {
      profileId: profileIds.khoi,
      bloodType: 'O+',
      allergies: 'Penicillin',
      guardianName: 'Nguyễn Văn An',
      guardianPhone: '0912 345 678',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.find((e: { profileId: number }) => e.profileId === profileIds.khoi)).toMatchObject({
      bloodType: 'O+',
      allergies: 'Penicillin',
      guardianPhone: '0912345678',
    });
    const bad = await call('PUT', `${P}/${ids.an}/medical-profile-exts`, tok.user, { profileId: profileIds.khoi, bloodType: 'Z' });
    expect(bad.statusCode).toBe(400);
    expect((await call('PUT', `${P}/${ids.an}/medical-profile-exts`, tok.user, { profileId: profileIds.other })).statusCode).toBe(404);
  });
});

describe('verify, lock, unlock, reset password', () => {
  it('verifies once, audited; verifying again changes nothing', async () => {
    const res = await call('PUT', `${P}/${ids.an}/verify`, tok.user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Đã xác thực tài khoản', data: { verified: true } });
    expect((await call('PUT', `${P}/${ids.an}/verify`, tok.user)).json().message).toBe('Tài khoản đã được xác thực trước đó');
    expect((await auditRows('VERIFY', ids.an)).length).toBe(1);
  });

  it('locking ends the patient’s sessions (not the staff’s); unlocking lets the account back in', async () => {
    const future = new Date(Date.now() + 86_400_000);
    await t.database.db.insert(patientSessions).values([
      { userId: ids.ngoc!, facilityId: A, tokenHash: `h1-${ids.ngoc}`, expiresAt: future },
      { userId: ids.ngoc!, facilityId: A, tokenHash: `h2-${ids.ngoc}`, expiresAt: future },
    ]);
    expect((await call('GET', `${P}/${ids.ngoc}`, tok.user)).json().data.activeSessions).toBe(2);
    const res = await call('PUT', `${P}/${ids.ngoc}/locked`, tok.user);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ locked: true, activeSessions: 0 });
    const live = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM patient_sessions WHERE user_id = ${ids.ngoc} AND revoked_at IS NULL`);
    expect(live[0]!.n).toBe(0);
    const [audit] = await auditRows('LOCK', ids.ngoc!);
    expect(audit!.after).toEqual({ locked: true, endedSessions: 2 });
    // the staff member's own session still works
    expect((await call('GET', `${P}/${ids.ngoc}`, tok.user)).statusCode).toBe(200);
    const un = await call('PUT', `${P}/${ids.ngoc}/unlocked`, tok.user);
    expect(un.json()).toMatchObject({ message: 'Đã mở khoá tài khoản', data: { locked: false } });
    expect((await auditRows('UNLOCK', ids.ngoc!)).length).toBe(1);
    expect((await call('PUT', `${P}/999999999/locked`, tok.user)).statusCode).toBe(404);
    expect((await call('PUT', `${P}/${ids.ngoc}/locked`, tok.appt)).statusCode).toBe(403);
  });

  it('resets the password to a one-time strong password shown once, ends sessions, never logs it', async () => {
    const res = await call('PUT', `${P}/${ids.duc}/reset-password`, tok.user);
    expect(res.statusCode).toBe(200);
    const { password } = res.json().data;
    expect(validateNewPassword(password)).toBeNull();
    expect(res.headers['cache-control']).toBe('no-store');
    const [row] = await sqlRows<{ password_hash: string; must_change_password: boolean }>(
      t,
      sql`SELECT password_hash, must_change_password FROM patient_users WHERE id = ${ids.duc}`,
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.must_change_password).toBe(true);
    const logged = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE after::text LIKE ${`%${password}%`} OR before::text LIKE ${`%${password}%`}`,
    );
    expect(logged[0]!.n).toBe(0);
    expect((await auditRows('RESET_PASSWORD', ids.duc!)).length).toBe(1);
  });
});

describe('histories and result files', () => {
  it('lists an account’s visits newest first with prescriptions, record and diagnostics; the read is audited', async () => {
    const res = await call('GET', `${P}/${ids.an}/histories`, tok.user);
    expect(res.statusCode).toBe(200);
    const body = historiesResponse.parse(res.json());
    expect(body.data.histories.map((h) => h.profileName)).toEqual(['Nguyễn Minh Khôi', 'Nguyễn Văn An']);
    const h = body.data.histories[1]!;
    expect(h.prescriptions[0]).toMatchObject({ drugName: 'Amlodipin 5mg', dose: '5 mg', quantity: 30, unit: 'viên', usage: 'Uống 1 viên buổi sáng sau ăn' });
    expect(h.medicalRecord).toMatchObject({ bloodPressure: '150/95', pulse: 82 });
    expect(h.diagnostics[0]).toMatchObject({ serviceName: 'Định lượng Creatinin [Máu]', result: '88' });
    const one = await call('GET', `${P}/${ids.an}/histories?medicalProfileId=${profileIds.khoi}`, tok.user);
    expect(one.json().data.histories).toHaveLength(1);
    const audit = await sqlRows<{ actor_username: string; after: { what: string } }>(
      t,
      sql`SELECT actor_username, after FROM audit_log WHERE action = 'READ_RECORD' AND entity_id = ${String(ids.an)} AND after->>'what' = 'histories'`,
    );
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit[0]!.actor_username).toMatch(/^user_/);
  });

  it('serves a history and its parts by id and by patient code, only in the caller’s facility', async () => {
    const list = (await call('GET', `${P}/${ids.an}/histories`, tok.user)).json().data.histories;
    const hid = list[1].id;
    const H = '/api/his/v1/vendor/histories';
    expect((await call('GET', `${H}/${hid}`, tok.user)).json().data.encounterCode).toBe(list[1].encounterCode);
    expect((await call('GET', `${H}/${hid}/prescriptions`, tok.user)).json().data[0].drugName).toBe('Amlodipin 5mg');
    expect((await call('GET', `${H}/${hid}/medical-records`, tok.user)).json().data).toHaveLength(1);
    expect((await call('GET', `${H}/${hid}/diagnostic`, tok.user)).json().data[0].unit).toBe('µmol/L');
    expect((await call('GET', `${H}/${hid}`, tok.other)).statusCode).toBe(404);
    const byCode = await call('GET', `/api/his/v1/vendor/${codes.an}/histories`, tok.user);
    expect(byCode.json().data).toHaveLength(1);
    expect((await call('GET', `/api/his/v1/vendor/${codes.an}/histories`, tok.other)).statusCode).toBe(404);
  });

  const upload = (
    userId: number,
    profileId: number,
    bytes: Buffer,
    token = tok.user,
    type = 'application/pdf',
    name = 'Kết quả xét nghiệm máu.pdf',
    historyId?: number,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${P}/${userId}/upload-results?medicalProfileId=${profileId}&fileName=${encodeURIComponent(name)}${historyId ? `&historyId=${historyId}` : ''}`,
      headers: { ...bearer(token), 'content-type': type },
      payload: bytes,
    });

  it('uploads a PDF (type read from the bytes), then serves it only to authorised staff of the facility, audited', async () => {
    const pdf = tinyPdf(['KET QUA XET NGHIEM', 'Glucose 5,6 mmol/L']);
    const list = (await call('GET', `${P}/${ids.an}/histories`, tok.user)).json().data.histories;
    const res = await upload(ids.an!, profileIds.an!, pdf, tok.user, 'application/octet-stream', 'Kết quả xét nghiệm máu.pdf', list[1].id);
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().data;
    expect(f).toMatchObject({ fileName: 'Kết quả xét nghiệm máu.pdf', contentType: 'application/pdf', sizeBytes: pdf.length, historyId: list[1].id });
    expect(res.body).not.toMatch(/results\//); // the storage key never leaves the server
    const [stored] = await sqlRows<{ storage_key: string }>(t, sql`SELECT storage_key FROM result_files WHERE id = ${f.id}`);
    expect(stored!.storage_key).toMatch(new RegExp(`^results/${A}/[0-9a-f]{32}$`));
    expect(fs.readFileSync(path.join(dataDir, 'files', stored!.storage_key)).equals(pdf)).toBe(true);
    expect((await auditRows('UPLOAD_RESULT', f.id)).length).toBe(1);

    const pull = `/api/his/v1/vendor/result-files/${f.id}/pull`;
    const down = await call('GET', pull, tok.user);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-disposition']).toBe(
      `attachment; filename="Ket qua xet nghiem mau.pdf"; filename*=UTF-8''${encodeURIComponent('Kết quả xét nghiệm máu.pdf')}`,
    );
    expect(down.rawPayload.equals(pdf)).toBe(true);
    const [audit] = await auditRows('DOWNLOAD_RESULT', f.id);
    expect(audit!.after).toMatchObject({ userId: ids.an, profileId: profileIds.an });
    expect((await call('GET', `${pull}?inline=true`, tok.user)).headers['content-disposition']).toMatch(/^inline;/);
    expect((await call('GET', pull, null)).statusCode).toBe(401);
    expect((await call('GET', pull, tok.appt)).statusCode).toBe(403);
    expect((await call('GET', pull, tok.other)).statusCode).toBe(404);
    expect((await auditRows('DOWNLOAD_RESULT', f.id)).length).toBe(2); // refusals download nothing
    // the file shows in the account's histories
    const h = (await call('GET', `${P}/${ids.an}/histories`, tok.user)).json().data.histories[1];
    expect(h.files.map((x: { id: number }) => x.id)).toEqual([f.id]);
  });

  it('refuses what is not a PDF, JPEG or PNG, and a file over the limit with the limit in the message', async () => {
    const text = await upload(ids.an!, profileIds.an!, Buffer.from('<html>not a pdf</html>'), tok.user, 'application/pdf');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Chỉ nhận tệp kết quả định dạng PDF hoặc ảnh chụp JPEG, PNG, WebP');
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.4');
    const tooBig = await upload(ids.an!, profileIds.an!, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Tệp quá lớn: kích thước tối đa là 10 MB');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const ok = await upload(ids.an!, profileIds.khoi!, png, tok.user, 'image/png', 'anh-chup.png');
    expect(ok.json().data).toMatchObject({ contentType: 'image/png', fileName: 'anh-chup.png', historyId: null });
    expect((await upload(ids.an!, profileIds.other!, png)).statusCode).toBe(404);
    expect((await upload(ids.an!, profileIds.an!, png, tok.appt, 'image/png')).statusCode).toBe(403);
    const files = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM result_files WHERE user_id = ${ids.an}`);
    expect(files[0]!.n).toBe(2);
  });
});

describe('suggest and profile search', () => {
  const M = '/api/his/v1/vendor/medical-profiles';
  it.each([
    ['a name prefix without diacritics', 'nguyen van', ['Nguyễn Văn An', 'Nguyễn Văn An']],
    ['a name prefix with diacritics', 'Trần Thị B', ['Trần Thị Bích Ngọc']],
    ['a phone prefix', '0355', ['Lê Hoàng Đức']],
    ['a CCCD prefix', '0010900', ['Nguyễn Văn An']],
    ['a patient code', 'BN', null],
  ])('suggests by %s', async (_label, q, expected) => {
    const res = await call('GET', `${M}/suggest?q=${encodeURIComponent(q)}`, tok.user);
    expect(res.statusCode).toBe(200);
    const got = res.json().data.map((h: { fullName: string }) => h.fullName);
    if (expected) expect(got).toEqual(expected);
    else expect(got.length).toBeGreaterThan(0);
  });
  it('searches profiles by words and identifiers, in the caller’s facility only', async () => {
    const res = await call('GET', `${M}/search?q=nguyen%20van%20an`, tok.user);
    expect(res.json().totalElements).toBe(2);
    expect((await call('GET', `${M}/search?q=0912`, tok.user)).json().totalElements).toBe(2);
    expect((await call('GET', `${M}/search?q=${codes.an}`, tok.user)).json().data[0].fullName).toBe('Nguyễn Văn An');
    expect((await call('GET', `${M}/search?q=nguyen%20van%20an`, tok.other)).json().totalElements).toBe(1);
    expect((await call('GET', `${M}/suggest?q=`, tok.user)).statusCode).toBe(400);
    // the front desk books for a patient on the phone: it finds them and reads their profiles, and no more
    const desk = await call('GET', `${M}/suggest?q=${codes.an}`, tok.appt);
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().data[0].fullName).toBe('Nguyễn Văn An');
    expect((await call('GET', `${P}/${ids.an}/medical-profiles`, tok.appt)).statusCode).toBe(200);
    expect((await call('GET', `${M}/search?q=nguyen`, tok.appt)).statusCode).toBe(403);
    expect((await call('GET', `${M}/${profileIds.an}`, tok.user)).json().data.cccd).toBe('001090012345');
    expect((await call('GET', `${M}/${profileIds.an}`, tok.other)).statusCode).toBe(404);
    const wards = await call('GET', `${M}/reference/wards?provinceCode=01&search=cua%20nam`, tok.user);
    expect(wards.json()).toEqual({ code: 0, data: [{ value: '00082', name: 'Phường Cửa Nam' }], totalPage: 1 });
  });
});

describe('merge', () => {
  it('lists likely duplicates by phone and by name + date of birth', async () => {
    for (const reason of ['phone', 'nameDob']) {
      const res = await call('GET', `${P}/duplicates?reason=${reason}`, tok.user);
      expect(res.statusCode).toBe(200);
      const group = res.json().data.find((g: { accounts: { id: number }[] }) => g.accounts.some((a) => a.id === ids.an));
      expect(group.accounts.map((a: { id: number }) => a.id)).toEqual([ids.an, ids.anDup]);
    }
    const nd = (await call('GET', `${P}/duplicates?reason=nameDob`, tok.user)).json().data[0];
    expect(nd.key).toBe('Nguyễn Văn An – 15/03/1990');
  });

  it.each([
    // the first account signs in with the phone and its profile holds it; the second signs in with an
    // e-mail (no phone of its own) and only its profile holds the phone: never shown as the account's
    ['phone', () => [[{ on: 'account' }, { on: 'profile', profileId: profileIds.an }], [{ on: 'profile', profileId: profileIds.anDup }]]],
    ['nameDob', () => [[{ on: 'profile', profileId: profileIds.an }], [{ on: 'profile', profileId: profileIds.anDup }]]],
  ] as const)('says where each account of a %s group holds the shared value', async (reason, expected) => {
    const res = await call('GET', `${P}/duplicates?reason=${reason}`, tok.user);
    const group = res.json().data.find((g: { accounts: { id: number }[] }) => g.accounts.some((a) => a.id === ids.an));
    const accounts = group.accounts as {
      id: number;
      phone: string | null;
      matches: { on: string; profileId: number | null; patientCode: string | null; fullName: string | null }[];
    }[];
    expect(accounts.map((a) => a.matches.map(({ on, profileId }) => (on === 'account' ? { on } : { on, profileId })))).toEqual(expected());
    expect(accounts[1]!.phone).toBeNull();
    const byProfile = accounts.flatMap((a) => a.matches).filter((m) => m.on === 'profile');
    expect(byProfile.every((m) => m.fullName === 'Nguyễn Văn An' && /^BN\d{8}$/.test(m.patientCode ?? ''))).toBe(true);
  });

  it('refuses a merge with itself, across facilities, or with an unknown account, and changes nothing', async () => {
    const self = await call('POST', `${P}/${ids.an}/merge`, tok.user, { mergeFromId: ids.an });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Không thể gộp một tài khoản với chính nó');
    expect((await call('POST', `${P}/${ids.an}/merge`, tok.user, { mergeFromId: ids.other })).statusCode).toBe(404);
    expect((await call('POST', `${P}/${ids.an}/merge`, tok.other, { mergeFromId: ids.other })).statusCode).toBe(404);
    expect((await call('POST', `${P}/${ids.an}/merge`, tok.user, {})).statusCode).toBe(400);
    expect((await call('POST', `${P}/${ids.an}/merge`, tok.appt, { mergeFromId: ids.anDup })).statusCode).toBe(403);
    const merged = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM patient_users WHERE merged_into_id IS NOT NULL`);
    expect(merged[0]!.n).toBe(0);
  });

  it('previews, then merges in one transaction: everything moves, totals are equal before and after, audited', async () => {
    const preview = await call('GET', `${P}/${ids.an}/merge?mergeFromId=${ids.anDup}`, tok.user);
    expect(preview.statusCode, preview.body).toBe(200);
    const pv = mergePreviewResponse.parse(preview.json()).data;
    expect(pv.moves).toEqual([
      { key: 'profiles', label: 'Hồ sơ bệnh nhân', count: 1 },
      { key: 'histories', label: 'Lượt khám (gồm lịch đặt khám đã khám xong; kèm đơn thuốc, bệnh án, kết quả cận lâm sàng)', count: 1 },
      { key: 'resultFiles', label: 'Tệp kết quả', count: 0 },
      { key: 'bookings', label: 'Lượt đặt khám', count: 0 },
    ]);
    expect(pv.warnings[0]).toContain('Nguyễn Văn An');

    const totals = () =>
      sqlRows<{ p: number; h: number; f: number; rx: number }>(
        t,
        sql`SELECT (SELECT count(*)::int FROM medical_profiles WHERE facility_id = ${A}) AS p, (SELECT count(*)::int FROM patient_histories WHERE facility_id = ${A}) AS h,
                   (SELECT count(*)::int FROM result_files WHERE facility_id = ${A}) AS f, (SELECT count(*)::int FROM prescriptions) AS rx`,
      );
    const before = (await totals())[0]!;
    const keptBefore = (await call('GET', `${P}/${ids.an}`, tok.user)).json().data.counts;

    const res = await call('POST', `${P}/${ids.an}/merge`, tok.user, { mergeFromId: ids.anDup });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r.moved.map((m: { count: number }) => m.count)).toEqual([1, 1, 0, 0]);
    expect(r.keptCounts).toEqual({ profiles: keptBefore.profiles + 1, histories: keptBefore.histories + 1, resultFiles: keptBefore.resultFiles });
    expect((await totals())[0]).toEqual(before);

    const gone = (await call('GET', `${P}/${ids.anDup}`, tok.user)).json().data;
    expect(gone).toMatchObject({ locked: true, mergedIntoId: ids.an, counts: { profiles: 0, histories: 0, resultFiles: 0 } });
    const [audit] = await auditRows('MERGE', ids.an!);
    expect(audit!.after).toMatchObject({
      keptId: ids.an,
      mergedId: ids.anDup,
      moved: { profiles: 1, histories: 1, resultFiles: 0 },
      mergedAccount: { locked: true, mergedIntoId: ids.an },
    });
    expect((audit!.before as { merged: { email: string } }).merged.email).toBe('nguyenvanan.90@gmail.com');

    // a merged account cannot be merged again, unlocked, or offered by suggest
    const again = await call('POST', `${P}/${ids.ngoc}/merge`, tok.user, { mergeFromId: ids.anDup });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Tài khoản #${ids.anDup} đã được gộp vào tài khoản #${ids.an} trước đó`);
    expect((await call('PUT', `${P}/${ids.anDup}/unlocked`, tok.user)).statusCode).toBe(409);
    expect(names((await search('merged=true')).data)).toEqual([ids.anDup]);
    const dups = (await call('GET', `${P}/duplicates?reason=nameDob`, tok.user)).json().data;
    expect(dups).toEqual([]);
  });
});

describe('a new patient at the counter (POST /vendor/users)', () => {
  const walkIn = {
    fullName: '  Phạm   Văn Tư ',
    birthDate: '020262',
    gender: 'MALE',
    relationship: 'CHILD', // the holder of a new account is always SELF
    phone: '0977 000 111',
    nationCode: '01',
    provinceCode: '01',
    wardCode: '00292',
  };
  const counts = async () =>
    (
      await sqlRows<{ users: number; profiles: number; audits: number }>(
        t,
        sql`SELECT (SELECT count(*) FROM patient_users WHERE facility_id = ${A})::int AS users,
              (SELECT count(*) FROM medical_profiles WHERE facility_id = ${A})::int AS profiles,
              (SELECT count(*) FROM audit_log WHERE facility_id = ${A} AND entity = 'patient_user' AND action = 'CREATE')::int AS audits`,
      )
    )[0]!;

  it('registers an account without a password and its holder’s profile, audited, found at once by the desk', async () => {
    const before = await counts();
    const res = await call('POST', P, tok.appt, walkIn);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Đã thêm bệnh nhân');
    const p = res.json().data;
    expect(p).toMatchObject({ fullName: 'Phạm Văn Tư', birthDate: '1962-02-02', relationship: 'SELF', phone: '0977000111', wardName: 'Phường Bạch Mai' });
    expect(p.patientCode).toMatch(/^BN\d{8}$/);
    expect(await counts()).toEqual({ users: before.users + 1, profiles: before.profiles + 1, audits: before.audits + 1 });
    const [u] = await sqlRows<{ facility_id: number; name: string; phone: string; password_hash: string | null; verified: boolean }>(
      t,
      sql`SELECT facility_id, name, phone, password_hash, verified FROM patient_users WHERE id = ${p.userId}`,
    );
    expect(u).toEqual({ facility_id: A, name: 'Phạm Văn Tư', phone: '0977000111', password_hash: null, verified: false });
    const [a] = await auditRows('CREATE', p.userId);
    expect(a).toMatchObject({ actor_username: expect.stringContaining('appt'), facility_id: A, after: { name: 'Phạm Văn Tư', hasPassword: false } });
    const hits = await call('GET', `/api/his/v1/vendor/medical-profiles/suggest?q=${encodeURIComponent('pham van tu')}`, tok.appt);
    expect(hits.json().data.map((h: { id: number }) => h.id)).toEqual([p.id]);
    // no phone at all is allowed (an elderly walk-in): a second account without one
    const none = await call('POST', P, tok.user, { ...walkIn, fullName: 'Đỗ Thị Lan', gender: 'FEMALE', phone: null });
    expect(none.statusCode, none.body).toBe(200);
  });

  it('refuses a phone, email or CCCD that is already someone’s, and bad fields, writing nothing', async () => {
    const before = await counts();
    const phone = await call('POST', P, tok.appt, { ...walkIn, phone: '0987654321' });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().errors).toEqual([
      {
        field: 'phone',
        message: expect.stringMatching(/^Số điện thoại này đã có tài khoản bệnh nhân Trần Thị Bích Ngọc \(BN\d{8}\): hãy tìm và chọn bệnh nhân đó$/),
      },
    ]);
    const email = await call('POST', P, tok.appt, { ...walkIn, phone: null, email: 'NguyenVanAn.90@gmail.com' });
    expect(email.statusCode).toBe(409);
    expect(email.json().errors[0].field).toBe('email');
    const cccd = await call('POST', P, tok.appt, { ...walkIn, phone: '0977000999', cccd: '001090012345', birthDate: '15/03/1990' });
    expect(cccd.statusCode).toBe(409);
    expect(cccd.json().errors[0]).toEqual({ field: 'cccd', message: `Số CCCD "001090012345" đã thuộc hồ sơ ${codes.an}` });
    const bad = await call('POST', P, tok.appt, { ...walkIn, birthDate: '31/02/1990', phone: '0212345678' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['birthDate', 'phone']);
    const nameless = await call('POST', P, tok.appt, { ...walkIn, fullName: ' ' });
    expect([nameless.statusCode, nameless.json().errors[0].field]).toEqual([400, 'fullName']);
    expect(await counts()).toEqual(before);
  });

  it('answers 401 without a token and 403 to staff who neither book nor manage patients; the desk reads the reference lists', async () => {
    const f = await makeFacility(t, [{ key: 'catalog', authorities: ['MANAGER_CATALOG'] }]);
    const catalog = (await login(t, f.accounts.catalog!)).loginToken;
    expect((await call('POST', P, null, walkIn)).statusCode).toBe(401);
    expect((await call('POST', P, catalog, walkIn)).statusCode).toBe(403);
    const nations = await call('GET', '/api/his/v1/vendor/medical-profiles/reference/nations?page=1&size=5&search=kinh', tok.appt);
    expect(nations.statusCode, nations.body).toBe(200);
    expect((await call('GET', '/api/his/v1/vendor/medical-profiles/reference/nations?page=1&size=5', catalog)).statusCode).toBe(403);
  });
});
