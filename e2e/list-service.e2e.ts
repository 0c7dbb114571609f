import { expect, test, type Page, type Request } from '@playwright/test';
import { chooseOption, shotPath, snap } from './helpers';

/**
 * The public service price page (/list-service): no login, its own small bundle, search by
 * code / name (without diacritics) / type, paging 50 or 100, the search kept in the URL, a
 * 360 px phone layout, and a first contentful paint under 1 s.
 */

const LOOKUP = '/api/catalog/v1/emr/medical-services/lookup';
const ABDOMEN = 'Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)';

const isLookup = (r: Request) => r.url().includes(LOOKUP);
const lookupParams = (r: Request) => new URL(r.url()).searchParams;

/** Rows of the desktop table (or cards of the phone layout). */
const rows = (page: Page) => page.locator('[data-testid=service-row], [data-testid=service-card]');
const results = (page: Page) => page.getByTestId('results');

async function settled(page: Page) {
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
}

/** Picks a service type in the type dropdown of the search row. */
async function chooseType(page: Page, label: string) {
  await chooseOption(page, page.getByRole('combobox', { name: 'Loại dịch vụ' }), label);
}

async function openPage(page: Page, query = '') {
  await page.goto(`/list-service${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bảng giá dịch vụ bệnh viện' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await settled(page);
}

test.describe('public service price page', () => {
  test('opens without login: header, default type, 50 rows, footer, no admin bundle', async ({ page }) => {
    const scripts: string[] = [];
    const authHeaders: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      const auth = r.headers().authorization;
      if (auth) authHeaders.push(auth);
    });
    await openPage(page);

    await expect(page).toHaveURL(/\/list-service$/); // no redirect to /login
    await expect(page).toHaveTitle('Bảng giá dịch vụ bệnh viện – Bệnh viện Đa khoa An Phúc');
    const header = page.locator('header');
    // "Trang chủ" is the hospital's website, not the staff sign-in
    await expect(header.getByRole('link', { name: 'Trang chủ' })).toHaveAttribute('href', 'https://benhvienanphuc.vn');
    await expect(header.getByRole('img', { name: 'Logo Bệnh viện Đa khoa An Phúc' })).toBeVisible();
    await expect(header.getByTestId('header-hotline')).toHaveAttribute('href', 'tel:19006115');
    await expect(header.getByTestId('header-hotline')).toContainText('1900 6115');

    // default type 10 = Khám bệnh, 50 rows, serial numbers from 1, prices in VND
    await expect(page.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: 'Khám bệnh' }).first()).toBeVisible();
    await expect(rows(page)).toHaveCount(50);
    const first = rows(page).first().locator('td');
    await expect(first.nth(0)).toHaveText('1');
    await expect(first.nth(3)).toHaveText(/^\d{1,3}(\.\d{3})* ₫$/);
    await expect(first.nth(6)).toHaveText('Khám bệnh');
    await expect(rows(page).nth(49).locator('td').first()).toHaveText('50');
    await expect(page.getByTestId('total')).toHaveText(/^Tổng số: \d{1,3}(\.\d{3})* dịch vụ$/);
    // a price the service does not have shows a dash
    await expect(page.locator('[data-testid=service-row] td').filter({ hasText: /^—$/ }).first()).toBeVisible();
    // the search boxes enforce the spec's limits
    await expect(page.getByRole('searchbox', { name: 'Mã dịch vụ' })).toHaveAttribute('maxlength', '20');
    await expect(page.getByRole('searchbox', { name: 'Tên dịch vụ' })).toHaveAttribute('maxlength', '200');

    const footer = page.locator('footer');
    await expect(footer).toContainText('Bệnh viện Đa khoa An Phúc');
    await expect(footer).toContainText('Tận tâm chăm sóc – Vững tin chữa lành');
    await expect(footer).toContainText('215 Lê Duẩn, phường Cửa Nam, thành phố Hà Nội');
    await expect(footer.getByRole('link', { name: '024 3942 1115' })).toHaveAttribute('href', 'tel:02439421115');
    await expect(footer.getByRole('link', { name: '1900 6115' })).toHaveAttribute('href', 'tel:19006115');
    await expect(footer).toContainText('Cấp cứu');
    await expect(footer.getByRole('link', { name: 'benhvienanphuc.vn' })).toHaveAttribute('href', 'https://benhvienanphuc.vn');
    await expect(footer.getByRole('img', { name: 'PGS.TS.BS Trần Văn Minh' })).toBeVisible();
    await expect(footer).toContainText('Giám đốc bệnh viện');
    await expect(footer.locator('.ls-expert')).toHaveCount(4);

    expect(authHeaders).toEqual([]);
    expect(
      scripts.some((s) => /\/assets\/(admin|admin-shell|login-page)-/.test(s)),
      scripts.join('\n'),
    ).toBe(false);
  });

  test('name typed without diacritics reloads after the 500 ms pause, from page 1; the URL keeps it', async ({ page }) => {
    await openPage(page, '?trang=2');
    await expect(rows(page).first().locator('td').first()).toHaveText('51');
    await chooseType(page, 'Tất cả');
    await settled(page);

    const sent: { at: number; name: string | null; page: string | null }[] = [];
    page.on('request', (r) => {
      if (isLookup(r)) sent.push({ at: Date.now(), name: lookupParams(r).get('name'), page: lookupParams(r).get('page') });
    });
    const box = page.getByRole('searchbox', { name: 'Tên dịch vụ' });
    // the moment of the last keystroke as the page saw it (a loaded machine delays Node's own clock reading)
    await box.evaluate((el) => el.addEventListener('input', () => ((window as unknown as { lastInputAt: number }).lastInputAt = Date.now())));
    await box.pressSequentially('sieu am bung', { delay: 60 });
    await expect(rows(page).filter({ hasText: ABDOMEN })).toHaveCount(1);
    await settled(page);

    // one request, only after the pause, for the whole text, back on page 1
    expect(sent.map((s) => s.name)).toEqual(['sieu am bung']);
    const typedAt = await page.evaluate(() => (window as unknown as { lastInputAt: number }).lastInputAt);
    expect(sent[0].at - typedAt).toBeGreaterThanOrEqual(400);
    expect(sent[0].page).toBe('0');
    await expect(rows(page).first().locator('td').first()).toHaveText('1');
    const row = rows(page).filter({ hasText: ABDOMEN });
    await expect(row.locator('td').nth(6)).toHaveText('Chẩn đoán hình ảnh');
    await expect(row.locator('td').nth(3)).toHaveText(/ ₫$/);

    await expect(page).toHaveURL(/\/list-service\?ten=sieu\+am\+bung&loai=-1$|\/list-service\?ten=sieu%20am%20bung&loai=-1$/);

    // a shared link (or a reload) restores the search
    await page.reload();
    await expect(rows(page).filter({ hasText: ABDOMEN })).toHaveCount(1);
    await expect(page.getByRole('searchbox', { name: 'Tên dịch vụ' })).toHaveValue('sieu am bung');
    await expect(page.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: 'Tất cả' }).first()).toBeVisible();
  });

  test('code + Enter searches at once; empty result notice; changing the type finds it', async ({ page }) => {
    await page.clock.install();
    await openPage(page);
    const box = page.getByRole('searchbox', { name: 'Mã dịch vụ' });
    // Time stands still: the 500 ms pause can never end, so only Enter can send this search.
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await box.fill('CDHA.0358');
    const req = page.waitForRequest((r) => isLookup(r) && lookupParams(r).get('syncValue') === 'CDHA.0358');
    await box.press('Enter');
    await req;
    await page.clock.resume();
    await settled(page);

    // CDHA.0358 is an imaging service: nothing of type 10 (Khám bệnh) matches
    await expect(page.getByTestId('empty')).toHaveText('Không tìm thấy dịch vụ phù hợp');
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByTestId('total')).toHaveText('Tổng số: 0 dịch vụ');
    // ...but it exists in another type: the page says so and offers every type
    await expect(page.getByTestId('elsewhere')).toContainText('Có 1 dịch vụ phù hợp ở các loại dịch vụ khác.');
    await snap(page, 'list-service-elsewhere');
    await page.getByRole('button', { name: 'Xem trong tất cả các loại' }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(ABDOMEN);

    const typeReq = page.waitForRequest((r) => isLookup(r) && lookupParams(r).get('type') === '30');
    await chooseType(page, 'Chẩn đoán hình ảnh');
    await typeReq;
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(ABDOMEN);
    await expect(rows(page).first().locator('td').nth(1)).toHaveText('CDHA.0358');
    await expect(page.getByTestId('empty')).toHaveCount(0);
    await expect(page).toHaveURL(/\?ma=CDHA.0358&loai=30$/);

    // Enter again reloads even though nothing changed
    const again = page.waitForRequest((r) => isLookup(r) && lookupParams(r).get('syncValue') === 'CDHA.0358');
    await box.press('Enter');
    await again;

    // clearing the box searches at once
    const cleared = page.waitForRequest((r) => isLookup(r) && !lookupParams(r).has('syncValue'));
    await box.fill('');
    await cleared;
    await settled(page);
    await expect(rows(page)).toHaveCount(50);
  });

  test('page size 100, paging with continuing serial numbers; a reload restores the page', async ({ page }) => {
    await openPage(page, '?loai=-1');
    await expect(rows(page)).toHaveCount(50);

    await chooseOption(page, page.locator('.ant-pagination-options').getByRole('combobox'), '100 / trang');
    await settled(page);
    await expect(rows(page)).toHaveCount(100);
    await expect(rows(page).nth(99).locator('td').first()).toHaveText('100');
    await expect(page).toHaveURL(/\?loai=-1&so=100$/);

    await page.locator('.ant-pagination-item-2').click();
    await settled(page);
    await expect(rows(page).first().locator('td').first()).toHaveText('101');
    await expect(rows(page).nth(99).locator('td').first()).toHaveText('200');
    await expect(page).toHaveURL(/\?loai=-1&trang=2&so=100$/);

    await page.reload();
    await settled(page);
    await expect(rows(page)).toHaveCount(100);
    await expect(rows(page).first().locator('td').first()).toHaveText('101');
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');

    // a new search goes back to page 1
    await chooseType(page, 'Xét nghiệm');
    await settled(page);
    await expect(rows(page).first().locator('td').first()).toHaveText('1');
    await expect(page).toHaveURL(/\?loai=20&so=100$/);
  });

  test("a failed load shows the server's Vietnamese message, and 'Thử lại' recovers", async ({ page }) => {
    let broken = true;
    // Ask the real server for an oversized page: it answers 400 with its own message.
    await page.route(`**${LOOKUP}?*`, (route) => {
      if (!broken) return route.continue();
      const url = new URL(route.request().url());
      url.searchParams.set('size', '100000');
      return route.continue({ url: url.toString() });
    });
    await page.goto('/list-service');
    await expect(page.getByRole('alert')).toContainText('Không tải được bảng giá');
    await expect(page.getByTestId('load-error').first()).toHaveText('Số dòng mỗi trang tối đa 100');
    await expect(page.getByTestId('empty')).toHaveCount(0);

    broken = false;
    await page.getByRole('button', { name: 'Thử lại' }).click();
    await settled(page);
    await expect(rows(page)).toHaveCount(50);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('desktop screenshot', async ({ page }) => {
    await openPage(page, '?loai=-1');
    await snap(page, 'list-service-desktop');
    await page.screenshot({ path: shotPath('list-service-desktop-full'), fullPage: true, animations: 'disabled' });
  });

  test('360 × 740 phone: cards, no sideways scrolling, usable search', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openPage(page);
    await expect(page.getByTestId('service-card').first()).toBeVisible();
    await expect(page.getByTestId('price-table')).toHaveCount(0);
    // the layout settles after the cards' first paint (under a loaded CI a search's cards were measured 14 px wide once)
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'list-service-mobile');

    // the search works on the phone too
    await chooseType(page, 'Tất cả');
    await settled(page);
    await page.getByRole('searchbox', { name: 'Tên dịch vụ' }).pressSequentially('sieu am bung', { delay: 30 });
    await expect(page.getByTestId('service-card').filter({ hasText: ABDOMEN })).toHaveCount(1);
    await settled(page);
    const card = page.getByTestId('service-card').filter({ hasText: ABDOMEN });
    await expect(card).toContainText('Chẩn đoán hình ảnh');
    await expect(card).toContainText('Giá BHYT');
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'list-service-mobile-search');

    // page size on the phone
    await chooseType(page, 'Xét nghiệm');
    await page.getByRole('searchbox', { name: 'Tên dịch vụ' }).fill('');
    await settled(page);
    await expect(page.getByTestId('service-card')).toHaveCount(50);
    await chooseOption(page, page.getByRole('combobox', { name: 'Số dịch vụ mỗi trang' }), '100 / trang');
    await settled(page);
    await expect(page.getByTestId('service-card')).toHaveCount(100);
    await expect(page).toHaveURL(/\?loai=20&so=100$/);
    await page.screenshot({ path: shotPath('list-service-mobile-full'), fullPage: true, animations: 'disabled' });
  });
  // First contentful paint is measured by `npm run bench -- pages`, not by a timed test.
});
