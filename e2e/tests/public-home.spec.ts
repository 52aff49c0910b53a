// Home, header, footer, cookie banner and sign-up prompt (SPEC.md 2 and 4).
import { CHICAGO, expect, setPlace, test } from './public-fixtures.ts';

test('a first visit is served in full by the server, falls back to Detroit, MI without storing a guess', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['set-cookie'] ?? '').toBe('');
  await expect(page).toHaveTitle('LocalSaver | Live Life for Less');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Live Life for Less');
  await expect(page.getByText('in Detroit, MI').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Explore Coupons and Offers' })).toBeVisible();
  const browse = page.locator('.browse-buttons a');
  await expect(browse).toHaveCount(7);
  await expect(browse.last()).toHaveText('Contests');
  await expect(page.getByRole('heading', { name: /Recommended Offers in Detroit, MI/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recommended offers' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/browse/all?city=Detroit&state=MI&lat=42.3314&lng=-83.0458');
  await expect(page.getByRole('link', { name: 'LocalSaver home' })).toHaveAttribute('href', '/?city=Detroit&state=MI&lat=42.3314&lng=-83.0458');
  // The three logged-out blocks.
  await expect(page.getByRole('link', { name: 'Become a Partner' })).toHaveAttribute('href', '/business');
  await expect(page.getByRole('link', { name: 'Apply Today' })).toHaveAttribute('href', '/careers');
  await expect(page.getByRole('heading', { name: 'Join as a Member' })).toBeVisible();
  // Logged out header: Advertise, no Saved button.
  await expect(page.getByRole('link', { name: 'Advertise', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Saved/ })).toHaveCount(0);
  // The reduced footer outside the Twin Cities.
  await expect(page.locator('footer.site-footer')).toHaveAttribute('data-variant', 'reduced');
  await expect(page.getByText('Not finding your favorite restaurant or hair salon?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Suggest a Contractor' })).toHaveCount(0);
  // The hero image is one of six; the banner is Michigan's.
  await expect(page.locator('.hero-image')).toHaveAttribute('src', /^\/media\/hero\/[1-6]\.svg$/);
  await expect(page.locator('.hero-banner')).toHaveAttribute('data-banner-state', 'MI');
  await context.close();
});

test('the callout carousel shows two slides wide and one at 1000 px, and autoplays', async ({ page }) => {
  await setPlace(page, { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 });
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Promotions' }).or(page.locator('section.callout-carousel'));
  const slides = carousel.locator('.carousel-slide');
  expect(await slides.count()).toBeGreaterThan(1);
  const viewport = await carousel.locator('.carousel-viewport').boundingBox();
  const slide = await slides.first().boundingBox();
  expect(Math.round(slide!.width)).toBe(Math.round(viewport!.width / 2));
  // Internal callout links carry the place (SPEC.md 7).
  const internal = carousel.locator('a[href^="/"]').first();
  if (await internal.count()) await expect(internal).toHaveAttribute('href', /city=Detroit&state=MI/);
  const track = carousel.locator('.carousel-track');
  const before = await track.getAttribute('style');
  await expect.poll(async () => track.getAttribute('style'), { timeout: 6000 }).not.toBe(before);
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect.poll(async () => Math.round((await slides.first().boundingBox())!.width)).toBe(Math.round((await carousel.locator('.carousel-viewport').boundingBox())!.width));
});

test("the cookie banner stays until 'Okay', which stores consent", async ({ page, context }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie notice' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await banner.getByRole('button', { name: 'Okay' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'cookieConsent')).toBe(true);
  const consent = (await context.cookies()).find((c) => c.name === 'cookieConsent');
  const days = (consent!.expires - Date.now() / 1000) / 86400;
  expect(Math.round(days)).toBe(150);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
});

test('the sign-up prompt appears after 5 s unless it was closed before', async ({ page, context }) => {
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: 'http://127.0.0.1:3100' }]);
  await page.goto('/');
  const prompt = page.getByTestId('signup-prompt');
  await page.waitForTimeout(3000);
  await expect(prompt).toHaveCount(0);
  await expect(prompt).toBeVisible({ timeout: 4000 });
  await expect(prompt).toContainText('Create a free account to access your saved coupons on the go');
  await prompt.getByRole('button', { name: 'No thanks' }).click();
  await expect(prompt).toHaveCount(0);
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'previouslyClosedSignUp')).toBe(true);
  await page.reload();
  await page.waitForTimeout(5500);
  await expect(page.getByTestId('signup-prompt')).toHaveCount(0);
});

test('the mobile menu lists the browse entries with the location query', async ({ page }) => {
  await setPlace(page, CHICAGO);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  await expect(menu.getByRole('heading', { name: 'Coupons & Offers' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'See All' })).toHaveAttribute('href', /^\/browse\/all\?city=Chicago&state=IL/);
  await expect(menu.getByRole('link', { name: 'Food & Dining' })).toHaveAttribute('href', /^\/browse\/food-dining\?/);
  await expect(menu.getByRole('link', { name: 'Contests' })).toHaveAttribute('href', /^https:/);
  await expect(menu.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
});
