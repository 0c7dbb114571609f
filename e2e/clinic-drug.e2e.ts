import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './a11y';
import { FIXTURE_PASSWORD, loginViaApi, md5, misfits, uniq } from './helpers';

/**
 * Issue 20, medicine reminders (/admin/SHP/drug, /admin/SHP/drug/:userId) as a coordinator of a facility made for the
 * spec. A member takes a medicine at the next minute (+07:00): the server's recurring sweep reminds the dose on
 * schedule — it appears on the member's page and in the member's app inbox — and the member's confirmation in the app
 * moves the adherence on the screen from "—" to 100 %. A second medicine is added through the form, after the form
 * refused an end before the start in Vietnamese. Every screen fits 1,366 px; axe finds nothing serious on the list and the
 * member page.
 */
const WIDTH = 1366;
test.use({ viewport: { width: WIDTH, height: 768 } });

/** The +07:00 wall clock "HH:MM" of `ms`. */
const vnTime = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(11, 16);

async function setup(request: APIRequestContext) {
  const username = `nhacthuoc_${uniq()}`;
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử nhắc thuốc',
      accounts: [{ username, password: FIXTURE_PASSWORD, name: 'Đỗ Thị Hằng', authorities: ['MANAGER_SHP'], lastPasswordReset: new Date().toISOString() }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { facilityId, facilityCode } = (await res.json()).data as { facilityId: number; facilityCode: string };
  // the dose falls due at the start of the next minute (two minutes on when this one is nearly over)
  const now = Date.now();
  const due = Math.floor(now / 60_000 + (now % 60_000 > 45_000 ? 2 : 1)) * 60_000;
  const time = vnTime(due);
  const m = await request.post('/api/test/v1/fixtures/clinic-drug-member', {
    data: { facilityId, name: 'Ngô Văn Tám', program: 'HYPERTENSION', medicine: { name: 'Amlodipin 5 mg', dose: '1 viên', time, enteredMinutesAgo: 5 } },
  });
  expect(m.status(), await m.text()).toBe(200);
  const member = (await m.json()).data as { userId: number; phone: string };
  const login = await request.put('/api/app/v1/user/login', { data: { facilityCode, emailOrPhone: member.phone, password: md5('BenhNhan@2025') } });
  expect(login.status(), await login.text()).toBe(200);
  const patient = { Authorization: `Bearer ${(await login.json()).data.loginToken as string}` };
  return { username, userId: member.userId, time, due, patient };
}

test('a dose is reminded on schedule and its confirmation in the app moves the adherence on the screen', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { username, userId, time, due, patient } = await setup(request);
  await loginViaApi(page, username, FIXTURE_PASSWORD);

  // the list: the member, no dose due yet
  await page.goto('/admin/SHP/drug');
  const main = page.locator('.shell-content');
  await expect(main.getByRole('heading', { name: 'Nhắc uống thuốc' })).toBeVisible();
  const row = main.locator('tr.ant-table-row', { hasText: 'Ngô Văn Tám' });
  await expect(row).toContainText('Tăng huyết áp');
  await expect(row).toContainText('—');
  expect(await misfits(page, { width: WIDTH, buttons: true })).toEqual([]);
  await main.getByRole('tab', { name: 'Thống kê tuân thủ' }).click();
  await expect(main.getByTestId('drug-programs')).toContainText('Tăng huyết áp');
  expect(await misfits(page, { width: WIDTH, buttons: true })).toEqual([]);

  // the member's page: the medicine, and no dose before its time
  await page.goto(`/admin/SHP/drug/${userId}`);
  await expect(main.getByRole('heading', { name: /Ngô Văn Tám/ })).toBeVisible();
  await expect(main.getByTestId('member-medicines')).toContainText('Amlodipin 5 mg');
  await expect(main.getByTestId('member-medicines')).toContainText(time);
  await expect(main.getByTestId('member-adherence')).toHaveText('—');
  expect(Date.now()).toBeLessThan(due);
  expect(await misfits(page, { width: WIDTH, buttons: true })).toEqual([]);

  // on schedule: the sweep (a recurring job every minute) writes the dose and reminds it
  const doses = main.getByTestId('member-doses');
  await expect(async () => {
    await page.reload();
    await expect(doses.getByTestId('dose-status').first()).toHaveText('Chờ xác nhận', { timeout: 2_000 });
  }).toPass({ timeout: 150_000, intervals: [5_000] });
  expect(Date.now()).toBeGreaterThanOrEqual(due);
  await expect(doses).toContainText('Amlodipin 5 mg');

  // the member's app: the reminder in the inbox, then the confirmation of the dose
  const inbox = await request.get('/api/app/v1/notifications', { headers: patient });
  expect(inbox.status()).toBe(200);
  const items = (await inbox.json()).data.items as { body: string; link: string | null }[];
  const reminder = items.find((i) => i.body.startsWith(`Đến giờ uống thuốc (${time}): Amlodipin 5 mg, 1 viên.`));
  expect(reminder, JSON.stringify(items)).toBeTruthy();
  const mine = await request.get('/api/app/v1/clinic/doses', { headers: patient });
  const dose = ((await mine.json()).data as { id: number; status: string }[])[0]!;
  expect(reminder!.link).toBe(`/phong-kham/lieu-thuoc/${dose.id}`);
  const confirmed = await request.post(`/api/app/v1/clinic/doses/${dose.id}/confirmation`, { headers: patient });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  // the screen's figure moves: 100 %, the dose taken, today green in the calendar
  await page.reload();
  await expect(main.getByTestId('member-adherence')).toHaveText('100 %');
  await expect(doses.getByTestId('dose-status').first()).toHaveText('Đã uống');
  await expect(main.getByTestId('drug-calendar').locator('[data-tone="good"]')).toHaveCount(1);
  await expectAccessible(page, 'the member page');

  // a second medicine through the form: an end before the start is refused in Vietnamese, then saved
  await main.getByRole('button', { name: 'Thêm thuốc' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm thuốc' });
  await dialog.getByLabel('Tên thuốc', { exact: true }).fill('Losartan 50 mg');
  await dialog.getByLabel('Liều mỗi lần').fill('1 viên');
  const times = dialog.getByLabel('Giờ uống (HH:MM)');
  await times.fill('19:00');
  await times.press('Enter');
  await dialog.getByLabel('Ngày bắt đầu').fill('01/12/2026');
  await dialog.getByLabel('Ngày kết thúc (để trống nếu dùng dài hạn)').fill('30/11/2026');
  expect(await misfits(page, { width: WIDTH, buttons: true })).toEqual([]);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toContainText('Ngày kết thúc phải sau hoặc bằng ngày bắt đầu');
  await dialog.getByLabel('Ngày kết thúc (để trống nếu dùng dài hạn)').fill('');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toBeHidden();
  await expect(main.getByTestId('member-medicines')).toContainText('Losartan 50 mg');
  await expect(main.getByTestId('member-medicines')).toContainText('Từ 01/12/2026, dài hạn');

  // back on the list: the member's figure
  await page.goto('/admin/SHP/drug');
  await expect(main.locator('tr.ant-table-row', { hasText: 'Ngô Văn Tám' }).getByTestId('adherence')).toHaveText('100 %');
  await expectAccessible(page, 'the medicine reminders list');
});
