// Search tolerant of typos and trade synonyms, and grouped suggestions (SPEC.md 4 Autocomplete, 7;
// docs/api.md "Search matching and autocomplete groups").
import { CHICAGO, expect, MINNEAPOLIS, setPlace, test } from './public-fixtures.ts';

test("a typo in one word of several still finds offers: 'oil chnage'", async ({ page }) => {
  await setPlace(page, CHICAGO);
  await page.goto('/search?q=oil%20chnage&city=Chicago&state=IL');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Results for “oil chnage”');
  await expect(page.getByRole('list', { name: 'Results for oil chnage' }).getByRole('listitem').first()).toBeVisible();
});

test("'plumber' in Minneapolis finds plumbing pros", async ({ page }) => {
  await setPlace(page, MINNEAPOLIS);
  await page.goto('/search?q=plumber&city=Minneapolis&state=MN');
  await expect(page.getByRole('list', { name: 'Results for plumber' }).getByRole('listitem').first()).toBeVisible();
});

test('suggestions come in groups with headings; a place opens the offers near it', async ({ page }) => {
  await setPlace(page, MINNEAPOLIS);
  await page.goto('/');
  const box = page.getByRole('search').first().getByRole('combobox');
  await box.click();
  await box.pressSequentially('minn');
  const listbox = page.getByRole('listbox');
  const places = listbox.getByRole('group', { name: 'Places' });
  await expect(places.getByRole('option', { name: 'Minneapolis, MN' })).toBeVisible();
  await box.fill('plumb');
  await expect(listbox.getByRole('group', { name: 'Categories' }).getByRole('option', { name: 'Plumbing' }).first()).toBeVisible();
  await box.fill('minneapolis');
  await places.getByRole('option', { name: 'Minneapolis, MN' }).click();
  await expect(page).toHaveURL(/\/browse\/all\?city=Minneapolis&state=MN/);
});
