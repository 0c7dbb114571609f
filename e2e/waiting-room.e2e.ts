import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { chooseOptions, loginViaApi, makeAccount, md5, misfits, snap, type MadeAccount } from './helpers';

/**
 * Issue 22, the waiting room, as a hospital runs it: an administrator makes a calling screen's link on
 * /admin/man-hinh-goi-so and opens it on a "TV" (a second browser context, 1920×1080); a patient checks in at the
 * kiosk (a third, a tablet) with the booking's code and phone number and gets the next number; the nurse of the room
 * calls from the room console (/admin/phong-kham): the number shows on the TV within a second and its sentence is
 * spoken (the TV's speech synthesis is a recorder with a Vietnamese voice), a recall is spoken again, a skip puts the
 * patient back behind the next one. Names are masked on the TV (the facility's default).
 */
test.use({ viewport: { width: 1366, height: 768 } });

interface Fixture {
  roomId: number;
  slots: { id: number; date: string; startTime: string }[];
  patient: { profiles: { id: number; fullName: string }[] };
}

async function apiToken(request: APIRequestContext, a: MadeAccount): Promise<string> {
  const res = await request.put('/api/his/v1/user/login', { data: { emailOrPhone: a.username, password: md5(a.password) } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.loginToken;
}

/**
 * The TV's speech: a Vietnamese voice that records each sentence (headless Chromium has no voice of its own). The
 * utterance is faked too: a real one takes only a real SpeechSynthesisVoice.
 */
const RECORDING_VOICE = `(() => {
  window.__spoken = [];
  const voice = { name: 'Tiếng Việt', lang: 'vi-VN', default: true, localService: true, voiceURI: 'vi-VN' };
  class Utterance extends EventTarget {
    constructor(text) { super(); Object.assign(this, { text, voice: null, lang: '', volume: 1, rate: 1, pitch: 1, onend: null, onerror: null }); }
  }
  const synth = {
    speaking: false, pending: false, paused: false, onvoiceschanged: null,
    getVoices: () => [voice],
    speak: (u) => {
      window.__spoken.push(u.text);
      setTimeout(() => { const e = new Event('end'); if (u.onend) u.onend(e); u.dispatchEvent(e); }, 20);
    },
    cancel() {}, pause() {}, resume() {},
    addEventListener() {}, removeEventListener() {}, dispatchEvent() { return true; },
  };
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true, writable: true });
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
})();`;

/** The sentences the TV said (the unlocking gesture's silent one left out). */
const spoken = (tv: Page) => tv.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken.filter((t) => t.trim() !== ''));

test('a call on the room console shows on the calling screen within a second and is spoken; recall, skip; a kiosk check-in takes the next number', async ({
  page,
  browser,
  request,
}) => {
  const staff = await makeAccount(request, { prefix: 'phongcho', authorities: ['MANAGER_ROOM_QUEUE', 'MANAGER_SETTING', 'MANAGER_APPOINTMENT'] });
  const fx = await request.post('/api/test/v1/fixtures/bookings', { data: { username: staff.username, assignRoom: true } });
  expect(fx.status(), await fx.text()).toBe(200);
  const f = (await fx.json()).data as Fixture;
  const token = await apiToken(request, staff);
  const auth = { Authorization: `Bearer ${token}` };
  // the account's own profile has its phone (the kiosk asks for it); the child's is the walk-in
  const [kioskProfile, walkInProfile] = f.patient.profiles;

  // a booking of tomorrow, accepted, whose day comes; its slot ends half an hour from now (on time at the kiosk)
  const tomorrow = f.slots.find((s) => s.date > f.slots[0]!.date)!;
  const booked = await request.post('/api/appointment/v1', {
    headers: auth,
    data: { medicalProfileId: kioskProfile!.id, timeSlotId: tomorrow.id, accept: true },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const booking = (await booked.json()).data as { id: number; code: string; patient: { phone: string } };
  expect((await request.post('/api/test/v1/fixtures/bookings/day-comes', { data: { username: staff.username, date: tomorrow.date } })).status()).toBe(200);
  expect((await request.post('/api/test/v1/fixtures/bookings/ends-in', { data: { username: staff.username, ids: [booking.id], minutes: 30 } })).status()).toBe(
    200,
  );
  // a walk-in: number 1 of the room
  const walkIn = await request.post('/api/appointment/v1/walk-ins', {
    headers: auth,
    data: { medicalProfileId: walkInProfile!.id, roomId: f.roomId, priority: 0 },
  });
  expect(walkIn.status(), await walkIn.text()).toBe(200);
  expect((await walkIn.json()).data.queueNumber).toBe(1);

  // the administrator makes the TV's link
  await loginViaApi(page, staff.username, staff.password);
  await page.goto('/admin/man-hinh-goi-so');
  await page.getByTestId('screen-create').click();
  const form = page.getByTestId('screen-form');
  // a kiosk may serve every room: choosing the kind shows no rooms error (a calling screen needs one, when it is saved)
  await form.getByText('Ki-ốt tự tiếp đón').click();
  await expect(form.getByText('Để trống: ki-ốt tiếp đón', { exact: false })).toBeVisible();
  await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await form.getByText('Màn hình gọi số').click();
  await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await form.getByLabel('Tên màn hình').fill('Tivi sảnh tầng 1');
  await chooseOptions(page, form.getByRole('combobox', { name: 'Phòng khám' }), [/Phòng khám Nội tổng hợp/], { search: false });
  await page.getByRole('button', { name: 'Tạo liên kết' }).last().click();
  const linkText = (await page.getByTestId('screen-link').textContent())!.trim();
  expect(linkText).toMatch(/\/display#[A-Za-z0-9_-]{32}$/);
  await snap(page, 'waiting-room-link');
  await page.getByTestId('screen-link-close').click();
  await expect(page.getByRole('row', { name: /Tivi sảnh tầng 1/ })).toBeVisible();
  expect(await misfits(page, { width: 1366, buttons: true })).toEqual([]);
  await expectAccessible(page, 'màn hình gọi số & ki-ốt');

  // the TV
  const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
  await tvContext.addInitScript(RECORDING_VOICE);
  const tv = await tvContext.newPage();
  await tv.goto(new URL(linkText).pathname + new URL(linkText).hash);
  // a browser holds sound back until a gesture: the TV says so, and any key of its remote unlocks it
  const banner = tv.getByTestId('sound-banner');
  await expect(banner).toBeVisible();
  await tv.keyboard.press('Space');
  await expect(banner).toBeHidden();
  const panel = tv.locator(`[data-testid="room-panel"][data-room-id="${f.roomId}"]`);
  await expect(panel.getByTestId('waiting-numbers')).toContainText('1');

  // the kiosk: code and phone → the next number, shown on the TV
  const kioskLink = await request.post('/api/queue/v1/screens', {
    headers: auth,
    data: { kind: 'KIOSK', name: 'Ki-ốt cổng chính', roomIds: [], volume: 0, chime: false },
  });
  const kioskToken = (await kioskLink.json()).data.token as string;
  const tablet = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
  await tablet.goto(`/kiosk#${kioskToken}`);
  await tablet.getByTestId('type-code').click();
  await tablet.getByTestId('code-input').fill(booking.code);
  // a wrong phone first: a clear message, nothing changed, the tablet's page does not pan sideways; then again
  await tablet.getByTestId('phone-input').fill('0900000000');
  await tablet.getByTestId('checkin-submit').click();
  await expect(tablet.getByTestId('checkin-error')).toContainText('Không tìm thấy lịch khám');
  expect(await tablet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await tablet.getByTestId('retry').click();
  await tablet.getByTestId('phone-input').fill(booking.patient.phone);
  await tablet.getByTestId('checkin-submit').click();
  await expect(tablet.getByTestId('ticket-number')).toHaveText('2');
  await snap(tablet, 'waiting-room-kiosk-ticket');
  await expect(panel.getByTestId('waiting-numbers')).toContainText('2');

  // the nurse calls: on the TV within a second, spoken
  await page.goto('/admin/phong-kham');
  await expect(page.getByTestId('console-waiting-rows').getByTestId('console-row')).toHaveCount(2);
  expect(await misfits(page, { width: 1366, buttons: true })).toEqual([]);
  await expectAccessible(page, 'gọi bệnh nhân');
  const started = Date.now();
  await page.getByTestId('console-callNext').click();
  await expect(panel.getByTestId('current-number')).toHaveText('1', { timeout: 1000 });
  expect(Date.now() - started).toBeLessThan(1000);
  await expect(page.getByTestId('console-current-number')).toHaveText('1');
  // the name as the facility shows it (masked by default): never whole on the TV
  await expect(panel).toContainText('Lê M. Khôi');
  await expect(panel).not.toContainText('Lê Minh Khôi');
  await expect.poll(() => spoken(tv)).toEqual([expect.stringMatching(/^Mời bệnh nhân số một, vào Phòng khám Nội tổng hợp/)]);
  await expect(tv.getByTestId('spoken')).toHaveAttribute('data-voice', 'speech');
  await snap(tv, 'waiting-room-tv-call');

  // recall: said again
  await page.getByTestId('console-recall').click();
  await expect.poll(async () => (await spoken(tv)).length).toBe(2);
  // skip: back behind the next patient; the TV has no call of the moment
  await page.getByTestId('console-skip').click();
  await expect(panel.getByTestId('current-number')).toHaveCount(0);
  await expect(page.getByTestId('console-waiting-rows').getByTestId('console-row').first()).toHaveAttribute('data-booking-id', String(booking.id));
  await expect(panel.getByTestId('waiting-numbers')).toHaveText(/2\D*1/);
  // the next call is number 2
  await page.getByTestId('console-callNext').click();
  await expect(panel.getByTestId('current-number')).toHaveText('2', { timeout: 1000 });
  await expect.poll(async () => (await spoken(tv)).at(-1)).toMatch(/^Mời bệnh nhân số hai/);
  await snap(page, 'waiting-room-console');
  await tvContext.close();
  await tablet.close();
});

test('a walk-in, known or new to the hospital, gets the room’s next number at the counter; a booking’s detail shows its check-in QR code', async ({
  page,
  request,
}) => {
  const desk = await makeAccount(request, { prefix: 'quay', authorities: ['MANAGER_APPOINTMENT'] });
  const fx = await request.post('/api/test/v1/fixtures/bookings', { data: { username: desk.username } });
  expect(fx.status(), await fx.text()).toBe(200);
  const f = (await fx.json()).data as Fixture & { patient: { profiles: { id: number; fullName: string; patientCode: string }[] } };
  const [self, child] = f.patient.profiles;

  await loginViaApi(page, desk.username, desk.password);
  await page.goto('/admin/quan-ly-dat-kham');
  await page.getByTestId('walk-in-open').click();
  const form = page.getByTestId('walk-in-form');
  const picker = form.getByRole('combobox', { name: 'Bệnh nhân' });
  await picker.click();
  await picker.fill(child!.patientCode);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: child!.patientCode }).click();
  await chooseOptions(page, form.getByRole('combobox', { name: 'Phòng khám' }), [/Phòng khám Nội tổng hợp/], { search: false });
  expect(await misfits(page, { width: 1366, buttons: true })).toEqual([]);
  await expectAccessible(page, 'khám không hẹn');
  await page.getByTestId('walk-in-submit').click();
  await expect(page.getByTestId('walk-in-number')).toHaveText(/^Số 1 — Phòng khám Nội tổng hợp/);
  await snap(page, 'waiting-room-walk-in');

  // a patient new to the hospital: registered from the dialog (an account without a password and its holder's
  // profile), chosen at once, and given the room's next number
  // the name searched for and not found is the new patient's name already
  await page.getByRole('button', { name: 'Cấp số khác' }).click();
  await picker.click();
  await picker.fill('Phạm Văn Tư');
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('Not Found');
  await form.getByTestId('patient-new').click();
  const drawer = page.getByRole('dialog', { name: 'Thêm bệnh nhân mới' });
  await expect(drawer.getByLabel('Họ và tên')).toHaveValue('Phạm Văn Tư');
  await drawer.getByLabel('Ngày sinh').fill('020262');
  await chooseOptions(page, drawer.getByRole('combobox', { name: 'Giới tính' }), ['Nam'], { search: false });
  await drawer.getByLabel('Số điện thoại').fill(`097${String(Date.now()).slice(-7)}`);
  await expect(drawer.getByRole('combobox', { name: 'Quan hệ' })).toBeHidden();
  await expectAccessible(page, 'bệnh nhân mới');
  await snap(page, 'waiting-room-walk-in-new-patient');
  await drawer.getByRole('button', { name: 'Lưu' }).click();
  await expect(drawer).toBeHidden();
  await expect(form.getByTestId('patient-picker')).toContainText(/^Phạm Văn Tư · BN\d{8} · 02\/02\/1962/);
  await chooseOptions(page, form.getByRole('combobox', { name: 'Phòng khám' }), [/Phòng khám Nội tổng hợp/], { search: false });
  expect(await misfits(page, { width: 1366, buttons: true })).toEqual([]);
  await snap(page, 'waiting-room-walk-in-chosen');
  await page.getByTestId('walk-in-submit').click();
  await expect(page.getByTestId('walk-in-number')).toHaveText(/^Số 2 — Phòng khám Nội tổng hợp/);
  await expect(page.getByTestId('walk-in-form')).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Khám không hẹn trước' })).toContainText('Mời bệnh nhân Phạm Văn Tư');

  // the booking's QR code (code + check-in key) and its printable confirmation
  const tomorrow = f.slots.find((s) => s.date > f.slots[0]!.date)!;
  const token = await apiToken(request, desk);
  const booked = await request.post('/api/appointment/v1', {
    headers: { Authorization: `Bearer ${token}` },
    data: { medicalProfileId: self!.id, timeSlotId: tomorrow.id, accept: true },
  });
  const booking = (await booked.json()).data as { id: number; code: string };
  await page.goto(`/admin/quan-ly-dat-kham/${booking.id}`);
  const qr = page.getByTestId('booking-checkin-qr');
  await expect(qr).toBeVisible();
  await expect(qr).toContainText(booking.code);
  await expect(qr.getByRole('img', { name: /QR/ }).first()).toBeVisible();
  await expect(page.getByTestId('booking-print-confirmation')).toBeEnabled();
});
