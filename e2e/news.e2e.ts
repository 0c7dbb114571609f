import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatDateTime } from '../packages/shared/src/rules/format';
import { FIXTURE_PASSWORD, isChunkOf, loginViaApi, misfits, snap, toast, uniq } from './helpers';

/**
 * Issue 18, news (/admin/news, /admin/news/create, /admin/news/edit/:alias) as an editor of a facility made for the
 * spec: an article is written with bold text and an image in the rich-text editor, its alias follows the title, it is
 * previewed as a patient sees it and scheduled a minute ahead; the publication job publishes it and the public API
 * lists it (bold and image kept, sanitised). The private clinic's news (/admin/SHP/news) stays apart. Both fit 1,366 px.
 */
const WIDTH = 1366;
test.use({ viewport: { width: WIDTH, height: 768 } });

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function editor(request: APIRequestContext) {
  const username = `news_${uniq()}`;
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử tin tức',
      accounts: [
        { username, password: FIXTURE_PASSWORD, name: 'Đỗ Thị Thu', authorities: ['MANAGER_NEWS', 'MANAGER_SHP'], lastPasswordReset: new Date().toISOString() },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { username, facilityId: (await res.json()).data.facilityId as number };
}

const publicList = async (request: APIRequestContext, facilityId: number, scope: 'MAIN' | 'SHP') => {
  const res = await request.get(`/api/news/v1/public/articles?hospitalId=${facilityId}&scope=${scope}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { totalElements: number; data: { alias: string; title: string }[] };
};

test('an article with bold text and an image, scheduled a minute ahead, reaches the public list; SHP news apart', async ({ page, request }) => {
  test.setTimeout(300_000);
  const { username, facilityId } = await editor(request);
  await loginViaApi(page, username, FIXTURE_PASSWORD);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  const editorCode = () => scripts.filter(isChunkOf('src/core/rich-text/RichTextEditor.tsx'));
  await page.goto('/admin/news');
  const main = page.locator('.shell-content');
  await expect(main.getByRole('heading', { name: 'Danh sách tin tức' })).toBeVisible();
  await expect(main.locator('.ant-table')).toBeVisible();
  // the list loads no editor code: the editor is its own chunk, loaded by the form
  expect(editorCode()).toEqual([]);
  expect(await misfits(page, { width: WIDTH, buttons: true })).toEqual([]);

  await main.getByRole('button', { name: 'Thêm tin tức' }).click();
  await expect(page).toHaveURL(/\/admin\/news\/create$/);
  await main.getByLabel('Tiêu đề', { exact: true }).fill('Khám sàng lọc ung thư vú miễn phí tháng 12');
  await expect(main.getByLabel('Đường dẫn')).toHaveValue('kham-sang-loc-ung-thu-vu-mien-phi-thang-12');
  await expect.poll(() => editorCode().length).toBe(1);
  await main.getByLabel('Tóm tắt').fill('Phụ nữ từ 40 tuổi được khám và siêu âm tuyến vú miễn phí.');

  // the body: plain words, then bold ones, then an image uploaded through the editor
  const body = main.getByRole('textbox', { name: 'Nội dung' });
  await body.click();
  await page.keyboard.type('Đăng ký trên ứng dụng. ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Số lượng có hạn');
  await page.keyboard.press('Control+b');
  await main.locator('.rte input[type=file]').setInputFiles({ name: 'sang-loc.png', mimeType: 'image/png', buffer: PNG });
  await expect(body.locator('img')).toHaveCount(1);
  await expect(body.locator('strong')).toHaveText('Số lượng có hạn');
  expect(await misfits(page, { width: WIDTH, buttons: true })).toEqual([]);

  // a minute ahead, to the minute (DD/MM/YYYY HH:mm, +07:00)
  const at = formatDateTime(new Date(Date.now() + 90_000));
  await main.getByLabel('Thời điểm đăng').fill(at);
  await main.getByRole('button', { name: 'Lưu và hẹn giờ đăng' }).click();
  await expect(toast(page, `Đã hẹn đăng lúc ${at}`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/news\/edit\/kham-sang-loc-ung-thu-vu-mien-phi-thang-12$/);
  await expect(main.getByTestId('news-form-status')).toHaveText('Hẹn giờ đăng');
  await expect(main.getByTestId('news-history')).toContainText('Tạo bài viết');

  // the preview shows the saved, sanitised article at a phone's width
  await main.getByRole('button', { name: 'Lưu và xem trước' }).click();
  const preview = page.getByTestId('news-preview');
  await expect(preview.locator('.news-preview-body strong')).toHaveText('Số lượng có hạn');
  await expect(preview.locator('img[src^="/api/content/v1/images/"]')).toHaveCount(1);
  await snap(page, 'news-preview');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // not public before its time; published by the job at its time
  expect((await publicList(request, facilityId, 'MAIN')).totalElements).toBe(0);
  await expect
    .poll(async () => (await publicList(request, facilityId, 'MAIN')).data.map((a) => a.alias), { timeout: 180_000, intervals: [2000] })
    .toEqual(['kham-sang-loc-ung-thu-vu-mien-phi-thang-12']);
  const article = await request.get(`/api/news/v1/public/articles/kham-sang-loc-ung-thu-vu-mien-phi-thang-12?hospitalId=${facilityId}`);
  const data = (await article.json()).data as { bodyHtml: string };
  expect(data.bodyHtml).toContain('<strong>Số lượng có hạn</strong>');
  expect(data.bodyHtml).toMatch(/<img src="\/api\/content\/v1\/images\/[a-f0-9]{32}\.png"/);

  await page.goto('/admin/news');
  await expect(main.getByTestId('news-status').first()).toHaveText('Đã đăng');
  await snap(page, 'news-list');

  // the private clinic's news is apart: its list and its public list are empty
  await page.goto('/admin/SHP/news');
  await expect(main.getByRole('heading', { name: 'Tin tức phòng khám tư' })).toBeVisible();
  await expect(main.getByText('Khám sàng lọc ung thư vú')).toHaveCount(0);
  expect(await misfits(page, { width: WIDTH, buttons: true })).toEqual([]);
  expect((await publicList(request, facilityId, 'SHP')).totalElements).toBe(0);

  // the clinic's own article: saved as a draft straight into its preview, under /admin/SHP/news
  await main.getByRole('button', { name: 'Thêm tin tức' }).click();
  await expect(page).toHaveURL(/\/admin\/SHP\/news\/create$/);
  await main.getByLabel('Tiêu đề', { exact: true }).fill('Phòng khám tư mở cửa Chủ nhật');
  await main.getByRole('button', { name: 'Lưu và xem trước' }).click();
  await expect(page.getByTestId('news-preview')).toContainText('Phòng khám tư mở cửa Chủ nhật');
  await expect(page).toHaveURL(/\/admin\/SHP\/news\/edit\/phong-kham-tu-mo-cua-chu-nhat$/);
  await page.keyboard.press('Escape');
  await page.goto('/admin/SHP/news');
  await expect(main.getByText('Phòng khám tư mở cửa Chủ nhật')).toBeVisible();
  await page.goto('/admin/news');
  await expect(main.getByText('Khám sàng lọc ung thư vú miễn phí tháng 12')).toBeVisible();
  await expect(main.getByText('Phòng khám tư mở cửa Chủ nhật')).toHaveCount(0);
  // a draft is not public
  expect((await publicList(request, facilityId, 'SHP')).totalElements).toBe(0);
});
