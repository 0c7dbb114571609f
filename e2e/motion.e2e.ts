import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, makeAccount } from './helpers';
import { TS } from '../apps/web/src/modules/schedules/schedules.messages';

/**
 * Guard rail: with the reader's "reduce motion" (playwright.config.ts) the app runs without motion, so no
 * test waits for an animation or loses a click to one. Checked in the browser on an open select dropdown,
 * drawer, modal and notification: no running animation (document.getAnimations()), every transition and
 * animation of those antd parts 0s, and no rc-motion enter/appear/leave class (nor antd's click wave).
 */
function motionLeft(page: Page) {
  return page.evaluate(() => {
    const parts = [
      '.ant-select-dropdown',
      '.ant-select-item-option',
      '.ant-drawer-content-wrapper',
      '.ant-drawer-mask',
      '.ant-modal',
      '.ant-modal-mask',
      '.ant-notification-notice',
      '.ant-btn',
    ];
    const slow = parts.flatMap((s) =>
      [...document.querySelectorAll(s)].flatMap((el) => {
        const c = getComputedStyle(el);
        const durations = [c.transitionDuration, c.transitionDelay, c.animationDuration, c.animationDelay]
          .join(',')
          .split(',')
          .map((d) => parseFloat(d));
        return durations.some((d) => d > 0) ? [`${s}: transition ${c.transitionDuration} animation ${c.animationName} ${c.animationDuration}`] : [];
      }),
    );
    const running = document.getAnimations().map((a) => String((a.effect as KeyframeEffect | null)?.target?.className ?? 'animation'));
    const motion = [...document.querySelectorAll('[class*="-enter"],[class*="-appear"],[class*="-leave"]')].map((e) => e.className);
    return [...slow, ...running, ...motion];
  });
}

test('motion is off: select dropdown, drawer, modal and notification neither slide nor fade', async ({ page, request }) => {
  const account = await makeAccount(request, { prefix: 'e2e_motion', authorities: ['MANAGER_SCHEDULE', 'MANAGER_DOCTOR'] });
  await loginViaApi(page, account.username, account.password);
  await page.goto('/admin/lich-lam-viec-bac-si');
  const filter = page.getByRole('combobox', { name: TS.byDoctor, exact: true });
  await filter.click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeVisible();
  expect(await motionLeft(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: TS.build }).click();
  const drawer = page.getByRole('dialog', { name: TS.buildTitle });
  await expect(drawer).toBeVisible();
  expect(await motionLeft(page)).toEqual([]);
  await drawer.getByRole('button', { name: TS.cancel }).click();
  await expect(drawer).toBeHidden();
  expect(await motionLeft(page)).toEqual([]);

  await page.getByRole('button', { name: TS.dayOff }).click();
  const modal = page.getByRole('dialog', { name: TS.dayOffTitle });
  await expect(modal).toBeVisible();
  expect(await motionLeft(page)).toEqual([]);
  await modal.getByRole('button', { name: TS.cancel }).click();
  await expect(modal).toBeHidden();

  // a notification: the login screen's refusal
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Tên đăng nhập').fill(`nobody_${account.id}`);
  await page.getByLabel('Mật khẩu', { exact: true }).fill('Wrong@1234');
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.locator('.ant-notification-notice')).toBeVisible();
  expect(await motionLeft(page)).toEqual([]);
});
