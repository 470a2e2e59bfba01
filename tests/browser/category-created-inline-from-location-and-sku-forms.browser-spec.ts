import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { directorApi } from './fixtures/api.ts';
import { expect, labelled, test, uniqueTag } from './fixtures/identity.ts';
import type { Translate } from './fixtures/catalog.ts';
import { DIRECTOR } from './fixtures/users.ts';
import { expectToast } from './fixtures/toast.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByTestId(testId)).toContainText(option);
}

/** Opens "+ New category" beside the category select, refuses an empty name, then creates `name`. */
async function createCategoryInline(page: Page, t: Translate, name: string, screenshot: string) {
  await page.getByTestId('new-category-open').click();
  const dialog = page.getByTestId('new-category');
  await expect(dialog.getByRole('heading', { name: t('kit:newCategory.title') })).toBeVisible();
  await dialog.getByRole('button', { name: t('kit:newCategory.create') }).click();
  await expect(dialog.getByTestId('field-error')).toHaveText(t('validation:required'));
  await labelled(page, t('kit:newCategory.name')).fill(name);
  await page.screenshot({ path: screenshot });
  await dialog.getByRole('button', { name: t('kit:newCategory.create') }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Issue 10, "Forms a new user can complete": a required category is created from the location and SKU forms
 * without leaving them; the new category is selected and what was typed stays.
 */
test.describe('master data: a category created from the form that needs it', () => {
  test('a location is saved with a category created in its form; a SKU form keeps its fields while one is created', async ({
    page,
    signInAs,
    t,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const dir = `${SCREENSHOTS_DIR}${testInfo.project.name}`;
    fs.mkdirSync(dir, { recursive: true });
    const api = await directorApi(baseURL!);
    const regionName = `Region ${tag}`;
    try {
      await api.create('/api/catalog/regions', { region_name: regionName });
    } finally {
      await api.dispose();
    }
    await signInAs(DIRECTOR);

    // The location form: half filled, then a category made on the spot.
    const locationId = `L${tag}`.toUpperCase();
    await page.goto('/location/list/new');
    await labelled(page, t('locations:location.fields.location_id')).fill(locationId);
    await labelled(page, t('locations:location.fields.location_name')).fill(`Bedok ${tag}`);
    await createCategoryInline(page, t, `Kiosks ${tag}`, `${dir}/category-inline--location-dialog.png`);
    await expect(page.getByTestId('location-category')).toHaveText(`Kiosks ${tag}`);
    await expect(labelled(page, t('locations:location.fields.location_id'))).toHaveValue(locationId);
    await expect(labelled(page, t('locations:location.fields.location_name'))).toHaveValue(`Bedok ${tag}`);
    await expect(page).toHaveURL('/location/list/new');
    await choose(page, 'location-region', regionName);
    await labelled(page, t('locations:location.fields.address')).fill('1 Bedok North Ave');
    await labelled(page, t('locations:location.fields.postal_code')).fill('460001');
    await page.getByRole('button', { name: t('kit:form.save'), exact: true }).click();
    await expect(page).toHaveURL(/\/location\/list\/view\?id=/);
    // The category's and the location's "created" messages.
    await expectToast(page, t('messages:created'));
    await expect(page.getByTestId('location-category')).toHaveText(`Kiosks ${tag}`);
    await page.screenshot({ path: `${dir}/category-inline--location-saved.png` });

    // The SKU form: the same affordance, the typed fields kept.
    await page.goto('/PLUSKU/sku/list/new');
    await labelled(page, t('sku:sku.fields.sku_id')).fill(`S${tag}`.toUpperCase());
    await labelled(page, t('sku:sku.fields.name')).fill(`Palm sugar ${tag}`);
    await createCategoryInline(page, t, `Sweeteners ${tag}`, `${dir}/category-inline--sku-dialog.png`);
    await expect(page.getByTestId('sku-category')).toHaveText(`Sweeteners ${tag}`);
    await expect(labelled(page, t('sku:sku.fields.name'))).toHaveValue(`Palm sugar ${tag}`);
    await expect(page).toHaveURL('/PLUSKU/sku/list/new');
    await page.screenshot({ path: `${dir}/category-inline--sku-form.png` });

    // The category exists on its own list too.
    await page.goto('/PLUSKU/sku/category');
    await expect(page.getByRole('cell', { name: `Sweeteners ${tag}`, exact: true })).toBeVisible();
  });
});
