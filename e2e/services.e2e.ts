import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { T } from '../apps/web/src/app/messages';
import { downloadBy, chooseOption, loginViaApi, makeAccount, shotPath, snap, toast, confirmPopover } from './helpers';

/**
 * /admin/service — the price list's admin side on the generic list and form: price entries as
 * nested rows, the high-quality price computed by the shared rule, and the Excel import.
 */

const rows = (page: Page) => page.locator('.ant-card .ant-table-tbody tr.ant-table-row'); // the list, not the import report
const row = (page: Page, code: string) => rows(page).filter({ has: page.getByRole('cell', { name: code, exact: true }) });
const drawer = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const pick = (page: Page, box: Locator, label: string) => chooseOption(page, box, label);

async function xlsxFile(name: string, data: unknown[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Dịch vụ');
  ws.addRow(['Mã dịch vụ', 'Tên dịch vụ', 'Loại dịch vụ', 'Giá dịch vụ', 'Giá BHYT']);
  for (const r of data) ws.addRow(r);
  const file = shotPath(name).replace(/\.png$/, '.xlsx');
  await wb.xlsx.writeFile(file);
  return file;
}

test('services: create with price entries, edit, search without diacritics, filter by type, deactivate, export, import', async ({ page, request }) => {
  const account = await makeAccount(request, { prefix: 'e2e_service', authorities: ['MANAGER_CATALOG'] });
  const session = await loginViaApi(page, account.username, account.password);
  const auth = { Authorization: `Bearer ${session.loginToken}` };
  const dept = await page.request.post('/api/catalog/v1/departments', { headers: auth, data: { code: 'KCDHA', name: 'Khoa Chẩn đoán hình ảnh' } });
  expect(dept.status()).toBe(200);
  const xn = await page.request.post('/api/catalog/v1/medical-services', {
    headers: auth,
    data: { code: 'XN-001', name: 'Định lượng Glucose [Máu]', typeValue: 20, price: 21_500, insurancePrice: 21_500, priceEntries: [] },
  });
  expect(xn.status()).toBe(200);

  // Danh mục → Dịch vụ
  await page.goto('/admin');
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByText(T.menu.catalogues, { exact: true }).click();
  await sidebar.getByRole('link', { name: T.menu.services, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/service$/);
  await expect(page.getByRole('heading', { name: 'Danh mục dịch vụ' })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);

  // Create with two price entries.
  await page.getByRole('button', { name: T.crud.add }).click();
  const form = drawer(page, 'Thêm dịch vụ');
  await form.getByLabel('Mã dịch vụ').fill('SA-001');
  await form.getByLabel('Tên dịch vụ').fill('Siêu âm ổ bụng tổng quát');
  await pick(page, form.getByLabel('Loại dịch vụ'), 'Chẩn đoán hình ảnh');
  await form.getByLabel('Giá dịch vụ').fill('1250000');
  await form.getByLabel('Giá BHYT').click();
  await expect(form.getByLabel('Giá dịch vụ')).toHaveValue('1.250.000');
  await form.getByLabel('Giá BHYT').fill('195000');
  const addEntry = form.getByRole('button', { name: 'Thêm dòng giá theo khoa chỉ định' });
  await addEntry.click();
  await addEntry.click();
  await pick(page, form.getByLabel('Khoa chỉ định 1'), 'Khoa Chẩn đoán hình ảnh');
  await form.getByLabel('Đơn giá 1').fill('300000');
  await form.getByLabel('Đến ngày 1').fill('311226');
  await form.getByLabel('Đến ngày 1').press('Tab');
  await expect(form.getByLabel('Đến ngày 1')).toHaveValue('31/12/2026');
  await pick(page, form.getByLabel('Khoa chỉ định 2'), 'Khám chất lượng cao (1000102)');
  await form.getByLabel('Đơn giá 2').fill('450000');
  await snap(page, 'service-form-create');
  await form.getByRole('button', { name: T.crud.save }).click();
  await expect(toast(page, 'Đã thêm dịch vụ')).toBeVisible();
  await expect(form).toBeHidden();
  const sa = row(page, 'SA-001');
  await expect(sa).toContainText('Chẩn đoán hình ảnh');
  await expect(sa).toContainText('1.250.000 ₫');
  await expect(sa).toContainText('195.000 ₫');
  await expect(sa).toContainText('450.000 ₫'); // high-quality price: the open-ended 1000102 entry
  await snap(page, 'service-list');

  // Edit: the entries come back with their department names and DD/MM/YYYY dates.
  await sa.getByRole('button', { name: T.crud.edit }).click();
  const edit = drawer(page, 'Sửa dịch vụ');
  await expect(edit.getByLabel('Đến ngày 1')).toHaveValue('31/12/2026');
  await expect(edit.getByTestId('list-priceEntries')).toContainText('Khoa Chẩn đoán hình ảnh');
  await expect(edit.getByTestId('list-priceEntries')).toContainText('Khám chất lượng cao (1000102)');
  await expect(edit.getByLabel('Đơn giá 2')).toHaveValue('450.000');
  // an impossible date is refused by the same rule as the server's
  await edit.getByLabel('Đến ngày 1').fill('31/02/2026');
  await edit.getByRole('button', { name: T.crud.save }).click();
  await expect(edit.locator('.ant-form-item-explain-error').first()).toHaveText('Đến ngày không hợp lệ (DD/MM/YYYY)');
  await edit.getByLabel('Đến ngày 1').fill('30/06/2026');
  await edit.getByLabel('Đơn giá 2').fill('500000');
  await snap(page, 'service-form-edit');
  await edit.getByRole('button', { name: T.crud.save }).click();
  await expect(toast(page, 'Đã lưu thay đổi')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row(page, 'SA-001')).toContainText('500.000 ₫');

  // The public price list shows the edit (its cache is cleared by the write).
  const pub = await page.request.get(`/api/catalog/v1/emr/medical-services/lookup?syncValue=SA-001&hospitalId=${await facilityOf(page, auth)}`);
  expect((await pub.json()).data[0]).toMatchObject({ ma: 'SA-001', donGiaChatLuongCao: 500_000 });

  // Search without diacritics.
  await page.getByRole('textbox', { name: T.crud.search }).fill('sieu am');
  await expect(page).toHaveURL(/[?&]q=sieu(\+|%20)am/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Siêu âm ổ bụng tổng quát');
  await page.getByRole('textbox', { name: T.crud.search }).fill('');
  await expect(rows(page)).toHaveCount(2);

  // Filter by type.
  await pick(page, page.getByRole('combobox', { name: 'Loại dịch vụ' }), 'Xét nghiệm');
  await expect(page).toHaveURL(/typeValue=20/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('XN-001');

  // Deactivate.
  await row(page, 'XN-001').getByRole('button', { name: T.crud.deactivate }).click();
  await confirmPopover(page, T.crud.confirm, toast(page, 'Đã ngừng hoạt động'));
  await expect(row(page, 'XN-001')).toContainText('Ngừng hoạt động');
  await page.getByRole('button', { name: T.crud.clearFilters }).click();
  await expect(rows(page)).toHaveCount(2);

  // Export: the whole list, type names and the computed price included.
  const download = await downloadBy(page, page.getByRole('button', { name: T.crud.export }));
  expect(download.suggestedFilename()).toBe('danh-muc-dich-vu.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const sheet = wb.worksheets[0]!;
  const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
  expect(values(1)).toEqual(['STT', 'Mã dịch vụ', 'Tên dịch vụ', 'Loại dịch vụ', 'Giá dịch vụ', 'Giá chất lượng cao', 'Giá BHYT', 'Trạng thái']);
  expect(sheet.actualRowCount).toBe(3);
  expect(values(2)).toEqual([1, 'SA-001', 'Siêu âm ổ bụng tổng quát', 'Chẩn đoán hình ảnh', 1_250_000, 500_000, 195_000, 'Đang hoạt động']);
  expect(values(3)).toEqual([2, 'XN-001', 'Định lượng Glucose [Máu]', 'Xét nghiệm', 21_500, '', 21_500, 'Ngừng hoạt động']);

  // Import: the template downloads; a file with one bad row imports nothing and reports it.
  await page.getByRole('button', { name: T.importExcel.button }).click();
  const modal = page.getByRole('dialog', { name: 'Nhập dịch vụ từ Excel' });
  await expect(modal).toBeVisible();
  const template = await downloadBy(page, modal.getByRole('button', { name: T.importExcel.template }));
  expect(template.suggestedFilename()).toBe('danh-muc-dich-vu-mau-nhap.xlsx');
  const tpl = new ExcelJS.Workbook();
  await tpl.xlsx.readFile(await template.path());
  expect((tpl.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['Mã dịch vụ *', 'Tên dịch vụ *', 'Loại dịch vụ *', 'Giá dịch vụ *', 'Giá BHYT']);

  const bad = await xlsxFile('service-import-bad', [
    ['NS-001', 'Nội soi dạ dày', 'Nội soi', 450000, null],
    ['NS-002', 'Nội soi đại tràng', 'Siêu âm', 650000, null],
    ['NS-003', 'Nội soi thanh quản', 'Nội soi', '300.000', null],
  ]);
  await modal.locator('input[type=file]').setInputFiles(bad);
  await modal.getByRole('button', { name: T.importExcel.submit }).click();
  await expect(modal.getByTestId('import-errors')).toContainText('Tệp có 1 dòng lỗi trên 3 dòng; chưa nhập dòng nào');
  const report = modal.locator('.ant-table-tbody tr.ant-table-row');
  await expect(report).toHaveCount(1);
  await expect(report.first().locator('td')).toHaveText(['3', 'Loại dịch vụ', /^Loại dịch vụ "Siêu âm" không có trong danh sách: Khám bệnh, /]);
  await snap(page, 'service-import-errors');
  await expect(rows(page)).toHaveCount(2); // nothing imported

  const good = await xlsxFile('service-import-good', [
    ['NS-001', 'Nội soi dạ dày', 'Nội soi', 450000, null],
    ['NS-002', 'Nội soi đại tràng', 'Nội soi', 650000, null],
    ['SA-001', 'Siêu âm ổ bụng tổng quát (cập nhật)', 'Chẩn đoán hình ảnh', '1.300.000', 195000],
  ]);
  await modal.locator('input[type=file]').setInputFiles(good);
  await modal.getByRole('button', { name: T.importExcel.submit }).click();
  await expect(modal.getByTestId('import-success')).toContainText('Đã nhập 3 dòng');
  await expect(modal.getByTestId('import-success')).toContainText('2 thêm mới, 1 cập nhật');
  await snap(page, 'service-import-success');
  await modal.locator('.ant-modal-footer').getByRole('button', { name: T.importExcel.close }).click();
  await expect(rows(page)).toHaveCount(4);
  await expect(row(page, 'NS-002')).toContainText('650.000 ₫');
  await expect(row(page, 'SA-001')).toContainText('Siêu âm ổ bụng tổng quát (cập nhật)');
  await expect(row(page, 'SA-001')).toContainText('1.300.000 ₫');
  await expect(row(page, 'SA-001')).toContainText('500.000 ₫'); // price entries kept by the import
  for (const f of [bad, good]) fs.rmSync(f, { force: true });
});

/** The fixture facility's id, for the public lookup (the signed-in user's hospital). */
async function facilityOf(page: Page, auth: Record<string, string>): Promise<number> {
  const me = await page.request.get('/api/his/v1/user/me', { headers: auth });
  return ((await me.json()) as { data: { hospitalByAdmin: { id: number } } }).data.hospitalByAdmin.id;
}
