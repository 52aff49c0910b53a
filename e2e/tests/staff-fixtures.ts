// Helpers of the staff console journeys: the invitation link from the local mailbox, codes of the
// authenticator app (the same TOTP a phone makes, through the otpauth library), and signing in
// with the second factor as a person would.
import { readFile, writeFile } from 'node:fs/promises';
import * as OTPAuth from 'otpauth';
import type { Page } from '@playwright/test';
import { expect, MINNEAPOLIS } from './public-fixtures.ts';
import { mailsContaining } from './lead-fixtures.ts';

/** The first admin of the journeys' server (playwright.config.ts STAFF_BOOTSTRAP_EMAIL). */
export const BOOTSTRAP_ADMIN = 'owner@localsaver.example';
export const STAFF_PASSWORD = 'Console journey passphrase 9';

/** The path of the newest invitation link mailed to an address. */
export async function invitationPath(email: string): Promise<string> {
  const [mail] = await mailsContaining(email);
  const match = /https?:\/\/[^/\s]+(\/console\/invitation\?token=[A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match, `an invitation link in the mail to ${email}`).not.toBeNull();
  return match![1]!;
}

const TOTP_PERIOD_MS = 30_000;

/** The authenticator's time step now. */
const currentStep = () => Math.floor(Date.now() / TOTP_PERIOD_MS);

/** The code the authenticator app shows now (or `stepsAhead` steps later: a code works once). */
export function authenticatorCode(secret: string, stepsAhead = 0): string {
  return codeOfStep(secret, currentStep() + stepsAhead);
}

function codeOfStep(secret: string, step: number): string {
  const totp = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')) });
  return totp.generate({ timestamp: step * TOTP_PERIOD_MS });
}

/** Accepts an invitation in the browser: names and password. */
export async function acceptInvitation(page: Page, path: string, firstName: string, lastName: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel('Confirm password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: /accept|create|continue/i }).click();
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
}

/** First sign-in (the console's, or the business centre's at `loginPath`): password, then the authenticator set-up; answers the secret and the recovery codes. */
export async function signInAndEnrol(page: Page, email: string, loginPath = '/console/login'): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto(loginPath);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  const label = await page.locator('.console-secret').getAttribute('aria-label');
  const secret = label!.replace(/^Set-up key:\s*/, '').replace(/\s+/g, '');
  await page.getByLabel('6-digit code from your authenticator app').fill(authenticatorCode(secret));
  await page.getByRole('button', { name: /confirm|verify|continue/i }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  return { secret, recoveryCodes: await codes.allTextContents() };
}

/**
 * A later sign-in with the code of `step` (the server takes the next step's code too, and each step's
 * code once: the caller picks a step no sign-in used).
 */
export async function signIn(page: Page, email: string, secret: string, step: number): Promise<void> {
  await page.goto('/console/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('6-digit code from your authenticator app').fill(codeOfStep(secret, step));
  await page.getByRole('button', { name: /verify|sign in|continue/i }).click();
  await expect(page).toHaveURL(/\/console\/?$/);
}

/** Where the first admin's authenticator key is kept for the run (beside the run's fresh database). */
const FIRST_ADMIN_FILE = new URL('../../node_modules/.cache/e2e-data/first-admin.json', import.meta.url);

/**
 * The first admin signed in, whichever journey comes first: the one that finds the bootstrap
 * invitation pending accepts it and enrols (answering the recovery codes), and keeps the key for the
 * run; a later one signs in with a code from it. Lands on the console's dashboard.
 */
export async function firstAdmin(page: Page): Promise<{ recoveryCodes: string[] | null }> {
  let kept: { secret: string; lastStep: number } | null = null;
  try {
    kept = JSON.parse(await readFile(FIRST_ADMIN_FILE, 'utf8')) as { secret: string; lastStep: number };
  } catch {
    kept = null;
  }
  if (kept) {
    // Journeys that follow each other within a minute would reuse a step's code, which the server
    // refuses: take the step after the last one used, waiting for the clock when it is two ahead.
    const step = Math.max(currentStep(), kept.lastStep + 1);
    if (step > currentStep() + 1) await page.waitForTimeout((step - 1) * TOTP_PERIOD_MS - Date.now() + 250);
    await writeFile(FIRST_ADMIN_FILE, JSON.stringify({ secret: kept.secret, lastStep: step }));
    await signIn(page, BOOTSTRAP_ADMIN, kept.secret, step);
    return { recoveryCodes: null };
  }
  await acceptInvitation(page, await invitationPath(BOOTSTRAP_ADMIN), 'Olive', 'Owner');
  const { secret, recoveryCodes } = await signInAndEnrol(page, BOOTSTRAP_ADMIN);
  // The enrolment used this step's code.
  await writeFile(FIRST_ADMIN_FILE, JSON.stringify({ secret, lastStep: currentStep() }));
  await page.getByRole('link', { name: 'I have saved these codes' }).click();
  await expect(page).toHaveURL(/\/console\/$/);
  return { recoveryCodes };
}

/**
 * Creates a merchant in the console (a staff member signed in on `staff`) and one location in
 * Minneapolis, whose pin comes from the city (no latitude typed). `fillLocation` fills more of the
 * location form before it is sent (opening hours). Ends on the new location's console page.
 */
export async function createMerchantWithLocation(
  staff: Page,
  merchant: { name: string; category: string; phone?: string; locationName: string; street: string; fillLocation?: () => Promise<void> },
): Promise<{ merchantId: string; locationId: string }> {
  await staff.goto('/console/merchants/new');
  await staff.getByLabel('Name', { exact: true }).fill(merchant.name);
  if (merchant.phone) await staff.getByLabel('Phone').fill(merchant.phone);
  await staff.getByLabel('Category').selectOption({ label: merchant.category });
  await staff.getByRole('button', { name: 'Create merchant' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: merchant.name })).toBeVisible();
  const merchantId = /\/console\/merchants\/(\d+)/.exec(staff.url())![1]!;
  await staff.getByRole('link', { name: 'Add location' }).click();
  await staff.getByLabel('Location name').fill(merchant.locationName);
  await staff.getByLabel('Street address').fill(merchant.street);
  await staff.getByLabel('City').fill(MINNEAPOLIS.city);
  await staff.getByLabel('State').fill(MINNEAPOLIS.state);
  await staff.getByLabel('ZIP code').fill('55401');
  await merchant.fillLocation?.();
  await staff.getByRole('button', { name: 'Add location' }).click();
  await expect(staff).toHaveURL(/\/console\/locations\/\d+/);
  const locationId = /\/console\/locations\/(\d+)/.exec(staff.url())![1]!;
  return { merchantId, locationId };
}
