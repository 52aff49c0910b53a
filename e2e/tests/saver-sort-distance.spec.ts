// Sort, distance and radius on the lists, and a place set by ZIP code (docs/api.md "Sort,
// distance and radius"): "Ending soon" holds on page 2, cards show miles, a ZIP code moves the list.
import { expect, setPlace, test } from './public-fixtures.ts';

const DETROIT = { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 };

test('ending soon holds on page 2, cards show distances, a ZIP code sets the place', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await setPlace(page, DETROIT);
  await page.goto('/browse/all');
  const cards = page.getByRole('list', { name: 'All Offers results' }).locator('.offer-card');
  await expect(cards).toHaveCount(12);
  // Nearest first by default: every card says how far it is, and the miles never decrease.
  const miles = await cards.locator('.card-distance').allTextContents();
  expect(miles).toHaveLength(12);
  for (const m of miles) expect(m).toMatch(/^(\d\.\d|\d{2,}) mi$/);
  const values = miles.map((m) => Number.parseFloat(m));
  expect(values).toEqual([...values].sort((a, b) => a - b));

  await page.getByLabel('Sort by').selectOption({ label: 'Ending soon' });
  await expect(page).toHaveURL(/\/browse\/all\?sort=ending$/);
  const api = await request.get(`/api/entities/?type=Offer&lat=${DETROIT.lat}&lng=${DETROIT.lng}&city=Detroit&state=MI&order=ending&limit=24`);
  expect(api.status()).toBe(200);
  const expected = ((await api.json()) as Array<{ entitiable_id: number }>).map((o) => String(o.entitiable_id));
  await expect.poll(() => cards.evaluateAll((cs) => cs.map((c) => c.getAttribute('data-offer-id')))).toEqual(expected.slice(0, 12));
  // Page 2 keeps the sort: the link says so, and the cards it adds continue the same order.
  const more = page.getByRole('link', { name: 'More Results' });
  await expect(more).toHaveAttribute('href', /sort=ending/);
  await more.click();
  await expect(cards).toHaveCount(24);
  expect(await cards.evaluateAll((cs) => cs.map((c) => c.getAttribute('data-offer-id')))).toEqual(expected);
  await page.screenshot({ path: test.info().outputPath('ending-soon-1366.png') });
  // The same page 2 as its own address (no JavaScript needed).
  await page.goto('/browse/all?sort=ending&offset=12');
  await expect(page.getByLabel('Sort by')).toHaveValue('ending');
  expect(await cards.evaluateAll((cs) => cs.map((c) => c.getAttribute('data-offer-id')))).toEqual(expected.slice(12, 24));

  // A radius narrows the list: every card within 5 miles.
  await page.goto('/browse/all?radius=5');
  const near = (await cards.locator('.card-distance').allTextContents()).map((m) => Number.parseFloat(m));
  expect(near.length).toBeGreaterThan(0);
  for (const m of near) expect(m).toBeLessThanOrEqual(5);

  // A ZIP code in the location field sets the place (60601: Chicago, IL).
  await page.goto('/browse/all?sort=ending');
  const field = page.getByRole('combobox', { name: /Offers/ });
  await field.click();
  await field.fill('60601');
  await field.press('Enter');
  await expect(page.locator('.location-label-text')).toContainText('Chicago, IL');
  await expect(page).toHaveURL(/sort=ending/);
  await expect(cards.first().locator('.card-address')).toContainText(', IL');
  await expect(cards.first().locator('.card-distance')).toHaveText(/ mi$/);
  await page.screenshot({ path: test.info().outputPath('zip-chicago-1366.png') });
});

test('the mobile location dialog takes a ZIP code', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await setPlace(page, DETROIT);
  await page.goto('/browse/all');
  await page.getByRole('combobox', { name: /Offers/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Your Location' });
  await dialog.getByLabel('City or ZIP code').fill('60601');
  await dialog.getByRole('button', { name: 'Set Location' }).click();
  await expect(page.locator('.location-label-text')).toContainText('Chicago, IL');
  await page.screenshot({ path: test.info().outputPath('zip-dialog-390.png'), fullPage: false });
});

test('an unknown sort or radius on the page is a 400 naming the field', async ({ request }) => {
  const sort = await request.get('/browse/all?sort=biggest');
  expect(sort.status()).toBe(400);
  expect(await sort.text()).toContain('sort');
  const radius = await request.get('/search?q=pizza&radius=7');
  expect(radius.status()).toBe(400);
  expect(await radius.text()).toContain('radius');
});
