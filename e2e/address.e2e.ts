import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { T } from '../apps/web/src/app/messages';
import { AREA_SYNC as S } from '../apps/web/src/modules/catalog/area-sync.messages';
import { OLD_ADDRESS as M, ZONE_FILTER as Z } from '../apps/web/src/modules/patients/address.messages';
import { chooseOption, FIXTURE_PASSWORD, loginViaApi, makeAccount, ROOT, snap, toast, uniq } from './helpers';

/**
 * Address validate and map (issue 15): in the profile form, staff paste or type an address written
 * before 01/07/2025 and apply what it is today; a commune split among several new wards lists them all.
 */
const R = T.patients.record;

async function staffWithPatient(request: APIRequestContext): Promise<{ username: string; userId: number }> {
  const username = `e2e_addr_${uniq()}`;
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử địa chỉ',
      accounts: [{ username, password: FIXTURE_PASSWORD, name: 'Đỗ Thu Trang', authorities: ['MANAGER_USER'], lastPasswordReset: new Date().toISOString() }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const facilityId = (await res.json()).data.facilityId;
  const made = await request.post('/api/test/v1/fixtures/patients', {
    data: { facilityId, accounts: [{ profiles: [{ fullName: 'Vũ Đức Thắng', birthDate: '1970-03-08', phone: '0912345678' }] }] },
  });
  expect(made.status(), await made.text()).toBe(200);
  return { username, userId: (await made.json()).data[0].userId };
}

test('validate and map an old address in the profile form', async ({ page, request }) => {
  const staff = await staffWithPatient(request);
  await loginViaApi(page, staff.username, FIXTURE_PASSWORD);
  await page.goto(`/admin/chi-tiet-y-ba/${staff.userId}`);
  await page.getByRole('button', { name: R.addProfile }).click();
  const drawer = page.getByRole('dialog', { name: R.addProfile });
  await drawer.getByLabel(R.fullName).fill('Vũ Thị Mai');
  await drawer.getByLabel(R.birthDate).fill('020572');
  await drawer.getByLabel(R.birthDate).press('Tab');
  await chooseOption(page, drawer.getByLabel(R.gender), 'Nữ');
  await chooseOption(page, drawer.getByLabel(R.relationship), 'Vợ/Chồng');

  // 1. a pasted old address, whole merge: Phường Trúc Bạch (Quận Ba Đình) is now Phường Ba Đình
  await drawer.getByRole('button', { name: M.open }).click();
  const dialog = page.getByRole('dialog', { name: M.title });
  await dialog.getByLabel(M.paste).fill('12 Phó Đức Chính, P. Truc Bach, Q. Ba Dinh, TP Ha Noi');
  await dialog.getByRole('button', { name: M.check }).click();
  const result = dialog.getByTestId('old-address-result');
  await expect(result).toContainText('Địa chỉ trước 01/07/2025');
  await expect(result).toContainText(`${M.oldWas}: Phường Trúc Bạch, Quận Ba Đình, Thành phố Hà Nội`);
  await expect(result).toContainText(`${M.today}: Phường Ba Đình, Thành phố Hà Nội`);
  await snap(page, 'address-old-mapped');
  await result.getByRole('button', { name: M.apply, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(drawer.getByText('Thành phố Hà Nội')).toBeVisible();
  await expect(drawer.getByText('Phường Ba Đình')).toBeVisible();
  await expect(drawer.getByLabel(R.street)).toHaveValue('12 Phó Đức Chính');

  // 2. typed parts, a commune split among four new wards: every candidate, staff choose one
  await drawer.getByRole('button', { name: M.open }).click();
  await dialog.getByLabel(M.province).fill('ha noi');
  await dialog.getByLabel(M.district).fill('ba dinh');
  await dialog.getByLabel(M.ward).fill('dien bien');
  await dialog.getByRole('button', { name: M.check }).click();
  await expect(result).toContainText('Phường Điện Biên đã được chia cho 4 phường/xã mới');
  for (const w of ['Phường Ba Đình', 'Phường Hoàn Kiếm', 'Phường Ô Chợ Dừa', 'Phường Văn Miếu - Quốc Tử Giám']) {
    await expect(result.getByText(`${w}, Thành phố Hà Nội`)).toBeVisible();
  }
  await expect(result.getByText(M.partOf('Phường Điện Biên')).first()).toBeVisible();
  await snap(page, 'address-old-split');
  await result.getByRole('button', { name: `${M.apply} Phường Hoàn Kiếm, Thành phố Hà Nội` }).click();
  await expect(drawer.getByText('Phường Hoàn Kiếm')).toBeVisible();

  // 3. an unknown ward: a clear message, nothing applied
  await drawer.getByRole('button', { name: M.open }).click();
  await dialog.getByLabel(M.province).fill('Hà Nội');
  await dialog.getByLabel(M.ward).fill('Phường Không Có');
  await dialog.getByRole('button', { name: M.check }).click();
  await expect(result).toContainText('Không tìm thấy phường/xã "Phường Không Có"');
  await dialog.getByRole('button', { name: M.close, exact: true }).last().click();
  await expect(dialog).toBeHidden();

  await drawer.getByRole('button', { name: R.save }).click();
  await expect(toast(page, 'Đã thêm hồ sơ')).toBeVisible();
  await page.getByRole('tab', { name: /Vũ Thị Mai/ }).click();
  await expect(page.getByText('12 Phó Đức Chính, Phường Hoàn Kiếm, Thành phố Hà Nội')).toBeVisible();

  // the patient list filters by zone: Hà Nội is in Miền Bắc and Đồng bằng sông Hồng, not in Miền Nam
  await page.goto('/admin/user');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await chooseOption(page, page.getByRole('combobox', { name: Z.label }), 'Miền Nam');
  await expect(page).toHaveURL(/zone=MN/);
  await expect(rows).toHaveCount(0);
  await chooseOption(page, page.getByRole('combobox', { name: Z.label }), 'Đồng bằng sông Hồng');
  await expect(page).toHaveURL(/zone=V2/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Vũ Đức Thắng');
});

test('update the administrative units from an official list: preview the renamed unit, apply, and put it back', async ({ page }) => {
  test.setTimeout(180_000);
  const account = await makeAccount(page.request, { prefix: 'e2e_area_sync', authorities: ['MANAGER_CATALOG'] });
  await loginViaApi(page, account.username, account.password);
  // the official list as JSON with the GSO headings, built from the shipped files; one obscure ward renamed
  const dir = path.join(ROOT, 'apps/server/src/db/reference');
  const provinces = new Map(
    (JSON.parse(fs.readFileSync(path.join(dir, 'provinces-2025.json'), 'utf8')) as { code: string; fullName: string }[]).map((p) => [p.code, p.fullName]),
  );
  const wards = JSON.parse(fs.readFileSync(path.join(dir, 'wards-2025.json'), 'utf8')) as [string, string, string, string][];
  const list = (rename: string | null) =>
    JSON.stringify(
      wards.map(([code, name, kind, pc]) => ({
        'Mã TP': pc,
        'Tỉnh Thành Phố': provinces.get(pc),
        'Mã PX': code,
        'Phường Xã': code === '23737' && rename ? rename : name,
        Cấp: kind,
      })),
    );
  const dirOut = fs.mkdtempSync(path.join(os.tmpdir(), 'area-sync-'));
  const renamed = path.join(dirOut, 'danh-muc-moi.json');
  const original = path.join(dirOut, 'danh-muc-goc.json');
  fs.writeFileSync(renamed, list('Xã Ia Mơ Mới'));
  fs.writeFileSync(original, list(null));

  await page.goto('/admin/administrative');
  const sync = async (file: string, expectRenamed: string) => {
    await page.getByRole('button', { name: S.button }).click();
    const dialog = page.getByRole('dialog', { name: S.title });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByRole('button', { name: S.preview }).click();
    const preview = dialog.getByTestId('area-sync-preview');
    await expect(preview).toContainText(S.rows(3321));
    await expect(preview.getByRole('tab', { name: `${S.renamed} (1)` })).toBeVisible();
    await expect(preview.getByRole('tab', { name: `${S.added} (0)` })).toBeVisible();
    await preview.getByRole('tab', { name: `${S.renamed} (1)` }).click();
    await expect(preview.getByRole('row', { name: new RegExp(`23737 ${expectRenamed}`) })).toBeVisible();
    await snap(page, 'areas-sync-preview');
    await dialog.getByRole('button', { name: S.apply }).click();
    await expect(toast(page, 'Đã cập nhật 1 đơn vị hành chính')).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  await sync(renamed, 'Xã Ia Mơ Mới');
  // the list shows the new name
  await page.goto('/admin/administrative?level=ward&legacy=false');
  await page.getByRole('textbox', { name: T.crud.search }).fill('23737');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('Xã Ia Mơ Mới');
  // and back to the shipped name, so other stories see the official list
  await sync(original, 'Xã Ia Mơ');
  fs.rmSync(dirOut, { recursive: true, force: true });
});
