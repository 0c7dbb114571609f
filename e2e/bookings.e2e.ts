import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { T } from '../apps/web/src/app/messages';
import { chooseOptions, FIXTURE_PASSWORD, loginViaApi, makeAccount, selectOf, snap, toast, uniq, type MadeAccount } from './helpers';
import { todayVn, vnParts } from '../packages/shared/src/rules/time';

/**
 * Issue 6, the booking desk: a booking made on the phone appears live on another desk's list,
 * then goes through accept, check-in (queue number), call and revert; another is rescheduled;
 * a bulk accept reports the one that failed; a rejection keeps its reason in the log.
 */

interface Scene {
  facilityId: number;
  departmentId: number;
  doctorId: number;
  roomId: number;
  serviceIds: number[];
  slots: { id: number; date: string; startTime: string }[];
  patient: { userId: number; profiles: { id: number; patientCode: string; fullName: string }[] };
}

/** Tomorrow in Vietnam (the fixture's slots of today may all have started). */
function tomorrowVn(): string {
  return todayVn(new Date(Date.now() + 24 * 3600_000));
}
const display = (iso: string) => iso.split('-').reverse().join('/');

async function setup(request: APIRequestContext): Promise<{ account: MadeAccount; scene: Scene }> {
  const account = await makeAccount(request, { prefix: 'datkham', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_USER'], name: 'Phạm Thu Lễ Tân' });
  const res = await request.post('/api/test/v1/fixtures/bookings', { data: { username: account.username, capacity: 3 } });
  expect(res.status(), await res.text()).toBe(200);
  return { account, scene: ((await res.json()) as { data: Scene }).data };
}

/** Books through the API like the form does (for the rows the later steps need). */
async function book(request: APIRequestContext, token: string, scene: Scene, slotStart: string, profileIndex = 0): Promise<{ id: number; code: string }> {
  const slot = scene.slots.find((s) => s.date === tomorrowVn() && s.startTime === slotStart)!;
  const res = await request.post('/api/appointment/v1', {
    headers: { Authorization: `Bearer ${token}` },
    data: { medicalProfileId: scene.patient.profiles[profileIndex]!.id, timeSlotId: slot.id, serviceIds: scene.serviceIds.slice(0, 1) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number; code: string } }).data;
}

async function openList(browser: Browser, account: MadeAccount): Promise<{ desk: Page; eventAt: () => number | undefined }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginViaApi(page, account.username, account.password);
  const socket = page.waitForEvent('websocket');
  await page.goto(`/admin/quan-ly-dat-kham?date=${tomorrowVn()}`);
  // Subscribed to topic 'bookings' before anything is booked.
  const ws = await socket;
  await ws.waitForEvent('framereceived', (f) => String(f.payload).includes('"subscribed"'));
  let first: number | undefined;
  const t0 = Date.now();
  if (process.env.BOOKINGS_E2E_DEBUG) {
    page.on('request', (r) => r.url().includes('/api/appointment/v1?') && console.log('desk GET', Date.now() - t0));
    page.on('response', (r) => r.url().includes('/api/appointment/v1?') && console.log('desk GET done', Date.now() - t0));
    ws.on('framereceived', (f) => console.log('desk frame', Date.now() - t0, String(f.payload).slice(0, 120)));
  }
  ws.on('framereceived', (f) => {
    if (first === undefined && String(f.payload).includes('"event"')) first = Date.now();
  });
  return { desk: page, eventAt: () => first };
}

/** The day of the visit comes: the facility's bookings of `date` become today's (check-in is for today only). */
async function dayComes(request: APIRequestContext, username: string, date: string): Promise<void> {
  const res = await request.post('/api/test/v1/fixtures/bookings/day-comes', { data: { username, date } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Today's bookings named get a slot ending `minutes` from now (+07:00; negative: ended that long ago), so a
 * check-in story is on time (or late) whatever the hour of the run (a check-in long after the slot asks first).
 */
async function endsIn(request: APIRequestContext, username: string, ids: number[], minutes: number): Promise<{ startTime: string; endTime: string }> {
  const res = await request.post('/api/test/v1/fixtures/bookings/ends-in', { data: { username, ids, minutes } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { startTime: string; endTime: string } }).data;
}

const row = (page: Page, text: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

test('a booking made on the phone appears live on another desk, then accept, check in, call, revert', async ({ browser, page, request }) => {
  const { account, scene } = await setup(request);
  const { desk, eventAt } = await openList(browser, account);
  await expect(desk.getByLabel('Tìm kiếm')).toBeFocused();

  // The other desk notes when a row with the patient's name shows up (same machine clock as this process).
  await desk.evaluate(() => {
    const w = window as unknown as { seenAt?: number };
    new MutationObserver(() => {
      if (!w.seenAt && document.querySelector('.ant-table-tbody')?.textContent?.includes('Trần Thị Bình')) w.seenAt = Date.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  await loginViaApi(page, account.username, account.password);
  await page.goto('/admin/dat-kham-moi');
  // a caller new to the hospital is registered beside the field (the walk-in's form, e2e/waiting-room.e2e.ts)
  await expect(page.getByTestId('patient-new')).toBeVisible();
  const profile = scene.patient.profiles[0]!;
  await chooseOptions(page, page.getByRole('combobox', { name: 'Bệnh nhân' }), [profile.patientCode]);
  // the date box says what it waits for: a doctor first, then one of the doctor's working days
  const dateItem = page.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: 'Ngày khám' }) });
  await expect(dateItem.getByText('Chọn bác sĩ để xem ngày làm việc')).toBeVisible();
  await chooseOptions(page, page.getByRole('combobox', { name: 'Bác sĩ' }), ['Nguyễn Văn An'], { search: false });
  await expect(dateItem.getByText('Chọn ngày làm việc của bác sĩ')).toBeVisible();
  await expect(dateItem.getByText('Chọn bác sĩ để xem ngày làm việc')).toHaveCount(0);
  await chooseOptions(page, page.getByRole('combobox', { name: 'Ngày khám' }), [display(tomorrowVn())], { search: false });
  await page.getByTestId('slot-picker').getByText('08:00–08:30').click();
  // The patient asks what the visit will cost: each service is quoted at the price the booking charges
  // (the blood count at its high-quality price 120.000 ₫, not its listed 90.000 ₫), with the running total.
  const services = page.getByRole('combobox', { name: 'Dịch vụ' });
  const total = page.getByTestId('booking-form-total');
  await expect(total).toHaveText('Tổng chi phí dự kiến: 0 ₫');
  await services.click();
  await expect(page.locator('.ant-select-item-option').filter({ hasText: 'Tổng phân tích tế bào máu ngoại vi' })).toContainText('120.000 ₫');
  await expect(page.locator('.ant-select-item-option').filter({ hasText: 'Khám Nội tổng quát' })).toContainText('150.000 ₫');
  await snap(page, 'bookings-new-services-dropdown');
  await chooseOptions(page, services, ['Khám Nội tổng quát', 'Tổng phân tích tế bào máu ngoại vi'], { search: false });
  await expect(total).toHaveText('Tổng chi phí dự kiến: 270.000 ₫');
  const prices = page.getByTestId('booking-service-prices');
  await expect(prices.getByRole('listitem')).toHaveText(['Khám Nội tổng quát150.000 ₫', 'Tổng phân tích tế bào máu ngoại vi120.000 ₫']);
  await page.getByLabel('Lý do khám / triệu chứng').fill('Đau đầu, chóng mặt 3 ngày');
  await snap(page, 'bookings-new-form');
  // The patient keeps the consultation only: clicking the chosen option again removes it from the total.
  await chooseOptions(page, services, ['Tổng phân tích tế bào máu ngoại vi'], { search: false });
  await expect(total).toHaveText('Tổng chi phí dự kiến: 150.000 ₫');
  await expect(prices.getByRole('listitem')).toHaveText(['Khám Nội tổng quát150.000 ₫']);

  const created = page.waitForResponse((r) => r.url().endsWith('/api/appointment/v1') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Đặt khám', exact: true }).click();
  const response = await created;
  const savedAt = Date.now();
  expect(response.status()).toBe(200);
  const booking = ((await response.json()) as { data: { id: number; code: string } }).data;
  await expect(toast(page, 'Đặt khám thành công')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/quan-ly-dat-kham/${booking.id}$`));
  await expect(page.getByRole('cell', { name: 'Khám Nội tổng quát' })).toBeVisible();
  await expect(page.getByTestId('booking-total')).toHaveText('150.000 ₫');

  await expect(row(desk, booking.code)).toBeVisible({ timeout: 5_000 });
  const seenAt = await desk.evaluate(() => (window as unknown as { seenAt?: number }).seenAt ?? Date.now());
  const latency = seenAt - savedAt;
  const socketLatency = (eventAt() ?? NaN) - savedAt;
  console.log(
    `[bookings.e2e] booking ${booking.code} appeared on the other desk ${latency} ms after the save response (socket event after ${socketLatency} ms)`,
  );
  // It came over the socket, not the 10 s polling: an event arrived. The 1 s budget is a figure to read
  // here and in docs/performance.md, not a timed assertion (a loaded CI machine measured 1,038 ms once).
  expect(eventAt()).toBeDefined();
  expect(latency).toBeLessThan(5_000);
  await snap(desk, 'bookings-live-list');

  const r = row(desk, booking.code);
  await r.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(r.getByTestId('booking-status')).toHaveText('Đã xác nhận');
  // no check-in before the day of the visit; on the day the desk works today's list
  await expect(r.getByRole('button', { name: 'Hoàn tác' })).toBeVisible();
  await expect(r.getByRole('button', { name: 'Tiếp đón' })).toHaveCount(0);
  await dayComes(request, account.username, tomorrowVn());
  // the patient arrives during the slot (on time)
  await endsIn(request, account.username, [booking.id], 30);
  await desk.getByRole('button', { name: 'Hôm nay', exact: true }).click();
  await expect(r.getByTestId('booking-status')).toHaveText('Đã xác nhận');
  await expect(r.getByTestId('booking-overdue')).toHaveCount(0);
  await r.getByRole('button', { name: 'Tiếp đón' }).click();
  await expect(toast(desk, `Đã tiếp đón ${booking.code} — số thứ tự 1`)).toBeVisible();
  await expect(r.getByTestId('queue-number')).toHaveText('1');
  // the column is the room's queue number of the day, named so (a Vietnamese reader takes "STT" for a row number)
  await expect(desk.getByRole('columnheader', { name: 'Số thứ tự khám' })).toBeVisible();
  await expect(desk.getByRole('columnheader', { name: 'STT', exact: true })).toHaveCount(0);
  await r.getByRole('button', { name: 'Gọi khám' }).click();
  await expect(r.getByTestId('booking-status')).toHaveText('Đã gọi khám');
  await r.getByRole('button', { name: 'Hoàn tác' }).click();
  await expect(desk.locator('.ant-modal-confirm-title')).toContainText('về trạng thái "Đã tiếp đón"');
  // Enter confirms: the dialog puts the focus on its OK button.
  await expect(desk.locator('.ant-modal-confirm-btns .ant-btn-primary')).toBeFocused();
  await snap(desk, 'bookings-revert-confirm');
  await desk.keyboard.press('Enter');
  await expect(r.getByTestId('booking-status')).toHaveText('Đã tiếp đón');
  await expect(r.getByTestId('queue-number')).toHaveText('1');
  await expect(desk.getByRole('tab', { name: 'Đã tiếp đón (1)' })).toBeVisible();
  await snap(desk, 'bookings-after-revert');

  // The first desk's detail page followed along (live) and shows the whole log.
  const timeline = page.getByTestId('booking-timeline');
  await expect(timeline).toContainText('Hoàn tác · Đã gọi khám → Đã tiếp đón');
  await expect(timeline).toContainText('Tiếp đón · Đã xác nhận → Đã tiếp đón');
  await expect(timeline).toContainText('Phạm Thu Lễ Tân');
  await expect(page.getByTestId('detail-queue')).toHaveText('1');
  await snap(page, 'bookings-detail');
  await desk.context().close();
});

test('reschedule, bulk accept with one failing, reject with a reason', async ({ page, request }) => {
  const { account, scene } = await setup(request);
  const { loginToken } = await loginViaApi(page, account.username, account.password);
  const moved = await book(request, loginToken, scene, '09:00');
  const a = await book(request, loginToken, scene, '10:00');
  const b = await book(request, loginToken, scene, '10:30', 1);
  const already = await book(request, loginToken, scene, '11:00');
  const toReject = await book(request, loginToken, scene, '11:30', 1);

  // Reschedule 09:00 → 14:00 and add a service.
  await page.goto(`/admin/cap-nhat-dat-kham/${moved.id}`);
  await expect(page.getByText('Lịch hiện tại: 09:00–09:30')).toBeVisible();
  // the patient: a choice among the account's profiles (PUT /{id}/profile; e2e/forms.e2e.ts changes it)
  await expect(selectOf(page.getByTestId('patient-picker').getByRole('combobox'))).toContainText(/^Trần Thị Bình · BN/);
  await page.getByTestId('slot-picker').getByText('14:00–14:30').click();
  // The booking's service shows the price it holds; an added one its quoted price, in the total.
  await expect(page.getByTestId('booking-service-prices').getByRole('listitem')).toHaveText(['Khám Nội tổng quát150.000 ₫']);
  await expect(page.getByTestId('booking-form-total')).toHaveText('Tổng chi phí dự kiến: 150.000 ₫');
  await chooseOptions(page, page.getByRole('combobox', { name: 'Dịch vụ' }), ['Tổng phân tích tế bào máu'], { search: false });
  await expect(page.getByTestId('booking-form-total')).toHaveText('Tổng chi phí dự kiến: 270.000 ₫');
  await snap(page, 'bookings-update-form');
  await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(toast(page, 'Đã cập nhật lịch đặt khám')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/quan-ly-dat-kham/${moved.id}$`));
  await expect(page.getByText(`14:00–14:30 ${display(tomorrowVn())}`, { exact: true })).toBeVisible();
  // the history says from where to where, and what else changed
  const history = page.getByTestId('booking-timeline');
  await expect(history).toContainText(`Giờ khám: 09:00–09:30 ${display(tomorrowVn())} · Phòng khám`);
  await expect(history).toContainText(`→ 14:00–14:30 ${display(tomorrowVn())} · Phòng khám`);
  await expect(history).toContainText('Tổng chi phí: 150.000 ₫ → 270.000 ₫');
  // The total is the sum of the booked prices (the server's price rule decides each one).
  const prices = await page.locator('.ant-table-tbody tr.ant-table-row td:last-child').allInnerTexts();
  expect(prices).toHaveLength(2);
  const sum = prices.map((p) => Number(p.replace(/\D/g, ''))).reduce((x, y) => x + y, 0);
  await expect(page.getByTestId('booking-total')).toHaveText(`${sum.toLocaleString('de-DE')} ₫`);

  // Bulk accept: only pending bookings can be ticked; one of three is accepted on another desk meanwhile:
  // the two others succeed, that one is refused with its reason.
  await page.goto(`/admin/quan-ly-dat-kham?date=${tomorrowVn()}`);
  await expect(row(page, moved.code).locator('.ant-checkbox-input')).toBeEnabled();
  for (const code of [a.code, b.code, already.code]) await row(page, code).locator('.ant-checkbox-input').check();
  expect((await request.post(`/api/appointment/v1/${already.id}/accept`, { headers: { Authorization: `Bearer ${loginToken}` } })).status()).toBe(200);
  await expect(row(page, already.code).getByTestId('booking-status')).toHaveText('Đã xác nhận');
  await expect(row(page, already.code).locator('.ant-checkbox-input')).toBeDisabled();
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Xác nhận 3 lịch đã chọn' }).click();
  // the confirmation opens with the focus on "Đồng ý": Enter confirms (a busy desk keeps its hands on the keyboard)
  const confirm = page.getByRole('dialog').filter({ hasText: 'Xác nhận 3 lịch' });
  await expect(confirm.getByRole('button', { name: 'Đồng ý' })).toBeFocused();
  await page.keyboard.press('Enter');
  const results = page.getByTestId('bulk-results');
  await expect(results).toBeVisible();
  await expect(results.locator('tr').filter({ hasText: a.code })).toContainText('Thành công');
  await expect(results.locator('tr').filter({ hasText: b.code })).toContainText('Thành công');
  await expect(results.locator('tr').filter({ hasText: already.code })).toContainText('Không thành công');
  await expect(results.locator('tr').filter({ hasText: already.code })).toContainText('Đã xác nhận');
  await snap(page, 'bookings-bulk-results');
  await page.keyboard.press('Escape');
  await expect(row(page, a.code).getByTestId('booking-status')).toHaveText('Đã xác nhận');

  // Reject with a reason typed and confirmed with Enter.
  await row(page, toReject.code).getByRole('button', { name: 'Từ chối' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Lý do')).toBeFocused();
  await dialog.getByLabel('Lý do').fill('Bác sĩ nghỉ đột xuất, đã hẹn bệnh nhân ngày khác');
  await snap(page, 'bookings-reject-dialog');
  await page.keyboard.press('Enter');
  await expect(row(page, toReject.code).getByTestId('booking-status')).toHaveText('Đã từ chối');
  await page.getByRole('tab', { name: /^Đã từ chối/ }).click();
  await expect(page).toHaveURL(/status=REJECTED/);
  await expect(row(page, toReject.code)).toBeVisible();
  await row(page, toReject.code).getByRole('link', { name: toReject.code }).click();
  await expect(page.getByTestId('booking-timeline')).toContainText('Lý do: Bác sĩ nghỉ đột xuất, đã hẹn bệnh nhân ngày khác');
  await snap(page, 'bookings-rejected-detail');

  // A new booking for one patient account offers that account's profiles only.
  await page.goto(`/admin/dat-kham-moi/${scene.patient.userId}`);
  const picker = page.getByRole('combobox', { name: 'Bệnh nhân' });
  await picker.click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(2);
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('Lê Minh Khôi');
  await page.keyboard.press('Escape');

  // '/' focuses the search box; searching by code narrows the list.
  await page.goto(`/admin/quan-ly-dat-kham?date=${tomorrowVn()}`);
  // focus away from any field by clicking the page's title (a fixed point of the body may land on the sidebar's "Đặt khám mới")
  await page.getByRole('heading', { name: 'Quản lý đặt khám' }).click();
  await expect(page.getByLabel('Tìm kiếm')).not.toBeFocused();
  await page.keyboard.press('/');
  await expect(page.getByLabel('Tìm kiếm')).toBeFocused();
  await page.keyboard.type(a.code);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${a.code}`));
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  // '/' in the search box itself selects the last search instead of typing a slash: the next one replaces it
  await page.keyboard.press('/');
  await page.keyboard.type(b.code);
  await expect(page.getByLabel('Tìm kiếm')).toHaveValue(b.code);
});

test('without the socket the list says so and polls every 10 seconds; no MANAGER_APPOINTMENT, no screen', async ({ browser, page, request }) => {
  const { account, scene } = await setup(request);
  const context = await browser.newContext();
  // The live socket is refused (a proxy that drops WebSockets, a server restart).
  await context.routeWebSocket(/\/api\/live\/v1/, (ws) => void ws.close({ code: 1011, reason: 'refused' }));
  const desk = await context.newPage();
  const { loginToken } = await loginViaApi(desk, account.username, account.password);
  await desk.goto(`/admin/quan-ly-dat-kham?date=${tomorrowVn()}`);
  await expect(desk.getByTestId('live-offline')).toHaveText(T.live.offline);
  await expect(desk.getByRole('tab', { name: 'Tất cả (0)' })).toBeVisible();
  const made = await book(request, loginToken, scene, '15:00');
  await expect(row(desk, made.code)).toBeVisible({ timeout: 15_000 });
  await snap(desk, 'bookings-offline-polling');
  await context.close();

  const other = await makeAccount(request, { prefix: 'khongdatkham', authorities: ['MANAGER_CATALOG'] });
  await loginViaApi(page, other.username, other.password);
  await page.goto('/admin/quan-ly-dat-kham');
  await expect(page.getByText(T.crud.forbiddenTitle)).toBeVisible();
});

test('the room queue calls the next waiting patient, priority first, and says whom to invite', async ({ page, request }) => {
  const { account, scene } = await setup(request);
  const { loginToken } = await loginViaApi(page, account.username, account.password);
  const headers = { Authorization: `Bearer ${loginToken}` };
  const date = tomorrowVn();
  const slot = (start: string) => scene.slots.find((s) => s.date === date && s.startTime === start)!.id;
  // Bình books first (number 1), Khôi is a priority patient and arrives second (number 2).
  const arrivals: { code: string }[] = [];
  const booked: { id: number; code: string }[] = [];
  for (const [profile, start, priority] of [
    [0, '08:00', 0],
    [1, '08:30', 1],
  ] as const) {
    const made = await request.post('/api/appointment/v1', {
      headers,
      data: { medicalProfileId: scene.patient.profiles[profile]!.id, timeSlotId: slot(start), priority, accept: true },
    });
    expect(made.status(), await made.text()).toBe(200);
    booked.push(((await made.json()) as { data: { id: number; code: string } }).data);
  }
  // on the day of the visit both arrive, on time, and are checked in
  await dayComes(request, account.username, date);
  await endsIn(
    request,
    account.username,
    booked.map((b) => b.id),
    30,
  );
  for (const booking of booked) {
    expect((await request.post(`/api/appointment/v1/${booking.id}/checkin`, { headers })).status()).toBe(200);
    arrivals.push(booking);
  }

  await page.goto(`/admin/quan-ly-dat-kham?roomId=${scene.roomId}`);
  const queue = page.getByTestId('room-queue');
  await expect(queue.getByTestId('room-queue-waiting')).toHaveText(/^Đang chờ: 2Số 2 · Lê Minh KhôiƯu tiên → Số 1 · Trần Thị Bình$/);
  await expect(queue).toContainText('Không có bệnh nhân nào đang được gọi');
  await snap(page, 'bookings-room-queue');

  const callNext = queue.getByRole('button', { name: 'Gọi bệnh nhân tiếp theo' });
  await callNext.click();
  await expect(toast(page, /^Mời số 2 – Lê Minh Khôi vào /)).toBeVisible();
  await expect(row(page, arrivals[1]!.code).getByTestId('booking-status')).toHaveText('Đã gọi khám');
  await expect(queue.getByTestId('room-queue-waiting')).toHaveText(/^Đang chờ: 1Số 1 · Trần Thị Bình$/);
  await expect(queue.getByTestId('room-queue-calling')).toHaveText(/^Đang gọi khám:Số 2 · Lê Minh KhôiƯu tiên$/);
  await callNext.click();
  await expect(toast(page, /^Mời số 1 – Trần Thị Bình vào /)).toBeVisible();
  await expect(queue.getByTestId('room-queue-waiting')).toHaveText('Đang chờ: 0Không còn bệnh nhân nào đang chờ');
  await expect(callNext).toBeDisabled();
  await expect(row(page, arrivals[0]!.code).getByTestId('booking-status')).toHaveText('Đã gọi khám');
  // one room calls one patient at a time (issue 14): the new call ended the first one's; that patient is
  // still in the visit (Đã gọi khám), listed apart
  await expect(queue.getByTestId('room-queue-calling')).toHaveText('Đang gọi khám:Số 1 · Trần Thị Bình');
  await expect(queue.getByTestId('room-queue-called-before')).toHaveText('Đã gọi trước đó: 1Số 2 · Lê Minh Khôi');
  await expect(row(page, arrivals[0]!.code).getByTestId('booking-calling')).toHaveText('Đang gọi');
  await expect(row(page, arrivals[1]!.code).getByTestId('booking-calling')).toHaveCount(0);
  await snap(page, 'bookings-room-queue-one-call');
});

test('a booking whose slot is over: flagged on the list; a check-in long after it is confirmed and marked late', async ({ page, request }) => {
  // the late booking's slot ended three hours ago today: not there yet in the first hours of a day
  test.skip(vnParts(new Date()).hour < 4, 'a slot that ended three hours ago today does not exist before 04:00 (+07:00)');
  const { account, scene } = await setup(request);
  const { loginToken } = await loginViaApi(page, account.username, account.password);
  const headers = { Authorization: `Bearer ${loginToken}` };
  const date = tomorrowVn();
  const slot = (start: string) => scene.slots.find((s) => s.date === date && s.startTime === start)!.id;
  const made: { id: number; code: string }[] = [];
  for (const [profile, start] of [
    [0, '08:00'],
    [1, '08:30'],
  ] as const) {
    const res = await request.post('/api/appointment/v1', {
      headers,
      data: { medicalProfileId: scene.patient.profiles[profile]!.id, timeSlotId: slot(start), accept: true },
    });
    expect(res.status(), await res.text()).toBe(200);
    made.push(((await res.json()) as { data: { id: number; code: string } }).data);
  }
  const [late, onTime] = made as [{ id: number; code: string }, { id: number; code: string }];
  await dayComes(request, account.username, date);
  const lateTimes = await endsIn(request, account.username, [late.id], -180);
  await endsIn(request, account.username, [onTime.id], 30);

  await page.goto('/admin/quan-ly-dat-kham');
  const lateRow = row(page, late.code);
  await expect(lateRow.getByTestId('booking-overdue')).toHaveText('Quá giờ hẹn');
  await expect(row(page, onTime.code).getByTestId('booking-overdue')).toHaveCount(0);
  await lateRow.getByTestId('booking-overdue').hover();
  await expect(page.getByRole('tooltip')).toContainText('Tiếp đón quá 1 giờ sau giờ hẹn cần xác nhận tiếp đón muộn');
  await snap(page, 'bookings-overdue');

  // the desk checks in: the server asks first; "Đóng" leaves the booking as it was
  await lateRow.getByRole('button', { name: 'Tiếp đón' }).click();
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: `Tiếp đón muộn — ${late.code}?` });
  await expect(dialog).toContainText(new RegExp(`Lịch hẹn ${lateTimes.startTime}–${lateTimes.endTime} đã qua 3 giờ( 1 phút)?, quá 1 giờ sau giờ hẹn`));
  await expect(dialog.getByRole('button', { name: 'Tiếp đón muộn' })).toBeFocused();
  await snap(page, 'bookings-late-checkin-confirm');
  await dialog.getByRole('button', { name: 'Đóng' }).click();
  await expect(lateRow.getByTestId('booking-status')).toHaveText('Đã xác nhận');
  await lateRow.getByRole('button', { name: 'Tiếp đón' }).click();
  // the question is asked again; Enter answers it once its default button has the focus
  await expect(dialog.getByRole('button', { name: 'Tiếp đón muộn' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, `Đã tiếp đón muộn ${late.code} — số thứ tự 1`)).toBeVisible();
  await expect(lateRow.getByTestId('booking-status')).toHaveText('Đã tiếp đón');
  await expect(lateRow.getByTestId('booking-late')).toHaveText('Tiếp đón muộn');
  await expect(lateRow.getByTestId('booking-overdue')).toHaveCount(0);
  // on time: no question
  await row(page, onTime.code).getByRole('button', { name: 'Tiếp đón' }).click();
  await expect(toast(page, `Đã tiếp đón ${onTime.code} — số thứ tự 2`)).toBeVisible();
  await expect(row(page, onTime.code).getByTestId('booking-late')).toHaveCount(0);
  await snap(page, 'bookings-late-checkin-done');

  await lateRow.getByRole('link', { name: late.code }).click();
  await expect(page.getByTestId('booking-late')).toBeVisible();
  await expect(page.getByTestId('booking-timeline')).toContainText(/Tiếp đón muộn: 3 giờ( 1 phút)? sau giờ hẹn/);
});

test('rooms of an account: the list and the queue open on them; the facility may keep the account to them', async ({ browser, page, request }) => {
  const tag = uniq();
  const made = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử E2E',
      accounts: [
        {
          username: `letan_${tag}`,
          password: FIXTURE_PASSWORD,
          name: 'Phạm Thu Lễ Tân',
          authorities: ['MANAGER_APPOINTMENT'],
          lastPasswordReset: new Date().toISOString(),
        },
        {
          username: `quantri_${tag}`,
          password: FIXTURE_PASSWORD,
          name: 'Lê Quản Trị',
          authorities: ['MANAGER_ADMIN'],
          lastPasswordReset: new Date().toISOString(),
        },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const [desk, admin] = ((await made.json()) as { data: { accounts: { id: number; username: string }[] } }).data.accounts as [
    { id: number; username: string },
    { id: number; username: string },
  ];
  // two clinics of the facility: the desk's room A, and room B
  const scenes: Scene[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await request.post('/api/test/v1/fixtures/bookings', { data: { username: desk.username } });
    expect(res.status(), await res.text()).toBe(200);
    scenes.push(((await res.json()) as { data: Scene }).data);
  }
  const [a, b] = scenes as [Scene, Scene];
  const { loginToken: adminToken } = await loginViaApi(page, admin.username, FIXTURE_PASSWORD);
  const assigned = await request.put(`/api/his/v1/vendor/rooms/${desk.id}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { roomIds: [a.roomId] },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  const deskPage = await (await browser.newContext()).newPage();
  const { loginToken } = await loginViaApi(deskPage, desk.username, FIXTURE_PASSWORD);
  const codes: string[] = [];
  for (const s of scenes) {
    const slotId = s.slots.find((x) => x.date === tomorrowVn() && x.startTime === '09:00')!.id;
    const res = await request.post('/api/appointment/v1', {
      headers: { Authorization: `Bearer ${loginToken}` },
      data: { medicalProfileId: s.patient.profiles[0]!.id, timeSlotId: slotId },
    });
    expect(res.status(), await res.text()).toBe(200);
    codes.push(((await res.json()) as { data: { code: string } }).data.code);
  }
  const roomA = deskPage.getByTestId('room-filter');
  const rows = deskPage.locator('.ant-table-tbody tr.ant-table-row');

  // the list opens on the desk's room, and so does the queue
  await deskPage.goto(`/admin/quan-ly-dat-kham?date=${tomorrowVn()}`);
  await expect(rows).toHaveCount(1);
  await expect(row(deskPage, codes[0]!)).toBeVisible();
  await expect(deskPage.getByTestId('room-queue')).toBeVisible();
  const deskRooms = await request.get('/api/appointment/v1/desk', { headers: { Authorization: `Bearer ${loginToken}` } });
  const roomAName = ((await deskRooms.json()) as { data: { rooms: { name: string }[] } }).data.rooms[0]!.name;
  // the filter names the room (its name shortened to fit the bar)
  await expect(selectOf(roomA.getByRole('combobox'))).toContainText(roomAName.slice(0, 20));
  await expect(deskPage.getByTestId('room-queue')).toContainText(`Hàng đợi ${roomAName}`);
  await snap(deskPage, 'bookings-my-rooms');
  // widened to every room, then back to "Phòng của tôi"
  await selectOf(roomA.getByRole('combobox')).hover();
  await roomA.locator('.ant-select-clear').click();
  await expect(deskPage).toHaveURL(/roomId=all/);
  await expect(rows).toHaveCount(2);
  await expect(deskPage.getByTestId('room-queue')).toHaveCount(0);
  await roomA.getByRole('button', { name: 'Phòng của tôi' }).click();
  await expect(rows).toHaveCount(1);
  await expect(deskPage).not.toHaveURL(/roomId=/);

  // the account administrator keeps accounts to their rooms
  await page.goto('/admin/room-list');
  const rule = page.getByTestId('room-scope');
  await expect(rule).toContainText('Đang tắt');
  await rule.getByRole('switch', { name: 'Chỉ làm việc với phòng được phân' }).click();
  await expect(toast(page, 'Đã bật: tài khoản có phòng được phân chỉ làm việc với lịch đặt khám của các phòng đó')).toBeVisible();
  await expect(rule).toContainText('Đang bật');
  await snap(page, 'admin-room-scope-on');

  // the desk is offered its room only, and the server refuses room B
  await deskPage.goto(`/admin/quan-ly-dat-kham?date=${tomorrowVn()}&roomId=all`);
  await expect(rows).toHaveCount(1);
  await roomA.getByRole('combobox').click();
  await expect(deskPage.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(1);
  await deskPage.keyboard.press('Escape');
  const refused = await request.get(`/api/appointment/v1?date=${tomorrowVn()}&roomId=${b.roomId}`, { headers: { Authorization: `Bearer ${loginToken}` } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(`Tài khoản chỉ làm việc với lịch đặt khám của các phòng được phân: ${roomAName}`);
  await snap(deskPage, 'bookings-only-own-rooms');
  await deskPage.context().close();
});

test("the patient's record lists each profile's bookings and books for the account", async ({ page, request }) => {
  const { account, scene } = await setup(request);
  const { loginToken } = await loginViaApi(page, account.username, account.password);
  const made = await book(request, loginToken, scene, '09:30');

  await page.goto(`/admin/quan-ly-dat-kham/${made.id}`);
  // the browser tab names the screen and the facility
  await expect(page).toHaveTitle(/^Chi tiết đặt khám · Bệnh viện /);
  await page.getByTestId('booking-patient-record').click();
  await expect(page).toHaveURL(new RegExp(`/admin/chi-tiet-y-ba/${scene.patient.userId}$`));
  const bookings = page.getByTestId('patient-bookings');
  await expect(bookings.getByRole('row').filter({ hasText: made.code })).toContainText(`09:30–10:00 ${display(tomorrowVn())}`);
  await expect(bookings.getByRole('row').filter({ hasText: made.code })).toContainText('Chờ xác nhận');
  await snap(page, 'bookings-patient-record');
  // the child's profile has no booking of its own
  await page.getByRole('tab', { name: /Lê Minh Khôi/ }).click();
  await expect(page.getByTestId('patient-bookings').filter({ visible: true })).toContainText('Không có dữ liệu');
  await page.getByTestId('patient-bookings').filter({ visible: true }).getByRole('button', { name: 'Đặt khám' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/dat-kham-moi/${scene.patient.userId}$`));
});
