import { openFromMenu, shell } from './fixtures/layout.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/** SPEC.md §2, §9: narrower than 992 px is the mobile layout, whose sidebar closes on every route change. */
test.describe('mobile width (390 px)', { tag: '@layout' }, () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the menu is a drawer that closes after choosing a page', async ({ page, t, signInAs }) => {
    await signInAs(DIRECTOR);
    await page.goto('/dashboard');
    const { menu, sidebarToggle } = shell(page, t);
    await expect(menu).toBeHidden();
    await expect(sidebarToggle).toHaveAttribute('aria-expanded', 'false');
    await sidebarToggle.click();
    await expect(menu).toBeVisible();
    await openFromMenu(page, t, 'uom', 'plusku');
    await expect(page).toHaveURL('/PLUSKU/uom');
    await expect(menu).toBeHidden();
    // Nothing sticks out sideways at this width.
    type Root = { document: { documentElement: { scrollWidth: number; clientWidth: number } } };
    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as Root).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
