// Offer cards, the offer modal and the deep links o, c, l (SPEC.md 2 Coupon
// modal, Deep links; 4 Share copy, Offer deep link).
import { CHICAGO, expect, findInactiveOffers, offersNear, setPlace, test } from './public-fixtures.ts';

test('clicking an offer card opens the modal, updates the address and restores it on close', async ({ page, context, analyticsEvents }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await setPlace(page, CHICAGO);
  await page.goto('/browse/all?city=Chicago&state=IL');
  const card = page.locator('.offer-card').first();
  const title = (await card.locator('.card-title').textContent())!.trim();
  const before = page.url();
  await card.locator('.card-title a').click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]o=\d+/);
  // SPEC.md 4: an opened offer records an impression.
  await expect.poll(() => analyticsEvents.map((e) => `${e.event}:${String(e.data.offer)}`)).toContain(`offer.impression:${new URL(page.url()).searchParams.get('o')}`);
  // Every element of the coupon modal.
  await expect(dialog.getByText(/^Expires: \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'More Offers' })).toHaveAttribute('href', /offers=true/);
  await expect(dialog.getByRole('link', { name: /, IL \d{5}/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//);
  await expect(dialog.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Print / Download' })).toBeVisible();
  // Share: location values stripped, 'Copied!' for 5 s.
  const share = dialog.getByRole('button', { name: 'Share' });
  const shareUrl = (await share.getAttribute('data-share-url'))!;
  expect(shareUrl).toMatch(/\/merchants\/[a-z0-9-]+\/\d+\/\?o=\d+$/);
  expect(shareUrl).not.toMatch(/lat=|lng=|city=|state=/);
  await share.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Facebook' })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shareUrl)}`);
  await expect(menu.getByRole('menuitem', { name: 'Twitter' })).toHaveAttribute('href', new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${encodeURIComponent(shareUrl).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(menu.getByRole('menuitem', { name: 'Email' })).toHaveAttribute('href', /^mailto:\?subject=/);
  await menu.getByRole('menuitem', { name: 'Copy Link' }).click();
  await expect(menu.getByRole('menuitem', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
  await expect(menu.getByRole('menuitem', { name: 'Copy Link' })).toBeVisible({ timeout: 6000 });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(before);
});

test('the offer modal is full-screen on large screens and a dialog otherwise', async ({ page, request }) => {
  await setPlace(page, CHICAGO);
  const [offer] = await offersNear(request, CHICAGO);
  await page.goto(`/merchants/${offer!.merchant_slug}/${offer!.location_id}/?o=${offer!.entitiable_id}`);
  const dialog = page.getByRole('dialog', { name: offer!.name });
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
  // Polled: the window can be laid out again right after hydration (no box for a moment).
  const width = async () => Math.round((await dialog.boundingBox())?.width ?? Number.NaN);
  await expect.poll(width).toBe(1280);
  await page.setViewportSize({ width: 800, height: 700 });
  await expect.poll(width).toBeLessThan(800);
});

test('a shared offer link renders the open modal on the server with Offer JSON-LD', async ({ browser, request }) => {
  const [offer] = await offersNear(request, CHICAGO);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const path = `/merchants/${offer!.merchant_slug}/${offer!.location_id}/?o=${offer!.entitiable_id}`;
  expect((await page.goto(path))?.status()).toBe(200);
  await expect(page.getByRole('dialog', { name: offer!.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${offer!.name.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')} at `));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`/merchants/${offer!.merchant_slug}/${offer!.location_id}/\\?o=${offer!.entitiable_id}$`));
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = jsonLd.map((t) => (JSON.parse(t) as { '@type': string })['@type']);
  expect(types).toContain('Offer');
  expect(types).toContain('LocalBusiness');
  await context.close();
});

test('an inactive offer link redirects to its merchant page; another merchant\'s offer opens nothing', async ({ page, request }) => {
  await setPlace(page, CHICAGO);
  const { inactive } = await findInactiveOffers(request);
  expect(inactive).not.toBeNull();
  await page.goto(`/?o=${inactive!.id}`);
  await expect(page).toHaveURL(new RegExp(`/merchants/${inactive!.slug}/${inactive!.locationId}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const offers = await offersNear(request, CHICAGO);
  const a = offers[0]!;
  const b = offers.find((o) => o.merchant_slug !== a.merchant_slug)!;
  await page.goto(`/merchants/${a.merchant_slug}/${a.location_id}/?o=${b.entitiable_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(a.merchant_name);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/?o=999999999');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('contest (c) and location (l) deep links open their modals', async ({ page, request }) => {
  await setPlace(page, CHICAGO);
  const contests = (await (await request.get('/api/contests/?city=Chicago&state=IL')).json()) as Array<{ entity_id: number; contest: { display_name: string } }>;
  expect(contests.length).toBeGreaterThan(0);
  await page.goto(`/?c=${contests[0]!.entity_id}`);
  const dialog = page.getByRole('dialog', { name: contests[0]!.contest.display_name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('You must be logged in to enter in contests.')).toBeVisible();
  // Once hydrated the dialog holds focus; Escape closes it.
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/$|\/\?$/);
  const [offer] = await offersNear(request, CHICAGO);
  await page.goto(`/browse/all?l=${offer!.location_id}`);
  const locationDialog = page.getByRole('dialog');
  await expect(locationDialog).toBeVisible();
  await expect(locationDialog.getByRole('link', { name: 'View Location' })).toHaveAttribute('href', `/merchants/${offer!.merchant_slug}/${offer!.location_id}`);
});
