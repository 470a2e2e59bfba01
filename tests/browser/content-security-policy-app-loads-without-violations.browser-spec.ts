import { expect, signInThroughForm, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/** The product is served under a strict Content-Security-Policy (no inline script): the app must still work. */
test.describe('content security policy', () => {
  test('the app loads and signs in under the policy without the browser blocking anything', async ({ page, t }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.evaluate(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
      ),
    );
    await signInThroughForm(page, t, DIRECTOR);
    await expect(page).toHaveURL(DIRECTOR.firstAllowedPath);
    expect(violations).toEqual([]);
  });
});
