import { expect, test, type Page } from '@playwright/test';
import { MENU, visibleMenu } from '../apps/web/src/app/menu';
import { TS } from '../apps/web/src/modules/schedules/schedules.messages';
import { ROSTER_PAGE_SIZE } from '../apps/web/src/modules/schedules/week-roster.logic';
import { AUTH_PATHS } from '../packages/shared/src/contracts/auth.paths';
import { SCHEDULES_PATH } from '../packages/shared/src/contracts/schedules.contract';
import { addDays, isoWeekday } from '../packages/shared/src/rules/schedule';
import { todayVn } from '../packages/shared/src/rules/time';
import { loginViaApi, misfits, snap } from './helpers';

/**
 * Issue 14 item 1: every list fits a 1,366 px screen with the sidebar open. Each screen of the sidebar
 * (taken from the menu table, so a new screen is measured as soon as it has an entry) and each tab of
 * it, for the demo's facility admin, front desk and second facility: the page does not scroll sideways,
 * no table scrolls inside itself, and a table's Thao tác column is pinned right and in sight.
 * Item 2: the week of every doctor is a roster, names in full, ten rows a page.
 */
const WIDTH = 1366;

const USERS = [
  { username: 'admin', password: 'Admin@123' },
  { username: 'letan', password: 'Letan@123' },
  { username: 'admin2', password: 'Admin@123' },
] as const;

/** The sidebar's screens for these authorities, as the app builds the sidebar. */
const sidebarScreens = (authorities: string[]) =>
  visibleMenu(MENU, authorities).flatMap((e) =>
    e.kind === 'link' ? [{ label: e.label, path: e.path }] : e.children.map(({ label, path }) => ({ label, path })),
  );

async function signIn(page: Page, username: string, password: string): Promise<string[]> {
  const auth = await loginViaApi(page, username, password);
  const me = await page.request.get(AUTH_PATHS.me, { headers: { Authorization: `Bearer ${auth.loginToken}` } });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { data: { user: { authorities: string[] } } }).data.user.authorities;
}

/** Waits until the screen has drawn its data: nothing loading, and a table (if any) has its rows or says it has none. */
async function settled(page: Page, needRows: boolean): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.shell-content .ant-spin-spinning')).toHaveCount(0);
  if (needRows && (await page.locator('.shell-content .ant-table').count()) > 0) {
    // the second facility has sent no campaign yet: its list is empty, and must fit all the same
    await expect(page.locator('.shell-content').locator('.ant-table-row, .ant-table-placeholder').first()).toBeVisible();
  }
}

/** The tabs of the screen itself (areas' levels, booking states, the merge rules, the schedule log). */
const screenTabs = (page: Page) => page.locator('.shell-content [role="tab"]');

for (const user of USERS) {
  test(`every list screen of ${user.username} fits 1,366 px with the sidebar open`, async ({ page }) => {
    // every screen and each of its tabs: admin's ~40 screens since issue 19 take 4–5 minutes on a loaded 2-core machine
    test.setTimeout(600_000);
    const authorities = await signIn(page, user.username, user.password);
    const screens = sidebarScreens(authorities);
    expect(screens.length).toBeGreaterThan(1);
    for (const screen of screens) {
      await test.step(screen.label, async () => {
        await page.goto(screen.path);
        await expect(page).toHaveTitle(new RegExp(`^${screen.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `));
        // the sidebar is open (not the minified one)
        expect((await page.getByTestId('sidebar').boundingBox())?.width ?? 0).toBeGreaterThan(200);
        await settled(page, true);
        // soft: one run names every screen that does not fit
        expect.soft(await misfits(page), screen.path).toEqual([]);
        await snap(page, `fit-${user.username}${screen.path.replaceAll('/', '-')}`);
        const tabs = await screenTabs(page).count();
        for (let t = 1; t < tabs; t++) {
          const tab = screenTabs(page).nth(t);
          const name = (await tab.innerText()).trim();
          await tab.click();
          await expect(tab).toHaveAttribute('aria-selected', 'true');
          await settled(page, false);
          expect.soft(await misfits(page), `${screen.path}, tab ${name}`).toEqual([]);
        }
      });
    }
  });
}

test.describe('the week of every doctor (issue 14 item 2)', () => {
  test('a roster of ten doctors a page, names in full, of bounded height; by room too; one doctor keeps the seven columns', async ({ page }) => {
    test.setTimeout(180_000);
    const auth = await loginViaApi(page, USERS[0].username, USERS[0].password);
    const today = todayVn();
    const monday = addDays(today, 1 - isoWeekday(today));
    const week = await page.request.get(`${SCHEDULES_PATH}?from=${monday}&to=${addDays(monday, 6)}`, {
      headers: { Authorization: `Bearer ${auth.loginToken}` },
    });
    expect(week.status()).toBe(200);
    const periods = ((await week.json()) as { data: { doctor: { id: number; name: string }; room: { id: number } }[] }).data;
    const doctors = new Set(periods.map((p) => p.doctor.id)).size;
    const rooms = new Set(periods.map((p) => p.room.id)).size;
    // the demo's week: more doctors than a page holds
    expect(doctors).toBeGreaterThan(ROSTER_PAGE_SIZE);

    const names = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="roster-name"], [data-testid="card-name"]')]
          .filter((e) => e.scrollWidth > e.clientWidth || getComputedStyle(e).textOverflow === 'ellipsis')
          .map((e) => e.innerText),
      );
    const roster = page.getByTestId('week-roster');
    const rosterRows = roster.locator('.ant-table-row');

    await page.goto('/admin/lich-lam-viec-bac-si');
    await expect(rosterRows).toHaveCount(ROSTER_PAGE_SIZE);
    await expect(roster.getByTestId(`roster-day-${monday}`)).toBeVisible();
    await expect(roster).toContainText(`1–${ROSTER_PAGE_SIZE} trên ${doctors} bác sĩ`);
    // each doctor once, in full; each card names the room in full
    await expect(roster.getByTestId('roster-name')).toHaveCount(ROSTER_PAGE_SIZE);
    expect(await names()).toEqual([]);
    expect(await roster.getByTestId('card-name').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(3000);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
    await snap(page, 'schedules-roster');

    // the next page: the next doctors, the page in the URL
    const first = await roster.getByTestId('roster-name').first().innerText();
    await roster.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(roster.getByTestId('roster-name').first()).not.toHaveText(first);
    expect(await names()).toEqual([]);

    // by room: a row a room, the doctors on its cards in full; back to page 1
    await page.getByLabel(TS.viewBy).getByText(TS.byRoom, { exact: true }).click();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(roster).toContainText(`trên ${rooms} phòng khám`);
    await expect(rosterRows).toHaveCount(Math.min(rooms, ROSTER_PAGE_SIZE));
    expect(await names()).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(3000);
    await snap(page, 'schedules-roster-rooms');

    // one doctor: the seven columns of their cards, rooms in full
    const one = periods[0]!.doctor;
    await page.goto(`/admin/lich-lam-viec-bac-si?id=${one.id}`);
    await expect(page.getByTestId('week-grid').getByTestId('schedule-card').first()).toBeVisible();
    await expect(roster).toHaveCount(0);
    expect(await names()).toEqual([]);
  });
});
