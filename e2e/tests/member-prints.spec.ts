// Anonymous printing (SPEC.md 3, 4, 8): the local offer_prints list counts each copy, and past the
// limit max(maxPrints, 3) the dropdown says 'Print Limit Reached' and no PDF is fetched.
import { expect, test } from './public-fixtures.ts';
import { atDetroit } from './member-fixtures.ts';

test('an anonymous visitor prints to the limit, then gets Print Limit Reached', async ({ page, request }) => {
  await atDetroit(page);
  await page.goto('/browse/all');
  const card = page.locator('.offer-card').first();
  const offerId = Number(await card.getAttribute('data-offer-id'));
  const offer = (await (await request.get(`/api/offers/${offerId}/`)).json()) as { name: string; max_prints: number | null };
  const limit = Math.max(offer.max_prints ?? 0, 3);
  // Earlier copies sit in local storage (as if printed on another day) so the test takes one real copy.
  await page.evaluate(([id, n]) => window.localStorage.setItem('offer_prints', JSON.stringify(Array.from({ length: n }, () => id))), [offerId, limit - 1] as const);
  await card.locator('.card-title a').click();
  const dialog = page.getByRole('dialog', { name: offer.name });
  await dialog.getByRole('button', { name: 'Print / Download' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(`coupon-${offerId}.pdf`);
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('offer_prints')!) as number[])).toHaveLength(limit);

  const pdfCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/pdf')) pdfCalls.push(r.url());
  });
  await dialog.getByRole('button', { name: 'Print / Download' }).click();
  await page.getByRole('menuitem', { name: 'Print' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Print Limit Reached' })).toBeVisible();
  expect(pdfCalls).toEqual([]);
});
