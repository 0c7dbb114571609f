import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { APP_MENU_PATH, APP_PUBLIC_PATHS } from '../packages/shared/src/contracts/app-config.contract';
import { FIXTURE_PASSWORD, loginViaApi, misfits, snap, toast, uniq } from './helpers';

/**
 * Issue 18, /admin/menu "Cấu hình phần mềm" as a MANAGER_SETTING account of a facility made for the spec: the home
 * menu's entries are moved down and up with the arrows and by dragging, and the patient app's public menu follows; a banner is added with an image
 * uploaded through the dialog, shows in the phone preview and in the app's public banner list, then is hidden with
 * its switch and is gone from that list at once. Both tabs fit 1,366 px.
 */
test.use({ viewport: { width: 1366, height: 800 } });

/** A real 64 × 32 PNG (one colour), made here: the upload reads the type from the bytes. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_v, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const w = 64;
  const h = 32;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x33)]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function facility(request: APIRequestContext) {
  const username = `appcfg_${uniq()}`;
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử cấu hình ứng dụng',
      accounts: [
        { username, password: FIXTURE_PASSWORD, name: 'Đoàn Minh Tâm', authorities: ['MANAGER_SETTING'], lastPasswordReset: new Date().toISOString() },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { username, code: (await res.json()).data.facilityCode as string };
}

test('reorders the app menu, adds a banner with an image, hides it and sees it gone from the app', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { username, code } = await facility(request);
  const auth = await loginViaApi(page, username, FIXTURE_PASSWORD);
  const headers = { Authorization: `Bearer ${auth.loginToken}` };
  for (const [name, icon, screen] of [
    ['Đặt khám', 'calendar', 'booking'],
    ['Kết quả xét nghiệm', 'test-tube', 'results'],
    ['Hỏi bác sĩ', 'doctor-chat', 'ask-doctor'],
  ]) {
    const res = await request.post(APP_MENU_PATH, {
      headers,
      data: { name, icon, link: { type: 'SCREEN', value: screen }, platforms: ['ANDROID', 'IOS', 'WEB'] },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const publicMenu = async () =>
    ((await (await request.get(`${APP_PUBLIC_PATHS.menu}?facilityCode=${code}&platform=ANDROID`)).json()).data as { name: string }[]).map((m) => m.name);
  const publicBanners = async () =>
    ((await (await request.get(`${APP_PUBLIC_PATHS.banners}?facilityCode=${code}&platform=ANDROID`)).json()).data as { title: string }[]).map((b) => b.title);

  await page.goto('/admin/menu');
  await expect(page.getByRole('heading', { name: 'Cấu hình phần mềm', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Menu trang chủ ứng dụng' })).toHaveAttribute('aria-selected', 'true');
  const menuRows = page.getByTestId('menu-table').locator('tbody tr.ant-table-row');
  await expect(menuRows).toHaveCount(3);
  const preview = page.getByTestId('preview-menu');
  await expect(preview).toContainText('Đặt khám');

  // move "Đặt khám" down one place, then "Hỏi bác sĩ" up one place
  await page.getByRole('button', { name: 'Xuống dưới: Đặt khám' }).click();
  await expect(toast(page, 'Đã sắp xếp lại').first()).toBeVisible();
  await expect(menuRows.nth(0)).toContainText('Kết quả xét nghiệm');
  await expect(menuRows.nth(1)).toContainText('Đặt khám');
  await page.getByRole('button', { name: 'Lên trên: Hỏi bác sĩ' }).click();
  await expect(menuRows.nth(1)).toContainText('Hỏi bác sĩ');
  await expect(menuRows.nth(2)).toContainText('Đặt khám');
  expect(await publicMenu()).toEqual(['Kết quả xét nghiệm', 'Hỏi bác sĩ', 'Đặt khám']);
  // and by dragging: "Đặt khám" dropped onto the first row takes its place
  await menuRows.nth(2).dragTo(menuRows.nth(0));
  await expect(menuRows.nth(0)).toContainText('Đặt khám');
  await expect(menuRows.nth(1)).toContainText('Kết quả xét nghiệm');
  expect(await publicMenu()).toEqual(['Đặt khám', 'Kết quả xét nghiệm', 'Hỏi bác sĩ']);
  await expect(preview.locator('> div').first()).toContainText('Đặt khám');
  expect(await misfits(page, { buttons: true })).toEqual([]);
  await snap(page, 'app-config-menu');

  // a banner with an image
  await page.getByRole('tab', { name: 'Banner' }).click();
  await expect(page).toHaveURL(/tab=banners/);
  await page.getByRole('button', { name: 'Thêm banner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm banner' });
  await expect(dialog).toBeVisible();
  // saving without an image is refused on the form
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toContainText('Vui lòng tải ảnh banner lên');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'uu-dai.png', mimeType: 'image/png', buffer: png() });
  await expect(dialog.getByTestId('banner-image-preview')).toBeVisible();
  const title = `Ưu đãi khám tổng quát ${uniq()}`;
  await dialog.getByLabel('Tiêu đề').fill(title);
  // a period that ends before it starts is refused before anything is sent
  await dialog.getByLabel('Hiển thị từ').fill('10/12/2026 08:00');
  await dialog.getByLabel('Đến').fill('01/12/2026 08:00');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toContainText('Thời điểm kết thúc phải sau thời điểm bắt đầu');
  await dialog.getByLabel('Hiển thị từ').fill('');
  await dialog.getByLabel('Đến').fill('');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Đã lưu').first()).toBeVisible();
  const bannerRow = page.getByTestId('banner-table').locator('tbody tr.ant-table-row').filter({ hasText: title });
  await expect(bannerRow).toContainText('Đang hiển thị');
  await expect(page.getByTestId('phone-preview').locator(`img[alt="${title}"]`).first()).toBeAttached();
  expect(await publicBanners()).toContain(title);
  expect(await misfits(page, { buttons: true })).toEqual([]);
  await snap(page, 'app-config-banners');

  // hidden: gone from the app's list at once
  await bannerRow.getByRole('switch', { name: `Hiển thị: ${title}` }).click();
  await expect(toast(page, 'Đã ẩn').first()).toBeVisible();
  await expect(bannerRow).toContainText('Đã ẩn');
  expect(await publicBanners()).not.toContain(title);
  // the status filter finds it among the hidden ones
  await page.getByRole('radiogroup', { name: 'Trạng thái' }).getByText('Đã ẩn', { exact: true }).click();
  await expect(page.getByTestId('banner-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
});
