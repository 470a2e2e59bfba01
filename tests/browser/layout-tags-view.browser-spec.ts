import { openFromMenu, shell } from './fixtures/layout.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/** SPEC.md §2: a strip of the visited views with close, close others and close all. */
test.describe('tags view', { tag: '@layout' }, () => {
  test('visited pages gather as tags that close one by one, all but one, or all', async ({ page, t, signInAs }) => {
    await signInAs(DIRECTOR);
    await page.goto('/dashboard');
    const { tags, tag } = shell(page, t);
    await openFromMenu(page, t, 'uom', 'plusku');
    await expect(page).toHaveURL('/PLUSKU/uom');
    // The router renders a navigation in a transition: wait for the page before leaving it, as a user would.
    await expect(tag('uom')).toBeVisible();
    await openFromMenu(page, t, 'approval');
    // The inbox opens on its pending tab, which it puts in the query by a replace of its own: wait for it, or
    // a close clicked before that replace lands is undone by it (the replace revisits /approval).
    await expect(page).toHaveURL(/\/approval\?status=[^/]*$/);
    await expect(tags.getByRole('link')).toHaveText([t('routes:dashboard'), t('routes:uom'), t('routes:approval')]);
    await expect(tag('approval')).toHaveAttribute('aria-current', 'page');

    // Closing the current view goes to the last one left.
    await tags.getByRole('button', { name: t('layout:tags.closeOne', { title: t('routes:approval') }) }).click();
    await expect(page).toHaveURL('/PLUSKU/uom');
    await expect(tags.getByRole('link')).toHaveText([t('routes:dashboard'), t('routes:uom')]);

    // Close others, from the tag's context menu.
    await tag('dashboard').click({ button: 'right' });
    const menu = page.getByRole('menu', { name: t('layout:tags.menu', { title: t('routes:dashboard') }) });
    await menu.getByRole('menuitem', { name: t('layout:tags.closeOthers') }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(tags.getByRole('link')).toHaveText([t('routes:dashboard')]);

    // Close all: back to the first page the user may see, which opens as the only tag.
    await openFromMenu(page, t, 'uom', 'plusku');
    await expect(tags.getByRole('link')).toHaveText([t('routes:dashboard'), t('routes:uom')]);
    await tag('uom').click({ button: 'right' });
    await page.getByRole('menuitem', { name: t('layout:tags.closeAll') }).click();
    await expect(page).toHaveURL(DIRECTOR.firstAllowedPath);
    await expect(tags.getByRole('link')).toHaveText([t('routes:dashboard')]);
  });
});
