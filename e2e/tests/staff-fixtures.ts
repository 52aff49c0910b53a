// Helpers of the staff console journeys: the invitation link from the local mailbox, codes of the
// authenticator app (the same TOTP a phone makes, through the otpauth library), and signing in
// with the second factor as a person would.
import * as OTPAuth from 'otpauth';
import type { Page } from '@playwright/test';
import { expect } from './public-fixtures.ts';
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

/** The code the authenticator app shows now (or `stepsAhead` steps later: a code works once). */
export function authenticatorCode(secret: string, stepsAhead = 0): string {
  const totp = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')) });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
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

/** First sign-in: password, then the authenticator set-up; answers the secret and the recovery codes. */
export async function signInAndEnrol(page: Page, email: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto('/console/login');
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

/** A later sign-in with a code from the app (one step ahead: the enrolment used this step's code). */
export async function signIn(page: Page, email: string, secret: string): Promise<void> {
  await page.goto('/console/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('6-digit code from your authenticator app').fill(authenticatorCode(secret, 1));
  await page.getByRole('button', { name: /verify|sign in|continue/i }).click();
  await expect(page).toHaveURL(/\/console\/?$/);
}
