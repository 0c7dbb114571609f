import { expect, test, type APIRequestContext } from '@playwright/test';
import { T } from '../apps/web/src/app/messages';
import { SEARCH_UI } from '../apps/web/src/modules/search/search.messages';
import { expectAccessible } from './a11y';
import { FIXTURE_PASSWORD, loginViaApi, makeAccount, snap, uniq } from './helpers';

/**
 * Issue 15: acronyms that every search expands ("sa bung" finds Siêu âm ổ bụng on the public price
 * page), their catalogue screen, and the smart search of the admin header (Ctrl+K to a patient's record).
 */
const ABDOMEN = 'Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)';

async function makeStaff(request: APIRequestContext, authorities: string[]): Promise<{ facilityId: number; username: string }> {
  const username = `e2e_search_${uniq()}`;
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử tìm kiếm',
      accounts: [{ username, password: FIXTURE_PASSWORD, name: 'Trần Thu Hà', authorities, lastPasswordReset: new Date().toISOString() }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { facilityId: (await res.json()).data.facilityId, username };
}

test.describe('acronyms and the smart search', () => {
  test('"sa bung" on the public price list finds the abdominal ultrasound', async ({ page }) => {
    await page.goto('/list-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Bảng giá dịch vụ bệnh viện' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Loại dịch vụ' }).click();
    await page.getByRole('option', { name: 'Tất cả' }).click();
    await page.getByRole('searchbox', { name: 'Tên dịch vụ' }).pressSequentially('sa bung', { delay: 30 });
    const rows = page.locator('[data-testid=service-row]');
    await expect(rows.filter({ hasText: ABDOMEN })).toHaveCount(1);
    // only services whose name holds "siêu âm" (or "sa") and "bụng"
    for (const text of await rows.allTextContents()) expect(text.toLowerCase()).toMatch(/(siêu âm|sa).*bụng|bụng.*(siêu âm|sa)/);
    await snap(page, 'list-service-acronym-sa-bung');
  });

  test('the acronym catalogue: the common ones listed, a new one refused when it would loop, added otherwise', async ({ page, request }) => {
    const account = await makeAccount(request, { prefix: 'e2e_acronym', authorities: ['MANAGER_CATALOG'] });
    await loginViaApi(page, account.username, account.password);
    await page.goto('/admin/acronym');
    await expect(page.getByRole('heading', { name: 'Danh mục từ viết tắt' })).toBeVisible();
    const table = page.locator('.ant-table-tbody');
    await expect(table.getByText('Siêu âm', { exact: true })).toBeVisible();
    await expect(table.getByText('Xét nghiệm', { exact: true })).toBeVisible();

    const key = `Q${uniq().slice(0, 4).toUpperCase()}`;
    await page.getByRole('button', { name: T.crud.add }).click();
    const dialog = page.getByRole('dialog', { name: 'Thêm từ viết tắt' });
    await dialog.getByLabel('Từ viết tắt').fill(key);
    await dialog.getByLabel('Nghĩa đầy đủ').fill(`Nội soi ${key}`);
    await dialog.getByRole('button', { name: T.crud.save }).click();
    await expect(page.getByText(`Từ viết tắt "${key}" tạo vòng lặp: ${key} → ${key}`).first()).toBeVisible();
    await dialog.getByLabel('Nghĩa đầy đủ').fill('Nội soi phế quản');
    await dialog.getByRole('button', { name: T.crud.save }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByText('Nội soi phế quản')).toBeVisible();
    await snap(page, 'acronym-list');
  });

  test('Ctrl+K opens the smart search; arrows and Enter open a patient’s record', async ({ page, request }) => {
    const staff = await makeStaff(request, ['MANAGER_USER', 'MANAGER_CATALOG']);
    const res = await request.post('/api/test/v1/fixtures/patients', {
      data: {
        facilityId: staff.facilityId,
        accounts: [
          { profiles: [{ fullName: 'Vương Thị Ngọc Diệp', birthDate: '1991-06-15', gender: 'FEMALE', phone: '0915222333', cccd: '001191022333' }] },
          { profiles: [{ fullName: 'Vương Thị Ngọc Hân', birthDate: '1993-01-20', gender: 'FEMALE', phone: '0915222444' }] },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const [diep] = (await res.json()).data as { userId: number }[];
    await loginViaApi(page, staff.username, FIXTURE_PASSWORD);
    await page.goto('/admin');
    await expect(page.getByTestId('sidebar').getByText(T.menu.home)).toBeVisible();

    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: SEARCH_UI.open });
    await expect(box).toBeFocused();
    await box.pressSequentially('vuong thi ngoc', { delay: 20 });
    const list = page.getByRole('listbox', { name: SEARCH_UI.results });
    const options = list.getByRole('option');
    await expect(list.getByRole('group', { name: 'Bệnh nhân' })).toBeVisible();
    await expect(options).toHaveCount(2);
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(options.first()).toContainText('Vương Thị Ngọc Diệp');
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await snap(page, 'smart-search-patients');
    await expectAccessible(page, 'the smart search dialog');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/chi-tiet-y-ba/${diep!.userId}$`));
    await expect(page.getByRole('heading', { name: `${T.patients.record.title}: Vương Thị Ngọc Diệp` })).toBeVisible();
    // the record's search in the results asks the server (acronyms expanded there: results-search.int.test.ts)
    const asked = page.waitForRequest((r) => r.url().includes('/histories?q=sa+bung') || r.url().includes('/histories?q=sa%20bung'));
    await page.getByRole('textbox', { name: T.patients.record.searchResults }).first().fill('sa bung');
    await asked;
    await expect(page.getByText(T.patients.record.noMatchingHistories).first()).toBeVisible();
    await snap(page, 'patient-record-result-search');

    // a phone finds the patient too; a screen of the menu by its name; Esc closes
    await page.getByRole('button', { name: new RegExp(`^${SEARCH_UI.trigger}`) }).click();
    await box.fill('');
    await box.pressSequentially('tu viet tat', { delay: 20 });
    await expect(list.getByRole('group', { name: 'Màn hình' }).getByRole('option', { name: /Từ viết tắt/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
  });
});
