import { shell } from './fixtures/layout.ts';
import { expect, test } from './fixtures/test.ts';
import { CLERK, DIRECTOR } from './fixtures/users.ts';

/** SPEC.md §6: a menu entry shows only for a role holding view, edit or approval on one of its keys. */
test.describe('menu by role', { tag: '@layout' }, () => {
  test('a clerk sees only the entries their role allows', async ({ page, t, signInAs }) => {
    await signInAs(CLERK);
    await page.goto(CLERK.firstAllowedPath);
    const { menu, menuLink, menuGroup, errorLogButton } = shell(page, t);
    await expect(menuLink('uom')).toBeVisible();
    await expect(menuLink('uom')).toHaveAttribute('aria-current', 'page');
    await expect(menuLink('activityLog')).toBeVisible();
    await expect(menuLink('notificationCenter')).toBeVisible();
    // Nothing else: no dashboard, no procurement group, no SKU beside the UOM, no director-only FIFO.
    await expect(menu.getByRole('link')).toHaveCount(3);
    await expect(menuLink('dashboard')).toHaveCount(0);
    await expect(menuGroup('procurement')).toHaveCount(0);
    await expect(menuLink('sku')).toHaveCount(0);
    await expect(menuLink('fifo')).toHaveCount(0);
    await expect(errorLogButton).toHaveCount(0);
  });

  test('the director sees every area, the FIFO entry and the error-log button', async ({ page, t, signInAs }) => {
    await signInAs(DIRECTOR);
    await page.goto(DIRECTOR.firstAllowedPath);
    const { menuLink, menuGroup, errorLogButton } = shell(page, t);
    await expect(menuLink('dashboard')).toHaveAttribute('aria-current', 'page');
    for (const group of ['procurement', 'inventory', 'plusku', 'supplierManagement', 'userManagement']) {
      await expect(menuGroup(group)).toBeVisible();
    }
    await expect(menuLink('fifo')).toBeVisible();
    await expect(menuLink('settings')).toBeVisible();
    await menuGroup('procurement').click();
    await expect(menuLink('purchaseOrder')).toBeVisible();
    await expect(errorLogButton).toBeVisible();
  });
});
