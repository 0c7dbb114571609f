import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Download, type Locator, type Page } from '@playwright/test';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS = `${ROOT}.tmp/screenshots`;

/** Where the screenshots a person looks at go (`.tmp/screenshots/<name>.png`). */
export function shotPath(name: string): string {
  mkdirSync(SHOTS, { recursive: true });
  return `${SHOTS}/${name}.png`;
}

/**
 * The URL path of the built chunk of a source module (`src/modules/appointments/booking-list-page.tsx`), from the
 * build's manifest: chunks are named by their hash alone (docs/decisions.md "Chunk names").
 */
export function chunkPath(source: string): string {
  const manifest = JSON.parse(readFileSync(`${ROOT}apps/web/dist/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not a chunk of the build`);
  return `/${entry.file}`;
}
/** Whether a script URL (or path) is the chunk of `source`. */
export const isChunkOf = (source: string) => {
  const file = chunkPath(source);
  return (url: string) => (url.startsWith('/') ? url : new URL(url).pathname) === file;
};

export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
export const uniq = () => randomBytes(4).toString('hex');

/** The demo accounts of the seeded database (read-only tests only). */
export const DEMO = {
  admin: { username: 'admin', password: 'Admin@123' },
  letan: { username: 'letan', password: 'Letan@123' },
} as const;

export const FIXTURE_PASSWORD = 'Secret@123';

export interface FixtureAccount {
  username: string;
  password?: string;
  name?: string;
  authorities?: string[];
  lastPasswordReset?: string;
  mustChangePassword?: boolean;
}

export interface MadeAccount {
  id: number;
  username: string;
  password: string;
  name: string;
}

/**
 * A new facility with one account made for this test (usernames are global, so they get a
 * random suffix). The default account has a recent password, so no password dialog shows.
 */
export async function makeAccount(request: APIRequestContext, account: Partial<FixtureAccount> & { prefix: string }): Promise<MadeAccount> {
  const username = `${account.prefix}_${uniq()}`;
  const password = account.password ?? FIXTURE_PASSWORD;
  const name = account.name ?? 'Lê Minh Kiểm Thử';
  const res = await request.post('/api/test/v1/fixtures', {
    data: {
      facilityName: 'Bệnh viện kiểm thử E2E',
      accounts: [
        {
          username,
          password,
          name,
          authorities: account.authorities ?? ['MANAGER_USER'],
          lastPasswordReset: account.lastPasswordReset ?? new Date().toISOString(),
          mustChangePassword: account.mustChangePassword ?? false,
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { data: { accounts: { id: number; username: string }[] } };
  const made = body.data.accounts[0];
  return { id: made.id, username: made.username, password, name };
}

export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();
}

/** Signs in through the login screen and waits for the shell. */
export async function loginViaUi(page: Page, username: string, password: string, target = '/login'): Promise<void> {
  await page.goto(target);
  await page.getByLabel('Tên đăng nhập').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

/** Signs in through the API and stores the session like the app does (faster than the UI). */
export async function loginViaApi(page: Page, username: string, password: string): Promise<{ loginToken: string; refresh_token: string }> {
  const res = await page.request.put('/api/his/v1/user/login', { data: { emailOrPhone: username, password: md5(password) } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { data: { loginToken: string; refresh_token: string } };
  await page.goto('/login');
  await page.evaluate((auth) => localStorage.setItem('auth', JSON.stringify(auth)), body.data);
  return body.data;
}

/** A toast (antd notification, top right) with this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-notification-notice').filter({ hasText: text });
}

/** The visible labels of the top-level sidebar entries. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const items = page.getByTestId('sidebar').locator('.ant-menu-root > li.ant-menu-item, .ant-menu-root > li.ant-menu-submenu');
  const labels = await items.evaluateAll((els) => els.map((el) => (el.querySelector('.ant-menu-title-content') as HTMLElement | null)?.innerText.trim() ?? ''));
  return labels;
}

/**
 * A screenshot for a person to look at. Motion is off in the end-to-end build (core/motion,
 * `reducedMotion: 'reduce'`), so nothing is half-way through an animation: no wait.
 */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: shotPath(name), animations: 'disabled' });
}

/** The antd select around this combobox (it shows the chosen label or tags). */
export function selectOf(combobox: Locator): Locator {
  return combobox.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
}

/** The open dropdown of one antd select, found through its combobox's `aria-controls` list id. */
function dropdownOf(page: Page, listId: string): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').filter({ has: page.locator(`[id="${listId}"]`) });
}

const SELECTED = /\bant-select-item-option-selected\b/;

/**
 * Picks options of an antd select as a person does, each action once: waits until the select can be
 * used (enabled), opens it, types the start of each text to search (unless `search: false` or a
 * pattern), waits for the option to be listed in this select's own dropdown and clicks it, then waits
 * until the select shows the choice. Nothing is clicked twice: a choice that does not land fails here,
 * at the action that lost it. A multiple-mode select toggles each option and is closed with Escape.
 */
export async function chooseOptions(page: Page, combobox: Locator, texts: (string | RegExp)[], opts: { search?: boolean } = {}): Promise<void> {
  const select = selectOf(combobox);
  await expect(combobox).toBeEnabled();
  const multiple = /\bant-select-multiple\b/.test((await select.getAttribute('class')) ?? '');
  for (const text of texts) {
    const before = await select.textContent();
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') {
      await combobox.click();
      await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    }
    const listId = await combobox.getAttribute('aria-controls');
    expect(listId, 'the select is open').toBeTruthy();
    if (opts.search !== false && typeof text === 'string') await combobox.fill(text.slice(0, 6));
    const option = dropdownOf(page, listId!).locator('.ant-select-item-option').filter({ hasText: text }).first();
    await expect(option).toBeVisible();
    const wasSelected = SELECTED.test((await option.getAttribute('class')) ?? '');
    await option.click();
    if (multiple) {
      // the dropdown stays open and the option toggles
      if (wasSelected) await expect(option).not.toHaveClass(SELECTED);
      else await expect(option).toHaveClass(SELECTED);
    } else {
      // the dropdown closes and the select shows the choice (unless it was already the choice)
      await expect(combobox).toHaveAttribute('aria-expanded', 'false');
      if (!wasSelected) await expect(select).not.toHaveText(before ?? '');
    }
  }
  if ((await combobox.getAttribute('aria-expanded')) === 'true') {
    await page.keyboard.press('Escape');
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');
  }
}

/** A pattern matching exactly this text (an option's whole label). */
export const exactText = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The option labelled exactly `text` in the open dropdown of this (expanded) select. */
export async function optionOf(page: Page, combobox: Locator, text: string): Promise<Locator> {
  const listId = await combobox.getAttribute('aria-controls');
  expect(listId, 'the select is open').toBeTruthy();
  return dropdownOf(page, listId!)
    .locator('.ant-select-item-option')
    .filter({ hasText: exactText(text) });
}

/** Picks the option labelled exactly `text` in this select's own dropdown, without typing. */
export async function chooseOption(page: Page, combobox: Locator, text: string): Promise<void> {
  await chooseOptions(page, combobox, [exactText(text)]);
}

/** Clicks a button that downloads a file, once, and returns the download. */
export async function downloadBy(page: Page, button: Locator): Promise<Download> {
  await expect(button).toBeEnabled();
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return file;
}

/** Closes a modal with one of its buttons, once, and waits until it is gone. */
export async function closeDialog(dialog: Locator, buttonName: string): Promise<void> {
  // it must have opened first (a popconfirm shows a moment after its trigger's click)
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: buttonName }).click();
  await expect(dialog).toBeHidden();
}

/** Confirms the open popconfirm with its button, once, then waits for what the confirm does (`done`: a toast, a dialog). */
export async function confirmPopover(page: Page, buttonName: string, done: Locator): Promise<void> {
  const open = page.locator('.ant-popconfirm:visible');
  await expect(open).toBeVisible();
  await open.getByRole('button', { name: buttonName }).click();
  await expect(done.first()).toBeVisible();
}

/**
 * What does not fit a laptop of `width` px with the sidebar open, in words (empty = all fits): the page, each
 * visible table, each table's Thao tác column (pinned and inside the table); with `buttons`, also every visible
 * button of the screen inside the window.
 */
export function misfits(page: Page, opts: { width?: number; buttons?: boolean } = {}): Promise<string[]> {
  return page.evaluate(
    ({ width, buttons }) => {
      const out: string[] = [];
      const doc = document.documentElement.scrollWidth;
      if (doc > width) out.push(`page ${doc} px wide`);
      const wrappers = [...document.querySelectorAll<HTMLElement>('.shell-content .ant-table-wrapper')].filter((w) => w.offsetParent !== null);
      wrappers.forEach((w, i) => {
        const scroller = w.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
        if (!scroller) return;
        if (scroller.scrollWidth > scroller.clientWidth) out.push(`table ${i + 1}: ${scroller.scrollWidth} px in ${scroller.clientWidth} px`);
        const box = scroller.getBoundingClientRect();
        // the row actions: a column of buttons headed Thao tác (the schedule log's Thao tác is what was done: text)
        const heads = [...w.querySelectorAll<HTMLElement>('thead th')];
        const at = heads.findIndex((th) => th.innerText.trim() === 'Thao tác');
        if (at < 0) return;
        const cells = [...w.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')].map((tr) => tr.children[at] as HTMLElement | undefined);
        if (!cells.some((td) => td?.querySelector('button, a'))) return;
        const actions = heads[at]!;
        const a = actions.getBoundingClientRect();
        if (getComputedStyle(actions).position !== 'sticky') out.push(`table ${i + 1}: Thao tác not pinned`);
        if (a.left < box.left || a.right > Math.min(box.right, width) + 0.5)
          out.push(`table ${i + 1}: Thao tác at ${a.left}–${a.right}, out of ${box.left}–${box.right}`);
      });
      if (buttons)
        for (const b of document.querySelectorAll<HTMLElement>('.shell-content button')) {
          if (b.offsetParent === null) continue;
          const r = b.getBoundingClientRect();
          if (r.right > width + 0.5 || r.left < 0) out.push(`button "${b.innerText.trim()}" at ${r.left}–${r.right}`);
        }
      return out;
    },
    { width: opts.width ?? 1366, buttons: opts.buttons ?? false },
  );
}
