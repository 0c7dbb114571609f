import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { T } from '../apps/web/src/app/messages';
import { TD } from '../apps/web/src/modules/doctors/doctors.messages';
import { downloadBy, loginViaApi, makeAccount, optionOf, shotPath, sidebarLabels, snap, toast, confirmPopover } from './helpers';

/**
 * /admin/doctor: a MANAGER_DOCTOR account of a fresh facility that has the demo hospital's
 * departments, specialties and rooms (test-only fixture route).
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, code: string) => rows(page).filter({ has: page.getByRole('cell', { name: code, exact: true }) });
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens an antd select (by its accessible name inside `scope`), optionally types a search, picks the option. */
async function pick(page: Page, scope: Locator | Page, name: string, option: string, search?: string) {
  // A required field's name carries antd's asterisk: "* Giới tính".
  const named = { name: new RegExp(`^(\\* )?${escapeRe(name)}$`) };
  const box = scope.getByRole('combobox', named);
  await box.click();
  if (search) {
    // Wait for the searched page (debounced), so the click does not land on a list being replaced.
    const searched = page.waitForResponse(
      (r) => r.url().includes(`q=${encodeURIComponent(search).replace(/%20/g, '+')}`) || r.url().includes(`q=${encodeURIComponent(search)}`),
    );
    await box.fill(search);
    await searched;
  }
  await (await optionOf(page, box, option)).click();
  await expect(scope.locator('.ant-select').filter({ has: page.getByRole('combobox', named) })).toContainText(option);
}

/** The antd select around the combobox of this accessible name (shows the chosen labels). */
const selectOf = (scope: Locator, name: string) => scope.locator('.ant-select').filter({ has: scope.page().getByRole('combobox', { name, exact: true }) });

async function pickMonth(period: Locator, label: string, value: string) {
  const input = period.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test.describe('doctors (/admin/doctor)', () => {
  test('create with specialties, rooms, working process and photo; edit; search; filter; detail; deactivate; export', async ({ page, request }) => {
    test.setTimeout(300_000); // one long story through the whole screen
    const account = await makeAccount(request, { prefix: 'e2e_doctor', authorities: ['MANAGER_DOCTOR'] });
    expect((await request.post('/api/test/v1/fixtures/doctor-catalog', { data: { username: account.username } })).status()).toBe(200);
    const auth = await loginViaApi(page, account.username, account.password);
    const headers = { Authorization: `Bearer ${auth.loginToken}` };

    // The sidebar entry of MANAGER_DOCTOR leads to the screen.
    await page.goto('/admin');
    await expect(page.getByTestId('sidebar').getByText(T.menu.home)).toBeVisible();
    expect(await sidebarLabels(page)).toEqual([T.menu.home, T.menu.doctors]);
    await page.getByTestId('sidebar').getByRole('link', { name: T.menu.doctors, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/doctor$/);
    await expect(page.getByRole('heading', { name: 'Danh sách bác sĩ' })).toBeVisible();
    await expect(page.getByText(T.crud.empty)).toBeVisible();

    // A second doctor through the API, to filter against.
    const link = async (kind: string, q: string) =>
      ((await (await request.get(`/api/catalog/v1/doctors/link-options/${kind}?q=${encodeURIComponent(q)}`, { headers })).json()) as { data: { id: number }[] })
        .data[0]!.id;
    const made = await request.post('/api/catalog/v1/doctors', {
      headers,
      data: {
        code: 'BS-E2E2',
        name: 'Vũ Thị Hồng Nhung',
        gender: 'FEMALE',
        degree: 'BSCKII',
        departmentId: await link('departments', 'noi tong hop'),
        specialtyIds: [await link('specialties', 'ho hap')],
        roomIds: [await link('rooms', 'P105')],
        workHistory: [{ from: '2003-09', place: 'Bệnh viện Bạch Mai' }],
      },
    });
    expect(made.status(), await made.text()).toBe(200);

    // Create: the form checks required fields from the shared zod body.
    await page.getByRole('button', { name: T.crud.add }).click();
    const form = page.getByRole('dialog', { name: 'Thêm bác sĩ' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: T.crud.save }).click();
    await expect(form.getByText('Vui lòng nhập mã bác sĩ')).toBeVisible();
    await expect(form.getByText('Vui lòng chọn khoa')).toBeVisible();

    await form.getByLabel('Mã bác sĩ').fill('BS-E2E1');
    await form.getByLabel('Họ và tên').fill('Trần Văn Minh');
    await pick(page, form, 'Giới tính', 'Nam');
    await form.getByLabel('Ngày sinh').fill('12/04/1966');
    await form.getByLabel('Ngày sinh').press('Tab');
    await pick(page, form, 'Học hàm', 'Phó giáo sư (PGS)');
    await pick(page, form, 'Học vị', 'Tiến sĩ (TS)');
    await pick(page, form, 'Khoa', 'Khoa Tim mạch', 'tim mach');
    await form.getByLabel('Chức vụ', { exact: true }).fill('Bác sĩ điều trị');
    await pick(page, form, 'Chuyên khoa', 'Tim mạch', 'tim');
    await pick(page, form, 'Chuyên khoa', 'Nội khoa', 'noi khoa');
    await form.getByText(TD.sections.work, { exact: true }).click(); // closes the dropdown (Escape would close the drawer)
    await pick(page, form, 'Phòng khám', 'Phòng khám Tim mạch 103', '103');
    await form.getByText(TD.sections.work, { exact: true }).click();
    await form.getByLabel('Số điện thoại').fill('0912 345 678');
    await form.getByLabel('Email').fill('minh.tv@benhvien.vn');
    await form.getByLabel('Giới thiệu').fill('Can thiệp mạch vành, suy tim.');

    // Two periods of the working process; the second lasts until now.
    await form.getByRole('button', { name: TD.history.add }).click();
    await form.getByRole('button', { name: TD.history.add }).click();
    const periods = form.getByTestId('work-period');
    await expect(periods).toHaveCount(2);
    await pickMonth(periods.nth(0), TD.history.from, '09/1990');
    await pickMonth(periods.nth(0), TD.history.to, '06/2015');
    await periods.nth(0).getByLabel(TD.history.place).fill('Bệnh viện Bạch Mai');
    await periods.nth(0).getByLabel(TD.history.position).fill('Bác sĩ Viện Tim mạch');
    await pickMonth(periods.nth(1), TD.history.from, '07/2015');
    // A period ending before it starts is refused next to the field (the shared zod rule).
    await pickMonth(periods.nth(1), TD.history.to, '01/2014');
    await periods.nth(1).getByLabel(TD.history.place).fill('Bệnh viện Đa khoa An Phúc');
    await form.getByRole('button', { name: T.crud.save }).click();
    await expect(periods.nth(1).getByText('Đến tháng phải sau hoặc bằng từ tháng')).toBeVisible();
    // Clearing "Đến tháng" means "until now".
    const toPicker = periods.nth(1).locator('.ant-picker').nth(1);
    await toPicker.hover();
    await toPicker.locator('.ant-picker-clear').click();
    await expect(periods.nth(1).getByText('Đến tháng phải sau hoặc bằng từ tháng')).toBeHidden();

    // The photo: a wrong type is refused on the spot; a PNG is previewed and sent after the save.
    await form.locator('input[type=file]').setInputFiles({ name: 'ghi-chu.txt', mimeType: 'text/plain', buffer: Buffer.from('không phải ảnh') });
    await expect(toast(page, TD.avatar.wrongType)).toBeVisible();
    await form.locator('input[type=file]').setInputFiles({ name: 'anh.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.locator('.ant-avatar img')).toHaveAttribute('src', /^blob:/);
    await snap(page, 'doctor-form');
    await form.getByRole('button', { name: T.crud.save }).click();
    await expect(toast(page, 'Đã thêm bác sĩ')).toBeVisible();
    await expect(form).toBeHidden();

    const minh = row(page, 'BS-E2E1');
    await expect(minh).toContainText('PGS.TS.BS Trần Văn Minh');
    await expect(minh).toContainText('Khoa Tim mạch');
    await expect(minh).toContainText('Nội khoa');
    await expect(minh).toContainText('Tim mạch');
    await expect(minh).toContainText('Phòng khám Tim mạch 103');
    await expect(minh.locator('.ant-avatar img')).toHaveAttribute('src', /\/api\/catalog\/v1\/public\/doctor-avatars\/[a-f0-9]{32}\.png$/);
    await expect(rows(page)).toHaveCount(2);
    // 1,366 px with the sidebar open: the page does not scroll sideways and the row's actions are in sight
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    const editBox = await minh.getByRole('button', { name: 'Sửa' }).boundingBox();
    expect(editBox && editBox.x >= 0 && editBox.x + editBox.width <= 1366).toBe(true);
    await snap(page, 'doctor-list');

    // Edit: the same form, filled from the doctor (links and periods included). While the doctor is
    // being read the form takes no typing (the answer would overwrite it) and shows nothing stale.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const detailUrl = /\/api\/catalog\/v1\/doctors\/\d+$/;
    await page.route(detailUrl, async (route) => {
      await held;
      await route.continue();
    });
    await minh.getByRole('button', { name: T.crud.edit }).click();
    const edit = page.getByRole('dialog', { name: 'Sửa bác sĩ' });
    await expect(edit.getByLabel('Chức vụ', { exact: true })).toBeDisabled();
    await expect(edit.getByLabel('Mã bác sĩ')).toHaveValue('');
    await expect(edit.getByRole('button', { name: T.crud.save })).toBeDisabled();
    release(); // later reads of a doctor pass at once
    await expect(edit.getByLabel('Mã bác sĩ')).toHaveValue('BS-E2E1');
    await expect(edit.getByLabel('Ngày sinh')).toHaveValue('12/04/1966');
    await expect(edit.getByTestId('work-period')).toHaveCount(2);
    await expect(selectOf(edit, '* Khoa')).toContainText('Khoa Tim mạch');
    await expect(selectOf(edit, 'Chuyên khoa')).toContainText('Nội khoa');
    await expect(selectOf(edit, 'Phòng khám')).toContainText('Phòng khám Tim mạch 103');
    await edit.getByLabel('Chức vụ', { exact: true }).fill('Trưởng khoa Tim mạch');
    await edit.getByRole('button', { name: T.crud.save }).click();
    await expect(toast(page, 'Đã lưu thay đổi')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(minh).toContainText('Trưởng khoa Tim mạch');

    // Search without diacritics.
    await page.getByRole('textbox', { name: T.crud.search }).fill('tran van minh');
    await expect(page).toHaveURL(/[?&]q=tran(\+|%20)van(\+|%20)minh/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('PGS.TS.BS Trần Văn Minh');
    await page.getByRole('textbox', { name: T.crud.search }).fill('');
    await expect(rows(page)).toHaveCount(2);

    // Filter by department, then by specialty: kept in the URL.
    await pick(page, page, TD.fields.department, 'Khoa Nội tổng hợp', 'noi tong');
    await expect(page).toHaveURL(/departmentId=\d+/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('BSCKII Vũ Thị Hồng Nhung');
    await page.getByRole('button', { name: T.crud.clearFilters }).click();
    await expect(rows(page)).toHaveCount(2);
    await pick(page, page, TD.fields.specialties, 'Tim mạch', 'tim');
    await expect(page).toHaveURL(/specialtyId=\d+/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('BS-E2E1');
    const filtered = page.url();
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await expect(selectOf(page.locator('body'), TD.fields.specialties)).toContainText('Tim mạch');
    expect(page.url()).toBe(filtered);
    await snap(page, 'doctor-filtered');

    // Detail: everything, the working process as a timeline; the link reopens it.
    await rows(page).first().getByTestId('doctor-name').click();
    const detail = page.getByRole('dialog', { name: TD.detailTitle });
    await expect(page).toHaveURL(/[?&]doctor=\d+/);
    await expect(detail).toContainText('PGS.TS.BS Trần Văn Minh');
    await expect(detail).toContainText('Trưởng khoa Tim mạch – Khoa Tim mạch');
    await expect(detail).toContainText('12/04/1966');
    await expect(detail).toContainText('0912 345 678');
    const timeline = detail.getByTestId('work-timeline');
    await expect(timeline).toContainText('07/2015 – nay');
    await expect(timeline).toContainText('09/1990 – 06/2015');
    await expect(timeline).toContainText('Bệnh viện Bạch Mai');
    await expect(timeline.locator('.ant-timeline-item')).toHaveCount(2);
    await expect(detail.locator('.ant-avatar img')).toHaveAttribute('src', /doctor-avatars/);
    await page.reload();
    await expect(page.getByRole('dialog', { name: TD.detailTitle })).toContainText('Bệnh viện Đa khoa An Phúc');
    await snap(page, 'doctor-detail');

    // Deactivate from the detail, after a confirm.
    await page.getByRole('dialog', { name: TD.detailTitle }).getByRole('button', { name: T.crud.deactivate }).click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await expect(confirm).toContainText('Ngừng hoạt động bác sĩ "PGS.TS.BS Trần Văn Minh"?');
    await confirmPopover(page, T.crud.confirm, toast(page, 'Đã ngừng hoạt động'));
    await expect(page.getByRole('dialog', { name: TD.detailTitle })).toContainText(T.crud.inactive);
    await page.getByRole('dialog', { name: TD.detailTitle }).locator('.ant-drawer-close').click();
    await expect(page).not.toHaveURL(/doctor=/);
    await expect(row(page, 'BS-E2E1')).toContainText(T.crud.inactive);

    // Export with the filters of the screen: all doctors, names instead of ids.
    await page.getByRole('button', { name: T.crud.clearFilters }).click();
    await expect(rows(page)).toHaveCount(2);
    const download = await downloadBy(page, page.getByRole('button', { name: T.crud.export }));
    expect(download.suggestedFilename()).toBe('danh-sach-bac-si.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheet = wb.worksheets[0]!;
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(sheet.actualRowCount).toBe(3);
    expect(values(1)).toEqual([
      'STT',
      'Mã bác sĩ',
      'Họ và tên',
      'Giới tính',
      'Ngày sinh',
      'Học hàm',
      'Học vị',
      'Chức vụ',
      'Khoa',
      'Chuyên khoa',
      'Phòng khám',
      'Số điện thoại',
      'Email',
      'Giới thiệu',
      'Trạng thái',
    ]);
    expect(values(2)).toEqual([
      1,
      'BS-E2E1',
      'Trần Văn Minh',
      'Nam',
      '12/04/1966',
      'Phó giáo sư (PGS)',
      'Tiến sĩ (TS)',
      'Trưởng khoa Tim mạch',
      'Khoa Tim mạch',
      'Nội khoa, Tim mạch',
      'Phòng khám Tim mạch 103',
      '0912 345 678',
      'minh.tv@benhvien.vn',
      'Can thiệp mạch vành, suy tim.',
      'Ngừng hoạt động',
    ]);
    expect(values(3).slice(0, 3)).toEqual([2, 'BS-E2E2', 'Vũ Thị Hồng Nhung']);
  });

  test('import from Excel: the template, a file with a bad row imports nothing, then a good file', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_docimp', authorities: ['MANAGER_DOCTOR'] });
    expect((await request.post('/api/test/v1/fixtures/doctor-catalog', { data: { username: account.username } })).status()).toBe(200);
    await loginViaApi(page, account.username, account.password);
    await page.goto('/admin/doctor');
    await expect(page.getByText(T.crud.empty)).toBeVisible();

    await page.getByRole('button', { name: T.importExcel.button }).click();
    const modal = page.getByRole('dialog', { name: 'Nhập bác sĩ từ Excel' });
    const template = await downloadBy(page, modal.getByRole('button', { name: T.importExcel.template }));
    expect(template.suggestedFilename()).toBe('danh-sach-bac-si-mau-nhap.xlsx');
    const tpl = new ExcelJS.Workbook();
    await tpl.xlsx.readFile(await template.path());
    const header = (tpl.worksheets[0]!.getRow(1).values as unknown[]).slice(1) as string[];
    expect(header).toEqual([
      'Mã bác sĩ *',
      'Họ và tên *',
      'Giới tính *',
      'Ngày sinh',
      'Học hàm',
      'Học vị *',
      'Chức vụ',
      'Khoa *',
      'Chuyên khoa',
      'Phòng khám',
      'Số điện thoại',
      'Email',
      'Giới thiệu',
    ]);

    // Files made from the template's header.
    const file = async (name: string, rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Bác sĩ');
      ws.addRow(header);
      for (const r of rows) ws.addRow(r);
      const path = shotPath(name).replace(/\.png$/, '.xlsx');
      await wb.xlsx.writeFile(path);
      return path;
    };
    const rowOf = (code: string, name: string, gender: string, degree: string, dept: string, specs: string, rooms: string) => [
      code,
      name,
      gender,
      '',
      '',
      degree,
      '',
      dept,
      specs,
      rooms,
      '',
      '',
      '',
    ];
    const bad = await file('doctor-import-bad', [
      rowOf('NK-01', 'Hoàng Thị Thu', 'Nữ', 'Bác sĩ (BS)', 'KNHI', 'NHI', 'P204'),
      rowOf('NK-02', 'Trịnh Văn Khải', 'Nam', 'Bác sĩ (BS)', 'KNHI', 'NHI, TIMMACHX', 'P205'),
    ]);
    await modal.locator('input[type=file]').setInputFiles(bad);
    await modal.getByRole('button', { name: T.importExcel.submit }).click();
    await expect(modal.getByTestId('import-errors')).toContainText('Tệp có 1 dòng lỗi trên 2 dòng; chưa nhập dòng nào');
    const report = modal.locator('.ant-table-tbody tr.ant-table-row');
    await expect(report).toHaveCount(1);
    await expect(report.first().locator('td')).toHaveText(['3', 'Chuyên khoa', 'Chuyên khoa: không tìm thấy mã hoặc tên "TIMMACHX"']);
    await snap(page, 'doctor-import-errors');

    const good = await file('doctor-import-good', [
      rowOf('NK-01', 'Hoàng Thị Thu', 'Nữ', 'Bác sĩ (BS)', 'KNHI', 'NHI', 'P204'),
      rowOf('NK-02', 'Trịnh Văn Khải', 'Nam', 'Thạc sĩ (ThS)', 'KNHI', 'NHI, DINHDUONG', 'P204, P205'),
    ]);
    await modal.locator('input[type=file]').setInputFiles(good);
    await modal.getByRole('button', { name: T.importExcel.submit }).click();
    await expect(modal.getByTestId('import-success')).toContainText('Đã nhập 2 dòng');
    await modal.locator('.ant-modal-footer').getByRole('button', { name: T.importExcel.close }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, 'NK-02')).toContainText('ThS.BS Trịnh Văn Khải');
    await expect(row(page, 'NK-02')).toContainText('Khoa Nhi');
    await expect(row(page, 'NK-02')).toContainText('Dinh dưỡng');
    await expect(row(page, 'NK-02')).toContainText('Phòng khám Nhi 205');
    for (const f of [bad, good]) fs.rmSync(f, { force: true });
  });

  test('an account without MANAGER_DOCTOR has no entry and is refused at the URL', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_nodoc', authorities: ['MANAGER_CATALOG'] });
    await loginViaApi(page, account.username, account.password);
    await page.goto('/admin');
    await expect(page.getByTestId('sidebar').getByText(T.menu.home)).toBeVisible();
    expect(await sidebarLabels(page)).toEqual([T.menu.home, T.menu.catalogues]);
    await page.goto('/admin/doctor');
    await expect(page.getByText(T.crud.forbiddenTitle)).toBeVisible();
  });
});
