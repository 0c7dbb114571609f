import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { expectAccessible } from './a11y';
import { chooseOption, chooseOptions, FIXTURE_PASSWORD, loginViaApi, md5, misfits, snap, toast, uniq } from './helpers';

/**
 * Issue 20, the private clinic's members (/admin/SHP/members) and group chat (/admin/SHP/groups-chat), in a facility made
 * for the spec: a coordinator enrols a patient found by name, deactivates them with a reason and reactivates them; a
 * group is made with the patient; a message typed in one browser appears in a second one within a second, and so does a
 * patient's message sent from the app. Both screens fit 1,366 px with the sidebar open.
 */
const WIDTH = 1366;
test.use({ viewport: { width: WIDTH, height: 768 } });

type Patient = { userId: number; profileId: number; code: string; name: string; phone: string };

async function setup(request: APIRequestContext) {
  const [lan, minh] = [`phongkham_${uniq()}`, `dieuduong_${uniq()}`];
  const now = new Date().toISOString();
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử phòng khám',
      accounts: [
        { username: lan, password: FIXTURE_PASSWORD, name: 'Đỗ Thị Lan', authorities: ['MANAGER_SHP'], lastPasswordReset: now },
        { username: minh, password: FIXTURE_PASSWORD, name: 'Ngô Văn Minh', authorities: ['MANAGER_SHP'], lastPasswordReset: now },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { facilityId, facilityCode } = (await res.json()).data as { facilityId: number; facilityCode: string };
  const made = await request.post('/api/test/v1/fixtures/clinic-patients', { data: { facilityId, count: 2 } });
  expect(made.status(), await made.text()).toBe(200);
  const patients = (await made.json()).data as Patient[];
  return { lan, minh, facilityCode, patients };
}

async function staffToken(request: APIRequestContext, username: string) {
  const res = await request.put('/api/his/v1/user/login', { data: { emailOrPhone: username, password: md5(FIXTURE_PASSWORD) } });
  return (await res.json()).data.loginToken as string;
}

test('a patient found by name is enrolled, deactivated with a reason and reactivated; the screen fits 1,366 px', async ({ page, request }) => {
  const { lan, patients } = await setup(request);
  const patient = patients[0]!;
  await loginViaApi(page, lan, FIXTURE_PASSWORD);
  await page.goto('/admin/SHP/members');
  const main = page.locator('.shell-content');
  await expect(main.getByRole('heading', { name: 'Thành viên phòng khám' })).toBeVisible();
  await expect(main.getByText('Không có dữ liệu').first()).toBeVisible();

  await main.getByRole('button', { name: 'Ghi danh' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ghi danh thành viên' });
  await expect(dialog).toBeVisible();
  // found by the name typed without diacritics
  const find = dialog.getByRole('combobox', { name: 'Tìm bệnh nhân theo họ tên, số điện thoại hoặc mã bệnh nhân' });
  await find.click();
  await find.fill('nguyen thi hoa');
  await page.locator('.ant-select-item-option', { hasText: patient.code }).click();
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Chương trình chăm sóc' }), 'Đái tháo đường');
  await dialog.getByRole('textbox', { name: 'Ghi chú (chỉ nhân viên xem)' }).fill('Đường huyết lúc đói 8,1 mmol/L khi ra viện');
  await dialog.getByRole('button', { name: 'Ghi danh' }).click();
  await expect(dialog).toBeHidden();

  // the member's drawer opens
  const drawer = page.locator('.ant-drawer', { hasText: `Thành viên ${patient.name}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(patient.code)).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Ghi chú nội bộ' })).toHaveValue('Đường huyết lúc đói 8,1 mmol/L khi ra viện');
  await expect(drawer.getByTestId('survey-BLOOD_GLUCOSE').getByRole('switch')).toBeChecked();
  await snap(page, 'clinic-member-drawer');
  await expectAccessible(page, 'the member drawer');

  await drawer.getByRole('button', { name: 'Ngừng kích hoạt' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(`Ngừng kích hoạt thành viên ${patient.name}?`);
  // no reason: refused, nothing changes
  await confirm.getByRole('button', { name: 'Ngừng kích hoạt' }).click();
  await expect(toast(page, 'Vui lòng nhập lý do')).toBeVisible();
  await confirm.getByRole('textbox', { name: 'Lý do ngừng kích hoạt' }).fill('Chuyển về tuyến y tế cơ sở gần nhà');
  await confirm.getByRole('button', { name: 'Ngừng kích hoạt' }).click();
  await expect(confirm).toBeHidden();
  await expect(drawer.getByText(/Lý do ngừng gần nhất: Chuyển về tuyến y tế cơ sở gần nhà \(\d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await drawer.getByRole('button', { name: 'Kích hoạt lại' }).click();
  await expect(drawer.getByRole('button', { name: 'Ngừng kích hoạt' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  const row = main.locator('tr', { hasText: patient.code });
  await expect(row.getByTestId('member-state')).toHaveText('Đang hoạt động');
  await expect(row).toContainText('Đái tháo đường');
  // the list's filters: the programme, then a text without diacritics
  await chooseOption(page, main.getByRole('combobox', { name: 'Chương trình' }), 'Tăng huyết áp');
  await expect(main.locator('tr', { hasText: patient.code })).toHaveCount(0);
  await chooseOption(page, main.getByRole('combobox', { name: 'Chương trình' }), 'Đái tháo đường');
  await expect(row).toBeVisible();
  expect(await misfits(page, { width: WIDTH })).toEqual([]);
  await snap(page, 'clinic-members');
});

async function openChat(browser: Browser, username: string) {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 768 } });
  const page = await context.newPage();
  await loginViaApi(page, username, FIXTURE_PASSWORD);
  return { context, page };
}

test('a group with an enrolled patient: a message typed in one browser shows in the other within a second, as does the patient’s from the app', async ({
  browser,
  request,
}) => {
  const { lan, minh, facilityCode, patients } = await setup(request);
  const token = await staffToken(request, lan);
  const auth = { Authorization: `Bearer ${token}` };
  for (const p of patients) {
    const r = await request.post('/api/his/v1/shp/members', { headers: auth, data: { medicalProfileId: p.profileId, program: 'HYPERTENSION' } });
    expect(r.status(), await r.text()).toBe(200);
  }
  const first = await openChat(browser, lan);
  const second = await openChat(browser, minh);
  const [a, b] = [first.page, second.page];

  // Lan makes the group with the programme's members and Minh, in the screen
  await a.goto('/admin/SHP/groups-chat');
  await a.getByRole('button', { name: 'Tạo nhóm' }).click();
  const dialog = a.getByRole('dialog', { name: 'Tạo nhóm trò chuyện' });
  await dialog.getByRole('textbox', { name: 'Tên nhóm' }).fill('CLB Tăng huyết áp tháng 12');
  await chooseOption(a, dialog.getByRole('combobox', { name: 'Chương trình (không bắt buộc)' }), 'Tăng huyết áp');
  await dialog.getByRole('checkbox', { name: 'Thêm mọi thành viên đang hoạt động của chương trình' }).check();
  await chooseOptions(a, dialog.getByRole('combobox', { name: 'Nhân viên' }), ['Ngô Văn Minh']);
  await dialog.getByRole('button', { name: 'Tạo nhóm' }).click();
  await expect(dialog).toBeHidden();
  const paneA = a.getByTestId('chat-pane');
  await expect(paneA.getByRole('heading', { name: 'CLB Tăng huyết áp tháng 12' })).toBeVisible();
  await expect(paneA.getByRole('button', { name: '4 người' })).toBeVisible();
  await expect(a).toHaveURL(/\/admin\/SHP\/groups-chat\?group=\d+$/);
  const groupUrl = a.url();

  // Minh opens the same conversation in another browser
  await b.goto(groupUrl);
  const paneB = b.getByTestId('chat-pane');
  await expect(paneB.getByText('Chưa có tin nhắn. Hãy gửi lời chào đầu tiên!')).toBeVisible();

  const text = 'Chào cả nhà, tuần này các bác nhớ đo huyết áp buổi sáng trước khi uống thuốc nhé.';
  const box = paneA.getByRole('textbox', { name: /Nhập tin nhắn/ });
  await box.fill(text);
  const sentAt = Date.now();
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(paneB.getByTestId('chat-message').filter({ hasText: text })).toBeVisible({ timeout: 5000 });
  const delay = Date.now() - sentAt;
  console.log(`chat message reached the second browser in ${delay} ms`);
  expect(delay).toBeLessThan(1000);
  await expect(paneB.getByTestId('chat-message').filter({ hasText: text })).toContainText('Đỗ Thị Lan');

  // the patient answers from the app: both screens show it; Lan's read mark shows under it in Minh's screen
  const login = await request.put('/api/app/v1/user/login', { data: { facilityCode, emailOrPhone: patients[0]!.phone, password: md5('BenhNhan@2025') } });
  const patientAuth = { Authorization: `Bearer ${(await login.json()).data.loginToken}` };
  const groups = await request.get('/api/app/v1/clinic/groups', { headers: patientAuth });
  const groupId = (await groups.json()).data[0].id as number;
  const reply = 'Dạ sáng nay tôi đo được 135/85, vậy có cần tăng liều không bác sĩ?';
  const sent = await request.post(`/api/app/v1/clinic/groups/${groupId}/messages`, { headers: patientAuth, data: { text: reply } });
  expect(sent.status(), await sent.text()).toBe(200);
  for (const pane of [paneA, paneB]) await expect(pane.getByTestId('chat-message').filter({ hasText: reply })).toContainText(patients[0]!.name);
  await expect(paneB.getByTestId('chat-seen').last()).toContainText('Đỗ Thị Lan');

  // a moderator hides a message; the other screen shows it hidden
  await paneA.getByTestId('chat-message').filter({ hasText: reply }).getByRole('button', { name: 'Ẩn tin nhắn' }).click();
  await expect(paneB.getByTestId('chat-message').filter({ hasText: reply })).toHaveClass(/is-hidden/);
  expect(await misfits(a, { width: WIDTH })).toEqual([]);
  await snap(a, 'clinic-chat');
  await expectAccessible(a, '/admin/SHP/groups-chat with messages');
  await first.context.close();
  await second.context.close();
});
