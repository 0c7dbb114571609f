import { expect, test, type APIRequestContext } from '@playwright/test';
import { FIXTURE_PASSWORD, loginViaApi, misfits, snap, toast, uniq } from './helpers';

/**
 * Issue 18, the facility's settings (/admin/settings, MANAGER_SETTING) as the settings manager of a facility made
 * for the spec: the hotline is changed in the profile and the public price page (/list-service) shows it on its next
 * load, twice, with no restart; the general configuration refuses a value of the wrong type with the rule's Vietnamese
 * message and keeps the old one, then takes a right one. Both tabs fit 1,366 px.
 */
const WIDTH = 1366;
test.use({ viewport: { width: WIDTH, height: 768 } });

async function settingsManager(request: APIRequestContext) {
  const username = `settings_${uniq()}`;
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử cài đặt',
      accounts: [{ username, password: FIXTURE_PASSWORD, name: 'Đỗ Thị Hằng', authorities: ['MANAGER_SETTING'], lastPasswordReset: new Date().toISOString() }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { username, facilityId: (await res.json()).data.facilityId as number };
}

test('the hotline changed in the settings shows on /list-service at its next load; a wrong-typed configuration value is refused in Vietnamese', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { username, facilityId } = await settingsManager(request);
  await loginViaApi(page, username, FIXTURE_PASSWORD);
  await page.goto('/admin/settings');
  const profile = page.getByTestId('facility-profile');
  await expect(profile.getByLabel('Tên cơ sở')).toHaveValue('Bệnh viện kiểm thử cài đặt');
  expect(await misfits(page, { width: WIDTH, buttons: true })).toEqual([]);

  for (const hotline of ['1900 6116', '024 3942 8888']) {
    await profile.getByLabel('Số hotline').fill(hotline);
    await profile.getByRole('button', { name: 'Lưu' }).click();
    await expect(toast(page, 'Đã lưu thông tin cơ sở')).toBeVisible();
    // the public page, as a patient opens it (no sign-in), shows the new number at once
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`/list-service?hospitalId=${facilityId}`);
    await expect(visitor.getByTestId('header-hotline')).toContainText(hotline);
    await expect(visitor.locator('footer')).toContainText(hotline);
    await visitor.close();
  }
  // the price page's texts: a footer note of the facility's own
  await profile.getByLabel('Ghi chú chân trang').fill('Giá áp dụng từ ngày 01/01/2026 theo Thông tư 21/2024/TT-BYT.');
  await profile.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Đã lưu thông tin cơ sở')).toBeVisible();
  await snap(page, 'settings-profile');
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/list-service?hospitalId=${facilityId}`);
  await expect(visitor.getByTestId('price-footer-note')).toHaveText('Giá áp dụng từ ngày 01/01/2026 theo Thông tư 21/2024/TT-BYT.');
  await visitor.close();

  // the general configuration: a tab of the software configuration
  await page.goto('/admin/menu');
  await page.getByRole('tab', { name: 'Cấu hình chung' }).click();
  await expect(page).toHaveURL(/tab=general/);
  const config = page.getByTestId('general-config');
  await expect(config.getByTestId('config-value-BOOKING_WINDOW_DAYS')).toContainText('180 ngày');
  expect(await misfits(page, { width: WIDTH })).toEqual([]);
  await snap(page, 'settings-general-config');

  await config.getByRole('button', { name: 'Sửa Đặt khám trước tối đa (ngày)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sửa cấu hình: Đặt khám trước tối đa (ngày)' });
  await dialog.getByLabel('Giá trị').fill('ba mươi');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('"Đặt khám trước tối đa (ngày)" phải là số nguyên')).toBeVisible();
  await dialog.getByLabel('Giá trị').fill('400');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('"Đặt khám trước tối đa (ngày)" phải từ 1 đến 365')).toBeVisible();
  await dialog.getByRole('button', { name: 'Huỷ' }).click();
  await expect(config.getByTestId('config-value-BOOKING_WINDOW_DAYS')).toContainText('180 ngày');

  // nothing was saved (read again from the server); the right value is
  await page.reload();
  await expect(config.getByTestId('config-value-BOOKING_WINDOW_DAYS')).toContainText('180 ngày');
  await expect(config.getByTestId('config-value-BOOKING_WINDOW_DAYS')).toContainText('Mặc định');
  await config.getByRole('button', { name: 'Sửa Đặt khám trước tối đa (ngày)' }).click();
  await dialog.getByLabel('Giá trị').fill('60');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Đã lưu cấu hình')).toBeVisible();
  await expect(config.getByTestId('config-value-BOOKING_WINDOW_DAYS')).toContainText('60 ngày');
  await expect(config.getByTestId('config-value-BOOKING_WINDOW_DAYS')).toContainText('Của cơ sở');
});
