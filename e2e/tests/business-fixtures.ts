// A business set up as staff do it and handed to its owner: the console creates the merchant and
// one Minneapolis location and invites the owner, who accepts from the mailbox, enrols the
// authenticator and lands in the business centre. Journeys of the merchant centre start here.
import type { Browser, Page } from '@playwright/test';
import { baseUrl, expect, MINNEAPOLIS, newClientAddress } from './public-fixtures.ts';
import { mailsContaining } from './lead-fixtures.ts';
import { acceptInvitation, firstAdmin, signInAndEnrol } from './staff-fixtures.ts';

export interface BusinessWithOwner {
  /** The owner's page, signed in to the business centre (the journey closes its context). */
  owner: Page;
  merchantId: string;
  locationId: string;
  /** The merchant's slug in the saver pages. */
  slug: string;
}

/** A new business (`category` as the console names it) with its owner signed in. */
export async function businessWithOwner(
  browser: Browser,
  business: { name: string; category: string; ownerEmail: string; ownerFirstName: string; ownerLastName: string },
): Promise<BusinessWithOwner> {
  const staff = await (await browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { 'x-forwarded-for': newClientAddress() } })).newPage();
  await firstAdmin(staff);
  await staff.goto('/console/merchants/new');
  await staff.getByLabel('Name', { exact: true }).fill(business.name);
  await staff.getByLabel('Category').selectOption({ label: business.category });
  await staff.getByRole('button', { name: 'Create merchant' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
  const merchantId = /\/console\/merchants\/(\d+)/.exec(staff.url())![1]!;
  const slug = /\/merchants\/([a-z0-9-]+)/.exec((await staff.getByRole('link', { name: /Saver page/ }).getAttribute('href'))!)![1]!;
  await staff.getByRole('link', { name: 'Add location' }).click();
  await staff.getByLabel('Location name').fill('Loring Park');
  await staff.getByLabel('Street address').fill('200 Nicollet Mall');
  await staff.getByLabel('City').fill(MINNEAPOLIS.city);
  await staff.getByLabel('State').fill(MINNEAPOLIS.state);
  await staff.getByLabel('ZIP code').fill('55401');
  await staff.getByRole('button', { name: 'Add location' }).click();
  await expect(staff).toHaveURL(/\/console\/locations\/\d+/);
  const locationId = /\/console\/locations\/(\d+)/.exec(staff.url())![1]!;
  await staff.goto(`/console/merchants/${merchantId}`);
  const invite = staff.getByRole('form', { name: 'Invite a person' });
  await invite.getByLabel('E-mail').fill(business.ownerEmail);
  await invite.getByLabel('Role').selectOption('owner');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(staff.getByRole('status').filter({ hasText: `The invitation was sent to ${business.ownerEmail}` })).toBeVisible();
  await staff.context().close();

  const owner = await (await browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { 'x-forwarded-for': newClientAddress() } })).newPage();
  const [mail] = await mailsContaining(business.ownerEmail);
  const path = /https?:\/\/[^/\s]+(\/business\/centre\/invitation\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  await acceptInvitation(owner, path, business.ownerFirstName, business.ownerLastName);
  await signInAndEnrol(owner, business.ownerEmail, '/business/centre/login');
  await owner.getByRole('link', { name: 'I have saved these codes' }).click();
  await expect(owner).toHaveURL(/\/business\/centre$/);
  return { owner, merchantId, locationId, slug };
}
