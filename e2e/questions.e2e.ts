import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { chooseOption, exactText, FIXTURE_PASSWORD, isChunkOf, loginViaApi, md5, misfits, toast, uniq } from './helpers';

/**
 * Issue 19, questions (/admin/question, /admin/question/:id) as a moderator of a facility made for the spec: a patient
 * asks in the app and the question arrives live on the open list; it is accepted, answered with bold text in the
 * rich-text editor under a doctor's name, and the public answers show it (bold kept, no personal data). Two more new
 * questions are accepted at once from the list. Both screens fit 1,366 px.
 */
const WIDTH = 1366;
test.use({ viewport: { width: WIDTH, height: 768 } });

/** A status button of the list (a radio drawn as a button: its input is hidden). */
const statusButton = (main: Locator, text: string) => main.locator('.ant-radio-button-wrapper', { hasText: exactText(text) });

async function setup(request: APIRequestContext) {
  const username = `hoidap_${uniq()}`;
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử hỏi đáp',
      accounts: [
        { username, password: FIXTURE_PASSWORD, name: 'Lê Thu Hà', authorities: ['MANAGER_CONSULTATION'], lastPasswordReset: new Date().toISOString() },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { facilityId, facilityCode } = (await res.json()).data as { facilityId: number; facilityCode: string };
  const asker = await request.post('/api/test/v1/fixtures/question-asker', { data: { facilityId } });
  expect(asker.status(), await asker.text()).toBe(200);
  const { phone, specialtyId } = (await asker.json()).data as { phone: string; specialtyId: number };
  const login = await request.put('/api/app/v1/user/login', { data: { facilityCode, emailOrPhone: phone, password: md5('BenhNhan@2025') } });
  expect(login.status(), await login.text()).toBe(200);
  const patientToken = (await login.json()).data.loginToken as string;
  const ask = async (title: string) => {
    const r = await request.post('/api/app/v1/questions', {
      headers: { Authorization: `Bearer ${patientToken}` },
      data: { title, content: `${title}: tôi bị đã hai tuần, uống thuốc không đỡ. Tôi có cần nội soi không?`, specialtyId },
    });
    expect(r.status(), await r.text()).toBe(200);
    return (await r.json()).data.id as number;
  };
  return { username, facilityCode, ask };
}

test('a question arrives live, is accepted, answered with bold text and reaches the public answers', async ({ page, request }) => {
  const { username, facilityCode, ask } = await setup(request);
  await loginViaApi(page, username, FIXTURE_PASSWORD);
  await page.goto('/admin/question');
  const main = page.locator('.shell-content');
  await expect(main.getByRole('heading', { name: 'Quản lý câu hỏi' })).toBeVisible();
  await expect(statusButton(main, 'Tất cả (0)')).toBeVisible();
  // the list loads no editor code: the editor is its own chunk
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));

  // the patient asks; the open list shows it without a reload
  const id = await ask('Đau họng kéo dài');
  const row = main.locator('tr', { hasText: 'Đau họng kéo dài' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('question-status')).toHaveText('Chờ duyệt');
  await expect(row).toContainText('Trần Thị Mai');
  await expect(statusButton(main, 'Chờ duyệt (1)')).toBeVisible();
  expect(await misfits(page, { width: WIDTH, buttons: true })).toEqual([]);

  await row.getByRole('button', { name: 'Duyệt' }).click();
  await expect(toast(page, 'Đã duyệt câu hỏi')).toBeVisible();
  await expect(row.getByTestId('question-status')).toHaveText('Đã duyệt');

  // the detail: answer under the doctor's name, with bold text
  await row.getByRole('link', { name: 'Đau họng kéo dài' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/question/${id}$`));
  await expect(main.getByTestId('question-title')).toHaveText('Đau họng kéo dài');
  await chooseOption(page, main.getByRole('combobox', { name: 'Bác sĩ trả lời' }), 'Phạm Thu Trang');
  const editor = main.getByRole('textbox', { name: 'Câu trả lời của bác sĩ' });
  await editor.click();
  await page.keyboard.type('Chị nên đi ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('nội soi tai mũi họng');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' sớm.');
  await expect(editor.locator('strong')).toHaveText('nội soi tai mũi họng');
  expect(scripts.some(isChunkOf('src/core/rich-text/RichTextEditor.tsx'))).toBe(true);
  await main.getByRole('button', { name: 'Gửi câu trả lời' }).click();
  await expect(toast(page, 'Đã cập nhật câu hỏi')).toBeVisible();
  await expect(main.getByTestId('question-status')).toHaveText('Đã trả lời');
  await expect(main.getByRole('button', { name: 'Cập nhật câu trả lời' })).toBeVisible();

  // an internal comment stays on the screen
  await main.getByRole('textbox', { name: 'Thêm bình luận' }).fill('Đã nhờ BS Trang trả lời');
  await main.getByRole('button', { name: 'Thêm bình luận' }).click();
  await expect(main.getByTestId('question-comments')).toContainText('Đã nhờ BS Trang trả lời');
  expect(await misfits(page, { width: WIDTH, buttons: true })).toEqual([]);

  // the public answers: bold kept, no name or phone of the asker
  const pub = await request.get(`/api/app/v1/public/questions?facilityCode=${facilityCode}`);
  expect(pub.status()).toBe(200);
  const body = (await pub.json()) as { data: { id: number; answerHtml: string; asker: string; doctor: { title: string } }[] };
  const answer = body.data.find((q) => q.id === id)!;
  expect(answer.answerHtml).toContain('<strong>nội soi tai mũi họng</strong>');
  expect(answer.doctor.title).toBe('ThS.BS Phạm Thu Trang');
  expect(JSON.stringify(body)).not.toContain('Trần Thị Mai');

  // two new questions accepted at once from the list
  await ask('Ho khan về đêm');
  await ask('Nghẹt mũi kéo dài');
  await page.goto('/admin/question?status=NEW');
  await expect(main.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await main.getByRole('checkbox', { name: /chọn tất cả|select all/i }).check();
  await main.getByRole('button', { name: 'Duyệt 2 câu hỏi' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Đồng ý' }).click();
  await expect(toast(page, 'Đã duyệt 2/2 câu hỏi')).toBeVisible();
  await expect(statusButton(main, 'Đã duyệt (2)')).toBeVisible();
});
