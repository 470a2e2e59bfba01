import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Translate } from './fixtures/catalog.ts';
import { expect, test } from './fixtures/test.ts';
import { CLERK, DIRECTOR } from './fixtures/users.ts';
import { expectToast } from './fixtures/toast.ts';

/** The UOM form's fields by their translated labels (a required field's label starts with its marker). */
function uomForm(page: Page, t: Translate) {
  const field = (name: string) => page.getByLabel(new RegExp(`${t(`uom:fields.${name}`)}$`));
  return {
    name: field('uom_name'),
    secondary: field('secondary_uom'),
    factor: field('uom_per_primary'),
    save: page.getByRole('button', { name: t('kit:form.save') }),
  };
}

/** SPEC.md §2 /PLUSKU/uom, §3 UOM, §4 archive: the master-data pages a user works through, in both languages. */
test.describe('UOM pages', { tag: ['@layout', '@uom-pages'] }, () => {
  test('list, create, edit and archive a UOM', async ({ page, t, signInAs }, testInfo) => {
    // Both projects share one product: a unit of their own keeps the runs apart.
    const secondary = `CTN${testInfo.project.name.toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
    await signInAs(DIRECTOR);
    await page.goto('/PLUSKU/uom');
    await expect(page.getByRole('heading', { name: t('routes:uom') })).toBeVisible();

    // Create.
    await page.getByRole('link', { name: t('uom:create') }).click();
    await expect(page).toHaveURL('/PLUSKU/uom/new');
    const form = uomForm(page, t);
    await form.save.click();
    await expect(page.getByText(t('validation:required')).first()).toBeVisible();
    await form.name.fill('PCS');
    await form.secondary.fill(secondary);
    await form.factor.fill('24');
    await expect(page.getByTestId('uom-conversion')).toContainText(secondary);
    await form.save.click();
    await expectToast(page, t('messages:created'));
    await expect(page).toHaveURL(/\/PLUSKU\/uom\/view\?id=/);
    await expect(form.secondary).toHaveValue(secondary);
    await expect(page.getByText(t('kit:status.new'), { exact: true })).toBeVisible();

    // Edit.
    await page.getByRole('link', { name: t('kit:form.edit') }).click();
    await expect(page).toHaveURL(/\/PLUSKU\/uom\/edit\?id=/);
    await form.factor.fill('12');
    await form.save.click();
    await expectToast(page, t('messages:updated'));
    await expect(page).toHaveURL(/\/PLUSKU\/uom\/view\?id=/);
    await expect(form.factor).toHaveValue('12');

    // Back to the list, find it, archive it.
    await page.getByRole('link', { name: t('kit:form.back') }).click();
    await expect(page).toHaveURL('/PLUSKU/uom');
    await page.getByRole('searchbox').fill(secondary);
    const row = page.getByRole('row').filter({ hasText: secondary });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t('kit:status.new'));
    await row.getByRole('button', { name: t('kit:table.moreActions') }).click();
    await page.getByRole('menuitem', { name: t('kit:actions.archive') }).click();
    const confirm = page.getByRole('dialog', { name: t('uom:confirm.archiveTitle') });
    await expect(confirm).toContainText(secondary);
    await confirm.getByRole('button', { name: t('kit:actions.archive') }).click();
    await expectToast(page, t('messages:archived'));
    await expect(row).toContainText(t('kit:status.archived'));
    // An archived UOM can no longer be edited from the list.
    await expect(row.getByRole('button', { name: t('kit:actions.edit') })).toHaveCount(0);
  });

  test('a clerk with view permission sees the list without the create action', async ({ page, t, signInAs }) => {
    await signInAs(CLERK);
    await page.goto('/PLUSKU/uom');
    await expect(page.getByRole('heading', { name: t('routes:uom') })).toBeVisible();
    await expect(page.getByTestId('data-table')).toBeVisible();
    await expect(page.getByRole('link', { name: t('uom:create') })).toHaveCount(0);
  });
});
