// The map view of the saver's lists (docs/api.md "Map area"): the list/map toggle keeps its choice
// in the URL, the markers (clusters with their counts and single offers) add up to the listed
// results, no request leaves our origin, and "Search this area" after a pan lists the offers of
// the visible box, in the URL and the list alike.
import { baseUrl, CHICAGO, expect, setPlace, test } from './public-fixtures.ts';
import type { Page } from '@playwright/test';

/** Sum of the markers' counts (a cluster counts its offers, a single marker one). */
async function markerTotal(page: Page): Promise<number> {
  const counts = await page.locator('.map-marker').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.count)));
  return counts.reduce((a, b) => a + b, 0);
}

function recordForeignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(baseUrl()) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}

test('map toggle with markers equal to the results', async ({ page }) => {
  await setPlace(page, CHICAGO);
  const foreign = recordForeignRequests(page);
  await page.goto('/browse/all');
  const list = page.getByRole('list', { name: 'All Offers results' }).locator(':scope > li');
  const listed = await list.count();
  expect(listed).toBeGreaterThan(1);
  // The list view loads no map code.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /offer-map|maplibre/.test(e.name)))).toBe(false);

  const map = page.getByRole('region', { name: 'Map of the results' });
  await expect(async () => {
    await page.getByRole('link', { name: 'Map', exact: true }).click();
    await expect(map).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page).toHaveURL(/[?&]view=map/);
  await expect(page.locator('.map-marker').first()).toBeVisible();
  expect(await markerTotal(page)).toBe(listed);
  // The basemap draws city names from our places.
  await expect(page.locator('.map-city').first()).toBeAttached();

  // Markers are named buttons: a cluster zooms in (or lists offers at one address), a single
  // offer's marker shows the offer, linking to its coupon window.
  await expect(page.getByRole('button', { name: /^\d+ offers here$/ }).first()).toBeAttached();
  const link = page.locator('.map-selection a').first();
  await expect(async () => {
    const pins = page.locator('.map-pin');
    await ((await pins.count()) ? pins.first() : page.locator('.map-cluster').first()).click({ timeout: 1000 });
    await expect(link).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(link).toHaveAttribute('href', /[?&]o=\d+/);
  await expect(page.getByRole('list', { name: 'All Offers results' }).getByRole('link', { name: await link.innerText(), exact: true }).first()).toBeVisible();

  // The view survives a new sort.
  await page.getByLabel('Sort by').selectOption('newest');
  await expect(page).toHaveURL(/sort=newest/);
  await expect(page).toHaveURL(/view=map/);
  await expect(map).toBeVisible();
  await expect.poll(() => markerTotal(page)).toBe(await list.count());
  expect(foreign).toEqual([]);
});

test('search this area', async ({ page }) => {
  await setPlace(page, CHICAGO);
  await page.goto('/browse/all?view=map');
  const map = page.getByRole('region', { name: 'Map of the results' });
  await expect(page.locator('.map-marker').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search this area' })).toHaveCount(0);

  // Zoom out one step (the visitor's move), then pan west.
  await page.getByRole('button', { name: 'Zoom out' }).click();
  const box = (await map.locator('canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 20, { steps: 8 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Search this area' }).click();

  await expect(page).toHaveURL(/[?&]bbox=-?[\d.]+%2C|[?&]bbox=-?[\d.]+,/);
  const bbox = new URL(page.url()).searchParams.get('bbox')!;
  expect(new URL(page.url()).searchParams.get('view')).toBe('map');
  await expect(page.getByText('Showing offers in the map area.')).toBeVisible();
  // The list is the API's answer for the box, and the markers add up to it.
  const expected = (await (await page.request.get(`/api/entities/?type=Offer&limit=12&bbox=${encodeURIComponent(bbox)}`)).json()) as Array<{ name: string }>;
  expect(expected.length).toBeGreaterThan(0);
  const cards = page.getByRole('list', { name: 'All Offers results' }).locator(':scope > li h2');
  await expect(cards).toHaveText(expected.map((o) => o.name));
  await expect.poll(() => markerTotal(page)).toBe(expected.length);
  await expect(page.getByRole('button', { name: 'Search this area' })).toHaveCount(0);
});
