// "Open now" on the saver's pages (docs/api.md "Open now and valid today"): a location staff give
// round-the-clock hours shows "Open now" whatever the time of the run, its hours table with today
// marked, and LocalBusiness JSON-LD with openingHoursSpecification, with no CSP violation; offer
// cards carry "Valid today" or "Not valid today". Screenshots go to OPEN_NOW_SHOTS when it is set.
import { baseUrl, CHICAGO, expect, newClientAddress, offersNear, setPlace, test } from './public-fixtures.ts';
import { uniqueWord } from './lead-fixtures.ts';
import { createMerchantWithLocation, firstAdmin } from './staff-fixtures.ts';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

test('a merchant page shows Open now, the hours with today marked and opening hours in its JSON-LD', async ({ browser, page }) => {
  const merchant = `Night Owl Diner ${uniqueWord('m')}`;
  const staff = await (await browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { 'x-forwarded-for': newClientAddress() } })).newPage();
  await firstAdmin(staff);
  const { locationId } = await createMerchantWithLocation(staff, {
    name: merchant,
    category: 'Health & Beauty',
    locationName: 'Loring Park',
    street: '210 Nicollet Mall',
    fillLocation: async () => {
      for (const day of DAYS) {
        await staff.getByLabel(`${day}, range 1: opens`).fill('00:00');
        await staff.getByLabel(`${day}, range 1: closes`).fill('24:00');
      }
    },
  });
  await staff.context().close();

  const api = (await (await page.request.get(`/api/locations/${locationId}/`)).json()) as { merchant_slug: string; open_now: boolean; timezone: string };
  expect(api).toMatchObject({ open_now: true, timezone: 'America/Chicago' });

  // Any CSP violation on the page (the JSON-LD is a data block, not script) is recorded.
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(`/merchants/${api.merchant_slug}/${locationId}`);
  await expect(page.getByRole('heading', { level: 1, name: merchant })).toBeVisible();
  await expect(page.getByTestId('open-now')).toHaveText('Open now · Open 24 hours');
  const hours = page.getByRole('region', { name: 'Hours' });
  await expect(hours.getByRole('row')).toHaveCount(7);
  await expect(hours.locator('tr[aria-current="date"]')).toHaveCount(1);
  await expect(hours.locator('tr[aria-current="date"] td')).toHaveText('Open 24 hours');
  await expect(page.getByRole('link', { name: /^Directions/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=210%20Nicollet%20Mall/);

  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
  const business = ld.find((x) => x['@type'] === 'LocalBusiness') as { address: { streetAddress: string }; geo?: unknown; openingHoursSpecification: { dayOfWeek: string; opens: string; closes: string }[] };
  expect(business.address.streetAddress).toBe('210 Nicollet Mall');
  expect(business.openingHoursSpecification).toHaveLength(7);
  expect(business.openingHoursSpecification[0]).toEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '00:00', closes: '24:00' });
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);

  const shots = process.env.OPEN_NOW_SHOTS;
  if (shots) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${shots}/merchant-open-now-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/merchant-open-now-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});

test('offer cards say whether the offer is valid today, in words', async ({ page, request }) => {
  await setPlace(page, CHICAGO);
  const offers = await offersNear(request, CHICAGO, '&limit=12');
  const first = offers[0]!;
  await page.goto(`/merchants/${first.merchant_slug}/${first.location_id}`);
  const card = page.locator(`article.offer-card[data-offer-id="${first.entitiable_id}"]`);
  await expect(card.locator('.card-now')).toContainText(/^(✓ Valid today|✕ Not valid today)$/);
  const shots = process.env.OPEN_NOW_SHOTS;
  if (shots) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${shots}/merchant-cards-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/merchant-cards-phone.png` });
  }
});
