import { expect, test, type APIRequestContext } from '@playwright/test';
import { todayVn } from '../packages/shared/src/rules/time';
import { expectAccessible } from './a11y';
import { loginViaApi, makeAccount, md5, snap } from './helpers';

/**
 * Issue 16, the home page's morning dashboard: a front desk sees today's bookings by state and its
 * room's queue, updated live when a patient is checked in elsewhere, and follows a figure into the
 * booking list; a MANAGER_LOG account sees the failed sign-in of a wrong password and opens the logs
 * filtered on it.
 */

const tomorrowVn = () => todayVn(new Date(Date.now() + 24 * 3600_000));

interface Scene {
  roomId: number;
  slots: { id: number; date: string; startTime: string }[];
  patient: { profiles: { id: number }[] };
}

async function post(request: APIRequestContext, url: string, data: unknown, token?: string) {
  const res = await request.post(url, { data, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
}

test('a front desk sees today’s bookings and its room’s queue, live, and opens the list from them', async ({ page, request }) => {
  const account = await makeAccount(request, { prefix: 'e2e_dash', authorities: ['MANAGER_APPOINTMENT'], name: 'Phạm Thu Lễ Tân' });
  const scene = (await post(request, '/api/test/v1/fixtures/bookings', { username: account.username })) as Scene;
  const { loginToken } = await loginViaApi(page, account.username, account.password);
  // three accepted bookings made ahead; their day comes, on time: two are checked in, the first is called
  const day = tomorrowVn();
  const slot = (start: string) => scene.slots.find((s) => s.date === day && s.startTime === start)!.id;
  const ids: number[] = [];
  for (const [profile, start] of [
    [0, '08:00'],
    [1, '08:00'],
    [0, '08:30'],
  ] as const) {
    const made = (await post(
      request,
      '/api/appointment/v1',
      { medicalProfileId: scene.patient.profiles[profile]!.id, timeSlotId: slot(start), accept: true },
      loginToken,
    )) as {
      id: number;
    };
    ids.push(made.id);
  }
  await post(request, '/api/test/v1/fixtures/bookings/day-comes', { username: account.username, date: day });
  await post(request, '/api/test/v1/fixtures/bookings/ends-in', { username: account.username, ids, minutes: 30 });
  for (const id of ids.slice(0, 2)) await post(request, `/api/appointment/v1/${id}/checkin`, {}, loginToken);
  await post(request, '/api/appointment/v1/called', { roomId: scene.roomId }, loginToken);

  // the dashboard follows topic 'bookings' (caught from the start: the answer comes at once)
  const subscribed = page.waitForEvent('websocket').then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).includes('"subscribed"')));
  await page.goto('/admin');
  const section = page.getByTestId('dash-appointments');
  await expect(section.getByRole('heading', { name: /Lịch đặt khám hôm nay/ })).toBeVisible();
  const counts = section.getByTestId('dash-booking-counts');
  await expect(counts.getByRole('link', { name: '3 Tất cả' })).toBeVisible();
  await expect(counts.getByTestId('dash-status-ACCEPTED')).toHaveText('1Đã xác nhận');
  await expect(counts.getByTestId('dash-status-CHECKED_IN')).toHaveText('1Đã tiếp đón');
  await expect(counts.getByTestId('dash-status-CALLED')).toHaveText('1Đã gọi khám');
  const room = section.getByTestId('dash-rooms').getByRole('link', { name: /Đang chờ/ });
  await expect(room).toHaveCount(1);
  await expect(room).toContainText('Đang chờ 1');
  await expect(room).toContainText('Đang gọi số 1');
  await snap(page, 'home-dashboard-desk');
  await expectAccessible(page, '/admin (the front desk dashboard)');

  // another desk checks the third patient in: the figures change without a reload (topic 'bookings')
  await subscribed;
  await post(request, `/api/appointment/v1/${ids[2]}/checkin`, {}, loginToken);
  await expect(counts.getByTestId('dash-status-CHECKED_IN')).toHaveText('2Đã tiếp đón');
  await expect(counts.getByTestId('dash-status-ACCEPTED')).toHaveText('0Đã xác nhận');
  await expect(room).toContainText('Đang chờ 2');

  // a figure opens the list of exactly those bookings
  await counts.getByTestId('dash-status-CHECKED_IN').click();
  await expect(page).toHaveURL(new RegExp(`/admin/quan-ly-dat-kham\\?date=${todayVn()}&status=CHECKED_IN&roomId=all$`));
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Đã tiếp đón' })).toHaveCount(2);

  // a room opens the list on that room, with its queue
  await page.goBack();
  await page.getByTestId('dash-rooms').getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`roomId=${scene.roomId}`));
  await expect(page.getByTestId('room-queue-waiting')).toContainText('Đang chờ: 2');
});

test('a log manager sees today’s failed sign-in and opens the logs filtered on it', async ({ page, request }) => {
  const account = await makeAccount(request, { prefix: 'e2e_dashlog', authorities: ['MANAGER_LOG'] });
  const wrong = await request.put('/api/his/v1/user/login', { data: { emailOrPhone: account.username, password: md5('Sai@mat-khau1') } });
  expect(wrong.status()).toBe(401);
  await loginViaApi(page, account.username, account.password);
  await page.goto('/admin');
  const section = page.getByTestId('dash-logs');
  await expect(section.getByRole('heading', { name: /Nhật ký hôm nay/ })).toBeVisible();
  await expect(page.getByTestId('dash-appointments')).toHaveCount(0);
  await expect(section.getByTestId('dash-LOGIN_FAILED')).toHaveText('1Sai tên đăng nhập hoặc mật khẩu');
  await expect(section.getByTestId('dash-LOGIN_REFUSED_LOCKED')).toHaveText('0Tài khoản đang bị khoá');
  await expect(section.getByTestId('dash-dead-jobs')).toHaveText('0Thất bại, chờ chạy lại');
  await snap(page, 'home-dashboard-logs');
  await expectAccessible(page, '/admin (the log manager dashboard)');

  await section.getByTestId('dash-LOGIN_FAILED').click();
  const today = todayVn();
  await expect(page).toHaveURL(new RegExp(`/admin/logs\\?from=${today}&to=${today}&action=LOGIN_FAILED$`));
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: 'Đăng nhập sai' });
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('table')).not.toContainText('Đăng nhập tài khoản bị khoá');

  await page.goBack();
  await page.getByTestId('dash-dead-jobs').click();
  await expect(page).toHaveURL(/\/admin\/logs\?tab=jobs$/);
  await expect(page.getByRole('tab', { name: 'Công việc nền lỗi', selected: true })).toBeVisible();
});

// the shell shows only the password dialog to such a session (the server refuses all else): no dashboard call, no 403 toast
test('a session that must change its password first does not ask for the dashboard (the server would refuse it)', async ({ page, request }) => {
  const account = await makeAccount(request, { prefix: 'e2e_dashpw', authorities: ['MANAGER_LOG'], mustChangePassword: true });
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/api/his/v1/dashboard') && asked.push(r.url()));
  await loginViaApi(page, account.username, account.password);
  await page.goto('/admin');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('dash-logs')).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('a manager sees today’s quick statistic and opens the report on the day', async ({ page, request }) => {
  const account = await makeAccount(request, { prefix: 'e2e_dashbc', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_REPORT'], name: 'Lê Quản Lý' });
  const scene = (await post(request, '/api/test/v1/fixtures/bookings', { username: account.username })) as Scene;
  const { loginToken } = await loginViaApi(page, account.username, account.password);
  const day = tomorrowVn();
  const slot = scene.slots.find((s) => s.date === day && s.startTime === '08:00')!.id;
  for (const profile of [0, 1]) {
    await post(request, '/api/appointment/v1', { medicalProfileId: scene.patient.profiles[profile]!.id, timeSlotId: slot, accept: true }, loginToken);
  }
  await post(request, '/api/test/v1/fixtures/bookings/day-comes', { username: account.username, date: day });

  await page.goto('/admin');
  const section = page.getByTestId('dash-report');
  await expect(section.getByRole('heading', { name: 'Thống kê nhanh hôm nay' })).toBeVisible();
  const total = section.getByRole('link', { name: /Lịch khám hôm nay/ });
  await expect(total).toContainText('2');
  await expect(section.getByRole('link', { name: /Tỉ lệ không đến/ })).toContainText('—');
  await expectAccessible(page, '/admin (the report manager dashboard)');
  await total.click();
  await expect(page).toHaveURL(new RegExp(`/admin/report/bookings\\?from=${todayVn()}&to=${todayVn()}`));
  await expect(page.getByRole('heading', { name: 'Thống kê đặt khám' })).toBeVisible();
});
