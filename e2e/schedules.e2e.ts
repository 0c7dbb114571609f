import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatDate } from '../packages/shared/src/rules/format';
import { addDays, isoWeekday } from '../packages/shared/src/rules/schedule';
import { dayLabel } from '../apps/web/src/modules/schedules/calendar-range.logic';
import { TS } from '../apps/web/src/modules/schedules/schedules.messages';
import { chooseOptions, loginViaApi, makeAccount, selectOf, snap, toast, uniq } from './helpers';
import { todayVn } from '../packages/shared/src/rules/time';

/**
 * /admin/lich-lam-viec-bac-si: a scheduler of a fresh facility (demo catalogue through the
 * fixture route) builds a week for a new doctor, sees it by week and month, is refused a clash,
 * copies the week, changes a slot, takes the doctor off for a day, reads the log, and reaches
 * every period of a busy day from the month view's "+n ca khác".
 */
const cards = (page: Page) => page.getByTestId('week-grid').getByTestId('schedule-card');

async function typeDate(scope: Locator, label: string, iso: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill(formatDate(iso));
  await input.press('Tab');
}

test.describe('doctor schedules (/admin/lich-lam-viec-bac-si)', () => {
  test('build a week, week and month views, clash refused, copy week, slot capacity, day off, log, busy day in the month', async ({ page, request }) => {
    test.setTimeout(300_000);
    const account = await makeAccount(request, { prefix: 'e2e_sched', authorities: ['MANAGER_SCHEDULE', 'MANAGER_DOCTOR'] });
    expect((await request.post('/api/test/v1/fixtures/doctor-catalog', { data: { username: account.username } })).status()).toBe(200);
    const auth = await loginViaApi(page, account.username, account.password);
    const headers = { Authorization: `Bearer ${auth.loginToken}` };
    const option = async (kind: string, q: string) => {
      const res = await request.get(`/api/catalog/v1/schedules/options/${kind}?q=${encodeURIComponent(q)}`, { headers });
      return ((await res.json()) as { data: { id: number; name: string }[] }).data[0]!;
    };
    const room = await option('rooms', 'Tim mạch 103');
    const dept = await option('departments', 'Khoa Tim mạch');
    const code = `BS-${uniq()}`;
    const made = await request.post('/api/catalog/v1/doctors', {
      headers,
      data: { code, name: 'Nguyễn Văn Lịch', gender: 'MALE', degree: 'BSCKI', departmentId: dept.id, specialtyIds: [], roomIds: [room.id] },
    });
    expect(made.status(), await made.text()).toBe(200);

    const today = todayVn();
    const monday = addDays(today, 8 - isoWeekday(today)); // next week's Monday: always ahead
    await page.goto(`/admin/lich-lam-viec-bac-si?date=${monday}`);
    await expect(page.getByTestId('range-title')).toHaveText(TS.weekOf(formatDate(monday), formatDate(addDays(monday, 6))));
    const doctorId = ((await made.json()) as { data: { id: number } }).data.id;
    const filter = page.getByRole('combobox', { name: TS.byDoctor, exact: true });
    await chooseOptions(page, filter, ['BSCKI Nguyễn Văn Lịch']);
    // what the scheduler sees: the filter names the doctor, the URL holds its id, the week is empty
    await expect(selectOf(filter)).toContainText('BSCKI Nguyễn Văn Lịch');
    await expect(page).toHaveURL(new RegExp(`[?&]id=${doctorId}(&|$)`));
    await expect(page.getByText(TS.empty)).toBeVisible();

    // Build Monday–Friday mornings and afternoons in room 103, for the doctor the filter shows.
    await page.getByRole('button', { name: TS.build }).click();
    const drawer = page.getByRole('dialog', { name: TS.buildTitle });
    await expect(drawer).toBeVisible();
    await expect(selectOf(drawer.getByRole('combobox', { name: TS.doctor }))).toContainText('BSCKI Nguyễn Văn Lịch');
    await chooseOptions(page, drawer.getByRole('combobox', { name: TS.room }), [room.name], { search: false });
    await chooseOptions(page, drawer.getByRole('combobox', { name: TS.department }), [dept.name]);
    await expect(drawer.getByLabel(TS.from, { exact: true })).toHaveValue(formatDate(monday));
    await drawer.getByRole('checkbox', { name: /Ca chiều/ }).check();
    await snap(page, 'schedules-build-drawer');
    await drawer.getByTestId('build-save').click();
    await expect(toast(page, 'Đã xếp 10 ca làm việc')).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
    await expect(page.getByTestId(`day-${monday}`).getByTestId('schedule-card').first()).toContainText('07:00–11:30');
    await expect(page.getByTestId(`day-${monday}`).getByTestId('schedule-card').first()).toContainText('0/27');
    await snap(page, 'schedules-week');

    // The month view shows the same periods.
    await page.getByText(TS.month, { exact: true }).click();
    await expect(page.getByTestId(`month-day-${addDays(monday, 2)}`).getByTestId('schedule-card')).toHaveCount(2);
    await page.getByTestId(`month-day-${addDays(monday, 4)}`).scrollIntoViewIfNeeded();
    await snap(page, 'schedules-month');
    await page.getByText(TS.week, { exact: true }).click();
    await expect(cards(page)).toHaveCount(10);

    // A clash is refused with the server's message, nothing added.
    await page.getByRole('button', { name: TS.build }).click();
    await expect(drawer).toBeVisible();
    await chooseOptions(page, drawer.getByRole('combobox', { name: TS.room }), [room.name], { search: false });
    await chooseOptions(page, drawer.getByRole('combobox', { name: TS.department }), [dept.name]);
    await typeDate(drawer, TS.to, monday);
    await drawer.getByTestId('build-save').click();
    await expect(drawer.getByTestId('build-error')).toContainText(
      `Trùng lịch ngày ${formatDate(monday)}: 07:00–11:30 chồng lên ca 07:00–11:30 tại ${room.name}`,
    );
    await snap(page, 'schedules-clash');
    await drawer.getByRole('button', { name: TS.cancel }).click();
    await expect(cards(page)).toHaveCount(10);

    // Copy the week onto the next one.
    await page.getByRole('button', { name: TS.copyWeek }).click();
    const copy = page.getByRole('dialog', { name: TS.copyTitle });
    await expect(copy.getByLabel(TS.toWeek, { exact: true })).toHaveValue(formatDate(addDays(monday, 7)));
    await copy.getByRole('button', { name: TS.copyWeek }).click();
    await expect(toast(page, 'Đã sao chép 10 ca làm việc')).toBeVisible();
    await page.getByRole('button', { name: TS.next }).click();
    const next = addDays(monday, 7);
    await expect(page.getByTestId('range-title')).toHaveText(TS.weekOf(formatDate(next), formatDate(addDays(next, 6))));
    await expect(cards(page)).toHaveCount(10);

    // Open a period: its slots; change the first slot's capacity with the keyboard.
    await page.getByTestId(`day-${next}`).getByTestId('schedule-card').first().click();
    const detail = page.getByRole('dialog', { name: TS.detailTitle });
    await expect(detail.getByTestId('slot-table')).toContainText('07:00–07:30');
    const first = detail.getByLabel(`${TS.slotCapacity} 07:00`);
    await first.fill('5');
    await first.press('Enter');
    await expect(toast(page, 'Đã đổi số lượt khám của khung giờ')).toBeVisible();
    await expect(page.getByTestId(`day-${next}`).getByTestId('schedule-card').first()).toContainText('0/29');
    await snap(page, 'schedules-slots');
    await page.keyboard.press('Escape');

    // Day off on Wednesday of that week: refused while a booking holds a place, listing it.
    const wednesday = addDays(next, 2);
    const held = await request.post('/api/test/v1/fixtures/schedule-booking', {
      data: { username: account.username, doctorId, date: wednesday, patient: 'Trần Thị Bình' },
    });
    expect(held.status(), await held.text()).toBe(200);
    const bookingCode = ((await held.json()) as { data: { code: string } }).data.code;
    await page.getByRole('button', { name: TS.dayOff }).click();
    const off = page.getByRole('dialog', { name: TS.dayOffTitle });
    await expect(off.getByRole('combobox', { name: TS.doctor })).toBeVisible();
    await expect(off.locator('.ant-select').first()).toContainText('Nguyễn Văn Lịch');
    await typeDate(off, TS.from, wednesday);
    await typeDate(off, TS.to, wednesday);
    await off.getByLabel(TS.reason).fill('Đi hội thảo');
    await off.getByTestId('day-off-ok').click();
    await expect(off.getByTestId('schedule-refusal')).toContainText('Còn 1 lịch đặt khám đang giữ chỗ');
    await expect(off.getByTestId('affected-booking')).toHaveText(`${bookingCode} · Trần Thị Bình · 07:00 ${formatDate(wednesday)}`);
    // each one opens (in a new tab) the booking list of its day searched by its code, to move or cancel it there
    await expect(off.getByTestId('affected-booking').getByRole('link')).toHaveAttribute('href', `/admin/quan-ly-dat-kham?date=${wednesday}&q=${bookingCode}`);
    await snap(page, 'schedules-day-off-refused');
    // The desk cancels it (as the bookings screen would), then the day off goes through.
    expect((await request.post('/api/test/v1/fixtures/schedule-booking-cancel', { data: { username: account.username, code: bookingCode } })).status()).toBe(
      200,
    );
    await off.getByTestId('day-off-ok').click();
    await expect(toast(page, 'Đã cho bác sĩ nghỉ, xoá 2 ca làm việc')).toBeVisible();
    await expect(cards(page)).toHaveCount(8);
    await expect(page.getByTestId(`day-${wednesday}`).getByTestId('schedule-card')).toHaveCount(0);

    // Every change is in the log.
    await page.getByRole('tab', { name: TS.logTab }).click();
    const log = page.getByTestId('schedule-log');
    await expect(log.locator('tbody tr.ant-table-row')).toHaveCount(4);
    await expect(log.locator('tbody tr.ant-table-row').first()).toContainText('Nghỉ làm');
    await expect(log.locator('tbody tr.ant-table-row').first()).toContainText('Đi hội thảo');
    await expect(log).toContainText('Sao chép tuần');
    await expect(log).toContainText('Xếp lịch');
    await snap(page, 'schedules-log');

    // A busy Thursday (six periods, built through the API): the month cell shows four and
    // "+2 ca khác", whose popover, titled with the day, lists all six as the same cards.
    const thursday = addDays(next, 3);
    for (const shifts of [
      [{ shift: 'CUSTOM', start: '11:30', end: '13:00' }, { shift: 'CUSTOM', start: '16:30', end: '17:00' }, { shift: 'EVENING' }],
      [{ shift: 'CUSTOM', start: '06:00', end: '07:00' }],
    ]) {
      const built = await request.post('/api/catalog/v1/schedules', {
        headers,
        data: {
          doctorId,
          roomId: room.id,
          departmentId: dept.id,
          from: thursday,
          to: thursday,
          weekdays: [isoWeekday(thursday)],
          shifts,
          slotMinutes: 30,
          capacity: 3,
        },
      });
      expect(built.status(), await built.text()).toBe(200);
    }
    await page.getByRole('tab', { name: TS.calendarTab, exact: true }).click();
    await page.getByText(TS.month, { exact: true }).click();
    const busy = page.getByTestId(`month-day-${thursday}`);
    await expect(busy.getByTestId('schedule-card')).toHaveCount(4);
    await expect(busy).not.toContainText('17:00–20:00');
    const more = busy.getByRole('button', { name: TS.moreInDayLabel(2, dayLabel(thursday)) });
    await expect(more).toHaveText(TS.moreInDay(2));
    // the cell grows to its cards and the button: nothing of it is scrolled out of sight
    await expect.poll(() => busy.evaluate((el) => el.parentElement!.scrollHeight - el.parentElement!.clientHeight)).toBe(0);
    await more.click();
    const popover = page.getByRole('dialog', { name: dayLabel(thursday) });
    await expect(page.locator('.ant-popover-title')).toHaveText(dayLabel(thursday));
    await expect(popover.getByTestId('schedule-card')).toHaveText([
      /^06:00–07:00/,
      /^07:00–11:30/,
      /^11:30–13:00/,
      /^13:00–16:30/,
      /^16:30–17:00/,
      /^17:00–20:00/,
    ]);
    await expect(popover.getByTestId('schedule-card').first()).toBeFocused();
    await snap(page, 'schedules-month-more');
    // Escape closes it and gives the focus back; Enter opens it again.
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(popover.getByTestId('schedule-card').first()).toBeFocused();
    // A period in the popover opens like a card in the cell: its slots in the detail drawer.
    await popover.getByTestId('schedule-card').filter({ hasText: '17:00–20:00' }).click();
    await expect(popover).toBeHidden();
    await expect(detail.getByTestId('slot-table')).toContainText('17:00–17:30');
    await expect(detail.getByTestId('slot-table')).toContainText('19:30–20:00');
  });
});

test.describe('doctor schedules in a browser set to another time zone', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test("the calendar opens on Vietnam's today, not the browser's", async ({ page, request }) => {
    // Monday 30/11/2026 01:00 in Vietnam is still Sunday 29/11 10:00 in Los Angeles
    await page.clock.setFixedTime(new Date('2026-11-30T01:00:00+07:00'));
    const account = await makeAccount(request, { prefix: 'e2e_schedtz', authorities: ['MANAGER_SCHEDULE'] });
    await loginViaApi(page, account.username, account.password);
    await page.goto('/admin/lich-lam-viec-bac-si');
    // every doctor: the roster, its columns headed with the week's days
    const grid = page.getByTestId('week-roster');
    await expect(grid).toContainText('30/11');
    await expect(grid).not.toContainText('23/11'); // the browser's own week would start on Monday 23/11
  });
});
