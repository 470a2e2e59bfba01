import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { directorApi } from './fixtures/api.ts';
import { expect, labelled, newPerson, test, uniqueTag } from './fixtures/identity.ts';
import { expectToast } from './fixtures/toast.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Issue 10, "Forms a new user can complete": inviting a user picks the locations from the location master data
 * by name (a searchable multi-select), not by typing ids; the user is saved with the location ids.
 */
test.describe('identity: invite a user picking locations', () => {
  test('the administrator searches the locations by name, picks two and the user keeps their ids', async ({
    adminPage,
    adminApi,
    t,
    language,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const api = await directorApi(baseURL!);
    const [east, west] = [`E${tag}`.toUpperCase(), `W${tag}`.toUpperCase()];
    try {
      const region = await api.create('/api/catalog/regions', { region_name: `Region ${tag}` });
      const category = await api.create('/api/catalog/location-categories', {
        category_name: `Outlets ${tag}`,
        sub_categories: [],
      });
      for (const [locationId, name] of [
        [east, `Tampines ${tag}`],
        [west, `Jurong ${tag}`],
        [`X${tag}`.toUpperCase(), `Woodlands ${tag}`],
      ] as const) {
        await api.create('/api/catalog/locations', {
          location_id: locationId,
          location_name: name,
          is_operating: true,
          category_id: category.category_id,
          sub_category_id: null,
          region_id: region.region_id,
          address: '1 Tampines Ave',
          country: 'Singapore',
          postal_code: '529510',
          contact_person: [],
          remark: '',
        });
      }
    } finally {
      await api.dispose();
    }
    const roleName = `Store clerk ${tag}`;
    await adminApi.createRole(roleName, [{ permission: { key: 'UOM' }, view: true, edit: false, approval: false }]);
    const invitee = newPerson(tag, roleName, language);

    await adminPage.goto('/user/list/new');
    await labelled(adminPage, t('users:fields.employee_code')).fill(invitee.employeeCode);
    await labelled(adminPage, t('users:fields.employee_name')).fill(invitee.employeeName);
    await labelled(adminPage, t('users:fields.email')).fill(invitee.email);
    await labelled(adminPage, t('users:fields.username')).fill(invitee.username);
    await adminPage.getByTestId('user-role').click();
    await adminPage.getByRole('option', { name: roleName, exact: true }).click();

    // The picker offers the locations by name; typing narrows them.
    const picker = adminPage.getByTestId('user-locations');
    const search = picker.getByRole('combobox');
    await expect(search).toHaveAttribute('placeholder', t('users:placeholders.location_list'));
    await search.fill(`Tampines ${tag}`);
    await expect(adminPage.getByRole('option')).toHaveCount(1);
    await adminPage.getByRole('option', { name: new RegExp(`Tampines ${tag}`) }).click();
    await search.fill(west.toLowerCase());
    await adminPage.getByRole('option', { name: new RegExp(`Jurong ${tag}`) }).click();
    await adminPage.keyboard.press('Escape');
    const chips = picker.getByTestId('multi-combobox-chip');
    await expect(chips).toHaveText([`Tampines ${tag}`, `Jurong ${tag}`]);
    fs.mkdirSync(`${SCREENSHOTS_DIR}${testInfo.project.name}`, { recursive: true });
    await adminPage.screenshot({
      path: `${SCREENSHOTS_DIR}${testInfo.project.name}/identity-invite-user-picking-two-locations--picker.png`,
    });

    await adminPage.getByRole('button', { name: t('users:sendInvitation') }).click();
    await expectToast(adminPage, t('messages:invited'));
    await expect(adminPage).toHaveURL(/\/user\/list\/view\?id=/);

    // The view names the two locations; the record holds their ids.
    await expect(adminPage.getByTestId('user-locations').getByTestId('multi-combobox-chip')).toHaveText([
      `Tampines ${tag}`,
      `Jurong ${tag}`,
    ]);
    await adminPage.screenshot({
      path: `${SCREENSHOTS_DIR}${testInfo.project.name}/identity-invite-user-picking-two-locations--view.png`,
    });
    const userId = new URL(adminPage.url()).searchParams.get('id')!;
    const saved = await adminPage.request.get(`/api/identity/users/${userId}`);
    expect(((await saved.json()) as { data: { location_list: string[] } }).data.location_list.sort()).toEqual(
      [east, west].sort(),
    );
  });
});
