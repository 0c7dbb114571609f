import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages.vi';
import { MENU, visibleMenu } from '../apps/web/src/app/menu';
import { T } from '../apps/web/src/app/messages';
import {
  downloadBy,
  chooseOptions,
  closeDialog,
  FIXTURE_PASSWORD,
  loginViaApi,
  loginViaUi,
  makeAccount,
  md5,
  sidebarLabels,
  snap,
  toast,
  uniq,
  confirmPopover,
} from './helpers';

/**
 * Admin accounts, roles and account rooms. Each test makes its own facility (with two clinic
 * rooms) through the fixtures route, so nothing collides with the demo data or across runs.
 */

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const drawer = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const popconfirm = (page: Page) => page.locator('.ant-popconfirm:visible');

async function facilityWithAdmin(request: APIRequestContext) {
  const username = `e2e_admin_${uniq()}`;
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử tài khoản',
      accounts: [{ username, password: FIXTURE_PASSWORD, name: 'Phạm Quản Trị', authorities: ['MANAGER_ADMIN'], lastPasswordReset: new Date().toISOString() }],
      rooms: [
        { code: 'P101', name: 'Phòng khám Nội 101' },
        { code: 'P102', name: 'Phòng khám Tim mạch 102' },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { username, password: FIXTURE_PASSWORD };
}

test.describe('admin accounts, roles and rooms', () => {
  test('role → account with one-time password → forced change → reset → lock/unlock → search, filter, export, rooms', async ({ page, browser, request }) => {
    test.setTimeout(360_000); // one long story across two browsers
    const admin = await facilityWithAdmin(request);
    await loginViaApi(page, admin.username, admin.password);
    await page.goto('/admin');
    await expect(page.getByTestId('sidebar').getByText(T.menu.home)).toBeVisible();

    // Sidebar: Tài khoản quản trị with its three screens.
    expect(await sidebarLabels(page)).toEqual(visibleMenu(MENU, ['MANAGER_ADMIN']).map((e) => e.label));
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText(T.menu.adminAccounts, { exact: true }).click();
    for (const label of [T.menu.accountList, T.menu.roleList, T.menu.roomList]) {
      await expect(sidebar.getByRole('link', { name: label, exact: true })).toBeVisible();
    }

    // ---- Role: create with the authority checklist; search without diacritics.
    await sidebar.getByRole('link', { name: T.menu.roleList, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/role-list$/);
    await expect(page.getByRole('heading', { name: 'Vai trò' })).toBeVisible();
    await page.getByRole('button', { name: T.crud.add }).click();
    const roleForm = drawer(page, 'Thêm vai trò');
    await roleForm.getByRole('button', { name: T.crud.save }).click();
    await expect(roleForm.getByText('Vui lòng chọn ít nhất một quyền')).toBeVisible();
    await roleForm.getByLabel('Mã vai trò').fill('LE_TAN_T1');
    await roleForm.getByLabel('Tên vai trò').fill('Lễ tân tầng một');
    await roleForm.getByRole('checkbox', { name: 'Quản lý đặt khám' }).check();
    await roleForm.getByRole('checkbox', { name: 'Quản lý tài khoản bệnh nhân' }).check();
    await snap(page, 'admin-role-form');
    await roleForm.getByRole('button', { name: T.crud.save }).click();
    await expect(toast(page, 'Đã thêm vai trò')).toBeVisible();
    await expect(roleForm).toBeHidden();
    await page.getByRole('textbox', { name: T.crud.search }).fill('le tan tang');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Quản lý đặt khám');
    await expect(rows(page).first()).toContainText('Quản lý tài khoản bệnh nhân');
    await snap(page, 'admin-role-list');

    // ---- Account: create with that role and a room; the one-time password is shown once.
    await sidebar.getByRole('link', { name: T.menu.accountList, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Tài khoản quản trị' })).toBeVisible();
    const username = `thuha.${uniq()}`;
    const phone = `09${String(Date.now()).slice(-8)}`; // unique: phone numbers are unique across accounts
    await page.getByRole('button', { name: T.crud.add }).click();
    const form = drawer(page, 'Thêm tài khoản');
    await form.getByLabel('Tên đăng nhập').fill(username);
    await form.getByLabel('Họ và tên').fill('Trần Thị Thu Hà');
    await form.getByLabel('Email').fill('thuha@');
    await form.getByLabel('Số điện thoại').fill('09123');
    await form.getByRole('button', { name: T.crud.save }).click();
    await expect(form.getByText('Email không hợp lệ')).toBeVisible();
    await expect(form.getByText('Số điện thoại gồm 10–11 chữ số, bắt đầu bằng 0')).toBeVisible();
    await expect(form.getByText('Vui lòng chọn ít nhất một vai trò')).toBeVisible();
    await form.getByLabel('Email').fill(`${username}@benhvien.vn`);
    await form.getByLabel('Số điện thoại').fill(phone);
    await chooseOptions(page, form.getByLabel('Vai trò'), ['Lễ tân tầng một']);
    await chooseOptions(page, form.getByLabel('Phòng'), ['Phòng khám Nội 101']);
    await snap(page, 'admin-account-form');
    await form.getByRole('button', { name: T.crud.save }).click();
    const otpDialog = page.getByRole('dialog', { name: T.admin.otpTitle });
    await expect(otpDialog).toBeVisible();
    await expect(otpDialog).toContainText(username);
    const oneTime = (await otpDialog.getByTestId('one-time-password').innerText()).trim();
    expect(oneTime).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{12}$/);
    await snap(page, 'admin-one-time-password');
    await closeDialog(otpDialog, T.admin.close);
    const account = row(page, username);
    await expect(account).toContainText('Lễ tân tầng một');
    await expect(account).toContainText('P101 – Phòng khám Nội 101');
    await expect(account).toContainText(T.admin.mustChange);
    await expect(page.getByText(oneTime)).toHaveCount(0); // never shown again

    // ---- Duplicate username: the server's 409 next to the field.
    await page.getByRole('button', { name: T.crud.add }).click();
    await form.getByLabel('Tên đăng nhập').fill(username);
    await form.getByLabel('Họ và tên').fill('Người trùng tên');
    await chooseOptions(page, form.getByLabel('Vai trò'), ['Lễ tân tầng một']);
    await form.getByRole('button', { name: T.crud.save }).click();
    await expect(form.getByText(`Tên đăng nhập "${username}" đã tồn tại`)).toBeVisible();
    await form.getByRole('button', { name: T.crud.cancel }).click();

    // ---- A second browser: sign in with the one-time password, forced to change it.
    const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'vi-VN' });
    const staff = await staffContext.newPage();
    await loginViaUi(staff, username, oneTime);
    const mandatory = staff.getByRole('dialog', { name: T.password.mandatoryTitle });
    await expect(mandatory).toContainText(T.password.oneTimeText);
    await snap(staff, 'admin-forced-change');
    await mandatory.getByLabel('Mật khẩu cũ').fill(oneTime);
    await mandatory.getByLabel('Mật khẩu mới', { exact: true }).fill('Thuha&Moi79');
    await mandatory.getByLabel('Nhập lại mật khẩu mới').fill('Thuha&Moi79');
    await mandatory.getByRole('button', { name: 'Xác nhận' }).click();
    await expect(toast(staff, MSG.passwordChanged)).toBeVisible();
    await expect(staff).toHaveURL(/\/login\?redirect=/, { timeout: 5000 });
    await loginViaUi(staff, username, 'Thuha&Moi79', staff.url());
    await expect(staff.getByRole('dialog', { name: T.password.mandatoryTitle })).toBeHidden();

    // ---- Search without diacritics, filter by role.
    await page.reload();
    await expect(row(page, username)).not.toContainText(T.admin.mustChange);
    await page.getByRole('textbox', { name: T.crud.search }).fill('tran thi thu');
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('textbox', { name: T.crud.search }).fill('');
    await expect(rows(page)).toHaveCount(2);
    await chooseOptions(page, page.locator('#root').getByRole('combobox', { name: 'Vai trò' }), ['Lễ tân tầng một']);
    await expect(page).toHaveURL(/roleIds=\d+/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(username);
    await snap(page, 'admin-account-list');

    // ---- Export with the filter: the .xlsx holds that one account.
    const download = await downloadBy(page, page.getByRole('button', { name: T.crud.export }));
    expect(download.suggestedFilename()).toBe('tai-khoan-quan-tri.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheet = wb.worksheets[0];
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['STT', 'Tên đăng nhập', 'Họ và tên', 'Email', 'Số điện thoại', 'Vai trò', 'Phòng', 'Trạng thái', 'Đổi mật khẩu lần cuối']);
    expect(sheet.actualRowCount).toBe(2);
    expect(values(2).slice(0, 8)).toEqual([
      1,
      username,
      'Trần Thị Thu Hà',
      `${username}@benhvien.vn`,
      phone,
      'Lễ tân tầng một',
      'P101 – Phòng khám Nội 101',
      'Không',
    ]);
    expect(String(values(2)[8])).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    // ---- Reset password: a new one-time password once; the staff's session ends.
    await row(page, username).getByRole('button', { name: T.admin.resetPassword }).click();
    await expect(popconfirm(page)).toContainText('Cấp lại mật khẩu cho "Trần Thị Thu Hà"?');
    await confirmPopover(page, T.crud.confirm, otpDialog);
    const second = (await otpDialog.getByTestId('one-time-password').innerText()).trim();
    expect(second).not.toBe(oneTime);
    await closeDialog(otpDialog, T.admin.close);
    await staff.reload();
    await expect(staff).toHaveURL(/\/login\?redirect=/);
    const viaApi = await staff.request.put('/api/his/v1/user/login', { data: { emailOrPhone: username, password: md5(second) } });
    expect((await viaApi.json()).data.mustChangePassword).toBe(true);

    // ---- Lock (confirm) → sign-in refused with the spec-like message; unlock → allowed.
    await row(page, username).getByRole('button', { name: T.admin.lock, exact: true }).click();
    await expect(popconfirm(page)).toContainText('Khoá tài khoản "Trần Thị Thu Hà"?');
    await confirmPopover(page, T.crud.confirm, toast(page, MSG.accountLockedDone));
    await expect(row(page, username)).toContainText(T.admin.locked);
    await staff.getByLabel('Tên đăng nhập').fill(username);
    await staff.getByLabel('Mật khẩu', { exact: true }).fill(second);
    await staff.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(staff.getByText(MSG.accountLocked)).toBeVisible();
    await snap(staff, 'admin-locked-login');
    await row(page, username).getByRole('button', { name: T.admin.unlock }).click();
    await expect(toast(page, MSG.accountUnlockedDone)).toBeVisible();
    await expect(row(page, username)).toContainText(T.admin.unlocked);
    await loginViaUi(staff, username, second, staff.url());
    await staffContext.close();

    // ---- Rooms of an account: assign, filter by room.
    await sidebar.getByRole('link', { name: T.menu.roomList, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Phòng của tài khoản' })).toBeVisible();
    await expect(page.getByRole('button', { name: T.crud.add })).toHaveCount(0);
    await expect(row(page, admin.username)).toContainText(T.admin.noRooms);
    await row(page, admin.username).getByRole('button', { name: T.crud.edit }).click();
    const roomForm = drawer(page, 'Sửa phòng của tài khoản');
    await chooseOptions(page, roomForm.getByLabel('Phòng'), ['Phòng khám Tim mạch 102', 'Phòng khám Nội 101']);
    await snap(page, 'admin-room-form');
    await roomForm.getByRole('button', { name: T.crud.save }).click();
    await expect(toast(page, 'Đã lưu phòng của tài khoản')).toBeVisible();
    await expect(roomForm).toBeHidden();
    await expect(row(page, admin.username)).toContainText('P102 – Phòng khám Tim mạch 102');
    await chooseOptions(page, page.locator('#root').getByRole('combobox', { name: 'Phòng' }), ['Phòng khám Tim mạch 102']);
    await expect(page).toHaveURL(/roomIds=\d+/);
    await expect(rows(page)).toHaveCount(1);
    await chooseOptions(page, page.locator('#root').getByRole('combobox', { name: 'Phòng' }), ['Phòng khám Nội 101']);
    await expect(rows(page)).toHaveCount(2);
    await snap(page, 'admin-room-list');
  });

  test('a user without MANAGER_ADMIN gets the 403 page on the admin screens', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_noadmin', authorities: ['MANAGER_CATALOG'] });
    await loginViaApi(page, account.username, account.password);
    await page.goto('/admin/account-list');
    await expect(page.getByTestId('forbidden-page')).toBeVisible();
    await expect(page.getByText(T.crud.forbiddenTitle)).toBeVisible();
    await expect(page.getByText(`${MSG.forbidden}. ${T.forbidden.description}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tài khoản quản trị' })).toHaveCount(0);
    expect(await sidebarLabels(page)).not.toContain(T.menu.adminAccounts);
    await snap(page, 'admin-forbidden');
    for (const path of ['/admin/role-list', '/admin/room-list']) {
      await page.goto(path);
      await expect(page.getByTestId('forbidden-page')).toBeVisible();
    }
    await page.getByRole('button', { name: T.notFound.backHome }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});
