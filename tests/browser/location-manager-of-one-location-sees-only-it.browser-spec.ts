import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../../services/identity/src/auth/password-hasher.ts';
import { directorApi } from './fixtures/api.ts';
import { expect, test } from './fixtures/test.ts';
import type { TestUser } from './fixtures/users.ts';

/**
 * A manager with full rights on locations and users but one location (docs/architecture.md, access rules): the
 * location list shows only that location and offers neither create nor import; the user form does not offer
 * "all locations". (Written straight into identity's schema, as the browser clerk is: no invitation round trip.)
 */
async function createManager(tag: string, location: string): Promise<TestUser> {
  const user: TestUser = {
    email: `manager-${tag}@browser.test`.toLowerCase(),
    username: `manager${tag}`.toLowerCase(),
    password: 'Man4ger!Password',
    roleName: `one-location manager ${tag}`,
    firstAllowedPath: '/dashboard',
  };
  const permissions = ['LOCATION', 'USER', 'DASHBOARD'].map((key) => ({
    permission: { key },
    view: true,
    edit: true,
    approval: false,
  }));
  const client = new pg.Client({ connectionString: process.env.SCM_BROWSER_DATABASE_URL });
  await client.connect();
  try {
    const roleId = randomUUID();
    await client.query(
      `INSERT INTO identity.role (role_id, role_name, permission_list, can_see_cost, approval_limit)
       VALUES ($1, $2, $3::jsonb, false, 0)`,
      [roleId, user.roleName, JSON.stringify(permissions)],
    );
    await client.query(
      `INSERT INTO identity.app_user (user_id, employee_code, employee_name, email, username, password_hash, role_id, status, location_list)
       VALUES ($1, $2, 'One-location manager', $3, $4, $5, $6, 'Active', $7)`,
      [randomUUID(), `M${tag}`, user.email, user.username, await hashPassword(user.password), roleId, [location]],
    );
  } finally {
    await client.end();
  }
  return user;
}

test.describe('location scope in the web app', { tag: ['@location-scope'] }, () => {
  test('a manager of one location sees only it, and is not offered what needs every location', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const home = `HOME-${tag}`;
    const foreign = `AWAY-${tag}`;
    const api = await directorApi(baseURL!);
    try {
      const region = await api.create('/api/catalog/regions', { region_name: `Region ${tag}` });
      const category = await api.create('/api/catalog/location-categories', {
        category_name: `Outlets ${tag}`,
        sub_categories: [],
      });
      for (const [id, name] of [
        [home, `Home outlet ${tag}`],
        [foreign, `Away outlet ${tag}`],
      ]) {
        await api.create('/api/catalog/locations', {
          location_id: id,
          location_name: name,
          is_operating: true,
          category_id: category.category_id,
          sub_category_id: null,
          region_id: region.region_id,
          address: '1 Scope Road',
          country: 'Singapore',
          postal_code: '600001',
          contact_person: [],
          remark: '',
        });
      }
    } finally {
      await api.dispose();
    }
    await signInAs(await createManager(tag, home));

    await page.goto('/location/list');
    await expect(page.getByRole('heading', { name: t('routes:location') })).toBeVisible();
    await page.getByRole('searchbox').fill(tag);
    await expect(page.getByRole('row').filter({ hasText: home })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: foreign })).toHaveCount(0);
    await expect(page.getByTestId('location-create')).toHaveCount(0);

    await page.goto('/user/list/new');
    await expect(page.getByRole('checkbox', { name: t('users:allLocations') })).toBeDisabled();
  });
});
