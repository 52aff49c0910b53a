// A business set up as staff do it and handed to its owner: the console creates the merchant and
// one Minneapolis location and invites the owner, who accepts from the mailbox, enrols the
// authenticator and lands in the business centre. Journeys of the merchant centre start here.
import type { Browser, Page } from '@playwright/test';
import { baseUrl, expect, newClientAddress } from './public-fixtures.ts';
import { mailsContaining } from './lead-fixtures.ts';
import { acceptInvitation, createMerchantWithLocation, firstAdmin, signInAndEnrol } from './staff-fixtures.ts';

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
  const { merchantId, locationId } = await createMerchantWithLocation(staff, { name: business.name, category: business.category, locationName: 'Loring Park', street: '200 Nicollet Mall' });
  await staff.goto(`/console/merchants/${merchantId}`);
  const slug = /\/merchants\/([a-z0-9-]+)/.exec((await staff.getByRole('link', { name: /Saver page/ }).getAttribute('href'))!)![1]!;
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
