import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatVnd } from '../packages/shared/src/rules/format';
import { chooseOption, confirmPopover, DEMO, loginViaApi, misfits, optionOf, snap, toast, uniq } from './helpers';

/**
 * Issue 17, the SMS screen (/admin/sms) as the demo admin: a text with diacritics is counted in UCS-2
 * parts until "Bỏ dấu" makes it GSM-7; a pasted list names its invalid line, the server refuses it on
 * the field, the fixed list is sent, and the batch's recipients turn "Đã nhận" in the log (the default
 * RECORD provider delivers at once; the job runner sends within seconds). A template made in the
 * templates tab is offered in the composer, and numbers are read from an Excel file. Each tab fits 1,366 px with the sidebar open.
 */

const WIDTH = 1366;
// a laptop's screen: the fit is measured, and the screenshots taken, at 1,366 × 768
test.use({ viewport: { width: WIDTH, height: 768 } });
const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
const fieldError = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');

async function balanceOf(page: Page, token: string): Promise<{ pricePerPart: number }> {
  const res = await page.request.get('/api/his/v1/sms/balance', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { pricePerPart: number } }).data;
}

const TEXT = 'Bệnh viện An Phúc nhắc bạn có lịch khám lúc 8 giờ sáng mai. Vui lòng đến trước 15 phút để làm thủ tục.';
const PLAIN = 'Benh vien An Phuc nhac ban co lich kham luc 8 gio sang mai. Vui long den truoc 15 phut de lam thu tuc.';

test('composes with diacritics, removes them, names the invalid number, sends, and sees the recipients delivered', async ({ page }) => {
  const { loginToken } = await loginViaApi(page, DEMO.admin.username, DEMO.admin.password);
  const { pricePerPart } = await balanceOf(page, loginToken);
  await page.goto('/admin/sms');
  await expect(page.getByRole('heading', { name: 'Quản lý SMS' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Soạn tin' })).toHaveAttribute('aria-selected', 'true');

  const content = page.getByRole('textbox', { name: 'Nội dung' });
  await content.fill(TEXT);
  const tag = (id: string) => page.getByTestId(id);
  // 101 characters with diacritics: UCS-2, two parts of 67
  await expect(tag('sms-encoding')).toHaveText('Có dấu (UCS-2, 70/67 ký tự mỗi phần)');
  await expect(tag('sms-characters')).toHaveText(`${TEXT.length} ký tự`);
  await expect(tag('sms-parts')).toHaveText('2 phần tin');
  await expect(tag('sms-forcing')).toContainText('ệ');

  const phones = page.getByRole('textbox', { name: 'Số điện thoại' });
  await phones.fill('0912345678\n0987 654 321\n12345\n+84 912 345 678');
  const summary = page.getByTestId('sms-phone-summary');
  await expect(summary).toContainText('2 số hợp lệ, 1 trùng, 1 không hợp lệ');
  await expect(page.getByTestId('sms-invalid')).toContainText('Dòng 3: "12345"');
  // two parts × two valid numbers
  await expect(tag('sms-cost')).toHaveText(formatVnd(2 * 2 * pricePerPart));
  await snap(page, 'sms-compose');

  await page.getByRole('button', { name: 'Bỏ dấu' }).click();
  await expect(content).toHaveValue(PLAIN);
  await expect(tag('sms-encoding')).toHaveText('Không dấu (GSM-7, 160/153 ký tự mỗi phần)');
  await expect(tag('sms-parts')).toHaveText('1 phần tin');
  await expect(tag('sms-forcing')).toHaveCount(0);
  await expect(tag('sms-cost')).toHaveText(formatVnd(1 * 2 * pricePerPart));
  expect(await misfits(page, { buttons: true })).toEqual([]);

  // sent with the invalid number: the server refuses the batch and names the line on the field
  await page.getByRole('button', { name: 'Gửi tin nhắn' }).click();
  await confirmPopover(page, 'Gửi', fieldError(page, 'Số điện thoại'));
  await expect(fieldError(page, 'Số điện thoại')).toContainText('Dòng 3: "12345"');
  await expect(toast(page, /số điện thoại không hợp lệ; chưa gửi tin nào/)).toBeVisible();

  // fixed: three numbers, one pasted twice
  await phones.fill('0912345678\n0987 654 321\n0903 123 456\n+84 912 345 678');
  await expect(summary).toContainText('3 số hợp lệ, 1 trùng, 0 không hợp lệ');
  await expect(page.getByTestId('sms-invalid')).toHaveCount(0);
  await expect(fieldError(page, 'Số điện thoại')).toHaveCount(0);
  await expect(tag('sms-cost')).toHaveText(formatVnd(3 * pricePerPart));
  await page.getByRole('button', { name: 'Gửi tin nhắn' }).click();
  await confirmPopover(page, 'Gửi', toast(page, 'Đã xếp hàng gửi 3 tin nhắn'));

  // the log tab: the batch, newest first; its recipients turn "Đã nhận" as the job sends
  await expect(page.getByRole('tab', { name: 'Nhật ký gửi' })).toHaveAttribute('aria-selected', 'true');
  // the recording provider reports no balance: "—"
  const balance = page.getByTestId('sms-balance');
  await expect(balance.locator('.ant-descriptions-item', { hasText: 'Số dư' }).locator('.ant-descriptions-item-content')).toHaveText('—');
  await expect(balance.locator('.ant-descriptions-item', { hasText: 'Giá mỗi phần tin' })).toContainText(formatVnd(pricePerPart));
  const batch = rows(page).filter({ hasText: 'Benh vien An Phuc nhac ban' }).first();
  await expect(batch).toBeVisible();
  await expect(batch).toContainText(formatVnd(3 * pricePerPart));
  await expect(batch).toContainText('Tin chăm sóc khách hàng');
  await batch.getByRole('button', { name: 'Chi tiết' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText(PLAIN);
  await expect(drawer).toContainText('GSM-7 · 1 phần');
  await expect(drawer.locator('tr', { hasText: 'Nhà cung cấp' })).not.toContainText('RECORD');
  await expect(rows(drawer)).toHaveCount(3);
  for (const phone of ['0912 345 678', '0987 654 321', '0903 123 456']) await expect(rows(drawer).filter({ hasText: phone })).toContainText('Đã nhận');
  await expect(drawer).toContainText('Đã xong');
  await snap(page, 'sms-batch');
  // the status filter: none failed
  await chooseOption(page, drawer.getByRole('combobox', { name: 'Trạng thái' }), 'Lỗi');
  await expect(rows(drawer)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(batch).toContainText('Đã xong');
  expect(await misfits(page, { buttons: true })).toEqual([]);
  await snap(page, 'sms-log');
});

test('a template made in the templates tab fills the composer; advertising is labelled and held outside 07:00–22:00', async ({ page }) => {
  // 05:00 today in Vietnam, before the token was issued (so it is not expired): advertising must wait until 07:00
  const vnToday = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  await page.clock.setFixedTime(new Date(`${vnToday}T05:00:00+07:00`));
  const excel: string[] = [];
  page.on('request', (r) => r.url().includes('exceljs') && excel.push(r.url()));
  await loginViaApi(page, DEMO.admin.username, DEMO.admin.password);
  await page.goto('/admin/sms?tab=templates');
  await expect(page.getByRole('tab', { name: 'Mẫu tin nhắn' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Mẫu tin nhắn SMS' })).toBeVisible();
  expect(await misfits(page, { buttons: true })).toEqual([]);
  await snap(page, 'sms-templates');

  const code = `KM_${uniq().toUpperCase()}`;
  const text = 'Giam 20% goi kham suc khoe tong quat den het thang. Goi 1900 1234 de dat lich.';
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  const form = page.getByRole('dialog', { name: 'Thêm mẫu tin nhắn' });
  await form.getByLabel('Mã mẫu').fill(code);
  await form.getByLabel('Tên mẫu').fill('Khuyến mãi khám sức khoẻ');
  await chooseOption(page, form.getByRole('combobox', { name: 'Loại tin' }), 'Tin quảng cáo');
  await form.getByLabel('Nội dung').fill(text);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toBeHidden();
  await expect(rows(page).filter({ hasText: code })).toBeVisible();

  await page.getByRole('tab', { name: 'Soạn tin' }).click();
  await expect(page.getByTestId('sms-ad-notice')).toHaveCount(0);
  await chooseOption(page, page.getByRole('combobox', { name: 'Mẫu tin nhắn' }), `${code} · Khuyến mãi khám sức khoẻ`);
  await expect(page.getByRole('textbox', { name: 'Nội dung' })).toHaveValue(text);
  // the template's kind comes with it: advertising, "[QC] " counted (the brackets are two septets each)
  await expect(page.getByRole('radio', { name: 'Tin quảng cáo' })).toBeChecked();
  await expect(page.getByTestId('sms-characters')).toHaveText(`${text.length + 7} ký tự`);
  await expect(page.getByTestId('sms-ad-notice')).toContainText('chỉ được gửi từ 07:00 đến 22:00');
  await expect(page.getByTestId('sms-ad-notice')).toContainText(`07:00 ngày ${vnToday.split('-').reverse().join('/')}`);
  await snap(page, 'sms-advertising');
  await page.locator('label.ant-radio-button-wrapper', { hasText: 'Tin chăm sóc khách hàng' }).click();
  await expect(page.getByTestId('sms-ad-notice')).toHaveCount(0);
  await expect(page.getByTestId('sms-characters')).toHaveText(`${text.length} ký tự`);

  // numbers read from an Excel sheet: a heading (named invalid on its line) and a phone column stored as numbers (leading 0 lost)
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Danh sách');
  ws.addRows([
    ['Họ tên', 'Điện thoại'],
    ['An', 912345678],
    ['Bình', '0987 654 321'],
  ]);
  const xlsx = test.info().outputPath('so-dien-thoai.xlsx');
  await wb.xlsx.writeFile(xlsx);
  // the Excel reader is loaded by the file's choice, not with the screen
  expect(excel).toEqual([]);
  await page.locator('input[type=file]').setInputFiles(xlsx);
  await expect(page.getByRole('textbox', { name: 'Số điện thoại' })).toHaveValue('Họ tên\tĐiện thoại\nAn\t912345678\nBình\t0987 654 321');
  await expect(page.getByTestId('sms-phone-summary')).toContainText('2 số hợp lệ, 0 trùng, 4 không hợp lệ');
  await expect(page.getByTestId('sms-invalid')).toContainText('Dòng 1: "Họ tên"');

  // the numbers of a notification group's audience (the demo's campaign to patients from 60), added after the file's
  await page.getByRole('textbox', { name: 'Số điện thoại' }).fill('');
  // the picker is an action, not a field: it empties itself once the numbers are in
  const fromGroup = page.getByRole('combobox', { name: 'Lấy số của nhóm thông báo' });
  await fromGroup.click();
  await (await optionOf(page, fromGroup, 'Khám sức khoẻ miễn phí cho người cao tuổi')).click();
  await expect(toast(page, /^Đã thêm [\d.]+ số điện thoại của nhóm «Khám sức khoẻ miễn phí cho người cao tuổi»$/)).toBeVisible();
  await expect(page.getByTestId('sms-phone-summary')).toContainText(/^[1-9][\d.]* số hợp lệ, 0 trùng, 0 không hợp lệ$/);
});
