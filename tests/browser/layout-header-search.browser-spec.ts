import { literally } from './fixtures/catalog.ts';
import { shell } from './fixtures/layout.ts';
import { expect, test } from './fixtures/test.ts';
import { CLERK, DIRECTOR } from './fixtures/users.ts';

/** SPEC.md §2, §9: the header route search, fuzzy over the translated titles and paths of the user's pages. */
test.describe('header search', { tag: '@layout' }, () => {
  test('opens a page found by its translated name', async ({ page, t, signInAs }) => {
    await signInAs(DIRECTOR);
    await page.goto('/dashboard');
    await shell(page, t).searchButton.click();
    const input = page.getByRole('combobox', { name: t('layout:search.label') });
    await input.fill(t('routes:uom'));
    await page.getByRole('option', { name: literally('/PLUSKU/uom') }).click();
    await expect(page).toHaveURL('/PLUSKU/uom');
    await expect(input).toBeHidden();
  });

  test('the keyboard shortcut opens it and Escape closes it', async ({ page, t, signInAs }) => {
    await signInAs(DIRECTOR);
    await page.goto('/dashboard');
    await expect(shell(page, t).searchButton).toBeVisible();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: t('layout:search.label') });
    await expect(input).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(input).toBeHidden();
    await expect(page).toHaveURL('/dashboard');
  });

  test('nonsense finds nothing', async ({ page, t, signInAs }) => {
    await signInAs(DIRECTOR);
    await page.goto('/dashboard');
    await shell(page, t).searchButton.click();
    await page.getByRole('combobox', { name: t('layout:search.label') }).fill('qqzzxxjj');
    await expect(page.getByText(t('layout:search.noResults'))).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(0);
  });

  test('offers only pages the role may open', async ({ page, t, signInAs }) => {
    await signInAs(CLERK);
    await page.goto(CLERK.firstAllowedPath);
    await shell(page, t).searchButton.click();
    await page.getByRole('combobox', { name: t('layout:search.label') }).fill(t('routes:dashboard'));
    await expect(page.getByRole('option', { name: literally('/dashboard') })).toHaveCount(0);
  });
});
