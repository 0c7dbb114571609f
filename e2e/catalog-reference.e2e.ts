import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { T } from '../apps/web/src/app/messages';
import { downloadBy, chooseOption, loginViaApi, makeAccount, snap, toast, confirmPopover } from './helpers';

/**
 * Rooms (refs through the paged SelectBox), administrative areas (tabs over one generic list),
 * jobs and ethnic groups (the generic page again). Each test makes its own facility.
 */

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, code: string) => rows(page).filter({ has: page.getByRole('cell', { name: code, exact: true }) });
const drawer = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const total = (page: Page) => page.locator('.ant-pagination-total-text');
const search = (page: Page) => page.getByRole('textbox', { name: T.crud.search });

/** Opens a SelectBox, types (debounced search on the select endpoint) and picks the option. */
async function pick(page: Page, box: Locator, typed: string, option: string) {
  await box.click();
  await box.fill(typed);
  await chooseOption(page, box, option);
}

async function readXlsx(path: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const sheet = wb.worksheets[0]!;
  return { sheet, values: (r: number) => (sheet.getRow(r).values as unknown[]).slice(1) };
}

async function exportList(page: Page) {
  const download = await downloadBy(page, page.getByRole('button', { name: T.crud.export }));
  return { name: download.suggestedFilename(), ...(await readXlsx(await download.path())) };
}

test.describe('catalogues with references', () => {
  test('rooms: create with a department from the SelectBox, edit, search, filter by department, deactivate, delete refused, export', async ({ page }) => {
    test.setTimeout(300_000); // a long walk through one screen; the machine may be shared
    const account = await makeAccount(page.request, { prefix: 'e2e_room', authorities: ['MANAGER_CATALOG'] });
    const session = await loginViaApi(page, account.username, account.password);
    const headers = { Authorization: `Bearer ${session.loginToken}` };
    for (const [code, name] of [
      ['KNOI', 'Khoa Nội tổng hợp'],
      ['KNGOAI', 'Khoa Ngoại tổng hợp'],
    ]) {
      expect((await page.request.post('/api/catalog/v1/departments', { headers, data: { code, name, description: null } })).status()).toBe(200);
    }
    expect((await page.request.post('/api/catalog/v1/specialties', { headers, data: { code: 'TIMMACH', name: 'Tim mạch', description: null } })).status()).toBe(
      200,
    );

    // The Danh mục sub-menu lists the new screens.
    await page.goto('/admin');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText(T.menu.catalogues, { exact: true }).click();
    for (const label of [T.menu.departments, T.menu.specialties, T.menu.rooms, T.menu.administrative, T.menu.jobs, T.menu.nations]) {
      await expect(sidebar.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await sidebar.getByRole('link', { name: T.menu.rooms, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/room$/);
    await expect(page.getByRole('heading', { name: 'Danh mục phòng khám' })).toBeVisible();

    // Create: the department is required; it is chosen in the paged dropdown by a search without diacritics.
    await page.getByRole('button', { name: T.crud.add }).click();
    const form = drawer(page, 'Thêm phòng khám');
    await form.getByLabel('Mã phòng').fill('P101');
    await form.getByLabel('Tên phòng').fill('Phòng khám Nội 101');
    await form.getByRole('button', { name: T.crud.save }).click();
    await expect(form.getByText('Vui lòng chọn khoa')).toBeVisible();
    await pick(page, form.getByLabel('Khoa', { exact: true }), 'noi tong', 'Khoa Nội tổng hợp');
    await snap(page, 'room-form');
    await form.getByRole('button', { name: T.crud.save }).click();
    await expect(toast(page, 'Đã thêm phòng khám')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(row(page, 'P101')).toContainText('Khoa Nội tổng hợp');

    await page.getByRole('button', { name: T.crud.add }).click();
    await form.getByLabel('Mã phòng').fill('P201');
    await form.getByLabel('Tên phòng').fill('Phòng khám Ngoại 201');
    await pick(page, form.getByLabel('Khoa', { exact: true }), 'ngoai', 'Khoa Ngoại tổng hợp');
    await form.getByLabel('Tên phòng').press('Enter');
    await expect(form).toBeHidden();
    await expect(rows(page)).toHaveCount(2);

    // Edit: the drawer shows the department by name; add a specialty.
    await row(page, 'P101').getByRole('button', { name: T.crud.edit }).click();
    const edit = drawer(page, 'Sửa phòng khám');
    await expect(edit.locator('.ant-form-item').filter({ hasText: 'Khoa' }).first()).toContainText('Khoa Nội tổng hợp');
    await edit.getByLabel('Tên phòng').fill('Phòng khám Nội – Tim mạch 101');
    await pick(page, edit.getByLabel('Chuyên khoa', { exact: true }), 'tim', 'Tim mạch');
    await edit.getByRole('button', { name: T.crud.save }).click();
    await expect(toast(page, 'Đã lưu thay đổi')).toBeVisible();
    await expect(row(page, 'P101')).toContainText('Phòng khám Nội – Tim mạch 101');
    await expect(row(page, 'P101')).toContainText('Tim mạch');

    // Search without diacritics.
    await search(page).fill('phong kham noi tim');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('P101');
    await search(page).fill('');
    await expect(rows(page)).toHaveCount(2);

    // Filter by department through the filter bar's SelectBox; the URL keeps it.
    await pick(page, page.locator('.ant-card').first().getByLabel('Khoa', { exact: true }), 'ngoai', 'Khoa Ngoại tổng hợp');
    await expect(page).toHaveURL(/departmentId=\d+/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('P201');
    await snap(page, 'room-filter');
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await expect(page.locator('.ant-card').first()).toContainText('Khoa Ngoại tổng hợp');
    await page.getByRole('button', { name: T.crud.clearFilters }).click();
    await expect(rows(page)).toHaveCount(2);

    // Deactivate after a confirm.
    await row(page, 'P201').getByRole('button', { name: T.crud.deactivate }).click();
    await confirmPopover(page, T.crud.confirm, toast(page, 'Đã ngừng hoạt động'));
    await expect(row(page, 'P201')).toContainText('Ngừng hoạt động');

    // Export: the department and specialty by name.
    const x = await exportList(page);
    expect(x.name).toBe('danh-muc-phong-kham.xlsx');
    expect(x.values(1)).toEqual(['STT', 'Mã phòng', 'Tên phòng', 'Khoa', 'Chuyên khoa', 'Mô tả', 'Trạng thái']);
    expect(x.sheet.actualRowCount).toBe(3);
    expect(x.values(2)).toEqual([1, 'P101', 'Phòng khám Nội – Tim mạch 101', 'Khoa Nội tổng hợp', 'Tim mạch', '', 'Đang hoạt động']);
    expect(x.values(3)).toEqual([2, 'P201', 'Phòng khám Ngoại 201', 'Khoa Ngoại tổng hợp', '', '', 'Ngừng hoạt động']);

    // A department in use cannot be deleted: the server's reason is shown, the row stays.
    await page.goto('/admin/department');
    await row(page, 'KNOI').getByRole('button', { name: T.crud.delete }).click();
    await expect(page.locator('.ant-popconfirm:visible')).toContainText('Xoá khoa "Khoa Nội tổng hợp"?');
    await confirmPopover(
      page,
      T.crud.delete,
      toast(page, 'Không thể xoá khoa "Khoa Nội tổng hợp" vì đang được dùng bởi 1 phòng khám. Hãy ngừng hoạt động thay vì xoá.'),
    );
    await snap(page, 'department-delete-refused');
    await expect(row(page, 'KNOI')).toBeVisible();

    // A room nobody uses can be deleted.
    await page.goto('/admin/room');
    await row(page, 'P201').getByRole('button', { name: T.crud.delete }).click();
    await confirmPopover(page, T.crud.delete, toast(page, 'Đã xoá phòng khám'));
    await expect(rows(page)).toHaveCount(1);
  });

  test('administrative areas: tabs per level, search "ha noi", wards of a province, former provinces, export', async ({ page }) => {
    test.setTimeout(300_000);
    const account = await makeAccount(page.request, { prefix: 'e2e_area', authorities: ['MANAGER_CATALOG'] });
    await loginViaApi(page, account.username, account.password);
    await page.goto('/admin/administrative');
    await expect(page.getByRole('heading', { name: 'Danh mục đơn vị hành chính' })).toBeVisible();
    await expect(page.getByRole('tab', { name: T.areas.provinces, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(total(page)).toHaveText('1–20 trên 34 bản ghi');
    await expect(page.getByRole('button', { name: T.crud.add })).toHaveCount(0);

    await search(page).fill('ha noi');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Thành phố Hà Nội');
    await expect(rows(page).first()).toContainText('01');

    // Wards: the tab is in the URL; filter by province through the SelectBox.
    await page.getByRole('tab', { name: T.areas.wards, exact: true }).click();
    await expect(page).toHaveURL(/level=ward/);
    await expect(total(page)).toHaveText('1–20 trên 3321 bản ghi');
    await pick(page, page.getByRole('combobox', { name: 'Trực thuộc', exact: true }), 'ha noi', 'Thành phố Hà Nội');
    await expect(total(page)).toHaveText('1–20 trên 126 bản ghi');
    await expect(page).toHaveURL(/parentId=\d+/);
    await search(page).fill('hoan kiem');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Phường Hoàn Kiếm');
    await expect(rows(page).first()).toContainText('Thành phố Hà Nội');
    await snap(page, 'areas-wards');
    await search(page).fill('');
    await expect(total(page)).toHaveText('1–20 trên 126 bản ghi');
    const x = await exportList(page);
    expect(x.name).toBe('danh-muc-don-vi-hanh-chinh.xlsx');
    expect(x.sheet.actualRowCount).toBe(127);
    expect(x.values(1).slice(0, 6)).toEqual(['STT', 'Cấp', 'Mã', 'Tên', 'Loại', 'Trực thuộc']);
    expect(x.values(2).slice(0, 6)).toEqual([1, 'Phường/Xã', '00004', 'Phường Ba Đình', 'Phường', 'Thành phố Hà Nội']);

    // Former provinces show where they went.
    await page.getByRole('tab', { name: T.areas.legacyProvinces, exact: true }).click();
    await expect(total(page)).toHaveText('1–20 trên 63 bản ghi');
    await search(page).fill('ha giang');
    // wait for the search itself (row 02 is on the unfiltered first page too): a tab clicked while it is
    // still pending would otherwise race it
    await expect(total(page)).toHaveText('1–2 trên 2 bản ghi');
    await expect(row(page, '02')).toContainText('Tỉnh Tuyên Quang');
    await snap(page, 'areas-legacy');

    // Before 01/07/2025: districts, and communes with the 2025 ward they went into.
    await page.getByRole('tab', { name: T.areas.legacyDistricts, exact: true }).click();
    await expect(total(page)).toHaveText('1–20 trên 696 bản ghi');
    await page.getByRole('tab', { name: T.areas.legacyWards, exact: true }).click();
    await expect(total(page)).toHaveText(/trên 10061 bản ghi/);
    await search(page).fill('phuc xa');
    await expect(row(page, '00001')).toContainText('Phường Hồng Hà');
    await page.getByRole('tab', { name: T.areas.zones, exact: true }).click();
    await expect(total(page)).toHaveText('1–9 trên 9 bản ghi');
    await expect(row(page, 'V5')).toContainText('Đông Nam Bộ');

    await page.getByRole('tab', { name: T.areas.countries, exact: true }).click();
    await expect(total(page)).toHaveText('1–20 trên 249 bản ghi'); // the countries tab is on screen
    await search(page).fill('viet');
    await expect(rows(page).first()).toContainText('Việt Nam');
  });

  for (const c of [
    {
      path: '/admin/nations',
      heading: 'Danh mục dân tộc',
      label: 'dân tộc',
      file: 'danh-muc-dan-toc.xlsx',
      total: 55,
      searchText: 'khmer',
      found: 'Khơ-me',
      code: '00',
      name: 'Không rõ',
      codeLabel: 'Mã dân tộc',
      nameLabel: 'Tên dân tộc',
    },
    {
      path: '/admin/jobs',
      heading: 'Danh mục nghề nghiệp',
      label: 'nghề nghiệp',
      file: 'danh-muc-nghe-nghiep.xlsx',
      total: 58,
      searchText: 'suc khoe',
      found: 'Nhà chuyên môn về sức khỏe',
      code: '00000',
      name: 'Không có nghề nghiệp',
      codeLabel: 'Mã nghề nghiệp',
      nameLabel: 'Tên nghề nghiệp',
    },
  ]) {
    test(`${c.heading}: the facility's copy of the national list, search, create, export`, async ({ page }) => {
      const account = await makeAccount(page.request, { prefix: 'e2e_ref', authorities: ['MANAGER_CATALOG'] });
      await loginViaApi(page, account.username, account.password);
      await page.goto(c.path);
      await expect(page.getByRole('heading', { name: c.heading })).toBeVisible();
      await expect(total(page)).toHaveText(`1–20 trên ${c.total} bản ghi`);
      await search(page).fill(c.searchText);
      await expect(rows(page).first()).toContainText(c.found);
      await search(page).fill('');
      await page.getByRole('button', { name: T.crud.add }).click();
      const form = drawer(page, `Thêm ${c.label}`);
      await form.getByLabel(c.codeLabel).fill(c.code);
      await form.getByLabel(c.nameLabel).fill(c.name);
      await form.getByRole('button', { name: T.crud.save }).click();
      await expect(toast(page, `Đã thêm ${c.label}`)).toBeVisible();
      await expect(total(page)).toHaveText(`1–20 trên ${c.total + 1} bản ghi`);
      const x = await exportList(page);
      expect(x.name).toBe(c.file);
      expect(x.sheet.actualRowCount).toBe(c.total + 2);
      const exported = Array.from({ length: x.sheet.actualRowCount - 1 }, (_, i) => x.values(i + 2).slice(1, 3));
      expect(exported).toContainEqual([c.code, c.name]);
      expect(exported).toContainEqual([expect.any(String), c.found]);
    });
  }
});
