// The 'Join for free' prompt (SPEC.md 4 Sign-up prompt: after 5 s, for visitors without the
// previouslySignedUp or previouslyClosedSignUp cookie) is for browsing visitors only: never on the
// sign-in, sign-up and account-recovery pages, never to a member, and never over the Personalize
// modal that follows a sign-up (docs/decisions.md).
import type { Page } from '@playwright/test';
import { allowConsoleError, baseUrl, expect, test } from './public-fixtures.ts';
import { DETROIT, newMember, registerByApi, signInOnPage } from './member-fixtures.ts';

/** A returning visitor who accepted cookies but never closed the prompt nor signed up. */
async function promptEligibleVisitor(page: Page) {
  const geo = encodeURIComponent(JSON.stringify({ market: '', ...DETROIT }));
  await page.context().addCookies([
    { name: 'userGeo', value: geo, url: baseUrl() },
    { name: 'cookieConsent', value: '1', url: baseUrl() },
  ]);
}

const prompt = (page: Page) => page.getByRole('complementary', { name: 'Join for free' });

/** Lets the prompt's 5 s pass (the page's clock runs fast-forward) after the page is ready. */
async function waitPastPromptDelay(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(6_000);
}

test('the Join for free prompt shows to a browsing visitor after 5 s, never on the sign-in, sign-up and recovery pages', async ({ page }) => {
  // The verify page posts its made-up token and the browser reports the refusal.
  allowConsoleError(page, /status of 400 .*\/auth\/verifyuser\//);
  await promptEligibleVisitor(page);
  await page.clock.install();
  await page.goto('/');
  await waitPastPromptDelay(page);
  await expect(prompt(page)).toBeVisible();

  for (const path of ['/membership', '/signup', '/login', '/login/recover', '/login/reset?id=1&token=x', '/verify?id=1&token=x', '/user/account']) {
    await page.goto(path);
    await waitPastPromptDelay(page);
    await expect(prompt(page), path).toHaveCount(0);
  }
});

test('the Join for free prompt goes away on the sign-up page it links to and never covers the Personalize modal after sign-up', async ({ page }) => {
  const m = newMember();
  await promptEligibleVisitor(page);
  await page.clock.install();
  await page.goto('/browse/all');
  await waitPastPromptDelay(page);
  await prompt(page).getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(prompt(page)).toHaveCount(0);

  const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
  await signUp.getByLabel('First Name').fill(m.first);
  await signUp.getByLabel('Last Name').fill(m.last);
  await signUp.getByLabel('Email').fill(m.email);
  await signUp.getByLabel('Password', { exact: true }).fill(m.password);
  await signUp.getByLabel('Confirm Password').fill(m.password);
  await signUp.getByLabel('Zip').fill(m.zip);
  await signUp.getByLabel('I am at least 13 years old.').check();
  await signUp.getByLabel(/I agree to the/).check();
  await signUp.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/\?personalize=true$/);
  await expect(page.getByRole('dialog', { name: 'Personalize your experience' })).toBeVisible();
  await waitPastPromptDelay(page);
  await expect(prompt(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Close personalize' }).click();
  await waitPastPromptDelay(page);
  await expect(prompt(page)).toHaveCount(0);
});

test('a member who never dismissed the prompt does not get it, signed in or after signing out', async ({ page, request }) => {
  const m = newMember();
  await registerByApi(request, m);
  await promptEligibleVisitor(page);
  await page.clock.install();
  await signInOnPage(page, m);
  await page.goto('/');
  await expect(page.locator('.greeting')).toHaveText('Hi, Pat');
  await waitPastPromptDelay(page);
  await expect(prompt(page)).toHaveCount(0);
  await page.goto('/browse/all');
  await waitPastPromptDelay(page);
  await expect(prompt(page)).toHaveCount(0);
  // Signed out, they still have an account: no invitation to make one.
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.locator('header').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await waitPastPromptDelay(page);
  await expect(prompt(page)).toHaveCount(0);
});
