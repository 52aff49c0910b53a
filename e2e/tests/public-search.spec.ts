// Search and browse (SPEC.md 2 Search and browse, 4 Category filter, 5, 9).
import { BROWSE_SLUGS } from '../../packages/domain/src/categories.ts';
import { allowConsoleError, CHICAGO, expect, offersNear, setPlace, test } from './public-fixtures.ts';

test("searching 'pizza' in Chicago shows nearby results and more by offset", async ({ page }) => {
  await setPlace(page, CHICAGO);
  await page.goto('/');
  const search = page.getByRole('search').first();
  await search.getByRole('combobox').fill('pizza');
  await search.getByRole('combobox').press('Enter');
  await expect(page).toHaveURL(/\/search\?q=pizza&city=Chicago&state=IL/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Results for “pizza”');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('in Chicago, IL');
  const results = page.getByRole('list', { name: 'Results for pizza' }).getByRole('listitem');
  await expect(results).toHaveCount(12);
  await expect(results.first().locator('.card-address')).toContainText(', IL');
  await page.getByRole('link', { name: 'More Results' }).click();
  await expect.poll(() => results.count()).toBeGreaterThan(12);
});

test('empty search text goes to /browse/all', async ({ page }) => {
  await setPlace(page, CHICAGO);
  await page.goto('/search?q=%20%20&city=Chicago&state=IL');
  await expect(page).toHaveURL(/\/browse\/all\?city=Chicago&state=IL$/);
  await page.getByRole('search').first().getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/browse\/all/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('All Offers');
});

test('search reads market, olat and olng when no place is given', async ({ page }) => {
  await setPlace(page, { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 });
  await page.goto('/search?q=pizza&market=florida');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('in Tampa, FL');
  await page.goto('/search?q=pizza&olat=41.8781&olng=-87.6298');
  await expect(page.getByRole('list', { name: 'Results for pizza' }).getByRole('listitem').first().locator('.card-address')).toContainText(', IL');
});

test('every browse slug answers a page with results', async ({ page }) => {
  await setPlace(page, { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 });
  for (const slug of ['all', ...BROWSE_SLUGS]) {
    const response = await page.goto(`/browse/${slug}`);
    expect(response?.status(), slug).toBe(200);
    await expect(page.locator('.card-grid li').first(), slug).toBeVisible();
  }
  allowConsoleError(page, /status of 404 .*\/browse\/not-a-category/);
  expect((await page.goto('/browse/not-a-category'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('special-edition headers follow the page type', async ({ page }) => {
  await setPlace(page, { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 });
  await page.goto('/browse/auto-transportation');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Auto Special Edition');
  await page.goto('/browse/home-improvement');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get the right professional');
  // Home-pros variant outside the Twin Cities, logged out: 'Get Estimates' and 'Sign Up' (/membership).
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/membership');
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Get Estimates' })).toBeVisible();
  await setPlace(page, CHICAGO);
  await page.goto('/browse/auto-transportation');
  await expect(page.getByRole('heading', { name: 'Auto Special Edition' })).toHaveCount(0);
});

test('the category filter rewrites repeated filter parameters without a reload', async ({ page }) => {
  await setPlace(page, CHICAGO);
  await page.goto('/browse/food-dining');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('button', { name: 'Filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter by Category' });
  const boxes = dialog.getByRole('checkbox');
  expect(await boxes.count()).toBeLessThanOrEqual(50);
  await expect(dialog.getByRole('checkbox', { name: 'Contests' })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'Pizza' }).check();
  await dialog.getByRole('checkbox', { name: 'Chinese' }).check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Updating...' })).toBeVisible();
  await expect(page).toHaveURL(/filter=chinese/);
  expect(new URL(page.url()).searchParams.getAll('filter').sort()).toEqual(['chinese', 'pizza']);
  await expect(page.getByRole('button', { name: 'Filter (2)' })).toBeVisible({ timeout: 2000 });
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test("no results shows 'No Results Found' and the Suggest Location modal", async ({ page }) => {
  await setPlace(page, CHICAGO);
  await page.goto('/search?q=zzqxjvwk&city=Chicago&state=IL');
  await expect(page.getByRole('heading', { name: 'No Results Found' })).toBeVisible();
  await expect(page.getByText('Want to see offers in your area?')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Suggest Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest Location' });
  await expect(dialog).toContainText("Your favorite business isn't showing up? Tell us who we're missing.");
  await dialog.getByLabel('Business name').fill("Tony's Pizza");
  await dialog.getByLabel('City').fill('Chicago');
  await dialog.getByLabel('State').selectOption('IL');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // Success heading, or the server's message when the suggestion endpoint refuses it.
  await expect(dialog.getByRole('heading', { name: 'Suggestion Submitted!' }).or(dialog.getByRole('alert'))).toBeVisible();
});

test('browse by location lists location cards with the has-offers filter', async ({ page, request }) => {
  await setPlace(page, CHICAGO);
  const offers = await offersNear(request, CHICAGO);
  expect(offers.length).toBeGreaterThan(0);
  await page.goto('/browse/locations');
  await expect(page.locator('.location-card').first()).toBeVisible();
  await expect(page.locator('.location-card').first().getByRole('link', { name: 'View Location' })).toHaveAttribute('href', /^\/merchants\//);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('checkbox', { name: 'Only show locations with offers' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/has_offers=1/);
  await expect(page.locator('.location-card', { hasText: 'No Online Offers' })).toHaveCount(0);
});
