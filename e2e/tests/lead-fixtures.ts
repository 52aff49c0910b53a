// Helpers of the footer and business form journeys: a client address of the test's own (the API
// limits lead submissions per client address, and the e2e server trusts X-Forwarded-For from this
// machine), and the regional-office mails the API sends for each stored lead, read from the
// server's local mailbox (DATA_DIR/mailbox, no SMTP_URL in the journeys).
import { randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newClientAddress } from './public-fixtures.ts';

const MAILBOX = new URL('../../node_modules/.cache/e2e-data/mailbox/', import.meta.url);

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Every request of the page (documents and form posts) now comes from a client address of its own. */
export async function useOwnClientAddress(page: Page): Promise<string> {
  const address = newClientAddress();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  return address;
}

/** A unique word to find this test's lead in the mailbox. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;
}

async function mails(): Promise<Mail[]> {
  let files: string[] = [];
  try {
    files = (await readdir(MAILBOX)).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const out: Mail[] = [];
  for (const f of files) {
    try {
      out.push(JSON.parse(await readFile(new URL(f, MAILBOX), 'utf8')) as Mail);
    } catch {
      // A file being written right now; the next poll reads it.
    }
  }
  return out;
}

/** The mails whose text, subject or recipient contains `word`, once at least `count` of them arrived (the queue sends them). */
export async function mailsContaining(word: string, count = 1): Promise<Mail[]> {
  let found: Mail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mails()).filter((m) => m.text.includes(word) || m.subject.includes(word) || m.to.includes(word));
        return found.length;
      },
      { message: `a mail containing ${word}`, timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/**
 * Uses up the lead quota of `address` with valid suggestions sent straight to the API, until it
 * answers 429 (LEAD_RATE_LIMIT_MAX accepted submissions per window).
 */
export async function exhaustLeadQuota(request: APIRequestContext, address: string): Promise<string> {
  for (let i = 0; i < 1000; i += 1) {
    const res = await request.post('/api/suggestmerchant/', { headers: { 'x-forwarded-for': address }, data: { name: `Quota Test ${i}`, city: 'Detroit', state: 'MI' } });
    if (res.status() === 429) return ((await res.json()) as { detail: string }).detail;
    expect(res.status()).toBe(201);
  }
  throw new Error('the lead rate limit never answered 429');
}
