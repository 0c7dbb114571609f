import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MENU, visibleMenu } from '../apps/web/src/app/menu';
import { T } from '../apps/web/src/app/messages';
import { downloadBy, chooseOption, loginViaApi, makeAccount, sidebarLabels, snap, toast, confirmPopover } from './helpers';

/**
 * The generic resource list and form, through the department and specialty screens. Each test
 * makes its own facility (the fixtures route), so the codes below never collide across runs.
 */

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, code: string) => rows(page).filter({ has: page.getByRole('cell', { name: code, exact: true }) });
const drawer = (page: Page, title: string) => page.getByRole('dialog', { name: title });
/** The antd error line under a form field. */
const fieldError = (form: Locator, label: string) =>
  form
    .locator('.ant-form-item')
    .filter({ has: form.page().locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');

async function chooseState(page: Page, label: string) {
  await chooseOption(page, page.getByRole('combobox', { name: T.crud.state }), label);
}

async function createDepartment(page: Page, code: string, name: string, description = '', submitWithEnter = false) {
  await page.getByRole('button', { name: T.crud.add }).click();
  const form = drawer(page, 'Thêm khoa');
  await expect(form).toBeVisible();
  await form.getByLabel('Mã khoa').fill(code);
  if (description) await form.getByLabel('Mô tả').fill(description);
  await form.getByLabel('Tên khoa').fill(name);
  if (submitWithEnter) await form.getByLabel('Tên khoa').press('Enter');
  else await form.getByRole('button', { name: T.crud.save }).click();
  return form;
}

test.describe('catalogue screens (generic resource list and form)', () => {
  test('departments: create, duplicate code, edit, search without diacritics, deactivate, filters in the URL, export', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_catalog', authorities: ['MANAGER_CATALOG'] });
    await loginViaApi(page, account.username, account.password);
    await page.goto('/admin');
    await expect(page.getByTestId('sidebar').getByText(T.menu.home)).toBeVisible();

    // The sidebar: Trang chủ and Danh mục, whose sub-menu lists Khoa and Chuyên khoa.
    const labels = await sidebarLabels(page);
    expect(labels).toEqual(visibleMenu(MENU, ['MANAGER_CATALOG']).map((e) => e.label));
    expect(labels).toEqual([T.menu.home, T.menu.catalogues]);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText(T.menu.catalogues, { exact: true }).click();
    await expect(sidebar.getByRole('link', { name: T.menu.specialties, exact: true })).toBeVisible();
    await sidebar.getByRole('link', { name: T.menu.departments, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/department$/);
    await expect(page.getByRole('heading', { name: 'Danh mục khoa' })).toBeVisible();
    await expect(page.getByText(T.crud.empty)).toBeVisible();

    // Client rules come from the zod body: required, allowed characters.
    await page.getByRole('button', { name: T.crud.add }).click();
    const form = drawer(page, 'Thêm khoa');
    await form.getByRole('button', { name: T.crud.save }).click();
    await expect(fieldError(form, 'Mã khoa')).toHaveText('Vui lòng nhập mã khoa');
    await expect(fieldError(form, 'Tên khoa')).toHaveText('Vui lòng nhập tên khoa');
    await form.getByLabel('Mã khoa').fill('NỘI');
    await expect(fieldError(form, 'Mã khoa')).toHaveText('Mã khoa chỉ gồm chữ không dấu, số và các ký tự . _ -');
    await expect(form.getByLabel('Mã khoa')).toHaveAttribute('maxlength', '20');
    await snap(page, 'catalog-form-validation');
    await form.getByRole('button', { name: T.crud.cancel }).click();
    await expect(form).toBeHidden();

    // Three departments; the second is submitted with Enter.
    await createDepartment(page, 'NOI-TH', 'Khoa Nội tổng hợp', 'Khám và điều trị nội khoa cho người lớn');
    await expect(toast(page, 'Đã thêm khoa')).toBeVisible();
    await expect(form).toBeHidden();
    await createDepartment(page, 'NGOAI-CT', 'Khoa Ngoại chấn thương', '', true);
    await expect(form).toBeHidden();
    await createDepartment(page, 'NHI', 'Khoa Nhi');
    await expect(form).toBeHidden();
    await expect(rows(page)).toHaveCount(3);
    // Default sort: code ascending.
    await expect(rows(page).locator('td:nth-child(3)')).toHaveText(['NGOAI-CT', 'NHI', 'NOI-TH']);
    await expect(row(page, 'NHI')).toContainText('Đang hoạt động');
    await snap(page, 'catalog-list');

    // A duplicate code: the server's 409 message next to the code field, the drawer stays open.
    await createDepartment(page, 'NOI-TH', 'Khoa Nội trùng mã');
    await expect(fieldError(form, 'Mã khoa')).toHaveText('Mã khoa "NOI-TH" đã tồn tại');
    await expect(form).toBeVisible();
    await snap(page, 'catalog-form-duplicate');
    await form.getByRole('button', { name: T.crud.cancel }).click();
    await expect(form).toBeHidden();

    // Edit: the same form, filled with the row.
    await row(page, 'NOI-TH').getByRole('button', { name: T.crud.edit }).click();
    const edit = drawer(page, 'Sửa khoa');
    await expect(edit.getByLabel('Mã khoa')).toHaveValue('NOI-TH');
    await expect(edit.getByLabel('Mô tả')).toHaveValue('Khám và điều trị nội khoa cho người lớn');
    await edit.getByLabel('Tên khoa').fill('Khoa Nội tổng hợp và Lão khoa');
    await snap(page, 'catalog-form-edit');
    await edit.getByRole('button', { name: T.crud.save }).click();
    await expect(toast(page, 'Đã lưu thay đổi')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row(page, 'NOI-TH')).toContainText('Khoa Nội tổng hợp và Lão khoa');
    // The closed drawer hands the focus back to the row's "Sửa" a moment after it is hidden. A clear typed in
    // that moment can go to the button: the likely cause of a CI run (one in seven) that found the box still
    // holding "noi tong" with the focus on "Sửa". Not reproduced since, with or without this wait.
    await expect(row(page, 'NOI-TH').getByRole('button', { name: T.crud.edit })).toBeFocused();

    // Search without diacritics finds the edited name; the URL holds it.
    await page.getByRole('textbox', { name: T.crud.search }).fill('noi tong');
    await expect(page).toHaveURL(/[?&]q=noi(\+|%20)tong/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Khoa Nội tổng hợp và Lão khoa');
    // Clearing the box sends the empty search after the pause.
    await page.getByRole('textbox', { name: T.crud.search }).fill('');
    await expect(rows(page)).toHaveCount(3);
    await expect(page).not.toHaveURL(/q=/);

    // Deactivate one, after a confirm.
    await row(page, 'NHI').getByRole('button', { name: T.crud.deactivate }).click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await expect(confirm).toContainText('Ngừng hoạt động khoa "Khoa Nhi"?');
    await snap(page, 'catalog-confirm');
    await confirmPopover(page, T.crud.confirm, toast(page, 'Đã ngừng hoạt động'));
    await expect(row(page, 'NHI')).toContainText('Ngừng hoạt động');
    await expect(row(page, 'NHI').getByRole('button', { name: T.crud.reactivate })).toBeVisible();

    // Filter by state and sort by name descending: all of it in the URL, restored by a reload.
    await chooseState(page, T.crud.inactive);
    await expect(page).toHaveURL(/active=false/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Khoa Nhi');
    await chooseState(page, T.crud.active);
    await expect(rows(page)).toHaveCount(2);
    const nameHeader = page.locator('.ant-table-thead th').filter({ hasText: 'Tên khoa' });
    // One click at a time, as a user who watches the arrow: a second click before the table has
    // taken the first would start again from the old order.
    await nameHeader.click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await nameHeader.click();
    await expect(page).toHaveURL(/sort=name%2Cdesc|sort=name,desc/);
    await expect(rows(page).locator('td:nth-child(4)')).toHaveText(['Khoa Nội tổng hợp và Lão khoa', 'Khoa Ngoại chấn thương']);
    const filteredUrl = page.url();
    expect(new URL(filteredUrl).searchParams.get('active')).toBe('true');

    await page.reload();
    await expect(page).toHaveURL(filteredUrl);
    await expect(page.getByTestId('state-filter')).toContainText(T.crud.active);
    await expect(rows(page).locator('td:nth-child(4)')).toHaveText(['Khoa Nội tổng hợp và Lão khoa', 'Khoa Ngoại chấn thương']);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');

    // The shared link works in a fresh tab too.
    const other = await page.context().newPage();
    await other.goto(filteredUrl);
    await expect(rows(other)).toHaveCount(2);
    await other.close();

    // Export with the same filters and sort: an .xlsx with the two active rows.
    const download = await downloadBy(page, page.getByRole('button', { name: T.crud.export }));
    expect(download.suggestedFilename()).toBe('danh-muc-khoa.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheet = wb.worksheets[0];
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['STT', 'Mã khoa', 'Tên khoa', 'Mô tả', 'Trạng thái']);
    expect(sheet.actualRowCount).toBe(3);
    expect(values(2)).toEqual([1, 'NOI-TH', 'Khoa Nội tổng hợp và Lão khoa', 'Khám và điều trị nội khoa cho người lớn', 'Đang hoạt động']);
    expect(values(3).slice(0, 3)).toEqual([2, 'NGOAI-CT', 'Khoa Ngoại chấn thương']);
    expect(values(3)[4]).toBe('Đang hoạt động');

    // Bulk: select every row of the unfiltered list, reactivate the inactive one.
    await chooseState(page, T.crud.stateAll);
    await expect(rows(page)).toHaveCount(3);
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    const bulk = page.getByTestId('bulk-bar');
    await expect(bulk).toContainText('Đã chọn 3 dòng');
    await snap(page, 'catalog-bulk');
    await bulk.getByRole('button', { name: /Cho hoạt động lại \(1\)/ }).click();
    await expect(toast(page, 'Đã cho hoạt động lại 1/1 khoa')).toBeVisible();
    await expect(row(page, 'NHI')).toContainText('Đang hoạt động');
    await expect(bulk).toBeHidden();

    // Bulk deactivate two, with a confirm.
    await row(page, 'NHI').locator('.ant-checkbox-input').check();
    await row(page, 'NGOAI-CT').locator('.ant-checkbox-input').check();
    await bulk.getByRole('button', { name: /Ngừng hoạt động \(2\)/ }).click();
    await expect(page.locator('.ant-popconfirm:visible')).toContainText('Ngừng hoạt động 2 khoa đã chọn?');
    await confirmPopover(page, T.crud.confirm, toast(page, 'Đã ngừng hoạt động 2/2 khoa'));
    await chooseState(page, T.crud.inactive);
    await expect(rows(page)).toHaveCount(2);
  });

  test('specialties use the same screen', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_specialty', authorities: ['MANAGER_CATALOG'] });
    await loginViaApi(page, account.username, account.password);
    await page.goto('/admin/specialty');
    await expect(page.getByRole('heading', { name: 'Danh mục chuyên khoa' })).toBeVisible();
    await page.getByRole('button', { name: T.crud.add }).click();
    const form = drawer(page, 'Thêm chuyên khoa');
    await form.getByLabel('Mã chuyên khoa').fill('TIM-MACH');
    await form.getByLabel('Tên chuyên khoa').fill('Tim mạch');
    await form.getByLabel('Tên chuyên khoa').press('Enter');
    await expect(toast(page, 'Đã thêm chuyên khoa')).toBeVisible();
    await expect(row(page, 'TIM-MACH')).toContainText('Tim mạch');
    await page.getByRole('textbox', { name: T.crud.search }).fill('tim mach');
    await expect(rows(page)).toHaveCount(1);
  });

  test('a list that fails to load offers "Thử lại"', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_caterr', authorities: ['MANAGER_CATALOG'] });
    await loginViaApi(page, account.username, account.password);
    let fail = true;
    await page.route('**/api/catalog/v1/specialties?**', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, message: 'Lỗi hệ thống' }) }) : route.continue(),
    );
    await page.goto('/admin/specialty');
    await expect(page.getByText(T.crud.loadFailed)).toBeVisible();
    await expect(page.getByText('Lỗi hệ thống')).toBeVisible();
    await snap(page, 'catalog-error');
    fail = false;
    await page.getByRole('button', { name: T.crud.retry }).click();
    await expect(page.getByText(T.crud.empty)).toBeVisible();
  });

  test('an account without MANAGER_CATALOG sees no entry and is refused at the URL', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_nocat', authorities: ['MANAGER_USER'] });
    const session = await loginViaApi(page, account.username, account.password);
    await page.goto('/admin');
    await expect(page.getByTestId('sidebar').getByText(T.menu.home)).toBeVisible();
    const labels = await sidebarLabels(page);
    expect(labels).toEqual(visibleMenu(MENU, ['MANAGER_USER']).map((e) => e.label));
    expect(labels).not.toContain(T.menu.catalogues);
    await page.goto('/admin/department');
    await expect(page.getByText(T.crud.forbiddenTitle)).toBeVisible();
    await expect(page.locator('.ant-table')).toHaveCount(0);
    await snap(page, 'catalog-forbidden');
    const res = await page.request.get('/api/catalog/v1/departments', { headers: { Authorization: `Bearer ${session.loginToken}` } });
    expect(res.status()).toBe(403);
  });
});
