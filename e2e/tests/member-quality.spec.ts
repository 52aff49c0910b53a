// Member screens pass axe (no serious or critical issue) and fit a 360 px screen: sign-in and
// sign-up pages, password recovery, the auth modal, My Account, My Interests and the saved drawer.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './public-fixtures.ts';
import { atDetroit, newMember, registerByApi, signInOnPage } from './member-fixtures.ts';

async function fitsWidth(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('visitor screens: sign in, sign up, recovery and the auth modal', async ({ page }) => {
  await atDetroit(page);
  for (const path of ['/login', '/membership', '/login/recover']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, path);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/membership');
  await expect(page.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/login');
  await fitsWidth(page, '/membership at 360 px');
  await page.goto('/contests');
  await page.locator('.contest-card .card-title a').first().click();
  await page.getByLabel('I have read and agree to the contest rules.').check();
  await page.getByRole('button', { name: 'Enter Contest' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In or Sign Up' })).toBeVisible();
  await expectAccessible(page, 'auth modal');
});

test('member screens: My Account, My Interests and the saved drawer', async ({ page, request }) => {
  const m = newMember();
  await registerByApi(request, m);
  await atDetroit(page);
  await signInOnPage(page, m);
  await page.goto('/user/account?info=1');
  await expect(page.getByLabel('First Name')).toHaveValue(m.first);
  await expectAccessible(page, 'My Account');
  await page.goto('/user/account?interests=1');
  await expect(page.getByLabel('Food & Dining')).toBeEnabled();
  await expectAccessible(page, 'My Interests');
  await page.getByRole('button', { name: /^Saved/ }).click();
  await expect(page.getByRole('dialog', { name: 'My Saved Offers' })).toBeVisible();
  await expectAccessible(page, 'saved drawer');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/user/account?info=1');
  await expect(page.getByLabel('First Name')).toHaveValue(m.first);
  await fitsWidth(page, 'My Account at 360 px');
});
