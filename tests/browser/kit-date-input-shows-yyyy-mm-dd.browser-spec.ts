import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** A picture of the page while the calendar is open (the automatic one is taken after the test). */
async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, testInfo.project.name, `kit-date-input--${name}.png`) });
}

/** The calendar button beside a date input. */
const calendarButton = (input: Locator, label: string) =>
  input.locator('xpath=..').getByRole('button', { name: label, exact: true });

/**
 * SPEC.md §9: dates show as YYYY-MM-DD in both languages. The kit's date inputs take a typed date (common
 * forms become YYYY-MM-DD when left) or one picked from a keyboard-friendly calendar.
 */
test.describe('kit date input', { tag: ['@layout'] }, () => {
  test('an exchange rate date is typed or picked, and always reads YYYY-MM-DD', async ({
    page,
    t,
    signInAs,
  }, testInfo) => {
    await signInAs(DIRECTOR);
    await page.goto('/settings');
    await page.getByRole('tab', { name: t('settings:tabs.currencies') }).click();
    const date = page.getByLabel(new RegExp(`${t('settings:currencies.fields.effective_date')}$`));
    await expect(date).toHaveAttribute('placeholder', 'YYYY-MM-DD');

    await date.fill('2026/3/5');
    await date.press('Tab');
    await expect(date).toHaveValue('2026-03-05');

    // Keyboard: the calendar opens on the chosen day; arrows move, Enter picks.
    await calendarButton(date, t('kit:date.choose')).click();
    const calendar = page.getByRole('group', { name: t('kit:date.calendar') });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole('button', { name: '2026-03-05' })).toBeFocused();
    await expect(calendar.getByRole('button', { name: '2026-03-05' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect(calendar.getByRole('button', { name: '2026-03-13' })).toBeFocused();
    await snap(page, testInfo, 'settings-calendar-open');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(date).toHaveValue('2026-03-13');
    await expect(date).toBeFocused();

    // PageDown goes a month on; Escape closes without a change.
    await calendarButton(date, t('kit:date.choose')).click();
    await page.keyboard.press('PageDown');
    await expect(calendar.getByRole('button', { name: '2026-04-13' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(date).toHaveValue('2026-03-13');
  });

  test('a customer birthday is picked from the calendar in the user language', async ({
    page,
    t,
    language,
    signInAs,
  }, testInfo) => {
    await signInAs(DIRECTOR);
    await page.goto('/contact-management/customer/list/new');
    const birthday = page.getByLabel(t('customers:customer.fields.birthday'), { exact: true });
    await birthday.fill('1990-05-17');
    await calendarButton(birthday, t('kit:date.choose')).click();
    const calendar = page.getByRole('group', { name: t('kit:date.calendar') });
    await expect(calendar).toContainText(language === 'zh-CN' ? '1990年5月' : 'May 1990');
    await calendar.getByRole('button', { name: t('kit:date.previousYear') }).click();
    await expect(calendar).toContainText(language === 'zh-CN' ? '1989年5月' : 'May 1989');
    await snap(page, testInfo, 'customer-birthday-calendar');
    await calendar.getByRole('button', { name: '1989-05-20' }).click();
    await expect(birthday).toHaveValue('1989-05-20');

    // A date that does not exist is left as typed, for the form to name.
    const anniversary = page.getByLabel(t('customers:customer.fields.wedding_anniversary'), { exact: true });
    await anniversary.fill('2023/2/29');
    await anniversary.press('Tab');
    await expect(anniversary).toHaveValue('2023/2/29');
    await page.getByRole('button', { name: t('kit:form.save') }).click();
    await expect(anniversary).toHaveAttribute('aria-invalid', 'true');
    await expect(birthday).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a list date filter takes typed and picked days', async ({ page, t, signInAs }, testInfo) => {
    await signInAs(DIRECTOR);
    await page.goto('/PLUSKU/uom');
    await page.getByRole('button', { name: t('kit:table.filters') }).click();
    await page.getByRole('button', { name: new RegExp(`^${t('uom:fields.last_updated_time')}: `) }).click();
    const from = page.getByLabel(t('kit:filter.from'), { exact: true });
    const to = page.getByLabel(t('kit:filter.to'), { exact: true });
    await from.fill('2026-01-01');
    await calendarButton(to, t('kit:date.choose')).click();
    const calendar = page.getByRole('group', { name: t('kit:date.calendar') });
    await expect(calendar).toBeVisible();
    await calendar.getByRole('button', { name: t('kit:date.nextMonth') }).click();
    await snap(page, testInfo, 'list-filter-calendar');
    const picked = calendar.getByRole('button', { pressed: false }).filter({ hasText: /^15$/ }).first();
    const day = await picked.getAttribute('aria-label');
    await picked.click();
    await expect(to).toHaveValue(day!);
    // The filter panel stayed open behind the calendar and shows the range.
    await expect(from).toHaveValue('2026-01-01');
    await page.getByRole('button', { name: t('kit:filter.done') }).click();
    await expect(
      page.getByRole('button', { name: new RegExp(`^${t('uom:fields.last_updated_time')}: 2026-01-01 → ${day}`) }),
    ).toBeVisible();
  });
});
