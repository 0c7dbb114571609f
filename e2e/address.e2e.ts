import { expect, test, type APIRequestContext } from '@playwright/test';
import { T } from '../apps/web/src/app/messages';
import { OLD_ADDRESS as M } from '../apps/web/src/modules/patients/address.messages';
import { chooseOption, FIXTURE_PASSWORD, loginViaApi, snap, toast, uniq } from './helpers';

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
});
