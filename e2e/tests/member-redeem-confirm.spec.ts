// Redeeming a coupon (SPEC.md 2 Coupon modal, 4 Slide-to-redeem): on a desktop the 'Redeem
// Coupon' button asks before using the coupon up; after redeeming, the code can be shown again
// whenever the coupon is reopened; on a phone the slider's thumb leaves its label readable.
import type { Page } from '@playwright/test';
import { expect, test } from './public-fixtures.ts';
import { atDetroit, newMember, registerByApi, signInOnPage } from './member-fixtures.ts';

async function openFirstOffer(page: Page) {
  await page.goto('/browse/all');
  const card = page.locator('.offer-card').first();
  const id = Number(await card.getAttribute('data-offer-id'));
  const name = (await card.locator('.card-title').textContent())!.trim();
  await card.locator('.card-title a').click();
  return { id, name, dialog: page.getByRole('dialog', { name }) };
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("'Redeem Coupon' asks for confirmation; after redeeming, reopening the coupon shows the code again", async ({ page, request }) => {
    const m = newMember();
    await registerByApi(request, m);
    await atDetroit(page);
    await signInOnPage(page, m);
    const redemptions: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/redemptions/')) redemptions.push(r.url());
    });
    const { id, name, dialog } = await openFirstOffer(page);
    const code = ((await (await request.get(`/api/offers/${id}/`)).json()) as { code: string }).code;
    expect(code).toBeTruthy();
    await expect(dialog.getByText('Coupon can be redeemed only once')).toBeVisible();

    await dialog.getByRole('button', { name: 'Redeem Coupon' }).click();
    const confirm = dialog.getByRole('group', { name: 'Redeem this coupon now?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Yes, Redeem' })).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('redeem-confirm-1366.png') });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Redeem Coupon' })).toBeFocused();
    expect(redemptions).toEqual([]);

    await dialog.getByRole('button', { name: 'Redeem Coupon' }).click();
    await dialog.getByRole('button', { name: 'Yes, Redeem' }).click();
    await expect(dialog.getByText('Coupon redeemed')).toBeVisible();
    await expect(dialog.getByText('Show code to your retailer')).toBeVisible();
    await expect(dialog.locator('.redeem-done .code')).toHaveText(code);
    expect(redemptions).toHaveLength(1);

    // Closed and opened again: the code is still there to show.
    await dialog.getByRole('button', { name: /Back/ }).click();
    await expect(dialog).toBeHidden();
    await page.locator(`.offer-card[data-offer-id="${id}"] .card-title a`).click();
    const again = page.getByRole('dialog', { name });
    await expect(again.getByText('Show code to your retailer')).toBeVisible();
    await expect(again.locator('.redeem-done .code')).toHaveText(code);
    await expect(again.getByRole('button', { name: 'Redeem Coupon' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('redeem-again-1366.png') });
    expect(redemptions).toHaveLength(1);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the slider's thumb does not cover its own label", async ({ page, request }) => {
    const m = newMember();
    await registerByApi(request, m);
    await atDetroit(page);
    await signInOnPage(page, m);
    const { dialog } = await openFirstOffer(page);
    const track = dialog.getByTestId('redeem-track');
    await track.scrollIntoViewIfNeeded();
    await expect(track).toBeVisible();
    const thumb = (await track.locator('.redeem-thumb').boundingBox())!;
    // The label's text itself (its box may be wider than the words).
    const label = await track.locator('p').evaluate((p) => {
      const range = document.createRange();
      range.selectNodeContents(p);
      const r = range.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    });
    const trackBox = (await track.boundingBox())!;
    expect(label.right - label.left).toBeGreaterThan(20);
    expect(label.left).toBeGreaterThanOrEqual(trackBox.x);
    expect(label.right).toBeLessThanOrEqual(thumb.x);
    await page.screenshot({ path: test.info().outputPath('redeem-slider-390.png') });
  });
});
