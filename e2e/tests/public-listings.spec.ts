// Listing pages a saver reaches from the home page (SPEC.md 2 Routes, Home, Offer card): the auto
// special edition, merchant pages and the old /browse/contests address.
import { CHICAGO, expect, offersNear, setPlace, test } from './public-fixtures.ts';

const DETROIT = { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 };

test('the auto special edition lists car lease and purchase offers before service coupons', async ({ page, request }) => {
  await setPlace(page, DETROIT);
  // Every auto offer of the Detroit market, page by page (nearest first).
  const nearby: Array<{ secondary_type: string }> = [];
  for (let offset = 0; ; offset += 50) {
    const res = await request.get(`/api/entities/?type=Offer&city=Detroit&state=MI&category=auto-transportation&limit=50&offset=${offset}`);
    expect(res.status()).toBe(200);
    const page = (await res.json()) as Array<{ secondary_type: string }>;
    nearby.push(...page);
    if (page.length < 50 || offset > 5000) break;
  }
  const cars = nearby.filter((o) => o.secondary_type === 'lease' || o.secondary_type === 'purchase').length;
  expect(cars, 'car offers near Detroit in the seed').toBeGreaterThan(0);
  expect(nearby.length, 'service coupons near Detroit in the seed').toBeGreaterThan(cars);
  await page.goto('/browse/auto-transportation');
  await expect(page.getByRole('heading', { name: 'Auto Special Edition' })).toBeVisible();
  const kinds = await page
    .getByRole('list', { name: /Auto & Transportation results|results/ })
    .locator('.offer-card .card-media')
    .evaluateAll((media) => media.map((m) => (m.classList.contains('picture') ? 'car' : 'service')));
  expect(kinds).toHaveLength(Math.min(12, nearby.length));
  const carsShown = Math.min(cars, kinds.length);
  expect(kinds.slice(0, carsShown)).toEqual(Array(carsShown).fill('car'));
  expect(kinds.slice(carsShown)).toEqual(Array(kinds.length - carsShown).fill('service'));
  await page.screenshot({ path: test.info().outputPath('auto-edition-1366.png') });
  // The page where the car offers end: the last cars, then the service coupons.
  const turn = Math.floor(cars / 12) * 12;
  await page.goto(`/browse/auto-transportation?offset=${turn}`);
  const next = await page.locator('.card-grid .offer-card .card-media').evaluateAll((media) => media.map((m) => (m.classList.contains('picture') ? 'car' : 'service')));
  const left = cars - turn;
  expect(next.slice(0, left)).toEqual(Array(left).fill('car'));
  expect(next.slice(left)).toEqual(Array(Math.min(12, nearby.length - turn) - left).fill('service'));
});

test("merchant page cards do not say 'N More Offers' linking to the page you are on", async ({ page, request }) => {
  await setPlace(page, CHICAGO);
  const offers = await offersNear(request, CHICAGO, '&limit=100');
  const withMore = offers.find((o) => o.additional_offers > 0);
  expect(withMore, 'a Chicago location with several offers').toBeTruthy();
  const here = `/merchants/${withMore!.merchant_slug}/${withMore!.location_id}`;
  for (const path of [here, `${here}?offers=true`]) {
    await page.goto(path);
    const cards = page.getByRole('list', { name: `Offers at ${withMore!.merchant_name}` }).locator('.offer-card');
    await expect(cards).toHaveCount(Math.min(withMore!.additional_offers + 1, path === here ? 4 : 100));
    await expect(cards.locator('.more-offers')).toHaveCount(0);
    await expect(cards.getByText(/\d+ More Offers?$/)).toHaveCount(0);
    const links = await cards.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.filter((href) => href === here || href === `${here}?offers=true`)).toEqual([]);
  }
  await page.screenshot({ path: test.info().outputPath('merchant-1366.png') });
  // Elsewhere the card still leads to the merchant's other offers.
  await page.goto('/browse/all?limit=100');
  await expect(page.locator('.offer-card .more-offers').first()).toHaveAttribute('href', /^\/merchants\/[a-z0-9-]+\/\d+\?offers=true$/);
});

test('/browse/contests redirects to /contests, keeping the location query', async ({ page, request }) => {
  const res = await request.get('/browse/contests?city=Chicago&state=IL', { maxRedirects: 0 });
  expect([301, 302, 308]).toContain(res.status());
  expect(res.headers().location).toBe('/contests?city=Chicago&state=IL');
  await page.goto('/browse/contests');
  await expect(page).toHaveURL(/\/contests$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contests & Sweepstakes');
});
