// Stored XSS in the browser (docs/security.md): XSS payloads (after DOMPurify's fixtures and
// OWASP's cheat sheet, packages/domain/src/testing/xss-payloads.ts) stored raw in offer
// descriptions, offer terms and merchant texts of a server of its own (written straight into the
// tables, past the ingest sanitiser), each offer opened on its page in Chromium. Pass: 0 scripts
// run, 0 CSP violations (the sanitiser removed everything before the CSP had to act), no on*
// attribute or javascript: URL in the page. Also the security headers of pages and of the 404 page.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XSS_PAYLOADS } from '@market/domain/testing/xss-payloads';
import { expect, test } from './public-fixtures.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// A port of its own beside the main e2e server.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 250;
const BASE = `http://127.0.0.1:${PORT}`;

interface FixtureOffer {
  payload: number;
  offerId: number;
  locationId: number;
  merchantSlug: string;
}

let server: ChildProcess | undefined;
let dataDir = '';
let offers: FixtureOffer[] = [];

function run(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--disable-warning=ExperimentalWarning', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

// Playwright reads the fixtures a hook asks for from its first parameter: this hook asks for none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(600_000);
  dataDir = mkdtempSync(join(tmpdir(), 'market-xss-'));
  const out = join(dataDir, 'offers.json');
  const fixture = run(['apps/api/test/adversarial/xss-fixture.ts', dataDir, out], {});
  let log = '';
  fixture.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const code = await new Promise<number | null>((resolve) => fixture.once('exit', resolve));
  if (code !== 0) throw new Error(`xss fixture failed (${code}): ${log}`);
  offers = JSON.parse(readFileSync(out, 'utf8')) as FixtureOffer[];
  server = run(['apps/api/src/server.ts'], { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/api/health/`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the XSS server did not start');
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('no stored payload runs on the offer page or leaves a handler, dangerous URL or CSP violation', async ({ page }) => {
  test.setTimeout(600_000);
  expect(offers).toHaveLength(XSS_PAYLOADS.length);
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const hits: string[] = [];
    const violations: string[] = [];
    w.__xssHits = hits;
    w.__cspViolations = violations;
    const hit = (n: unknown) => {
      hits.push(String(n));
    };
    w.xss = hit;
    w.alert = hit;
    w.confirm = hit;
    w.prompt = hit;
    document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`));
  });
  const failures: string[] = [];
  for (const offer of offers) {
    await page.goto(`${BASE}/merchants/${offer.merchantSlug}/${offer.locationId}/?o=${offer.offerId}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.rich-text').first()).toBeVisible();
    await expect(dialog.getByText(`Payload ${offer.payload}`, { exact: true })).toBeVisible();
    // Give handlers their chance: hover, focus and animate everything the stored HTML produced.
    const found = await page.evaluate(async () => {
      const problems: string[] = [];
      for (const container of Array.from(document.querySelectorAll('.rich-text'))) {
        for (const el of Array.from(container.querySelectorAll('*'))) {
          for (const type of ['mouseover', 'mouseenter', 'focus', 'toggle', 'animationstart']) el.dispatchEvent(new Event(type));
          const tag = el.tagName.toLowerCase();
          if (['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'form', 'base', 'meta', 'link', 'img', 'video', 'audio', 'input', 'textarea', 'template'].includes(tag)) problems.push(`<${tag}>`);
          for (const attr of Array.from(el.attributes)) {
            if (/^on/i.test(attr.name) || attr.name === 'style' || attr.name === 'srcdoc') problems.push(`${tag}[${attr.name}]`);
            if (/^\s*(javascript|vbscript|data):/i.test(attr.value)) problems.push(`${tag}[${attr.name}=${attr.value.slice(0, 30)}]`);
          }
        }
      }
      await new Promise((r) => setTimeout(r, 50));
      const w = window as unknown as { __xssHits: string[]; __cspViolations: string[] };
      return { problems, hits: w.__xssHits, violations: w.__cspViolations };
    });
    if (found.hits.length) failures.push(`payload ${offer.payload}: ran ${found.hits.join(',')}`);
    if (found.violations.length) failures.push(`payload ${offer.payload}: CSP violations ${found.violations.join(', ')}`);
    if (found.problems.length) failures.push(`payload ${offer.payload}: ${found.problems.join(', ')}`);
  }
  console.log(`stored XSS: ${offers.length} payloads rendered on the offer page; failures ${failures.length}`);
  expect(failures).toEqual([]);
});

test('the merchant page runs none of the payloads stored in merchant texts', async ({ page }) => {
  test.setTimeout(300_000);
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const hits: string[] = [];
    w.__xssHits = hits;
    w.xss = (n: unknown) => hits.push(String(n));
    w.alert = w.xss;
  });
  const merchants = [...new Map(offers.map((o) => [o.merchantSlug, o])).values()];
  for (const m of merchants) {
    await page.goto(`${BASE}/merchants/${m.merchantSlug}/${m.locationId}`);
    await expect(page.locator('main')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xssHits: string[] }).__xssHits), m.merchantSlug).toEqual([]);
  }
});

test('pages and the 404 page carry the security headers, with a fresh script nonce each time', async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ['/', '/browse/all', '/contests', `/merchants/${offers[0]!.merchantSlug}/${offers[0]!.locationId}`, '/no-such-page']) {
    const res = await request.get(`${BASE}${path}`);
    const headers = res.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toMatch(/script-src 'nonce-[A-Za-z0-9+/_=-]+' 'strict-dynamic'/);
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).toContain("base-uri 'none'");
    expect(csp, path).toMatch(/frame-ancestors '(none|self)'/);
    expect(headers['strict-transport-security'], path).toMatch(/max-age=\d{7,}/);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBeTruthy();
    nonces.add(/'nonce-([^']+)'/.exec(csp)![1]!);
    const body = await res.text();
    expect(body, path).not.toMatch(/at [\w$.]+ \(|node:internal|\/work\//);
  }
  expect(nonces.size).toBe(5);
});
