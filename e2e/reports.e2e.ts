import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, downloadBy, loginViaApi, snap } from './helpers';
import { presetPeriod } from '../packages/shared/src/rules/period';
import { formatDate } from '../packages/shared/src/rules/format';

/**
 * Issue 16, the reports (/admin/report/bookings) over the demo's bookings: open this month, see the bars
 * per department agree with the table, change the period, export the Excel file and find the screen's
 * totals in it; follow a member of staff, log out and find them still followed.
 */

const table = (page: Page, id: string) => page.getByTestId(id);
const bodyRows = (t: Locator) => t.locator('.ant-table-tbody tr.ant-table-row');
const intOf = (text: string) => Number(text.replace(/\./g, '').trim());

/** Name → "Tổng đặt" of the table's rows (the last row is the total). */
async function tableTotals(t: Locator): Promise<{ rows: Map<string, number>; total: number }> {
  const cells = await bodyRows(t).evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())));
  const rows = new Map(cells.slice(0, -1).map((c) => [c[0]!, Number(c[1]!.replace(/\./g, ''))]));
  return { rows, total: Number(cells.at(-1)![1]!.replace(/\./g, '')) };
}

test('the booking reports: charts and tables agree, the period changes, the Excel file has the screen’s totals', async ({ page }) => {
  await loginViaApi(page, DEMO.admin.username, DEMO.admin.password);
  const month = presetPeriod('thisMonth');
  await page.goto('/admin/report/bookings');
  await expect(page.getByRole('heading', { name: 'Thống kê đặt khám' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Từ ngày' })).toHaveValue(formatDate(month.from));

  // the quick statistic: the bars per department carry the table's "Tổng đặt"
  const quick = table(page, 'report-quick-table');
  await expect(bodyRows(quick).first()).toBeVisible();
  const { rows, total } = await tableTotals(quick);
  expect(total).toBeGreaterThan(0);
  const bars = page.getByTestId('chart-departments');
  await expect(bars.locator('.report-bar-value').first()).toBeVisible();
  const barValues = (await bars.locator('.report-bar-value').allTextContents()).map((t) => intOf(t));
  expect(barValues).toEqual([...rows.values()].slice(0, barValues.length));
  const figure = page.locator('.ant-statistic', { hasText: 'Tổng lịch đặt' }).locator('.ant-statistic-content');
  expect(intOf(await figure.innerText())).toBe(total);
  await expect(page.getByTestId('chart-trend').locator('.recharts-line')).toHaveCount(4);
  await expect(page.getByTestId('chart-sources').locator('.recharts-pie')).toBeVisible();
  await snap(page, 'reports-quick');

  // another period: last month, in the URL, other figures
  await page.getByRole('combobox', { name: 'Chọn nhanh' }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Tháng trước$/ })
    .click();
  const last = presetPeriod('lastMonth');
  await expect(page).toHaveURL(new RegExp(`from=${last.from}&to=${last.to}`));
  await expect(page.getByRole('textbox', { name: 'Đến ngày' })).toHaveValue(formatDate(last.to));
  // the demo's bookings run 31 days either side of today: last month has other figures
  await expect.poll(async () => (await tableTotals(quick)).total).not.toBe(total);
  const before = await tableTotals(quick);
  expect(before.total).toBeGreaterThan(0);

  // the Excel file of the screen: the period in the title row, the same rows and total
  const file = await downloadBy(page, page.getByRole('button', { name: 'Xuất Excel' }));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await file.path())!);
  const ws = wb.getWorksheet('Theo khoa')!;
  expect(String(ws.getRow(1).getCell(1).value)).toBe(`Thống kê nhanh lịch đặt khám từ ${formatDate(last.from)} đến ${formatDate(last.to)}`);
  const sheetRows = new Map<string, number>();
  for (let i = 3; i <= ws.rowCount - 1; i++) sheetRows.set(String(ws.getRow(i).getCell(1).value), Number(ws.getRow(i).getCell(2).value));
  expect(ws.getRow(ws.rowCount).getCell(1).value).toBe('Tổng cộng');
  expect(Number(ws.getRow(ws.rowCount).getCell(2).value)).toBe(before.total);
  expect(sheetRows).toEqual(before.rows);

  // by source: the filter narrows the totals to the pie's one slice
  await page.getByRole('combobox', { name: 'Xem theo' }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Theo nguồn đặt$/ })
    .click();
  const bySource = await tableTotals(quick);
  expect([...bySource.rows.values()].reduce((a, b) => a + b, 0)).toBe(before.total);

  // completion and efficiency tabs draw their charts and tables
  await page.getByRole('tab', { name: 'Hoàn thành lịch khám' }).click();
  await expect(bodyRows(table(page, 'report-complete-departments')).first()).toBeVisible();
  await expect(page.getByTestId('chart-completion-trend').locator('.recharts-line')).toHaveCount(2);
  await page.getByRole('tab', { name: 'Hiệu suất bác sĩ, phòng' }).click();
  await expect(bodyRows(table(page, 'report-efficiency-doctors')).first()).toBeVisible();
  await snap(page, 'reports-efficiency');
});

test('a followed member of staff stays followed after logging out', async ({ page }) => {
  await loginViaApi(page, DEMO.admin.username, DEMO.admin.password);
  await page.goto('/admin/report/bookings?tab=staff');
  const staff = table(page, 'report-staff');
  await expect(bodyRows(staff).first()).toBeVisible();
  const first = bodyRows(staff).first();
  const username = (await first.locator('td').nth(1).innerText()).trim();
  await first.getByRole('button', { name: `Theo dõi ${username}` }).click();
  await expect(page.getByText('Đang theo dõi 1 nhân viên')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Chỉ nhân viên theo dõi' }).click();
  await expect(page).toHaveURL(/followed=1/);
  await expect(bodyRows(staff)).toHaveCount(1);
  await snap(page, 'reports-staff');

  await page.goto('/logout');
  await page.waitForURL(/\/login/);
  expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
  await loginViaApi(page, DEMO.admin.username, DEMO.admin.password);
  await page.goto('/admin/report/bookings?tab=staff&followed=1');
  await expect(bodyRows(staff)).toHaveCount(1);
  await expect(bodyRows(staff).first()).toContainText(username);
});
