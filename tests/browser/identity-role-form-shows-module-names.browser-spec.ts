import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PERMISSION_MODULES } from '@scm/contracts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Issue 10, "Forms a new user can complete": the role form names every permission module and key in the user's
 * language (OR reads "Store Ordering", GR "Return Note"), with the internal key only as a small hint.
 */
test.describe('identity: the role form names the modules', () => {
  test('every module and key shows its translated name, the key as a hint beside it', async ({
    page,
    signInAs,
    t,
  }, testInfo) => {
    await signInAs(DIRECTOR);
    await page.goto('/user/role/new');
    const matrix = page.getByTestId('permission-matrix');
    await expect(matrix).toBeVisible();
    for (const module of PERMISSION_MODULES) {
      const group = matrix.locator(`[data-module="${module.id}"]`);
      await expect(group.locator('thead th').first()).toContainText(t(`roles:modules.${module.id}`));
      for (const key of module.keys) {
        const row = group.locator(`tr[data-key="${key}"]`);
        const header = row.locator('th').first();
        // A group of one key shows the group's name; the key's own name is on its checkboxes.
        if (module.keys.length > 1) await expect(header).toContainText(t(`roles:keys.${key}`));
        await expect(header.locator('.font-mono')).toHaveText(key);
        await expect(
          row.getByRole('checkbox', {
            name: t('roles:flagOf', { flag: t('roles:flags.view'), name: t(`roles:keys.${key}`) }),
          }),
        ).toBeVisible();
      }
    }
    // The codes the issue names never stand alone as a row's title.
    for (const key of ['OR', 'GR', 'INVENTORY_OVERVIEW']) {
      await expect(matrix.locator(`tr[data-key="${key}"] th`).first()).not.toHaveText(key);
    }
    fs.mkdirSync(`${SCREENSHOTS_DIR}${testInfo.project.name}`, { recursive: true });
    await page.screenshot({
      path: `${SCREENSHOTS_DIR}${testInfo.project.name}/identity-role-form-module-names.png`,
      fullPage: true,
    });
  });
});
