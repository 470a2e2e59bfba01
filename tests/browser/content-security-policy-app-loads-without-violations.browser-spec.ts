import { expect, signInThroughForm, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/** The product is served under a strict Content-Security-Policy (no inline script): the app must still work. */
test.describe('content security policy', () => {
  test('the app loads and signs in under the policy without the browser blocking anything', async ({ page, t }) => {
    // Chromium reports every blocked script, style, image or connection on the console ("... violates the
    // following Content Security Policy directive ...").
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signInThroughForm(page, t, DIRECTOR);
    await expect(page).toHaveURL(DIRECTOR.firstAllowedPath);
    expect(violations).toEqual([]);
  });
});
