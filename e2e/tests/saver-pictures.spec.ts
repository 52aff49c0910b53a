// The saver's pictures (docs/api.md "Images"): card logos and contest art are illustrations
// chosen by subcategory and prize (Fluent Emoji), never initials; screenshots of the screens a
// saver sees are kept in the test output folder for a person to look at.
import type { Page } from '@playwright/test';
import { expect, setPlace, test } from './public-fixtures.ts';

const DETROIT = { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 };
const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/** Every card image on the page is an illustrated SVG (or an upload), decorative, with its size set. */
async function expectIllustratedCards(page: Page) {
  const images = page.locator('.card-media img');
  await expect(images.first()).toBeVisible();
  await expect(page.locator('.logo-fallback')).toHaveCount(0);
  const sources = await images.evaluateAll((els) => els.map((e) => ({ src: e.getAttribute('src') ?? '', alt: e.getAttribute('alt'), width: e.getAttribute('width'), height: e.getAttribute('height') })));
  for (const img of sources) {
    expect(img.src).toMatch(/^\/media\/(logos|offers|uploads)\//);
    expect(img.alt).toBe('');
    expect(Number(img.width)).toBeGreaterThan(0);
    expect(Number(img.height)).toBeGreaterThan(0);
  }
  const first = sources.find((s) => s.src.startsWith('/media/logos/'))!;
  const svg = await (await page.request.get(first.src)).text();
  expect(svg).toContain('data-illustration="');
  expect(svg).not.toContain('<text');
}

for (const size of SIZES) {
  test(`cards and contests show illustrations (${size.name})`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await setPlace(page, DETROIT);
    const shot = async (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${size.name}.png`), fullPage: false });

    await page.goto('/');
    await expectIllustratedCards(page);
    await page.getByRole('list', { name: 'Recommended offers' }).scrollIntoViewIfNeeded();
    await shot('home');
    await page.screenshot({ path: testInfo.outputPath(`home-full-${size.name}.png`), fullPage: true });

    await page.goto('/browse/food-dining');
    await expectIllustratedCards(page);
    await shot('browse');

    await page.goto('/search?q=pizza');
    await expectIllustratedCards(page);
    await shot('search');

    // The coupon modal: the logo and the offer picture (its illustration kept clear of the 16:9 crop).
    await page.locator('.card-title a').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('img.offer-picture')).toHaveAttribute('src', /^\/media\/(offers|uploads)\//);
    await expect(dialog.locator('img.offer-picture')).toHaveAttribute('alt', '');
    await shot('offer-modal');

    const merchantLink = page.locator('a[href^="/merchants/"]').first();
    const href = await merchantLink.getAttribute('href');
    await page.goto(href!);
    const logo = page.locator('img.merchant-logo');
    await expect(logo).toHaveAttribute('src', /^\/media\/(logos|uploads)\//);
    await shot('merchant');

    await page.goto('/contests');
    const art = page.locator('img[src*="/media/contests/"]').first();
    await expect(art).toBeVisible();
    const contestSvg = await (await page.request.get((await art.getAttribute('src'))!)).text();
    expect(contestSvg).toContain('data-illustration="');
    await shot('contests');
  });
}
