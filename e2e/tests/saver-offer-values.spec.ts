// Offer values on the saver lists (docs/api.md "Offer values"): cards show the value as a badge
// ("$5 off", "BOGO"), the offer window shows it too, and "Biggest saving" orders the list by the
// saving, holding on page 2.
import { expect, setPlace, test } from './public-fixtures.ts';

const DETROIT = { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 };

interface Item {
  entitiable_id: number;
  badge: string | null;
}

test('cards show value badges; "Biggest saving" orders by the saving and holds on page 2', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await setPlace(page, DETROIT);
  await page.goto('/browse/all');
  const cards = page.getByRole('list', { name: 'All Offers results' }).locator('.offer-card');
  await expect(cards).toHaveCount(12);

  await page.getByLabel('Sort by').selectOption({ label: 'Biggest saving' });
  await expect(page).toHaveURL(/\/browse\/all\?sort=saving$/);
  const api = await request.get(`/api/entities/?type=Offer&lat=${DETROIT.lat}&lng=${DETROIT.lng}&city=Detroit&state=MI&order=saving&limit=24`);
  expect(api.status()).toBe(200);
  const items = (await api.json()) as Item[];
  const expected = items.map((o) => String(o.entitiable_id));
  await expect.poll(() => cards.evaluateAll((cs) => cs.map((c) => c.getAttribute('data-offer-id')))).toEqual(expected.slice(0, 12));
  // The biggest savings near Detroit all carry a value: every card on the page shows its badge.
  const badges = await cards.locator('.value-badge').allTextContents();
  expect(badges).toEqual(items.slice(0, 12).map((i) => i.badge));
  for (const b of badges) expect(b).toMatch(/^(\$[\d,]+(\.\d\d)? off|\d+% off|BOGO|\$[\d,]+(\.\d\d)?|Free .+)$/);
  await page.screenshot({ path: test.info().outputPath('biggest-saving-1366.png') });

  const more = page.getByRole('link', { name: 'More Results' });
  await expect(more).toHaveAttribute('href', /sort=saving/);
  await more.click();
  await expect(cards).toHaveCount(24);
  expect(await cards.evaluateAll((cs) => cs.map((c) => c.getAttribute('data-offer-id')))).toEqual(expected);
  // Page 2 as its own address keeps the sort.
  await page.goto('/browse/all?sort=saving&offset=12');
  await expect(page.getByLabel('Sort by')).toHaveValue('saving');
  expect(await cards.evaluateAll((cs) => cs.map((c) => c.getAttribute('data-offer-id')))).toEqual(expected.slice(12, 24));

  // The offer window shows the same badge.
  const first = cards.first();
  const badge = (await first.locator('.value-badge').textContent())!;
  await expect(async () => {
    await first.getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('dialog').locator('.value-line-modal .value-badge')).toHaveText(badge);
  await page.screenshot({ path: test.info().outputPath('offer-window-1366.png') });
});

test('badges on a phone, and a BOGO card says it in words', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await setPlace(page, DETROIT);
  await page.goto('/browse/all?sort=saving');
  const cards = page.getByRole('list', { name: 'All Offers results' }).locator('.offer-card');
  await expect(cards).toHaveCount(12);
  await expect(cards.first().locator('.value-badge')).toBeVisible();
  // The badge fits the card at 390 px.
  const card = await cards.first().boundingBox();
  const tag = await cards.first().locator('.value-badge').boundingBox();
  expect(tag!.x + tag!.width).toBeLessThanOrEqual(card!.x + card!.width);
  await page.screenshot({ path: test.info().outputPath('biggest-saving-390.png') });

  // A BOGO somewhere in the list reads "Buy one, get one free" to a screen reader.
  const api = await request.get(`/api/search/?q=buy%20one&lat=${DETROIT.lat}&lng=${DETROIT.lng}&city=Detroit&state=MI&order=saving&limit=12`);
  const bogo = ((await api.json()) as Item[]).find((i) => i.badge === 'BOGO');
  expect(bogo).toBeTruthy();
  await page.goto('/search?q=buy%20one&sort=saving');
  const bogoCard = page.locator(`.offer-card[data-offer-id="${bogo!.entitiable_id}"]`);
  await expect(bogoCard.locator('.value-line')).toContainText('Buy one, get one free');
  await expect(bogoCard.locator('.value-badge')).toHaveText('BOGO');
  await bogoCard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('bogo-search-390.png') });
});

test('an unknown sort is a 400 naming the field', async ({ request }) => {
  const res = await request.get('/browse/all?sort=savings');
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain('sort');
});
