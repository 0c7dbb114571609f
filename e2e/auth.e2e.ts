import { expect, test } from '@playwright/test';
import { DEMO, loginViaApi, loginViaUi, makeAccount, md5, snap, toast } from './helpers';

test.describe('login', () => {
  test('shows a Vietnamese login screen', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Đăng nhập hệ thống' })).toBeVisible();
    await expect(page.getByLabel('Tên đăng nhập')).toBeFocused();
    await expect(page.getByRole('button', { name: 'Đăng nhập' })).toBeVisible();
    await expect(page).toHaveTitle('Quản trị đặt khám trực tuyến');
    await snap(page, 'login');
  });

  test('refuses missing fields on the client with "Thông tin tài khoản không đúng"', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/user/login')) calls += 1;
    });
    await page.goto('/login');
    const username = page.getByLabel('Tên đăng nhập');
    const password = page.getByLabel('Mật khẩu', { exact: true });
    const submit = page.getByRole('button', { name: 'Đăng nhập' });

    await submit.click();
    await expect(toast(page, 'Thông tin tài khoản không đúng')).toBeVisible();

    await username.fill('admin');
    await password.press('Enter');
    await expect(toast(page, 'Thông tin tài khoản không đúng')).toHaveCount(1);

    await username.fill('   ');
    await password.fill('Admin@123');
    await password.press('Enter');
    await expect(toast(page, 'Thông tin tài khoản không đúng')).toHaveCount(1);
    expect(calls).toBe(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows the server message for a wrong password and stays signed out', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_wrongpw' });
    await page.goto('/login');
    await page.getByLabel('Tên đăng nhập').fill(account.username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill('Wrong@123');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(toast(page, 'Thông tin tài khoản không đúng')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });

  test('signs in with Enter, trims the username, toasts and lands on /admin', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Tên đăng nhập').fill(`  ${DEMO.admin.username}  `);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(DEMO.admin.password);
    const loginCall = page.waitForRequest((r) => r.url().endsWith('/api/his/v1/user/login'));
    await page.getByLabel('Mật khẩu', { exact: true }).press('Enter');
    const body = (await loginCall).postDataJSON() as { emailOrPhone: string; password: string };
    expect(body.emailOrPhone).toBe('admin');
    expect(body.password).toMatch(/^[0-9a-f]{32}$/);
    await expect(toast(page, 'Đăng nhập thành công')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null'));
    expect(stored).toMatchObject({ username: 'admin', loginToken: expect.any(String), refresh_token: expect.any(String) });
  });

  test('sends a visitor without a token to /login?redirect=… and back after login', async ({ page }) => {
    await page.goto('/admin/khong-ton-tai?tab=2');
    await expect(page).toHaveURL('/login?redirect=%2Fadmin%2Fkhong-ton-tai%3Ftab%3D2');
    await page.getByLabel('Tên đăng nhập').fill(DEMO.letan.username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(DEMO.letan.password);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page).toHaveURL('/admin/khong-ton-tai?tab=2');
    await expect(page.getByText('Không tìm thấy trang')).toBeVisible();
  });

  test('ignores an off-site redirect value', async ({ page }) => {
    await page.goto('/login?redirect=//evil.example/x');
    await page.getByLabel('Tên đăng nhập').fill(DEMO.letan.username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(DEMO.letan.password);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('sends a signed-in visitor from /login to / (the shell)', async ({ page }) => {
    await loginViaApi(page, DEMO.letan.username, DEMO.letan.password);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });
});

test.describe('loginToken in the page URL', () => {
  test('signs the page in with the token of the URL and keeps it while navigating', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_urltoken' });
    const res = await request.put('/api/his/v1/user/login', { data: { emailOrPhone: account.username, password: md5(account.password) } });
    const { loginToken } = ((await res.json()) as { data: { loginToken: string } }).data;
    const me = page.waitForRequest((r) => r.url().endsWith('/api/his/v1/user/me'));
    await page.goto(`/admin?loginToken=${encodeURIComponent(loginToken)}`);
    expect((await me).headers().authorization).toBe(`Bearer ${loginToken}`);
    await expect(page.getByTestId('sider-footer')).toContainText(account.username);
    await page.goto('/admin/khong-co?loginToken=sai');
    await expect(page).toHaveURL('/login?redirect=%2Fadmin%2Fkhong-co');
  });
});

test.describe('logout and session end', () => {
  test('logs out from the footer popover, keeps the report-user list, and lands on /login', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_logout' });
    await loginViaUi(page, account.username, account.password);
    await page.evaluate(() => localStorage.setItem('reportUsers', JSON.stringify([{ id: 7, name: 'Ngô Bảo Châu' }])));
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').loginToken as string);

    await page.getByTestId('sider-footer').click();
    const logoutCall = page.waitForRequest((r) => r.url().endsWith('/api/his/v1/user/logout') && r.method() === 'PUT');
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await logoutCall;
    await expect(page.getByText('Đang đăng xuất…')).toBeVisible();
    await expect(page).toHaveURL('/login?redirect=%2Fadmin', { timeout: 5000 });
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('reportUsers'))).toContain('Ngô Bảo Châu');

    // The server ended the session: the old token is refused.
    const me = await request.get('/api/his/v1/user/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test('an expired session clears storage and returns to /login?redirect=…', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_expired' });
    await loginViaUi(page, account.username, account.password);
    await page.evaluate(() => localStorage.setItem('reportUsers', '[1]'));
    const res = await request.post('/api/test/v1/fixtures/expire-sessions', { data: { username: account.username } });
    expect(res.status()).toBe(200);

    await page.goto('/admin?tab=1');
    await expect(page).toHaveURL('/login?redirect=%2Fadmin%3Ftab%3D1');
    // Spec §8: a 401 clears ALL local storage.
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test('a rejected access token is refreshed once and the call replayed', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_refresh' });
    const auth = await loginViaApi(page, account.username, account.password);
    // Break the access token but keep the refresh token.
    await page.evaluate((a) => localStorage.setItem('auth', JSON.stringify({ ...a, loginToken: 'khong-hop-le' })), auth);
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/his/v1/auth/refresh')) refreshes.push(r.headers().authorization ?? '');
    });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: `Xin chào, ${account.name}` })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    expect(refreshes).toEqual(['']); // one refresh, with no Authorization header
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}'));
    expect(stored.loginToken).not.toBe('khong-hop-le');
    expect(stored.refresh_token).not.toBe(auth.refresh_token);
  });

  test('a 403 answer shows "Bạn không có quyền thao tác"', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_forbidden', authorities: ['MANAGER_USER'] });
    await loginViaApi(page, account.username, account.password);
    // Every screen's calls are allowed to its own authority: send the patient list's call to the
    // server's probe route for an authority this account lacks, so a real 403 flows through the
    // app's API client.
    await page.route('**/api/his/v1/vendor/users/search**', (route) =>
      route.continue({ url: new URL('/api/test/v1/authority/MANAGER_SMS', route.request().url()).toString() }),
    );
    await page.goto('/admin/user');
    await expect(toast(page, 'Bạn không có quyền thao tác')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/user(\?|$)/);
  });
});
