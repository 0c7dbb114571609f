import { expect, test } from '@playwright/test';
import { chooseOption, loginViaApi, makeAccount, misfits, toast } from './helpers';

/**
 * Issue 17, the SMS provider (/admin/sms, tab "Nhà cung cấp") as a new facility's SMS manager: choosing eSMS on a
 * server without NOTIFY_SECRET_KEY is refused with the Vietnamese reason on the provider field; staying on
 * "Lưu trong hệ thống", "Gửi thử" records a test message and says so. The tab fits 1,366 px with the sidebar open.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test('the SMS provider tab: eSMS needs the server key; the recording provider records a test message', async ({ page }) => {
  const account = await makeAccount(page.request, { prefix: 'sms_ncc', authorities: ['MANAGER_SMS'] });
  const { loginToken } = await loginViaApi(page, account.username, account.password);
  await page.goto('/admin/sms?tab=provider');
  await expect(page.getByRole('tab', { name: 'Nhà cung cấp' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByTestId('channel-SMS');
  await expect(card).toContainText('SMS thương hiệu (brandname)');
  await expect(card).toContainText('Tin nhắn được lưu trong hệ thống');
  expect(await misfits(page)).toEqual([]);

  await chooseOption(page, card.getByRole('combobox'), 'eSMS.vn');
  await expect(card).toContainText('Máy chủ chưa có khóa NOTIFY_SECRET_KEY');
  await card.getByLabel('Tên thương hiệu (brandname)').fill('BV_ANPHUC');
  await card.getByLabel('API key').fill('KEY-123');
  await card.getByLabel('Secret key').fill('SECRET-456');
  await card.getByRole('button', { name: 'Lưu' }).click();
  await expect(card.locator('.ant-form-item-explain-error')).toContainText('Máy chủ chưa được cấu hình khóa mã hóa NOTIFY_SECRET_KEY');
  await expect(toast(page, /NOTIFY_SECRET_KEY/)).toBeVisible();

  // back to recording (nothing was saved), and a test message is recorded
  await chooseOption(page, card.getByRole('combobox'), 'Lưu trong hệ thống');
  await card.getByRole('textbox', { name: 'Số điện thoại' }).fill('0912 345 678');
  await card.getByRole('button', { name: 'Gửi thử' }).click();
  await expect(toast(page, /Đã lưu tin thử trong hệ thống/)).toBeVisible();
  const res = await page.request.get('/api/his/v1/notify-channels', {
    headers: { Authorization: `Bearer ${loginToken}` },
  });
  const rows = (await res.json()) as { data: { channel: string; provider: string }[] };
  expect(rows.data).toEqual([expect.objectContaining({ channel: 'SMS', provider: 'RECORD' })]);
});
