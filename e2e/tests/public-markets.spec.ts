// Place search and the four markets (SPEC.md 1, 2 Home, 4 Location dropdown, 7 Callouts): the
// St./Saint, Ft./Fort and Mt./Mount spellings, a state alone in the address, visitors outside the
// four markets, the hero banner and the callouts of each market.
import { CHICAGO, expect, setPlace, test } from './public-fixtures.ts';

const DETROIT = { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 };
const DENVER = { city: 'Denver', state: 'CO', lat: 39.7392, lng: -104.9903 };

test('place search: "St. Paul" finds Saint Paul, "Ft. Myers" Fort Myers, "Saint Petersburg" St. Petersburg', async ({ page }) => {
  await setPlace(page, DETROIT);
  await page.goto('/');
  const input = page.getByRole('combobox', { name: /Offers/ });
  const list = page.locator('#location-combobox-menu');
  await input.focus();
  await page.keyboard.type('Ft. Myers');
  await expect(list.getByRole('option', { name: 'Fort Myers, FL' })).toBeVisible();
  await input.fill('Saint Petersburg');
  await expect(list.getByRole('option', { name: 'St. Petersburg, FL' })).toBeVisible();
  await input.fill('');
  await page.keyboard.type('St. Paul');
  await expect(list.getByRole('option', { name: 'Saint Paul, MN' })).toBeVisible();
  await list.getByRole('option', { name: 'Saint Paul, MN' }).click();
  await expect(page.getByText('in Saint Paul, MN').first()).toBeVisible();
});

test('/?state=FL alone picks the Florida market', async ({ page }) => {
  await page.goto('/?state=FL');
  await expect(page.locator('.hero-banner')).toHaveAttribute('data-banner-state', 'FL');
  await expect(page.getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/browse/all?state=FL');
  const addresses = await page.getByRole('list', { name: 'Offers near you' }).locator('.card-address').allTextContents();
  expect(addresses.length).toBeGreaterThan(0);
  for (const address of addresses) expect(address).toMatch(/, FL$/);
});

test('a Denver visitor is offered a choice of our markets, and choosing Chicago shows Chicago', async ({ page, context }) => {
  await setPlace(page, DENVER);
  await page.goto('/');
  const choice = page.getByRole('region', { name: "We're not in Denver, CO yet" });
  await expect(choice).toBeVisible();
  await expect(choice.getByRole('button')).toHaveText(['Detroit, Michigan', 'Chicago, Illinois', 'Twin Cities, Minnesota', 'Florida']);
  // No empty lists, and no Michigan banner for Colorado.
  await expect(page.getByText('No offers in your area')).toHaveCount(0);
  await expect(page.getByText('Savings all over Michigan')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('denver-1366.png'), fullPage: false });
  await choice.getByRole('button', { name: 'Chicago, Illinois' }).click();
  await expect(page.getByRole('heading', { name: /Recommended Offers in Chicago, IL/ })).toBeVisible();
  await expect(page.locator('.hero-banner')).toHaveAttribute('data-banner-state', 'IL');
  await expect(page.getByRole('list', { name: 'Offers near you' }).getByRole('listitem').first()).toBeVisible();
  const geo = (await context.cookies()).find((c) => c.name === 'userGeo');
  expect(JSON.parse(decodeURIComponent(geo!.value))).toMatchObject({ city: 'Chicago', state: 'IL', market: 'chicago' });
});

test('a Denver place in the address gets the same choice on a phone; Florida replaces it in the address', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await setPlace(page, DETROIT);
  await page.goto(`/?city=${DENVER.city}&state=${DENVER.state}&lat=${DENVER.lat}&lng=${DENVER.lng}`);
  const choice = page.getByRole('region', { name: "We're not in Denver, CO yet" });
  await expect(choice).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('denver-390.png'), fullPage: false });
  await choice.getByRole('button', { name: 'Florida' }).click();
  await expect(page).toHaveURL(/state=FL/);
  await expect(page.locator('.hero-banner')).toHaveAttribute('data-banner-state', 'FL');
});

test("the hero banner follows the market: Tampa's says Florida, not Michigan", async ({ page }) => {
  await setPlace(page, { city: 'Tampa', state: 'FL', lat: 27.9506, lng: -82.4572 });
  await page.goto('/');
  const banner = page.locator('.hero-banner');
  await expect(banner).toHaveText('Savings all over Florida');
  await expect(banner).toHaveAttribute('data-banner-state', 'FL');
  await expect(banner.locator('img')).toHaveAttribute('src', '/media/banners/fl.svg');
  await setPlace(page, CHICAGO);
  await page.goto('/');
  await expect(banner).toHaveText('Savings all over Chicagoland');
});

test("callouts follow the visitor's state: none of Chicago's in Detroit, Chicago's for a Chicago point without a state", async ({ page }) => {
  const calloutImages = () => page.locator('section.callout-carousel img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src') ?? ''));
  await setPlace(page, DETROIT);
  await page.goto('/');
  const detroit = await calloutImages();
  expect(detroit.length).toBeGreaterThan(0);
  expect(detroit.filter((src) => src.includes('/chicago-'))).toEqual([]);
  await page.goto(`/?lat=${CHICAGO.lat}&lng=${CHICAGO.lng}`);
  const chicago = await calloutImages();
  expect(chicago.some((src) => src.includes('/chicago-'))).toBe(true);
  expect(chicago.filter((src) => src.includes('/michigan-') || src.includes('/detroit-'))).toEqual([]);
});
