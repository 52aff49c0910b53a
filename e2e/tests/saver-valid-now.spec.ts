// "Valid right now" on browse and search (docs/api.md "Valid right now"): the switch keeps only
// offers usable this minute at a place open now, and stays on through page 2 and a new sort. The
// server runs on the real clock, so every check holds at any hour: cards when something is open,
// the empty state when nothing is. Screenshots go to VALID_NOW_SHOTS when it is set.
import { expect, setPlace, test } from './public-fixtures.ts';
import type { Page } from '@playwright/test';

const DETROIT = { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 };
const PLACE = `lat=${DETROIT.lat}&lng=${DETROIT.lng}&city=Detroit&state=MI`;

async function shot(page: Page, name: string) {
  const dir = process.env.VALID_NOW_SHOTS;
  await page.screenshot({ path: dir ? `${dir}/valid-now-${name}.png` : test.info().outputPath(`${name}.png`) });
}

/** Every card says "Open now" and "Valid today"; or, with none, the empty state offers the whole list. */
async function expectOnlyValidNow(page: Page, list: string) {
  const cards = page.getByRole('list', { name: list }).locator('.offer-card');
  const empty = page.getByRole('heading', { name: 'Nothing valid right now nearby' });
  await expect(cards.first().or(empty)).toBeVisible();
  const n = await cards.count();
  if (n === 0) {
    await expect(page.getByRole('link', { name: 'Show all offers' })).toHaveAttribute('href', /^[^?]*(\?(?!.*\bnow=).*)?$/);
    return 0;
  }
  for (let i = 0; i < n; i++) {
    await expect(cards.nth(i).locator('.now-open')).toContainText('Open now');
    await expect(cards.nth(i).locator('.now-valid')).toHaveText(/Valid today$/);
  }
  return n;
}

test('the valid-right-now switch keeps open, valid offers through page 2 and a new sort', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await setPlace(page, DETROIT);
  await page.goto('/browse/all');
  await expect(page.getByRole('list', { name: 'All Offers results' }).locator('.offer-card')).toHaveCount(12);

  const box = page.getByRole('checkbox', { name: 'Valid right now' });
  await expect(async () => {
    // A click before hydration checks the box without applying it: start again from unchecked.
    if (await box.isChecked()) await box.uncheck();
    await box.check();
    await expect(page).toHaveURL(/\/browse\/all\?now=1$/, { timeout: 2000 });
  }).toPass();
  await expect(box).toBeChecked();
  const shown = await expectOnlyValidNow(page, 'All Offers results');
  await shot(page, 'browse-1366');

  // Fewer (or as many) offers than without the switch, from the same API the page reads.
  const count = async (extra: string) => ((await (await request.get(`/api/entities/?type=Offer&${PLACE}&limit=100${extra}`)).json()) as unknown[]).length;
  const [all, valid] = [await count(''), await count('&valid_now=true')];
  expect(valid).toBeLessThanOrEqual(all);
  expect(shown).toBeLessThanOrEqual(Math.min(valid, 12));

  // Page 2 keeps it: the "More Results" link, and page 2 as its own address.
  if (shown === 12) await expect(page.getByRole('link', { name: 'More Results' })).toHaveAttribute('href', /now=1/);
  await page.goto('/browse/all?now=1&offset=12');
  await expect(page.getByRole('checkbox', { name: 'Valid right now' })).toBeChecked();
  await expectOnlyValidNow(page, 'All Offers results');

  // A new sort keeps it.
  await page.goto('/browse/all?now=1');
  await expect(async () => {
    await page.getByLabel('Sort by').selectOption({ label: 'Newest' });
    await expect(page).toHaveURL(/sort=newest/, { timeout: 2000 });
  }).toPass();
  await expect(page).toHaveURL(/now=1/);
  await expect(page.getByRole('checkbox', { name: 'Valid right now' })).toBeChecked();
  await expectOnlyValidNow(page, 'All Offers results');

  // Search takes it too.
  await page.goto('/search?q=pizza&now=1');
  await expect(page.getByRole('checkbox', { name: 'Valid right now' })).toBeChecked();
  await expectOnlyValidNow(page, 'Results for pizza');
  await shot(page, 'search-1366');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/browse/food-dining?now=1');
  await expectOnlyValidNow(page, 'Food & Dining results');
  await shot(page, 'browse-390');
});

test('an unknown valid-right-now value on the page is a 400 naming the field', async ({ request }) => {
  for (const url of ['/browse/all?now=maybe', '/search?q=pizza&now=yes']) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(400);
    expect(await res.text(), url).toContain('now');
  }
});
