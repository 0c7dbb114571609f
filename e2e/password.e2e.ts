import { expect, test, type Page } from '@playwright/test';
import { daysAgo, loginViaApi, loginViaUi, makeAccount, md5, snap, toast } from './helpers';

// Strong: 8–15 characters with lower, upper, digit and one of @$!%*?& (spec §5).
const NEW_PASSWORD = 'Moi@Pass2025';

async function fillPasswordForm(page: Page, dialogName: string, values: { old?: string; new?: string; retype?: string }) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  if (values.old !== undefined) await dialog.getByLabel('Mật khẩu cũ').fill(values.old);
  if (values.new !== undefined) await dialog.getByLabel('Mật khẩu mới', { exact: true }).fill(values.new);
  if (values.retype !== undefined) await dialog.getByLabel('Nhập lại mật khẩu mới').fill(values.retype);
  return dialog;
}

async function expectLoginWorks(page: Page, username: string, password: string, works: boolean) {
  const res = await page.request.put('/api/his/v1/user/login', { data: { emailOrPhone: username, password: md5(password) } });
  expect(res.status()).toBe(works ? 200 : 401);
}

test.describe('change password from the menu', () => {
  test('validates in the spec order, refuses a wrong old password, then forces a new login', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_menupw' });
    await loginViaUi(page, account.username, account.password);
    await page.getByTestId('sider-footer').click();
    await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Đổi mật khẩu' });
    const confirm = dialog.getByRole('button', { name: 'Xác nhận' });

    // Confirming the empty form names every missing field.
    await expect(dialog.getByLabel('Mật khẩu cũ', { exact: true })).toBeVisible();
    await confirm.click();
    await expect(dialog.getByText('Vui lòng nhập mật khẩu cũ')).toBeVisible();
    await expect(dialog.getByText('Vui lòng nhập mật khẩu!')).toBeVisible();
    await expect(dialog.getByText('Vui lòng nhập lại mật khẩu mới')).toBeVisible();

    await fillPasswordForm(page, 'Đổi mật khẩu', { new: 'mậtkhẩu1A@' });
    await expect(dialog.getByText('Mật khẩu không được chứa ký tự có dấu!')).toBeVisible();
    const hint = dialog.getByTestId('password-rule-hint');
    await fillPasswordForm(page, 'Đổi mật khẩu', { new: 'abc12345' });
    await expect(dialog.getByText(/^Mật khẩu tối thiểu 8 ký tự, tối đa 15 ký tự/)).toBeVisible();
    await expect(hint).toHaveCount(0); // the red error says the rule; the grey hint does not repeat it
    // Inputs are capped at 15 characters.
    await fillPasswordForm(page, 'Đổi mật khẩu', { new: 'Abcdefgh@1234567890' });
    await expect(dialog.getByLabel('Mật khẩu mới', { exact: true })).toHaveValue('Abcdefgh@123456');

    await fillPasswordForm(page, 'Đổi mật khẩu', { new: NEW_PASSWORD, retype: 'Khac@Pass2025' });
    await expect(dialog.getByText('Mật khẩu mới và nhập lại mật khẩu mới không giống nhau!')).toBeVisible();
    await snap(page, 'change-password');

    // Wrong old password: the server's message as an error toast.
    await fillPasswordForm(page, 'Đổi mật khẩu', { old: 'Sai@12345', retype: ` ${NEW_PASSWORD} ` });
    const call = page.waitForRequest((r) => r.url().endsWith('/api/his/v1/user/update-password'));
    await confirm.click();
    const body = (await call).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({ id: account.id, passold: md5('Sai@12345'), newpass: md5(NEW_PASSWORD) });
    await expect(toast(page, 'Mật khẩu cũ không đúng')).toBeVisible();
    await expect(dialog).toBeVisible();

    // The same password again: the server's field error shows under "Mật khẩu mới", not as a toast.
    await fillPasswordForm(page, 'Đổi mật khẩu', { old: account.password, new: account.password, retype: account.password });
    await expect(hint).toBeVisible();
    await confirm.click();
    await expect(dialog.getByText('Mật khẩu mới phải khác mật khẩu cũ')).toBeVisible();
    await expect(toast(page, 'Mật khẩu mới phải khác mật khẩu cũ')).toHaveCount(0);

    // The change ends every session on the server: the web does not call logout afterwards (it could only get 401).
    const logouts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/his/v1/user/logout')) logouts.push(r.url());
    });
    await fillPasswordForm(page, 'Đổi mật khẩu', { old: account.password, new: NEW_PASSWORD, retype: NEW_PASSWORD });
    await confirm.click();
    await expect(toast(page, 'Đổi mật khẩu thành công! Vui lòng đăng nhập lại bằng mật khẩu mới.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/logout/);
    await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 5000 });
    expect(logouts).toEqual([]);

    await expectLoginWorks(page, account.username, account.password, false);
    await loginViaUi(page, account.username, NEW_PASSWORD, page.url());
  });
});

test.describe('password dialogs', () => {
  test('mandatory dialog cannot be closed; only logging out leaves it', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_mandatory', authorities: ['MANAGER_CATALOG'], lastPasswordReset: '2024-01-15T09:00:00+07:00' });
    await loginViaApi(page, account.username, account.password);
    await page.goto('/admin');
    const dialog = page.getByRole('dialog', { name: 'Yêu cầu đặt mật khẩu mạnh' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /close|đóng/i })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 790);
    await expect(dialog).toBeVisible();
    // the server refuses everything but the password change meanwhile: no screen behind the dialog asks, so no error shows
    await expect(page.locator('.ant-message-notice, .ant-notification-notice')).toHaveCount(0);
    await expect(page.getByText(/đổi mật khẩu trước khi tiếp tục/)).toHaveCount(0);
    await snap(page, 'mandatory-dialog');

    await dialog.getByRole('button', { name: 'Đăng xuất' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 5000 });
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });

  test('mandatory dialog changes the password through PUT /user/{id}', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_mustchange', mustChangePassword: true });
    await loginViaApi(page, account.username, account.password);
    await page.goto('/admin');
    const dialog = await fillPasswordForm(page, 'Yêu cầu đặt mật khẩu mạnh', {
      old: account.password,
      new: NEW_PASSWORD,
      retype: NEW_PASSWORD,
    });
    const call = page.waitForRequest((r) => r.url().endsWith(`/api/his/v1/user/${account.id}`) && r.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Xác nhận' }).click();
    expect((await call).postDataJSON()).toEqual({ passwordOld: md5(account.password), passwordNew: md5(NEW_PASSWORD) });
    await expect(toast(page, 'Đổi mật khẩu thành công! Vui lòng đăng nhập lại bằng mật khẩu mới.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 5000 });
    await expectLoginWorks(page, account.username, NEW_PASSWORD, true);
  });

  test('periodic dialog closes, snoozes for 7 days, and shows again after 8 days', async ({ page, request, context }) => {
    const account = await makeAccount(request, { prefix: 'e2e_periodic', authorities: ['MANAGER_REPORT', 'MANAGER_LOG'], lastPasswordReset: daysAgo(200) });
    await loginViaApi(page, account.username, account.password);
    await page.goto('/admin');
    const dialog = page.getByRole('dialog', { name: 'Đã đến lúc đổi mật khẩu' });
    await expect(dialog).toBeVisible();
    await snap(page, 'periodic-dialog');
    await dialog.getByRole('button', { name: /close|đóng/i }).click();
    await expect(dialog).toBeHidden();

    const cookieName = `password-reminder-${account.id}`;
    const cookie = (await context.cookies()).find((c) => c.name === cookieName);
    expect(cookie).toBeDefined();
    const value = JSON.parse(decodeURIComponent(cookie!.value)) as { date: string; id: number; isHide: boolean };
    expect(value).toMatchObject({ id: account.id, isHide: true });
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    await page.reload();
    await expect(page.getByRole('heading', { name: /^Xin chào, / })).toBeVisible();
    await expect(dialog).toBeHidden();

    // A snooze written 8 days ago has run out.
    const old = { date: daysAgo(8), id: account.id, isHide: true };
    await context.addCookies([{ name: cookieName, value: encodeURIComponent(JSON.stringify(old)), url: page.url(), expires: Date.now() / 1000 + 86_400 }]);
    await page.reload();
    await expect(dialog).toBeVisible();
    // "Để sau" closes it too.
    await dialog.getByRole('button', { name: 'Để sau' }).click();
    await expect(dialog).toBeHidden();
  });
});
