// The merchant centre from a browser (docs/api.md "Merchant centre"): staff invite a business's
// owner from the merchant's console page; the owner accepts, sets up the authenticator app, proposes
// an offer and submits it; staff approve it in the review queue, and savers see it at once.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { baseUrl, businessDay, expect, MINNEAPOLIS, newClientAddress, setPlace, test } from './public-fixtures.ts';
import { mailsContaining, uniqueWord } from './lead-fixtures.ts';
import { acceptInvitation, createMerchantWithLocation, firstAdmin, signInAndEnrol, STAFF_PASSWORD } from './staff-fixtures.ts';
import { downloadCouponCode } from './pdf-fixtures.ts';

const OWNER = `owner-${Date.now().toString(36)}@business.example`;
const CASHIER = `cashier-${Date.now().toString(36)}@business.example`;
const merchant = `Journey Salon ${uniqueWord('m')}`;
const offer = `Free hand treatment with a manicure ${uniqueWord('o')}`;

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { 'x-forwarded-for': newClientAddress() } });
}

/** A calendar day `offset` days from today (Detroit, the business day of docs/decisions.md). */
const day = (offset: number): string => businessDay(offset);

test.describe.serial('merchant centre', () => {
  let staff: Page;
  let owner: Page;

  test.afterAll(async () => {
    await staff?.context().close();
    await owner?.context().close();
  });

  test('staff invite a business owner, who accepts and sets up the authenticator app', async ({ browser }) => {
    staff = await (await newContext(browser)).newPage();
    await firstAdmin(staff);
    await createMerchantWithLocation(staff, { name: merchant, phone: '(612) 555-0177', category: 'Health & Beauty', locationName: 'Loring Park', street: '200 Nicollet Mall' });
    await staff.goto('/console/merchants');
    await staff.getByRole('link', { name: merchant }).click();

    const invite = staff.getByRole('form', { name: 'Invite a person' });
    await invite.getByLabel('E-mail').fill(OWNER);
    await invite.getByLabel('Role').selectOption('owner');
    await invite.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(staff.getByRole('status').filter({ hasText: `The invitation was sent to ${OWNER}` })).toBeVisible();

    owner = await (await newContext(browser)).newPage();
    const [mail] = await mailsContaining(OWNER);
    const path = /https?:\/\/[^/\s]+(\/business\/centre\/invitation\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(path, 'the business centre link in the invitation').toBeTruthy();
    await acceptInvitation(owner, path!, 'Bea', 'Baker');
    await signInAndEnrol(owner, OWNER, '/business/centre/login');
    await owner.getByRole('link', { name: 'I have saved these codes' }).click();
    await expect(owner).toHaveURL(/\/business\/centre$/);
    await expect(owner.getByRole('heading', { level: 2, name: merchant })).toBeVisible();
    await expect(owner.getByRole('link', { name: 'Scan a coupon' }).first()).toHaveAttribute('href', '/r/scan');
  });

  test('the owner proposes an offer and submits it; staff approve it and savers see it at once', async ({ page }) => {
    await owner.getByRole('link', { name: 'New offer' }).first().click();
    await owner.getByLabel('Name', { exact: true }).fill(offer);
    await owner.getByLabel('Category').selectOption({ label: 'Health & Beauty' });
    await owner.getByLabel('Last valid day').fill(day(45));
    await expect(owner.getByLabel('Featured')).toHaveCount(0);
    await owner.getByRole('button', { name: 'Create draft' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: offer })).toBeVisible();
    await expect(owner.getByRole('region', { name: 'Preview' })).toContainText(offer);
    await owner.getByRole('button', { name: 'Submit for review' }).click();
    await expect(owner.getByRole('row', { name: new RegExp(offer) })).toContainText('Waiting for review');

    await staff.goto('/console/reviews');
    const review = staff.getByRole('region', { name: offer, exact: true });
    await expect(review).toContainText(merchant);
    await review.getByRole('button', { name: 'Approve' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Approved' })).toBeVisible();

    await setPlace(page, MINNEAPOLIS);
    const card = page.locator('.offer-card', { hasText: offer });
    await expect
      .poll(
        async () => {
          await page.goto('/browse/health-beauty?limit=100');
          return card.count();
        },
        { timeout: 5_000, intervals: [250, 500, 1000] },
      )
      .toBe(1);

    await owner.reload();
    await expect(owner.getByRole('row', { name: new RegExp(offer) })).toContainText('Live');
  });
  test('a saver prints it; a cashier on a phone redeems the code once; the owner sees one print and one redemption', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // Staff add a cashier for the shop's location.
    await staff.goto('/console/merchants');
    await staff.getByRole('link', { name: merchant }).click();
    const invite = staff.getByRole('form', { name: 'Invite a person' });
    await invite.getByLabel('E-mail').fill(CASHIER);
    await invite.getByLabel('Role').selectOption('cashier');
    await invite.getByLabel('Loring Park').check();
    await invite.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(staff.getByRole('status').filter({ hasText: `The invitation was sent to ${CASHIER}` })).toBeVisible();

    // A saver downloads the coupon: the PDF carries this copy's own code.
    await setPlace(page, MINNEAPOLIS);
    await page.goto('/browse/health-beauty?limit=100');
    await page.locator('.offer-card', { hasText: offer }).locator('.card-title a').click();
    const dialog = page.getByRole('dialog', { name: offer });
    await expect(dialog).toBeVisible();
    const code = await downloadCouponCode(page, dialog);
    expect(code, "the copy's code printed on the PDF").toBeTruthy();

    // The cashier accepts, signs in on a phone (a password: cashiers only redeem) and redeems.
    const phone = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, extraHTTPHeaders: { 'x-forwarded-for': newClientAddress() } });
    const cashier = await phone.newPage();
    const [mail] = await mailsContaining(CASHIER);
    const path = /https?:\/\/[^/\s]+(\/business\/centre\/invitation\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    await acceptInvitation(cashier, path!, 'Cass', 'Ier');
    await cashier.goto(`/business/centre/login?next=${encodeURIComponent(`/r/${code}`)}`);
    await cashier.getByLabel('Email').fill(CASHIER);
    await cashier.getByLabel('Password').fill(STAFF_PASSWORD);
    await cashier.getByRole('button', { name: 'Sign in' }).click();
    await expect(cashier).toHaveURL(new RegExp(`/r/${code}$`));
    await expect(cashier.getByText('Valid — redeem now')).toBeVisible();
    await cashier.getByRole('button', { name: 'Redeem' }).click();
    await expect(cashier.getByRole('status').filter({ hasText: 'Redeemed.' })).toBeVisible();
    expect(await cashier.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A second try (the same code again, as a photocopy would bring) is refused with when and where.
    await cashier.goto('/r');
    await cashier.getByLabel(/code/i).first().fill(code!.toLowerCase());
    await cashier.getByRole('button', { name: /check/i }).click();
    await expect(cashier.getByText('Already redeemed')).toBeVisible();
    await expect(cashier.getByText(/at Loring Park/).first()).toBeVisible();
    await expect(cashier.getByRole('button', { name: 'Redeem' })).toHaveCount(0);
    await phone.close();

    // The owner's dashboard counts the download and the verified redemption (the daily counters
    // are written when the analytics buffer flushes, within a few seconds).
    await owner.goto('/business/centre');
    await owner.getByRole('link', { name: 'Analytics' }).first().click();
    await expect(owner.getByRole('heading', { name: 'Day by day' })).toBeVisible();
    const stat = (label: string) => owner.locator('.console-stat', { hasText: label }).locator('.console-stat-value');
    await expect
      .poll(
        async () => {
          await owner.reload();
          return [await stat('Downloads').textContent(), await stat('Redeemed').textContent()];
        },
        { timeout: 15_000, intervals: [500, 1000, 2000] },
      )
      .toEqual(['1', '1']);
  });
});
