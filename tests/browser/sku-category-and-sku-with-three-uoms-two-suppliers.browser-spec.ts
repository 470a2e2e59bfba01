import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { directorApi, supplierBody } from './fixtures/api.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';
import { expectToast } from './fixtures/toast.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** A field by its translated label, exactly (a required field's label starts with its `*` marker). */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^\\*?\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/** Opens a kit Select by its test id and picks the option with this label. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByTestId(testId)).toContainText(option);
}

/**
 * SPEC.md §2 /PLUSKU/sku/category and /PLUSKU/sku/list, §3 SKU: a SKU category with a sub-category made on its
 * page, then a SKU with three UOMs (primary PCS, BOX of 12, KG of 0.5) and two suppliers (the second the default),
 * saved, found in the list and reopened, in both languages; screenshots of the list and the form.
 */
test.describe('SKU pages', { tag: ['@sku-pages'] }, () => {
  test('create a SKU category, then a SKU with three UOMs and two suppliers, and reopen it', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name.toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
    const uoms = { pcs: `PCS-${tag}`, box: `BOX-${tag}`, kg: `KG-${tag}` };
    const suppliers = [
      { id: `SA-${tag}`, name: `Alpha Foods ${tag}` },
      { id: `SB-${tag}`, name: `Beta Trading ${tag}` },
    ];
    const skuId = `SKU-${tag}`;
    const categoryName = `Dry Goods ${tag}`;

    // Set-up through the API: three UOMs and two suppliers (their own pages have their own tests).
    const api = await directorApi(baseURL!);
    try {
      await api.create('/api/catalog/uoms', { uom_name: uoms.pcs, secondary_uom: 'CTN', uom_per_primary: '24' });
      await api.create('/api/catalog/uoms', { uom_name: uoms.box, secondary_uom: 'CTN', uom_per_primary: '12' });
      await api.create('/api/catalog/uoms', { uom_name: uoms.kg, secondary_uom: 'BAG', uom_per_primary: '25' });
      const supplierCategory = await api.create('/api/catalog/supplier-categories', {
        category_name: `Grocers ${tag}`,
      });
      for (const supplier of suppliers) {
        await api.create(
          '/api/catalog/suppliers',
          supplierBody(supplier.id, supplier.name, supplierCategory.category_id),
        );
      }
    } finally {
      await api.dispose();
    }

    await signInAs(DIRECTOR);

    // The SKU category with a sub-category, on its page.
    await page.goto('/PLUSKU/sku/category');
    await expect(page.getByRole('heading', { name: t('routes:skuCategory') })).toBeVisible();
    await page.getByRole('link', { name: t('sku:category.create') }).click();
    await expect(page).toHaveURL('/PLUSKU/sku/category/new');
    await field(page, t('sku:category.fields.category_name')).fill(categoryName);
    await page.getByTestId('sub-category-add').click();
    await field(page, t('sku:category.fields.sub_category_name', { index: 1 })).fill('Rice');
    await page.getByRole('button', { name: t('kit:form.save') }).click();
    await expectToast(page, t('messages:created'));
    await expect(page).toHaveURL(/\/PLUSKU\/sku\/category\/view\?id=/);

    // The SKU.
    await page.goto('/PLUSKU/sku/list');
    await expect(page.getByRole('heading', { name: t('routes:sku') })).toBeVisible();
    await page.getByRole('link', { name: t('sku:sku.create') }).click();
    await expect(page).toHaveURL('/PLUSKU/sku/list/new');
    const save = page.getByRole('button', { name: t('kit:form.save') });
    await save.click();
    await expect(page.getByText(t('validation:required')).first()).toBeVisible();

    await field(page, t('sku:sku.fields.sku_id')).fill(skuId);
    await field(page, t('sku:sku.fields.name')).fill('Jasmine rice 5kg');
    await field(page, t('sku:sku.fields.barcode')).fill('8850000000011');
    await field(page, t('sku:sku.fields.product_brand')).fill('Royal Umbrella');
    await field(page, t('sku:sku.fields.display_name')).fill('Jasmine Rice');
    await field(page, t('sku:sku.fields.ch_display_name')).fill('茉莉香米');
    await page.getByTestId('sku-alternate-name-add').click();
    await page.getByTestId('sku-alternate-name-0').fill('Thai fragrant rice');
    await choose(page, 'sku-category', categoryName);
    await choose(page, 'sku-sub-category', 'Rice');

    // Three UOMs: the primary (its row has factor 1), a BOX of 12 and a KG of 0.5 primary units.
    await choose(page, 'sku-primary-uom', uoms.pcs);
    await expect(page.getByTestId('sku-uom-factor-0')).toHaveValue('1');
    await page.getByTestId('sku-uom-add').click();
    await choose(page, 'sku-uom-1', uoms.box);
    await page.getByTestId('sku-uom-factor-1').fill('12');
    await page.getByTestId('sku-uom-add').click();
    await choose(page, 'sku-uom-2', uoms.kg);
    await page.getByTestId('sku-uom-factor-2').fill('0.5');
    await expect(page.getByTestId('sku-uom-row-1')).toContainText(
      t('sku:sku.conversion', { uom: uoms.box, factor: '12', primary: uoms.pcs }),
    );
    await choose(page, 'sku-purchasing-uom', uoms.box);
    await choose(page, 'sku-receiving-uom', uoms.box);
    await choose(page, 'sku-counting-uom', uoms.kg);

    // Two suppliers, the second the default.
    await page.getByTestId('sku-supplier-add').click();
    await choose(page, 'sku-supplier-0', `${suppliers[0].id} ${suppliers[0].name}`);
    await page.getByTestId('sku-supplier-add').click();
    await choose(page, 'sku-supplier-1', `${suppliers[1].id} ${suppliers[1].name}`);
    await page.getByTestId('sku-supplier-default-1').check();

    await field(page, t('sku:sku.fields.threshold')).fill('10');
    await field(page, t('sku:sku.fields.default_wastage_percentage')).fill('2.5');
    await field(page, t('sku:sku.fields.max_order_qty')).fill('500');
    await field(page, t('sku:sku.fields.account_code')).fill('AC-100');
    await field(page, t('sku:sku.fields.gl_code')).fill('GL-5000');
    const hashtags = field(page, t('sku:sku.fields.hashtag_list'));
    await hashtags.fill('rice');
    await hashtags.press('Enter');

    const dir = `${SCREENSHOTS_DIR}${testInfo.project.name}`;
    fs.mkdirSync(dir, { recursive: true });
    // No error is left once everything is filled in (the cross-field rules re-checked as the UOMs were chosen).
    await expect(page.getByTestId('field-error')).toHaveCount(0);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: `${dir}/sku-form-new.png`, fullPage: true });
    await save.click();
    await expectToast(page, t('messages:created'));
    await expect(page).toHaveURL(new RegExp(`/PLUSKU/sku/list/view\\?id=${skuId}$`));

    // Found in the list, and reopened from it.
    await page.getByRole('link', { name: t('kit:form.back') }).click();
    await expect(page).toHaveURL('/PLUSKU/sku/list');
    await page.getByRole('searchbox').fill(skuId);
    const row = page.getByRole('row').filter({ hasText: skuId });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Jasmine rice 5kg');
    await expect(row).toContainText(categoryName);
    await expect(row).toContainText(`${suppliers[0].name}, ${suppliers[1].name}`);
    await expect(row).toContainText(t('kit:status.new'));
    // Only this run's SKU is left once the search has applied.
    await expect(page.getByRole('row').filter({ hasText: 'Jasmine rice 5kg' })).toHaveCount(1);
    await page.screenshot({ path: `${dir}/sku-list.png`, fullPage: true });

    await row.getByRole('link', { name: skuId }).click();
    await expect(page).toHaveURL(new RegExp(`/PLUSKU/sku/list/view\\?id=${skuId}$`));
    await expect(field(page, t('sku:sku.fields.sku_id'))).toHaveValue(skuId);
    await expect(field(page, t('sku:sku.fields.ch_display_name'))).toHaveValue('茉莉香米');
    await expect(page.getByTestId('sku-alternate-name-0')).toHaveValue('Thai fragrant rice');
    await expect(page.getByTestId('sku-sub-category')).toContainText('Rice');
    await expect(page.getByTestId('sku-primary-uom')).toContainText(uoms.pcs);
    await expect(page.getByTestId('sku-uom-1')).toContainText(uoms.box);
    await expect(page.getByTestId('sku-uom-factor-1')).toHaveValue('12');
    await expect(page.getByTestId('sku-uom-2')).toContainText(uoms.kg);
    await expect(page.getByTestId('sku-uom-factor-2')).toHaveValue('0.5');
    await expect(page.getByTestId('sku-purchasing-uom')).toContainText(uoms.box);
    await expect(page.getByTestId('sku-counting-uom')).toContainText(uoms.kg);
    await expect(page.getByTestId('sku-supplier-0')).toContainText(suppliers[0].name);
    await expect(page.getByTestId('sku-supplier-1')).toContainText(suppliers[1].name);
    await expect(page.getByTestId('sku-supplier-default-1')).toBeChecked();
    await expect(field(page, t('sku:sku.fields.default_wastage_percentage'))).toHaveValue('2.5');
    await expect(page.getByTestId('sku-hashtags')).toContainText('rice');
    // The director sees cost: the price section is there (no prices yet; they are set on the pricing page).
    await expect(page.getByText(t('sku:sku.sections.prices'), { exact: true })).toBeVisible();
    await expect(page.getByText(t('sku:sku.noPrices'))).toBeVisible();
    await page.screenshot({ path: `${dir}/sku-form.png`, fullPage: true });
  });
});
