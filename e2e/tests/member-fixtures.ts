// Helpers of the member journeys: a fresh member per test (signed up through the page or the API),
// and the Detroit place, where car offers are shown (SPEC.md 1, 6).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, setPlace } from './public-fixtures.ts';

export const DETROIT = { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 };

let counter = 0;
export function newMember() {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return { first: 'pat', last: 'Saver', email: `pat.${stamp}@example.com`, password: `Coupons-${stamp}!`, zip: '48226' };
}
export type Member = ReturnType<typeof newMember>;

/** Registers through the API (the sign-up page itself is tested in the journey). */
export async function registerByApi(request: APIRequestContext, m: Member): Promise<void> {
  const res = await request.post('/auth/register/', {
    data: { email: m.email, password: m.password, confirmPassword: m.password, first_name: m.first, last_name: m.last, state: 'MI', zipcode: m.zip, terms_agree: true },
  });
  expect(res.status()).toBe(201);
}

/** Signs in through the /login page and waits for the greeting. */
export async function signInOnPage(page: Page, m: Member, path = '/login'): Promise<void> {
  await page.goto(path);
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Your Account Info' }) });
  await form.getByLabel('Email').fill(m.email);
  await form.getByLabel('Password').fill(m.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('.greeting')).toHaveText('Hi, Pat');
}

export async function atDetroit(page: Page): Promise<void> {
  await setPlace(page, DETROIT);
}

interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const MAILBOX = new URL('../../node_modules/.cache/e2e-data/mailbox/', import.meta.url);

/**
 * The site paths (with query) of the links to `path` in every mail to `to` whose subject matches,
 * oldest first, once at least `count` have arrived.
 */
export async function mailedLinks(to: string, subject: RegExp, path: string, count: number): Promise<string[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        let files: string[] = [];
        try {
          files = await readdir(MAILBOX);
        } catch {
          return 0;
        }
        links = [];
        // Mailbox names start with the sending time: sorted, they are in the order sent.
        for (const f of files.filter((n) => n.endsWith('.json')).sort()) {
          const entry = JSON.parse(await readFile(new URL(f, MAILBOX), 'utf8')) as MailboxEntry;
          if (!entry.to.includes(to) || !subject.test(entry.subject)) continue;
          const match = new RegExp(`https?://[^\\s"'<>]+${path.replace('/', '\\/')}\\?[^\\s"'<>]+`).exec(entry.text);
          if (match) {
            const url = new URL(match[0].replaceAll('&amp;', '&'));
            links.push(url.pathname + url.search);
          }
        }
        return links.length;
      },
      { timeout: 20_000, message: `${count} mails to ${to} with a ${path} link` },
    )
    .toBeGreaterThanOrEqual(count);
  return links;
}

/** Confirms the member's e-mail address with the mailed link, as the /verify page does (contest entries need it). */
export async function confirmEmailByApi(request: APIRequestContext, m: Member): Promise<void> {
  const link = new URL(await mailedLink(m.email, /Confirm your LocalSaver e-mail address/, '/verify'), 'http://localhost');
  const res = await request.post('/auth/verifyuser/', { data: { id: Number(link.searchParams.get('id')), token: link.searchParams.get('token') } });
  expect(res.status()).toBe(200);
}

/** The site path (with query) of the link in the newest mail to `to` whose subject matches. */
export async function mailedLink(to: string, subject: RegExp, path: string): Promise<string> {
  const { readdir, readFile } = await import('node:fs/promises');
  let link = '';
  await expect
    .poll(
      async () => {
        let files: string[] = [];
        try {
          files = await readdir(MAILBOX);
        } catch {
          return '';
        }
        for (const f of files.filter((n) => n.endsWith('.json'))) {
          const entry = JSON.parse(await readFile(new URL(f, MAILBOX), 'utf8')) as MailboxEntry;
          if (entry.to.includes(to) && subject.test(entry.subject)) {
            const match = new RegExp(`https?://[^\\s"'<>]+${path.replace('/', '\\/')}\\?[^\\s"'<>]+`).exec(entry.text);
            if (match) link = new URL(match[0].replaceAll('&amp;', '&')).pathname + new URL(match[0].replaceAll('&amp;', '&')).search;
          }
        }
        return link;
      },
      { timeout: 20_000, message: `a mail to ${to} with a ${path} link` },
    )
    .not.toBe('');
  return link;
}
