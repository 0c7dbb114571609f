import { expect, test, type APIRequestContext } from '@playwright/test';
import { T } from '../apps/web/src/app/messages';
import { ADMIN_MESSAGES } from '../apps/web/src/modules/admin/admin.messages';
import { BOOKING_UI } from '../apps/web/src/modules/appointments/appointments.messages';
import { MSG, fmt } from '../packages/shared/src/messages.vi';
import { todayVn } from '../packages/shared/src/rules/time';
import { expectAccessible } from './a11y';
import { chooseOption, chooseOptions, closeDialog, FIXTURE_PASSWORD, loginViaApi, makeAccount, selectOf, snap, toast, uniq } from './helpers';

/**
 * Issue 15, the forms: a photo and an HTML result page attached to a visit (sanitised, printable); the
 * username field that says at once whether a name is free and proposes one from the full name; the
 * booking update that moves a booking to another profile of the account, and a doctor's bookings paged
 * and sorted.
 */
const R = T.patients.record;
const U = ADMIN_MESSAGES.username;

/** A 1×1 PNG: a photo of a paper result as far as the server's byte check goes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const HOSTILE_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Phiếu kết quả xét nghiệm huyết học</title>
<script>window.parent.__pwned = true</script><style>td{color:red}</style></head>
<body onload="window.parent.__pwned = true"><h1>PHIẾU KẾT QUẢ XÉT NGHIỆM</h1>
<img src="https://his.benhvien.vn/logo.png" alt="logo"><iframe src="https://evil.example/"></iframe>
<table><tr><th>Chỉ số</th><th>Kết quả</th></tr><tr><td>Glucose</td><td>5,6 mmol/L</td></tr></table>
<p>Bác sĩ: <b>Trần Thị Mai</b></p></body></html>`;

test('attach a photo of a paper result and an exported HTML result page to a visit; read and print it', async ({ page, request }) => {
  const username = `e2e_forms_${uniq()}`;
  const made = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử kết quả',
      accounts: [{ username, password: FIXTURE_PASSWORD, name: 'Trần Thu Hà', authorities: ['MANAGER_USER'], lastPasswordReset: new Date().toISOString() }],
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const facilityId = (await made.json()).data.facilityId as number;
  const patients = await request.post('/api/test/v1/fixtures/patients', {
    data: {
      facilityId,
      accounts: [{ history: true, profiles: [{ fullName: 'Phạm Thị Hồng Nhung', birthDate: '1988-04-12', gender: 'FEMALE', phone: '0904123456' }] }],
    },
  });
  expect(patients.status(), await patients.text()).toBe(200);
  const [nhung] = (await patients.json()).data as { userId: number; profiles: { patientCode: string }[] }[];

  await loginViaApi(page, username, FIXTURE_PASSWORD);
  await page.goto(`/admin/chi-tiet-y-ba/${nhung!.userId}`);
  const visit = page.getByTestId('history-card');
  await expect(visit).toHaveCount(1);

  // a photo of the paper result: the type is read from the bytes, the file is listed under the visit
  await visit.locator('input[type=file][accept*="image/jpeg"]').setInputFiles({ name: 'anh-chup-ket-qua.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, R.uploaded)).toBeVisible();
  const photoRow = visit.locator('.ant-table-row').filter({ hasText: 'anh-chup-ket-qua.png' });
  await expect(photoRow).toBeVisible();
  await photoRow.getByRole('button', { name: R.view }).click();
  const photo = page.getByRole('dialog', { name: 'anh-chup-ket-qua.png' });
  await expect(photo.locator('img')).toHaveAttribute('src', /^blob:/);
  await photo.locator('.ant-modal-close').click();

  // the page exported by the hospital's system: sanitised, its external image dropped and said so
  await visit
    .locator('input[type=file][accept*=".html"]')
    .setInputFiles({ name: 'KQ-huyet-hoc.html', mimeType: 'text/html', buffer: Buffer.from(HOSTILE_PAGE) });
  await expect(toast(page, /Đã nhập trang kết quả vào lượt khám; đã bỏ 1 ảnh/)).toBeVisible();
  const docs = visit.getByTestId('result-documents');
  await expect(docs).toContainText('Phiếu kết quả xét nghiệm huyết học');
  await expect(docs).toContainText(fmt(R.droppedImages, { n: 1 }));
  await expect(docs).toContainText('Trần Thu Hà');
  await snap(page, 'forms-visit-documents');

  await docs.getByRole('button', { name: R.view }).click();
  const viewer = page.getByRole('dialog', { name: 'Phiếu kết quả xét nghiệm huyết học' });
  const frame = page.frameLocator('[data-testid="result-document-frame"]');
  await expect(frame.locator('header')).toContainText(`Phạm Thị Hồng Nhung · Mã BN ${nhung!.profiles[0]!.patientCode}`);
  await expect(frame.locator('td').nth(1)).toHaveText('5,6 mmol/L');
  await expect(frame.locator('h2')).toHaveText('PHIẾU KẾT QUẢ XÉT NGHIỆM');
  await expect(frame.locator('img, iframe, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await snap(page, 'forms-document-viewer');

  // "In" prints the frame alone (its print() is watched here: a headless browser has no print dialog)
  await page.evaluate(() => {
    const f = document.querySelector<HTMLIFrameElement>('[data-testid="result-document-frame"]')!;
    f.contentWindow!.print = () => {
      (window as unknown as { __printed?: string }).__printed = f.contentDocument!.body.innerText;
    };
  });
  await viewer.getByRole('button', { name: R.print }).click();
  expect(await page.evaluate(() => (window as unknown as { __printed?: string }).__printed)).toContain('Glucose');
  // the record with its new parts (axe cannot enter the script-less frame of the viewer: scanned closed)
  await viewer.locator('.ant-modal-close').click();
  await expect(viewer).toBeHidden();
  await expectAccessible(page, 'a visit with its photo and imported page');
});

test('the username field says at once whether a name is free and proposes one from the full name', async ({ page }) => {
  const admin = await makeAccount(page.request, { prefix: 'e2e_users', authorities: ['MANAGER_ADMIN'] });
  const { loginToken } = await loginViaApi(page, admin.username, admin.password);
  const role = await page.request.post('/api/his/v1/roles', {
    headers: { Authorization: `Bearer ${loginToken}` },
    data: { code: 'LE_TAN', name: 'Lễ tân', authorities: ['MANAGER_APPOINTMENT'] },
  });
  expect(role.status(), await role.text()).toBe(200);
  // a given name of its own, so the series starts empty whatever ran before: "Nguyễn Văn Xyz…" → "xyz…nv"
  const given = `Zu${uniq().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const stem = `${given.toLowerCase()}nv`;

  await page.goto('/admin/account-list');
  await page.getByRole('button', { name: T.crud.add }).click();
  const form = page.getByRole('dialog', { name: 'Thêm tài khoản' });
  const name = form.getByLabel('Tên đăng nhập', { exact: true });
  const status = form.getByTestId('username-status');

  // diacritics and spaces: a clear Vietnamese message at once
  await name.fill('nguyễn');
  await expect(form.getByText(fmt(MSG.usernameDiacritics, { plain: 'nguyen', input: 'nguyễn' }))).toBeVisible();
  await name.fill('an nv');
  await expect(form.getByText(MSG.usernameSpaces)).toBeVisible();
  // a name already used (the demo administrator, any case): said as it is typed
  await name.fill('ADMIN');
  await expect(status).toContainText(U.taken);
  // the full name gives the proposal; one click takes it, and it is free
  await form.getByLabel('Họ và tên').fill(`Nguyễn Văn ${given}`);
  await expect(status.getByRole('button', { name: fmt(U.useProposal, { name: stem }) })).toBeVisible();
  await status.getByRole('button', { name: fmt(U.useProposal, { name: stem }) }).click();
  await expect(name).toHaveValue(stem);
  await expect(status).toContainText(U.free);
  await snap(page, 'forms-username-proposal');
  await expectAccessible(page, 'the account form with its username check');
  await chooseOptions(page, form.getByLabel('Vai trò'), ['Lễ tân']);
  await form.getByRole('button', { name: T.crud.save }).click();
  const otp = page.getByRole('dialog', { name: T.admin.otpTitle });
  await expect(otp).toContainText(stem);
  await closeDialog(otp, T.admin.close);

  // the same full name again: the next of the series
  await page.getByRole('button', { name: T.crud.add }).click();
  await form.getByLabel('Họ và tên').fill(`Nguyễn Văn ${given}`);
  await expect(status.getByRole('button', { name: fmt(U.useProposal, { name: `${stem}2` }) })).toBeVisible();
  await name.fill(stem);
  await expect(status).toContainText(U.taken);
});

/** Tomorrow in Vietnam (the fixture's slots of today may all have started). */
const tomorrowVn = () => todayVn(new Date(Date.now() + 24 * 3600_000));

async function bookingScene(request: APIRequestContext, username: string) {
  const res = await request.post('/api/test/v1/fixtures/bookings', { data: { username, capacity: 3 } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as {
    doctorId: number;
    slots: { id: number; date: string; startTime: string }[];
    patient: { userId: number; profiles: { id: number; patientCode: string; fullName: string }[] };
  };
}

test("the update screen moves a booking to another profile of the account; the doctor's bookings are paged and sorted", async ({ page, request }) => {
  const account = await makeAccount(request, { prefix: 'e2e_bookforms', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_USER', 'MANAGER_DOCTOR'] });
  const scene = await bookingScene(request, account.username);
  const { loginToken } = await loginViaApi(page, account.username, account.password);
  const book = async (startTime: string, profile: number) => {
    const slot = scene.slots.find((s) => s.date === tomorrowVn() && s.startTime === startTime)!;
    const res = await request.post('/api/appointment/v1', {
      headers: { Authorization: `Bearer ${loginToken}` },
      data: { medicalProfileId: scene.patient.profiles[profile]!.id, timeSlotId: slot.id },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data as { id: number; code: string };
  };
  const first = await book('09:00', 0);
  const second = await book('08:00', 1);
  const third = await book('10:00', 1);
  const [self, child] = scene.patient.profiles;

  // the profile: another of the same account, saved through PUT /{id}/profile
  await page.goto(`/admin/cap-nhat-dat-kham/${first.id}`);
  const picker = page.getByTestId('patient-picker');
  await expect(selectOf(picker.getByRole('combobox'))).toContainText(`${self!.fullName} · ${self!.patientCode}`);
  await chooseOptions(page, picker.getByRole('combobox'), [new RegExp(`^${child!.fullName} · ${child!.patientCode} · `)]);
  await snap(page, 'forms-booking-profile');
  await expectAccessible(page, 'the booking update with its profiles');
  await page.getByRole('button', { name: BOOKING_UI.form.save }).click();
  await expect(toast(page, 'Đã cập nhật lịch đặt khám')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/quan-ly-dat-kham/${first.id}$`));
  await expect(page.getByText(child!.patientCode).first()).toBeVisible();

  // the booking list's source filter: its choices come from the sources call
  const sources = page.waitForResponse((r) => r.url().includes('/api/appointment/v1/sources'));
  await page.goto(`/admin/quan-ly-dat-kham?date=${tomorrowVn()}`);
  await sources;
  await chooseOption(page, page.getByRole('combobox', { name: BOOKING_UI.list.source }), 'Tổng đài');
  await expect(page).toHaveURL(/source=HOTLINE/);

  // the doctor's bookings, in the doctor's drawer: by time, then by time newest first (the spec's sort and properties)
  await page.goto(`/admin/doctor?doctor=${scene.doctorId}`);
  const listing = page.getByTestId('booking-listing');
  const codes = () => listing.locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)');
  await expect(codes()).toHaveText([second.code, first.code, third.code]);
  const newest = page.waitForRequest((r) => r.url().includes(`/doctors/${scene.doctorId}?`) && r.url().includes('sort=DESC'));
  await listing.getByRole('columnheader', { name: BOOKING_UI.list.time }).click(); // asc → desc (asc is the default)
  expect((await newest).url()).toContain('properties=date%2CstartTime');
  await expect(codes()).toHaveText([third.code, first.code, second.code]);
  await snap(page, 'forms-doctor-bookings');
  await expectAccessible(page, "the doctor's bookings");
});
