import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/**
 * SPEC.md §9: form data kept in the browser is encrypted. A form left unsaved is kept as a draft, encrypted
 * with the user's key from /api/encryption_public_key, and offered back when the user returns to it.
 */
/** The page's drafts in localStorage (runs in the browser: it is serialised, so it closes over nothing). */
const storedDrafts = () =>
  Object.entries((globalThis as unknown as { localStorage: Record<string, string> }).localStorage)
    .filter(([key]) => key.startsWith('scm.draft.'))
    .map(([, value]) => value);

test.describe('form drafts', { tag: ['@layout', '@uom-pages'] }, () => {
  test('an unsaved form is kept encrypted and can be restored or discarded', async ({
    page,
    t,
    signInAs,
  }, testInfo) => {
    const secondary = `DRAFT${testInfo.project.name.toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
    await signInAs(DIRECTOR);
    // Leaving a dirty form by a full page load asks "leave?" (beforeunload): the user leaves.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/PLUSKU/uom/new');
    const field = (name: string) => page.getByLabel(new RegExp(`${t(`uom:fields.${name}`)}$`));
    await field('uom_name').fill('BOTTLE');
    await field('secondary_uom').fill(secondary);

    // The draft reaches browser storage encrypted: the typed text is nowhere in it.
    await expect.poll(() => page.evaluate(storedDrafts).then((drafts) => drafts.length)).toBe(1);
    const stored = (await page.evaluate(storedDrafts)).join('');
    expect(stored).not.toContain(secondary);
    expect(stored).not.toContain('BOTTLE');

    // Leaving and coming back offers the draft; restoring brings the values back.
    await page.goto('/PLUSKU/uom');
    await page.goto('/PLUSKU/uom/new');
    const banner = page.getByTestId('form-draft');
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: t('kit:draft.restore') }).click();
    await expect(field('secondary_uom')).toHaveValue(secondary);
    await expect(field('uom_name')).toHaveValue('BOTTLE');

    // Discarding removes it for good.
    await page.goto('/PLUSKU/uom');
    await page.goto('/PLUSKU/uom/new');
    await page
      .getByTestId('form-draft')
      .getByRole('button', { name: t('kit:draft.discard') })
      .click();
    await expect(page.getByTestId('form-draft')).toHaveCount(0);
    await expect(field('secondary_uom')).toHaveValue('');
    await page.goto('/PLUSKU/uom');
    await page.goto('/PLUSKU/uom/new');
    await expect(field('uom_name')).toBeVisible();
    await expect(page.getByTestId('form-draft')).toHaveCount(0);
  });
});
