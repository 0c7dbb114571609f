import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, downloadBy, FIXTURE_PASSWORD, loginViaApi, loginViaUi, makeAccount, snap, toast } from './helpers';
import { todayVn } from '../packages/shared/src/rules/time';

/**
 * Issue 16, the logs (/admin/logs): one finds one's own sign-in, then the audit rows of a booking one
 * just accepted, reads what changed, exports the page's filters to Excel; and retries a dead job.
 */

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const tomorrowVn = () => todayVn(new Date(Date.now() + 24 * 3600_000));

async function acceptedBooking(request: APIRequestContext, username: string, token: string): Promise<number> {
  const res = await request.post('/api/test/v1/fixtures/bookings', { data: { username, capacity: 3 } });
  expect(res.status(), await res.text()).toBe(200);
  const scene = ((await res.json()) as { data: { slots: { id: number; date: string }[]; serviceIds: number[]; patient: { profiles: { id: number }[] } } }).data;
  const slot = scene.slots.find((s) => s.date === tomorrowVn())!;
  const auth = { Authorization: `Bearer ${token}` };
  const made = await request.post('/api/appointment/v1', {
    headers: auth,
    data: { medicalProfileId: scene.patient.profiles[0]!.id, timeSlotId: slot.id, serviceIds: scene.serviceIds.slice(0, 1) },
  });
  expect(made.status(), await made.text()).toBe(200);
  const id = ((await made.json()) as { data: { id: number } }).data.id;
  const accepted = await request.post(`/api/appointment/v1/${id}/accept`, { headers: auth });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return id;
}

test('finds one’s own sign-in, then the audit rows of a booking one accepted, and exports them', async ({ page, request }) => {
  const me = await makeAccount(request, { prefix: 'nhatky', authorities: ['MANAGER_LOG', 'MANAGER_APPOINTMENT'], name: 'Trần Thu Nhật Ký' });
  const { loginToken } = await loginViaApi(page, me.username, me.password);
  const bookingId = await acceptedBooking(request, me.username, loginToken);

  await page.goto('/admin/logs');
  await expect(page.getByRole('heading', { name: 'Quản lý nhật ký' })).toBeVisible();
  // one's own sign-in: newest first, by me
  await page.getByRole('combobox', { name: 'Thao tác' }).click();
  await page.keyboard.type('Đăng nhập');
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Đăng nhập$/ })
    .click();
  await expect(rows(page).first()).toContainText(me.username);
  await expect(rows(page).first()).toContainText('Phiên đăng nhập');
  expect(new URL(page.url()).searchParams.get('action')).toBe('LOGIN');

  // the booking's rows: its creation and its acceptance, with the state that changed
  await page.getByRole('button', { name: 'Xoá bộ lọc' }).click();
  await page.getByRole('combobox', { name: 'Đối tượng' }).click();
  await page.keyboard.type('Lịch đặt');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Lịch đặt khám' }).click();
  const idBox = page.getByRole('textbox', { name: 'Mã đối tượng' });
  await idBox.fill(String(bookingId));
  await idBox.press('Enter');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(0)).toContainText('Tiếp nhận');
  await expect(rows(page).nth(1)).toContainText('Đặt khám');
  await snap(page, 'logs-booking');
  await rows(page).nth(0).getByRole('button', { name: 'Chi tiết' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText(me.username);
  await expect(drawer.locator('tr', { hasText: 'Trạng thái' })).toContainText('Đã xác nhận');

  await page.keyboard.press('Escape');
  const file = await downloadBy(page, page.getByRole('button', { name: 'Xuất Excel' }));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await file.path())!);
  const ws = wb.worksheets[0]!;
  expect(String(ws.getRow(1).getCell(1).value)).toMatch(/^Nhật ký thao tác từ /);
  expect([ws.getRow(3).getCell(3).value, ws.getRow(4).getCell(3).value]).toEqual(['Tiếp nhận lịch khám', 'Đặt khám']);
  expect(ws.rowCount).toBe(4);
});

test('a dead job is retried from the logs screen', async ({ page, request }) => {
  const me = await makeAccount(request, { prefix: 'congviec', authorities: ['MANAGER_LOG'], password: FIXTURE_PASSWORD });
  const dead = await request.post('/api/test/v1/jobs/dead', { data: { username: me.username } });
  expect(dead.status(), await dead.text()).toBe(200);
  await loginViaUi(page, me.username, me.password);
  await page.goto('/admin/logs?tab=jobs');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Nhà cung cấp từ chối');
  await rows(page).first().getByRole('button', { name: 'Chạy lại' }).click();
  await expect(toast(page, 'Đã đưa công việc vào hàng chờ để chạy lại')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});

test('a patient’s record links to who viewed or changed it', async ({ page }) => {
  await loginViaApi(page, DEMO.admin.username, DEMO.admin.password);
  await page.goto('/admin/user');
  await page.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/chi-tiet-y-ba\/\d+/);
  const userId = page.url().split('/').pop()!;
  await page.getByRole('link', { name: 'Ai đã xem, sửa hồ sơ' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/logs\\?.*patientUserId=${userId}`));
  await expect(page.getByText(`Đang xem nhật ký của hồ sơ bệnh nhân #${userId}`)).toBeVisible();
  // the read just made is the newest row: by admin, a record read, of this account
  await expect(rows(page).first()).toContainText('Xem hồ sơ bệnh nhân');
  await expect(rows(page).first()).toContainText(DEMO.admin.username);
  await expect(rows(page).first()).toContainText(`#${userId}`);
});
