import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { T } from '../apps/web/src/app/messages';
import { formatPhone } from '../packages/shared/src/rules/identifiers';
import { todayVn } from '../packages/shared/src/rules/time';
import { chooseOption, downloadBy, FIXTURE_PASSWORD, loginViaApi, sidebarLabels, snap, toast, uniq, confirmPopover } from './helpers';

/**
 * Patient accounts, the medical record and merging. Each test makes its own facility, staff
 * account and patients (fixtures routes), so runs never collide.
 */
const L = T.patients.list;
const R = T.patients.record;
const G = T.patients.merge;

async function makeStaff(request: APIRequestContext, authorities = ['MANAGER_USER']): Promise<{ facilityId: number; username: string }> {
  const username = `e2e_patients_${uniq()}`;
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử bệnh nhân',
      accounts: [{ username, password: FIXTURE_PASSWORD, name: 'Trần Thu Hà', authorities, lastPasswordReset: new Date().toISOString() }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { facilityId: (await res.json()).data.facilityId, username };
}

interface Made {
  userId: number;
  profiles: { id: number; patientCode: string }[];
}
async function makePatients(request: APIRequestContext, facilityId: number, accounts: unknown[]): Promise<Made[]> {
  const res = await request.post('/api/test/v1/fixtures/patients', { data: { facilityId, accounts } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('link', { name, exact: true }) });

const confirmIt = (page: Page, done: Locator) => confirmPopover(page, T.crud.confirm, done);

test.describe('patient accounts', () => {
  test('find a patient typing without diacritics, open the record, view a result file, export the list', async ({ page, request }) => {
    const staff = await makeStaff(request);
    const [nhung] = await makePatients(request, staff.facilityId, [
      {
        history: true,
        file: true,
        verified: true,
        profiles: [
          { fullName: 'Phạm Thị Hồng Nhung', birthDate: '1988-04-12', gender: 'FEMALE', phone: '0904123456', cccd: '001188012345', bhyt: 'DN4010123400001' },
          { fullName: 'Lê Phạm Gia Bảo', birthDate: '2022-09-01', relationship: 'CHILD' },
        ],
      },
      { profiles: [{ fullName: 'Phan Thị Hồng', birthDate: '1979-02-02', gender: 'FEMALE', phone: '0386111222' }] },
    ]);
    await loginViaApi(page, staff.username, FIXTURE_PASSWORD);
    await page.goto('/admin');
    await expect(page.getByTestId('sidebar').getByText(T.menu.home)).toBeVisible();
    expect(await sidebarLabels(page)).toEqual([T.menu.home, T.menu.patientAccounts]);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText(T.menu.patientAccounts, { exact: true }).click();
    await expect(sidebar.getByRole('link', { name: T.menu.mergeAccounts, exact: true })).toBeVisible();
    await sidebar.getByRole('link', { name: T.menu.patientList, exact: true }).click();
    await expect(page.getByRole('heading', { name: L.title })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);

    // without diacritics, in any case: the URL keeps the search
    await page.getByRole('textbox', { name: T.crud.search }).fill('pham thi HONG nhung');
    await expect(page).toHaveURL(/q=pham\+thi\+HONG\+nhung/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, 'Phạm Thị Hồng Nhung')).toBeVisible();
    await expect(rowOf(page, 'Phạm Thị Hồng Nhung')).toContainText('0904 123 456');
    await snap(page, 'patients-list-search');

    // export what is listed
    const file = await downloadBy(page, page.getByRole('button', { name: T.crud.export }));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    expect(String(ws.getRow(2).getCell(2).value)).toBe('Phạm Thị Hồng Nhung');

    // the record: profiles as tabs, age, the visit with its prescription, the result file
    await rowOf(page, 'Phạm Thị Hồng Nhung').getByRole('link', { name: 'Phạm Thị Hồng Nhung' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/chi-tiet-y-ba/${nhung!.userId}$`));
    await expect(page.getByRole('heading', { name: `${R.title}: Phạm Thị Hồng Nhung` })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Phạm Thị Hồng Nhung (Bản thân)' })).toBeVisible();
    await expect(page.getByTestId('profile-age').first()).toHaveText(/^\d+ tuổi$/);
    const visit = page.getByTestId('history-card');
    await expect(visit).toHaveCount(1);
    await expect(visit).toContainText('Khoa Tim mạch');
    await expect(visit).toContainText('Amlodipin 5mg');
    await expect(visit).toContainText('Uống 1 viên buổi sáng sau ăn');
    await expect(visit).toContainText('Định lượng Creatinin [Máu]');
    await snap(page, 'patients-record');

    await visit.getByRole('button', { name: R.view }).click();
    const preview = page.getByRole('dialog', { name: `Phieu-ket-qua-${nhung!.profiles[0]!.patientCode}.pdf` });
    await expect(preview).toBeVisible();
    await expect(preview.locator('iframe')).toHaveAttribute('src', /^blob:/);
    await snap(page, 'patients-record-file-preview');
    await preview.locator('.ant-modal-close').click();

    // the child's tab: age in years and months under 6
    await page.getByRole('tab', { name: 'Lê Phạm Gia Bảo (Con)' }).click();
    await expect(page.getByTestId('profile-age').last()).toHaveText(/^\d tuổi( \d+ tháng)?$/);
    await expect(page.getByText(R.noHistories)).toBeVisible();
  });

  test('add a family profile with the date shorthand and see field errors in Vietnamese; register a new patient', async ({ page, request }) => {
    const staff = await makeStaff(request);
    const [a] = await makePatients(request, staff.facilityId, [{ profiles: [{ fullName: 'Hoàng Minh Tuấn', birthDate: '1985-05-05', phone: '0977000111' }] }]);
    await loginViaApi(page, staff.username, FIXTURE_PASSWORD);
    await page.goto(`/admin/chi-tiet-y-ba/${a!.userId}`);
    await page.getByRole('button', { name: R.addProfile }).click();
    const drawer = page.getByRole('dialog', { name: R.addProfile });
    await drawer.getByLabel(R.fullName).fill('Hoàng Minh Khang');
    await drawer.getByLabel(R.birthDate).fill('150319');
    await drawer.getByLabel(R.birthDate).press('Tab');
    await expect(drawer.getByLabel(R.birthDate)).toHaveValue('15/03/2019');
    await chooseOption(page, drawer.getByLabel(R.gender), 'Nam');
    await drawer.getByLabel(R.cccd).fill('00120');
    await drawer.getByLabel(R.bhyt).fill('TE101012345');
    await drawer.getByRole('button', { name: R.save }).click();
    await expect(drawer.getByText('Số CCCD phải gồm đúng 12 chữ số')).toBeVisible();
    await expect(drawer.getByText('Mã thẻ BHYT phải gồm đúng 15 ký tự')).toBeVisible();
    await drawer.getByLabel(R.cccd).fill('');
    await drawer.getByLabel(R.bhyt).fill('TE1010123456789');
    await drawer.getByRole('button', { name: R.save }).click();
    await expect(toast(page, 'Đã thêm hồ sơ')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Hoàng Minh Khang (Con)' })).toBeVisible();

    // a patient new to the hospital, from the list: a phone that already opens an account is refused by name,
    // then the new account (no password yet) opens on its record
    await page.goto('/admin/user');
    await page.getByTestId('patient-new').click();
    const fresh = page.getByRole('dialog', { name: R.newPatient });
    await fresh.getByLabel(R.fullName).fill('Đinh Thị Mai');
    await fresh.getByLabel(R.birthDate).fill('010170');
    await chooseOption(page, fresh.getByLabel(R.gender), 'Nữ');
    await fresh.getByLabel(R.phone).fill('0977000111');
    await fresh.getByRole('button', { name: R.save }).click();
    await expect(fresh.getByText(/^Số điện thoại này đã có tài khoản bệnh nhân Hoàng Minh Tuấn \(BN\d{8}\)/)).toBeVisible();
    await fresh.getByLabel(R.phone).fill('0977000222');
    await fresh.getByRole('button', { name: R.save }).click();
    await expect(toast(page, 'Đã thêm bệnh nhân')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/chi-tiet-y-ba\/\d+$/);
    await expect(page.getByRole('tab', { name: /^Đinh Thị Mai/ })).toBeVisible();
  });

  test('lock and unlock one account, bulk lock, reset a password', async ({ page, request }) => {
    const staff = await makeStaff(request);
    await makePatients(request, staff.facilityId, [
      { profiles: [{ fullName: 'Ngô Thanh Tùng', birthDate: '1992-07-07', phone: '0933444555' }] },
      { profiles: [{ fullName: 'Bùi Thị Yến', birthDate: '1995-01-15', gender: 'FEMALE', phone: '0944555666' }] },
    ]);
    await loginViaApi(page, staff.username, FIXTURE_PASSWORD);
    await page.goto('/admin/user');
    const tung = rowOf(page, 'Ngô Thanh Tùng');
    await expect(tung).toContainText(L.active);
    await tung.getByRole('button', { name: L.lock }).click();
    await expect(page.getByText('Khoá tài khoản "Ngô Thanh Tùng"?')).toBeVisible();
    await confirmIt(page, toast(page, 'Đã khoá tài khoản'));
    await expect(tung).toContainText(L.locked);
    await tung.getByRole('button', { name: L.unlock }).click();
    await confirmIt(page, toast(page, 'Đã mở khoá tài khoản'));
    await expect(tung).toContainText(L.active);

    // the state filter goes to the URL
    await chooseOption(page, page.getByRole('combobox', { name: L.state }), L.locked);
    await expect(page).toHaveURL(/locked=true/);
    await expect(page.getByText(T.crud.empty)).toBeVisible();
    await page.getByRole('button', { name: T.crud.clearFilters }).click();

    // bulk: select both, lock both
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    const bar = page.getByTestId('bulk-bar');
    await bar.getByRole('button', { name: 'Khoá (2)' }).click();
    await confirmIt(page, toast(page, 'Đã khoá 2/2 tài khoản'));
    await expect(rows(page).filter({ hasText: L.locked })).toHaveCount(2);

    // reset password: shown once
    await rowOf(page, 'Bùi Thị Yến').getByRole('button', { name: L.resetPassword }).click();
    const pw = page.getByTestId('one-time-password');
    await confirmIt(page, pw);
    await expect(pw).toHaveText(/^[A-Za-z0-9@$!%*?&]{10}$/);
    await snap(page, 'patients-reset-password');
    await page.locator('.ant-modal-footer').getByRole('button', { name: L.close }).click();
    await expect(pw).toHaveCount(0);
  });

  test('merge two accounts of the same person and see the result', async ({ page, request }) => {
    const staff = await makeStaff(request);
    const phone = `09${String(Date.now()).slice(-8)}`;
    const [first, second] = await makePatients(request, staff.facilityId, [
      { history: true, profiles: [{ fullName: 'Đỗ Quang Vinh', birthDate: '1980-12-01', phone, cccd: '001080054321' }] },
      { phone: null, email: `vinh.${uniq()}@gmail.com`, history: true, file: true, profiles: [{ fullName: 'Đỗ Quang Vinh', birthDate: '1980-12-01', phone }] },
    ]);
    await loginViaApi(page, staff.username, FIXTURE_PASSWORD);
    await page.goto('/admin/merge-account');
    await expect(page.getByRole('heading', { name: G.title })).toBeVisible();
    const group = page.getByTestId('duplicate-group').filter({ hasText: formatPhone(phone)! });
    await expect(group).toBeVisible();
    // the second account signs in with an e-mail: only its profile holds the phone, and the group says so
    await expect(group.getByTestId('duplicate-match')).toHaveText([
      `${G.matchedOn}: ${G.matchAccount}; số điện thoại của hồ sơ ${first!.profiles[0]!.patientCode} Đỗ Quang Vinh`,
      `${G.matchedOn}: số điện thoại của hồ sơ ${second!.profiles[0]!.patientCode} Đỗ Quang Vinh`,
    ]);
    await group.getByText(`${G.keep} #${first!.userId}`).click();
    await expect(page.getByTestId('merge-keep')).toContainText(`#${first!.userId}`);
    await expect(page.getByTestId('merge-remove')).toContainText(`#${second!.userId}`);
    await expect(page.getByTestId('move-profiles')).toContainText('1');
    await expect(page.getByTestId('move-histories')).toContainText('1');
    await expect(page.getByTestId('move-resultFiles')).toContainText('1');
    await snap(page, 'patients-merge-preview');
    await page.getByRole('button', { name: G.confirm }).click();
    await expect(page.getByText(`Gộp tài khoản #${second!.userId} vào #${first!.userId}?`)).toBeVisible();
    await confirmIt(page, page.getByText(G.done, { exact: true }));
    await expect(page.getByText(`Tài khoản #${second!.userId} đã được gộp vào #${first!.userId}.`)).toBeVisible();
    await expect(page.getByText('Tài khoản giữ lại hiện có 2 hồ sơ, 2 lượt khám, 1 tệp kết quả.')).toBeVisible();
    await snap(page, 'patients-merge-done');
    await page.getByRole('button', { name: G.openRecord }).click();
    await expect(page.getByTestId('history-card')).toHaveCount(1); // the first tab's visit
    await page.goto(`/admin/user?merged=true`);
    await expect(rowOf(page, 'Đỗ Quang Vinh')).toContainText(`Đã gộp vào #${first!.userId}`);
  });
  test('search lists the best matches first and says so; a click on a column sorts the matches by it', async ({ page, request }) => {
    const staff = await makeStaff(request);
    // created: Cúc last, then An, then Bình; best match for "nguyen" is by name: An, Cúc, Bình
    await makePatients(request, staff.facilityId, [
      { createdAt: '2025-01-10T03:00:00Z', profiles: [{ fullName: 'Nguyễn Văn Bình', birthDate: '1970-01-01', phone: '0911000001' }] },
      { createdAt: '2025-02-10T03:00:00Z', profiles: [{ fullName: 'Nguyễn An', birthDate: '1971-01-01', phone: '0911000002' }] },
      { createdAt: '2025-03-10T03:00:00Z', profiles: [{ fullName: 'Nguyễn Thị Cúc', birthDate: '1972-01-01', gender: 'FEMALE', phone: '0911000003' }] },
    ]);
    await loginViaApi(page, staff.username, FIXTURE_PASSWORD);
    await page.goto('/admin/user');
    const names = () => rows(page).locator('td:nth-child(3) a'); // the name's link (its phone and email are under it)
    const createdAt = page.locator('.ant-table-thead th').filter({ hasText: L.createdAt });
    const order = page.getByTestId('list-order');
    const relevance = order.getByRole('checkbox', { name: T.crud.relevance });
    // no search: newest first, and the Ngày tạo column says so; no "Phù hợp nhất"
    await expect(names()).toHaveText(['Nguyễn Thị Cúc', 'Nguyễn An', 'Nguyễn Văn Bình']);
    await expect(createdAt).toHaveAttribute('aria-sort', 'descending');
    await expect(order).toHaveCount(0);

    await page.getByRole('textbox', { name: T.crud.search }).fill('nguyen');
    await expect(page).toHaveURL(/q=nguyen/);
    await expect(names()).toHaveText(['Nguyễn An', 'Nguyễn Thị Cúc', 'Nguyễn Văn Bình']);
    await expect(relevance).toBeChecked();
    await expect(order).toContainText(T.crud.relevanceHint);
    await expect(page.locator('.ant-table-thead th[aria-sort]')).toHaveCount(0);
    await snap(page, 'patients-search-relevance');

    // a click on Ngày tạo sorts the matches by it, oldest first, then newest first (kept in the URL while searching)
    await createdAt.click();
    await expect(page).toHaveURL(/sort=createdAt%2Casc/);
    await expect(names()).toHaveText(['Nguyễn Văn Bình', 'Nguyễn An', 'Nguyễn Thị Cúc']);
    await expect(createdAt).toHaveAttribute('aria-sort', 'ascending');
    await expect(relevance).not.toBeChecked();
    await expect(order).toContainText(`${L.createdAt} · ${T.crud.ascending}`);
    await createdAt.click();
    await expect(page).toHaveURL(/sort=createdAt%2Cdesc/);
    await expect(names()).toHaveText(['Nguyễn Thị Cúc', 'Nguyễn An', 'Nguyễn Văn Bình']);
    await expect(createdAt).toHaveAttribute('aria-sort', 'descending');
    await snap(page, 'patients-search-by-column');

    // "Phù hợp nhất" goes back to the best matches
    await relevance.click();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(names()).toHaveText(['Nguyễn An', 'Nguyễn Thị Cúc', 'Nguyễn Văn Bình']);
    await expect(page.locator('.ant-table-thead th[aria-sort]')).toHaveCount(0);
  });

  test('a finished booking is a visit: the record, its counts and the merge preview agree', async ({ page, request }) => {
    const staff = await makeStaff(request, ['MANAGER_USER', 'MANAGER_APPOINTMENT']);
    const phone = `03${String(Date.now()).slice(-8)}`;
    const [phuc, dup] = await makePatients(request, staff.facilityId, [
      { profiles: [{ fullName: 'Phạm Mạnh Phúc', birthDate: '1979-03-22', phone }] },
      { phone: null, email: `phuc.${uniq()}@gmail.com`, profiles: [{ fullName: 'Phạm Mạnh Phúc', birthDate: '1979-03-22', phone }] },
    ]);
    const clinic = await request.post('/api/test/v1/fixtures/bookings', { data: { username: staff.username } });
    expect(clinic.status(), await clinic.text()).toBe(200);
    const slots: { id: number; date: string }[] = (await clinic.json()).data.slots;
    const tomorrow = todayVn(new Date(Date.now() + 24 * 3600_000));
    const { loginToken } = await loginViaApi(page, staff.username, FIXTURE_PASSWORD);
    const api = async (path: string, data?: object) => {
      const res = await request.post(`/api/appointment/v1${path}`, { headers: { Authorization: `Bearer ${loginToken}` }, data });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).data;
    };
    // booked for tomorrow, accepted; the day comes; checked in, called in, seen
    const booking: { id: number; code: string } = await api('', {
      medicalProfileId: dup!.profiles[0]!.id,
      timeSlotId: slots.find((x) => x.date === tomorrow)!.id,
    });
    await api(`/${booking.id}/accept`);
    const comes = await request.post('/api/test/v1/fixtures/bookings/day-comes', { data: { username: staff.username, date: tomorrow } });
    expect(comes.status(), await comes.text()).toBe(200);
    // the slot is at dawn: by day the check-in is a late one, which the desk confirms (docs/booking-states.md)
    await api(`/${booking.id}/checkin`, { confirmLate: true });
    for (const step of ['called', 'complete']) await api(`/${booking.id}/${step}`);

    await page.goto(`/admin/chi-tiet-y-ba/${dup!.userId}`);
    await expect(page.getByTestId('patient-bookings')).toContainText('Đã khám xong');
    const visit = page.getByTestId('history-card');
    await expect(visit).toHaveCount(1);
    await expect(visit.getByTestId('visit-from-booking')).toHaveText(`${R.fromBooking} ${booking.code}`);
    await expect(visit.getByRole('link', { name: booking.code })).toHaveAttribute('href', `/admin/quan-ly-dat-kham/${booking.id}`);
    await expect(page.getByText(R.noHistories)).toHaveCount(0);
    await snap(page, 'patients-record-visit-from-booking');

    // the merge preview counts that visit, and moves it with the booking
    await page.goto('/admin/merge-account');
    const group = page.getByTestId('duplicate-group').filter({ hasText: formatPhone(phone)! });
    await group.getByText(`${G.keep} #${phuc!.userId}`).click();
    await expect(page.getByTestId('merge-remove')).toContainText('1 hồ sơ · 1 lượt khám · 0 tệp kết quả');
    await expect(page.getByTestId('move-histories')).toContainText('1');
    await expect(page.getByTestId('move-bookings')).toContainText('1');
  });
});
