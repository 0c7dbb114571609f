import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays } from '../packages/shared/src/rules/period';
import { todayVn } from '../packages/shared/src/rules/time';
import { chooseOption, chooseOptions, confirmPopover, FIXTURE_PASSWORD, loginViaApi, misfits, snap, toast, uniq } from './helpers';

/**
 * Issue 17, notification groups (/admin/nhom-thong-bao) as a MANAGER_NOTIFICATION account of a facility made for
 * the spec, with four patient accounts: a group to the women of Hà Nội is built with its filters, the live count
 * says 2, it is sent now and its status turns "Đã gửi" (the notify.campaign job queues, the notify.send job
 * delivers through the default recording channel), and its delivery report lists both recipients. A second group
 * is scheduled a day ahead, found by its words in the URL's search, and cancelled. The screen fits 1,366 px.
 */
const WIDTH = 1366;
test.use({ viewport: { width: WIDTH, height: 768 } });

async function facilityWithPatients(request: APIRequestContext) {
  const username = `notify_${uniq()}`;
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử nhóm thông báo',
      accounts: [
        { username, password: FIXTURE_PASSWORD, name: 'Phan Thu Hà', authorities: ['MANAGER_NOTIFICATION'], lastPasswordReset: new Date().toISOString() },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const facilityId = (await res.json()).data.facilityId as number;
  const phone = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const made = await request.post('/api/test/v1/fixtures/patients', {
    data: {
      facilityId,
      accounts: [
        { phone: phone(), profiles: [{ fullName: 'Nguyễn Thị Lan', birthDate: '1988-04-12', gender: 'FEMALE' }] },
        { phone: phone(), profiles: [{ fullName: 'Trần Thu Hương', birthDate: '1975-09-30', gender: 'FEMALE' }] },
        { phone: phone(), profiles: [{ fullName: 'Lê Văn Nam', birthDate: '1980-01-01', gender: 'MALE' }] },
        { phone: phone(), profiles: [{ fullName: 'Phạm Minh Đức', birthDate: '2001-06-15', gender: 'MALE' }] },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  return { username };
}

const drawer = (page: Page, name: string) => page.getByRole('dialog', { name });

test('builds a group with filters, sees the count, sends it, watches it become sent, and reads the delivery report', async ({ page, request }) => {
  test.setTimeout(300_000);
  const { username } = await facilityWithPatients(request);
  await loginViaApi(page, username, FIXTURE_PASSWORD);
  await page.goto('/admin/nhom-thong-bao');
  await expect(page.getByRole('heading', { name: 'Nhóm thông báo', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Tạo nhóm thông báo' }).click();
  const form = drawer(page, 'Tạo nhóm thông báo');
  await form.getByLabel('Tiêu đề').fill('Khám sức khoẻ phụ nữ miễn phí');
  await form.getByLabel('Nội dung').fill('Bệnh viện mời chị đến khám sức khoẻ phụ nữ miễn phí vào sáng Chủ nhật này.');
  const count = form.getByTestId('audience-count');
  // everyone at first: the four accounts
  await expect(count).toContainText('Số bệnh nhân nhận: 4');
  await form.getByRole('checkbox', { name: 'Tất cả bệnh nhân' }).uncheck();
  await chooseOption(page, form.getByLabel('Giới tính'), 'Nữ');
  await chooseOptions(page, form.getByLabel('Tỉnh/thành phố'), ['Hà Nội']);
  await expect(count).toContainText('Số bệnh nhân nhận: 2');
  await form.getByLabel('Tuổi từ').fill('45');
  await expect(count).toContainText('Số bệnh nhân nhận: 1');
  await form.getByLabel('Tuổi từ').fill('');
  await expect(count).toContainText('Số bệnh nhân nhận: 2');
  await snap(page, 'notification-group-form');

  await form.getByRole('button', { name: 'Gửi ngay' }).click();
  await confirmPopover(page, 'Đồng ý', toast(page, 'Đã bắt đầu gửi nhóm thông báo'));
  const detail = page.getByRole('dialog', { name: /^Nhóm thông báo #\d+$/ });
  await expect(detail).toBeVisible();
  // the campaign job queues, the delivery job sends through the recording channel: the drawer re-reads it
  await expect(detail.getByTestId('group-status')).toHaveText('Đã gửi', { timeout: 60_000 });
  await expect(detail.getByTestId('group-totals')).toContainText('2');
  await expect(detail).toContainText('Nữ, Thành phố Hà Nội');
  const recipients = detail.locator('.ant-table-tbody tr.ant-table-row');
  await expect(recipients).toHaveCount(2);
  await expect(recipients.filter({ hasText: 'Nguyễn Thị Lan' })).toHaveCount(1);
  await expect(recipients.filter({ hasText: 'Trần Thu Hương' })).toHaveCount(1);
  await expect(recipients.first()).toContainText(/09•••\d\d/);
  // no device: the message waits in the app's inbox, named in Vietnamese
  await expect(recipients.first()).toContainText('Hộp thư trong ứng dụng');
  await snap(page, 'notification-group-report');
  await detail.getByRole('button', { name: 'Close' }).or(detail.locator('.ant-drawer-close')).first().click();
  await expect(detail).toBeHidden();

  // the list: the sent group with its recipients
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toContainText('Khám sức khoẻ phụ nữ miễn phí');
  await expect(rows.first()).toContainText('Đã gửi');

  // a second group scheduled a day ahead, then cancelled
  await page.getByRole('button', { name: 'Tạo nhóm thông báo' }).click();
  const second = drawer(page, 'Tạo nhóm thông báo');
  await second.getByLabel('Tiêu đề').fill('Tiêm phòng cúm mùa đông');
  await second.getByLabel('Nội dung').fill('Bệnh viện có vắc xin cúm mùa cho người lớn và trẻ em.');
  await expect(second.getByTestId('audience-count')).toContainText('Số bệnh nhân nhận: 4');
  const tomorrow = addDays(todayVn(), 1).split('-').reverse().join('/');
  // a time in the past is refused by the server with its message
  await page.getByLabel('Thời điểm gửi').fill('01/01/2020 08:00');
  await page.getByRole('button', { name: 'Hẹn giờ gửi' }).click();
  await expect(page.getByTestId('schedule-error')).toHaveText('Thời điểm gửi phải sau thời điểm hiện tại');
  await page.getByLabel('Thời điểm gửi').fill(`${tomorrow} 09:30`);
  await page.getByRole('button', { name: 'Hẹn giờ gửi' }).click();
  await expect(toast(page, `Đã hẹn giờ gửi ${tomorrow} 09:30`)).toBeVisible();
  const scheduled = page.getByRole('dialog', { name: /^Nhóm thông báo #\d+$/ });
  await expect(scheduled.getByTestId('group-status')).toHaveText('Đã hẹn giờ');
  await scheduled.locator('.ant-drawer-close').click();

  // found by its words without diacritics; the search is in the URL
  await page.getByLabel('Tìm theo tiêu đề, nội dung').fill('tiem phong cum');
  await expect(page).toHaveURL(/content=tiem\+phong\+cum/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Đã hẹn giờ');
  expect(await misfits(page, { buttons: true })).toEqual([]);
  await snap(page, 'notification-groups');
  await rows.first().getByRole('button', { name: 'Huỷ hẹn giờ' }).click();
  await confirmPopover(page, 'Đồng ý', rows.first().getByText('Đã huỷ'));

  // a third one scheduled for the next minute (+07:00): the job sends it at that time and the list shows it sent
  await page.getByLabel('Tìm theo tiêu đề, nội dung').fill('');
  await page.getByRole('button', { name: 'Tạo nhóm thông báo' }).click();
  const third = drawer(page, 'Tạo nhóm thông báo');
  await third.getByLabel('Tiêu đề').fill('Lịch khám ngoài giờ cuối tuần');
  await third.getByLabel('Nội dung').fill('Bệnh viện khám ngoài giờ vào sáng thứ Bảy và Chủ nhật.');
  await expect(third.getByTestId('audience-count')).toContainText('Số bệnh nhân nhận: 4');
  const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000 + 7 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  await page.getByLabel('Thời điểm gửi').fill(when);
  await page.getByRole('button', { name: 'Hẹn giờ gửi' }).click();
  await expect(toast(page, `Đã hẹn giờ gửi ${when}`)).toBeVisible();
  const soon = page.getByRole('dialog', { name: /^Nhóm thông báo #\d+$/ });
  await expect(soon.getByTestId('group-status')).toHaveText('Đã hẹn giờ');
  await expect(soon.getByTestId('group-status')).toHaveText('Đã gửi', { timeout: 120_000 });
  await expect(soon.getByTestId('group-totals')).toContainText('4');
});
