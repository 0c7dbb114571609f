import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FIXTURE_PASSWORD, loginViaApi, misfits, snap, toast, uniq } from './helpers';

/**
 * Issue 17, the push-notifications screen (/admin/thong-bao-day) as a notification manager of a facility of its
 * own: an event's template with an unknown variable is refused in Vietnamese, a valid one (a variable inserted
 * with its chip) saves; one message pushed to a patient shows in the list and turns "Đã nhận" (the account has
 * no device: the app's inbox, which the notify.send job records at once). Each tab fits 1,366 px.
 */

const WIDTH = 1366;
test.use({ viewport: { width: WIDTH, height: 768 } });

async function managerWithPatient(request: APIRequestContext) {
  const username = `thongbao_${uniq()}`;
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử thông báo',
      accounts: [
        { username, password: FIXTURE_PASSWORD, name: 'Trịnh Thu Thảo', authorities: ['MANAGER_NOTIFICATION'], lastPasswordReset: new Date().toISOString() },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const facilityId = (await res.json()).data.facilityId;
  const made = await request.post('/api/test/v1/fixtures/patients', {
    data: { facilityId, accounts: [{ profiles: [{ fullName: 'Hoàng Minh Quân', birthDate: '1988-06-15', phone: '0903456789' }] }] },
  });
  expect(made.status(), await made.text()).toBe(200);
  return { username, userId: (await made.json()).data[0].userId as number };
}

const eventRow = (page: Page, label: string) => page.getByTestId('push-events').locator('tr.ant-table-row').filter({ hasText: label });

test('edits an event template, pushes one message to a patient and sees it delivered', async ({ page, request }) => {
  const staff = await managerWithPatient(request);
  await loginViaApi(page, staff.username, FIXTURE_PASSWORD);
  await page.goto('/admin/thong-bao-day?tab=events');
  await expect(page.getByRole('heading', { name: 'Thông báo đẩy' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sự kiện' })).toHaveAttribute('aria-selected', 'true');
  // the five events of issue 17, the question answered and rejected, the feedback replied (issue 19), the medicine reminder (issue 20)
  await expect(page.getByTestId('push-events').locator('tr.ant-table-row')).toHaveCount(9);
  await expect(eventRow(page, 'Câu hỏi đã được trả lời')).toContainText('Mặc định');
  await expect(eventRow(page, 'Lịch khám bị từ chối')).toContainText('Mặc định');
  expect(await misfits(page, { buttons: true })).toEqual([]);

  // an unknown variable: the form names it in Vietnamese, the server refuses it too
  await page.getByTestId('event-edit-BOOKING_REJECTED').click();
  const dialog = page.getByRole('dialog', { name: 'Sửa sự kiện: Lịch khám bị từ chối' });
  const template = dialog.getByTestId('event-template');
  await template.fill('Lịch khám {{ma_lich}} của {{ten_benh_nhan}} không được tiếp nhận: {{ly_do}}.');
  await expect(dialog.locator('.ant-form-item-explain-error')).toContainText('Biến không tồn tại: {{ten_benh_nhan}}');
  await expect(dialog.getByTestId('event-preview')).toContainText('Chưa xem trước được');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, /Biến không tồn tại: \{\{ten_benh_nhan\}\}/)).toBeVisible();

  // fixed with the chip of {{ho_ten}}: the preview shows the example values and the SMS parts
  await template.fill('Lịch khám {{ma_lich}} của  không được tiếp nhận: {{ly_do}}.');
  await template.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(26, 26));
  await dialog.getByTestId('event-variables').getByRole('button', { name: '{{ho_ten}}' }).click();
  await expect(template).toHaveValue('Lịch khám {{ma_lich}} của {{ho_ten}} không được tiếp nhận: {{ly_do}}.');
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
  const preview = dialog.getByTestId('event-preview');
  await expect(preview).toContainText('Lịch khám DK261127004512 của Nguyễn Thị Minh Khai không được tiếp nhận: Bác sĩ nghỉ đột xuất.');
  await expect(preview).toContainText('SMS (không dấu): 1 phần');
  await snap(page, 'push-event-form');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Đã lưu cài đặt sự kiện')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(eventRow(page, 'Lịch khám bị từ chối')).toContainText('Đã lưu');
  await expect(eventRow(page, 'Lịch khám bị từ chối')).toContainText('{{ho_ten}} không được tiếp nhận');

  // push one message to the patient, found by name without diacritics
  await page.getByRole('tab', { name: 'Tin đã gửi' }).click();
  await expect(page.getByRole('tab', { name: 'Tin đã gửi' })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('push-open').click();
  const modal = page.getByRole('dialog', { name: 'Gửi thông báo tới một bệnh nhân' });
  const picker = modal.getByRole('combobox', { name: 'Bệnh nhân' });
  await picker.click();
  await picker.fill('hoang minh');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Hoàng Minh Quân' }).click();
  await modal.getByLabel('Tiêu đề').fill('Nhắc tái khám');
  await modal.getByLabel('Nội dung').fill('Mời anh Quân tái khám tim mạch vào sáng thứ Hai tuần sau.');
  await modal.getByRole('button', { name: 'Gửi ngay' }).click();
  await expect(toast(page, 'Đã gửi thông báo')).toBeVisible();
  await expect(modal).toBeHidden();

  const row = page.getByTestId('push-messages').locator('tr.ant-table-row').filter({ hasText: 'Nhắc tái khám' });
  await expect(row).toContainText('Hoàng Minh Quân');
  await expect(row).toContainText('09•••89');
  await expect(row).toContainText('Gửi riêng');
  // the notify.send job delivers it within seconds (no device: the app's inbox); the list re-reads until then
  await expect(row.getByTestId('push-status')).toHaveText('Đã nhận');
  await expect(row).toContainText('Hộp thư trong ứng dụng');

  // a filter lives in the URL
  await page.getByTestId('push-filter-source').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Gửi riêng' }).click();
  await expect(page).toHaveURL(/source=SINGLE/);
  await expect(page.getByTestId('push-messages').locator('tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId('push-event-totals')).toContainText('Gửi riêng');
  await snap(page, 'push-messages');
  expect(await misfits(page, { buttons: true })).toEqual([]);
});
