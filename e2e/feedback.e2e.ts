import ExcelJS from 'exceljs';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { FIXTURE_PASSWORD, downloadBy, loginViaApi, md5, misfits, snap, toast, uniq } from './helpers';

/**
 * Issue 19, patients' feedback (/admin/danh-sach-phan-hoi): a patient rates a finished visit one star through the
 * patient app's API; the manager finds it in the list as a complaint, opens it, replies (the patient reads the reply
 * in the app) and marks it handled; the patient shows among those who gave feedback; the rate report counts it and
 * its Excel file says the same.
 */

const PATIENT_PASSWORD = 'BenhNhan@2025';

interface Visits {
  facilityCode: string;
  phone: string;
  patientName: string;
  doctorName: string;
  departmentName: string;
  bookings: { id: number; code: string; status: string }[];
}

async function setUp(page: Page) {
  const username = `phanhoi_${uniq()}`;
  const made = await page.request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử phản hồi',
      accounts: [
        {
          username,
          password: FIXTURE_PASSWORD,
          name: 'Ngô Thanh Vân',
          authorities: ['MANAGER_CONSULTATION', 'MANAGER_REPORT'],
          lastPasswordReset: new Date().toISOString(),
        },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const res = await page.request.post('/api/test/v1/fixtures/feedback-visits', { data: { username, password: PATIENT_PASSWORD, visits: 2 } });
  expect(res.status(), await res.text()).toBe(200);
  const visits = (await res.json()).data as Visits;
  const login = await page.request.put('/api/app/v1/user/login', {
    data: { facilityCode: visits.facilityCode, emailOrPhone: visits.phone, password: md5(PATIENT_PASSWORD) },
  });
  expect(login.status(), await login.text()).toBe(200);
  const patientToken = (await login.json()).data.loginToken as string;
  return { username, visits, patient: { authorization: `Bearer ${patientToken}` } };
}

test('a one-star feedback is a complaint: replied to, handled, counted in the rate report and its Excel file', async ({ page }) => {
  const { username, visits, patient } = await setUp(page);
  const done = visits.bookings.filter((b) => b.status === 'DONE');

  // the patient app: the finished visits wait for their feedback; one gets one star, the other five
  const pending = await page.request.get('/api/app/v1/feedbacks/pending', { headers: patient });
  expect(((await pending.json()).data as { bookingId: number }[]).map((v) => v.bookingId).sort()).toEqual(done.map((b) => b.id).sort());
  const comment = 'Chờ gần ba tiếng mới được khám, không ai giải thích.';
  const sent = await page.request.post('/api/app/v1/feedbacks', {
    headers: patient,
    data: { bookingId: done[0]!.id, ratings: { overall: 1, doctor: 3, waiting: 1 }, comment },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect((await sent.json()).data).toMatchObject({ complaint: true, status: 'NEW' });
  const good = await page.request.post('/api/app/v1/feedbacks', { headers: patient, data: { bookingId: done[1]!.id, ratings: { overall: 5 } } });
  expect(good.status(), await good.text()).toBe(200);

  // the list: two feedbacks, the newest first is the five stars; the one-star row is a complaint waiting
  await loginViaApi(page, username, FIXTURE_PASSWORD);
  await page.goto('/admin/danh-sach-phan-hoi');
  await expect(page.getByRole('heading', { name: 'Phản hồi & đánh giá của bệnh nhân' })).toBeVisible();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: 'Chờ gần ba tiếng' });
  await expect(row.getByTestId('stars').first()).toHaveAttribute('data-value', '1');
  await expect(row.getByTestId('complaint-tag')).toHaveText('Khiếu nại');
  await expect(row.getByTestId('status-tag')).toHaveText('Chờ xử lý');
  await expect(row).toContainText('Thời gian chờ 1★');
  await expect(row).toContainText(visits.patientName);
  await expect(rows.filter({ hasNotText: 'Chờ gần ba tiếng' }).getByTestId('complaint-tag')).toHaveCount(0);
  expect(await misfits(page)).toEqual([]);
  await expectAccessible(page, 'the feedback list');

  // the filters: complaints waiting, and the words without diacritics
  await page.getByRole('combobox', { name: 'Loại' }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Khiếu nại chờ xử lý$/ })
    .click();
  await expect(page).toHaveURL(/kind=NEW/);
  await expect(rows).toHaveCount(1);
  await page.getByRole('textbox', { name: /Tìm theo nhận xét/ }).fill('ba tieng');
  await expect(page).toHaveURL(/q=ba\+tieng/);
  await expect(rows).toHaveCount(1);
  await snap(page, 'feedback-list');

  // the drawer: reply (plain text), then handled
  await row.getByRole('button', { name: /^Xem/ }).click();
  await expect(page).toHaveURL(/feedback=\d+/);
  const drawer = page.getByTestId('feedback-detail');
  await expect(drawer).toContainText(comment);
  await expect(drawer).toContainText(visits.doctorName);
  const reply = 'Bệnh viện xin lỗi anh/chị. Từ tuần sau khoa bố trí thêm bàn tiếp đón buổi sáng.';
  await expectAccessible(page, 'a complaint’s drawer');
  await drawer.getByRole('textbox', { name: 'Trả lời bệnh nhân' }).fill(reply);
  await drawer.getByRole('button', { name: 'Gửi trả lời' }).click();
  await expect(toast(page, 'Đã gửi trả lời cho bệnh nhân')).toBeVisible();
  await expect(drawer.getByTestId('feedback-reply')).toContainText(reply);
  await expect(drawer.getByTestId('feedback-reply')).toContainText(`Trả lời bởi ${username}`);
  await drawer.getByRole('textbox', { name: /Ghi chú việc đã làm/ }).fill('Đã gọi điện xin lỗi bệnh nhân.');
  await drawer.getByRole('button', { name: 'Đã xử lý' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Đồng ý' }).click();
  await expect(toast(page, 'Đã đánh dấu khiếu nại đã xử lý')).toBeVisible();
  await expect(drawer.getByTestId('feedback-handled')).toContainText('Đã gọi điện xin lỗi bệnh nhân.');
  await expect(drawer.getByTestId('status-tag')).toHaveText('Đã xử lý');
  await snap(page, 'feedback-detail');
  await page.locator('.ant-drawer-close').click();
  await expect(page).not.toHaveURL(/feedback=/);
  // the list follows: no complaint waits now
  await expect(rows).toHaveCount(0);

  // the patient reads the reply in the app
  const mine = await page.request.get('/api/app/v1/feedbacks', { headers: patient });
  const minePage = (await mine.json()).data as { bookingId: number; reply: { text: string } | null; status: string }[];
  expect(minePage.find((f) => f.bookingId === done[0]!.id)).toMatchObject({ reply: { text: reply }, status: 'HANDLED' });

  // the patients who gave feedback
  await page.getByRole('tab', { name: 'Bệnh nhân đã phản hồi' }).click();
  const users = page.getByTestId('feedback-users').locator('.ant-table-tbody tr.ant-table-row');
  await expect(users).toHaveCount(1);
  await expect(users.first()).toContainText(visits.patientName);
  await expect(users.first()).toContainText('3,0'); // (1 + 5) / 2
  expect(await misfits(page)).toEqual([]);
  await expectAccessible(page, 'the patients who gave feedback');

  // the rate report: the department's one-star complaint and the five stars, averages and distribution
  await page.getByRole('tab', { name: 'Báo cáo đánh giá' }).click();
  await expect(page).toHaveURL(/tab=report/);
  const deps = page.getByTestId('rate-departments').locator('.ant-table-tbody tr.ant-table-row');
  const dep = deps.filter({ hasText: visits.departmentName });
  await expect(dep).toBeVisible();
  const cells = async () => dep.locator('td').allInnerTexts();
  expect((await cells()).map((c) => c.trim())).toEqual([visits.departmentName, '2', '1', '3,0', '3,0', '—', '1,0', '—']);
  await expect(deps.last()).toContainText('Tổng cộng');
  const stars = page.getByTestId('count-departments').locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: visits.departmentName });
  expect((await stars.locator('td').allInnerTexts()).map((c) => c.trim())).toEqual([visits.departmentName, '1', '0', '0', '0', '1', '2']);
  await expect(page.getByTestId('chart-feedback-departments').locator('.feedback-bar-value').first()).toHaveText('3,0');
  await expect(page.getByTestId('chart-feedback-stars').locator('.recharts-bar-rectangle').first()).toBeVisible();
  expect(await misfits(page)).toEqual([]);
  await expectAccessible(page, 'the rate report with its charts');
  await snap(page, 'feedback-report');

  // its Excel file: the same figures
  const file = await downloadBy(page, page.getByRole('button', { name: 'Xuất Excel' }));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await file.path())!);
  const ws = wb.getWorksheet('Theo khoa')!;
  expect(String(ws.getRow(1).getCell(1).value)).toMatch(/^Báo cáo đánh giá của bệnh nhân từ \d{2}\/\d{2}\/\d{4} đến \d{2}\/\d{2}\/\d{4}$/);
  expect(ws.getRow(3).values).toEqual([undefined, visits.departmentName, 2, 1, 3, 3, '—', 1, '—']);
  expect(ws.getRow(4).getCell(1).value).toBe('Tổng cộng');
  const dist = wb.getWorksheet('Số sao theo khoa')!;
  expect(dist.getRow(3).values).toEqual([undefined, visits.departmentName, 1, 0, 0, 0, 1, 2]);
});
