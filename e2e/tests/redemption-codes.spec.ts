// Per-copy redemption codes (docs/api.md "Redemption codes"): a saver downloads an offer's coupon,
// its PDF carries the copy's own code; at the shop a till (store_device cookie) on a 390 px phone
// opens /r/{code} and redeems it; a second till trying the same code (a photocopy) is refused
// with when and where the first redemption was.
//
// Tills are paired in the merchant centre, which this journey does not drive: it runs its own
// server on a database of its own, seeded, with two paired tills written into it before the
// server starts (the PGlite directory is opened by one process at a time).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { downloadCouponCode } from './pdf-fixtures.ts';
import { allowConsoleError, businessDay, expect, test } from './public-fixtures.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PORT = Number(process.env.E2E_CODES_PORT ?? 3197);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = join(ROOT, 'node_modules/.cache/e2e-codes-data');

let server: ChildProcess | undefined;
let offer: { id: number; name: string; slug: string; locationId: number; locationName: string };
const tills: string[] = [];

// REDIS_URL cleared as in playwright.config.ts: this server counts its limits in memory.
const serverEnv = { ...process.env, REDIS_URL: '', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR, NODE_ENV: 'production', LOG_LEVEL: 'warn', PUBLIC_URL: ORIGIN };

/** Two tills paired to the location of a live offer, written straight into the seeded database. */
async function pairTills(): Promise<void> {
  const db = await PGlite.create({ dataDir: join(DATA_DIR, 'pglite'), extensions: { cube, earthdistance, pg_trgm } });
  try {
    // An offer with no day or hour limits: the till's verdict refuses a copy outside its hours
    // (docs/api.md "Redemption codes"), and this journey runs at any hour.
    const found = await db.query<{ id: number; name: string; slug: string; location_id: number; merchant_id: number; display_name: string }>(
      `SELECT o.id, o.name, m.slug, o.location_id, o.merchant_id, l.display_name FROM offers o
         JOIN merchants m ON m.id = o.merchant_id JOIN locations l ON l.id = o.location_id
        WHERE o.is_active AND o.status = 'live' AND o.expires_at >= $1::date + 7 AND (o.starts_at IS NULL OR o.starts_at <= $1::date)
          AND NOT (coalesce(o.fine_print, '{}'::jsonb) ?| array['days', 'hours'])
        ORDER BY o.id LIMIT 1`,
      // The business day, not the database's UTC date (a run at 23:30 in Detroit is tomorrow in UTC).
      [businessDay()],
    );
    const row = found.rows[0]!;
    offer = { id: row.id, name: row.name, slug: row.slug, locationId: row.location_id, locationName: row.display_name };
    for (const name of ['Front till', 'Back till']) {
      const token = randomBytes(32).toString('base64url');
      await db.query(`INSERT INTO store_devices (merchant_id, location_id, name, token_hash) VALUES ($1, $2, $3, $4)`, [row.merchant_id, row.location_id, name, createHash('sha256').update(token).digest('hex')]);
      tills.push(token);
    }
  } finally {
    await db.close();
  }
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${ORIGIN}/api/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the redemption-codes server did not start');
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  await run(process.execPath, ['--disable-warning=ExperimentalWarning', 'apps/api/src/db/seed/cli.ts'], { cwd: ROOT, env: serverEnv, maxBuffer: 16 * 1024 * 1024 });
  await pairTills();
  server = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'apps/api/src/server.ts'], { cwd: ROOT, env: serverEnv, stdio: 'ignore' });
  await waitForHealth();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test('a printed copy is redeemed once at the till; the photocopy is refused with when and where', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The saver downloads the coupon from the offer's window.
  await page.goto(`${ORIGIN}/merchants/${offer.slug}/${offer.locationId}/?o=${offer.id}`);
  const dialog = page.getByRole('dialog', { name: offer.name });
  const code = await downloadCouponCode(page, dialog);
  expect(code, 'the copy’s code printed on the PDF').toBeTruthy();

  // Two tills on phones; the second opens the code (a photocopy) before the first redeems it.
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, extraHTTPHeaders: { 'x-forwarded-for': '198.18.7.7' } };
  const [front, back] = await Promise.all([browser.newContext(phone), browser.newContext(phone)]);
  await front.addCookies([{ name: 'store_device', value: tills[0]!, url: ORIGIN, httpOnly: true }]);
  await back.addCookies([{ name: 'store_device', value: tills[1]!, url: ORIGIN, httpOnly: true }]);
  const till = await front.newPage();
  const copier = await back.newPage();

  await copier.goto(`${ORIGIN}/r/${code!.toLowerCase().replace(/-/g, '')}`);
  await expect(copier).toHaveURL(`${ORIGIN}/r/${code}`);
  await till.goto(`${ORIGIN}/r/${code}`);
  await expect(till.getByText('Valid — redeem now')).toBeVisible();
  await expect(till.getByText(offer.name)).toBeVisible();
  await till.getByRole('button', { name: 'Redeem' }).click();
  await expect(till.getByRole('status').filter({ hasText: 'Redeemed.' })).toContainText('Redeemed. Hand the customer their discount.');
  await expect(till.getByText(new RegExp(`at ${offer.locationName}`)).first()).toBeVisible();
  expect(await till.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The browser reports the refused form post (409) on its console: that is the answer expected.
  allowConsoleError(copier, /status of 409/);
  await copier.getByRole('button', { name: 'Redeem' }).click();
  const refusal = copier.getByRole('alert').filter({ hasText: 'already redeemed' });
  await expect(refusal).toContainText('This code was already redeemed on');
  await expect(refusal).toContainText(`at ${offer.locationName}`);
  await expect(refusal).toContainText(/\d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M/);
  await copier.reload();
  await expect(copier.getByText('Already redeemed')).toBeVisible();
  await expect(copier.getByRole('button', { name: 'Redeem' })).toHaveCount(0);

  // Anyone else sees the state, and no Redeem.
  await page.goto(`${ORIGIN}/r/${code}`);
  await expect(page.getByText('Already redeemed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Redeem' })).toHaveCount(0);
  await Promise.all([front.close(), back.close()]);
});
