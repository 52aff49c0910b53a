// The coupon PDF, read back the way a person or a scanner would: rendered to PNG with pdftoppm,
// its text read with pdftotext and its QR code decoded (poppler-utils; .ci/run installs it).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDisplayDate } from '@market/domain/expiry';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { randomClientIp, signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { addLocation, addMerchant, addOffer, uid } from '../catalogue/catalogue.fixtures.ts';
import { mediaPaths } from '../../db/media-paths.ts';
import { renderCouponPdf } from './lib/coupon-pdf.ts';
import { ANONYMOUS_COPIES_PER_ADDRESS_PER_DAY, clientAddressKey } from './service.ts';

const run = promisify(execFile);
// jsqr is CommonJS: under NodeNext its types sit on .default.
const jsQR = jsQRModule.default;
let t: TestApp;
let dir: string;
let location: Awaited<ReturnType<typeof addLocation>>;
let merchant: Awaited<ReturnType<typeof addMerchant>>;
let category: { id: number };
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'coupon-pdf-'));
  [category] = (await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`)) as [{ id: number }];
  const name = `Mario's Pizzeria ${uid()}`;
  merchant = await addMerchant(t.db, { name });
  await t.db.rows(sql`UPDATE merchants SET logo_path = ${mediaPaths.logo(merchant.slug)}, is_certified = true WHERE id = ${merchant.id}`);
  location = await addLocation(t.db, merchant, { lat: 42.33, lng: -83.05 }, { address: '1200 Woodward Ave', address2: 'Suite 4', city: 'Detroit', zip: '48226' });
  member = await signUpMember(t.app);
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function offer(extra: Record<string, unknown> = {}) {
  return addOffer(t.db, location, category, {
    name: `Two Large Pizzas for $19.99 ${uid()}`,
    description: '<p>Two large one-topping pizzas. <strong>Dine in or carry out</strong> &amp; save.</p>',
    retailerTerms: 'Redeem at the register. Cash value 1/100 cent.',
    consumerTerms: 'Limit one coupon per household.',
    code: `PIZZA${uid().slice(0, 4).toUpperCase()}`,
    expiresAt: addDays(t.today, 12),
    ...extra,
  });
}

async function token(offerId: number, kind = 'print') {
  const res = await t.app.inject({ method: 'POST', url: '/api/printtokens/', headers: member.headers, payload: { offer_id: offerId, kind } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; token: string };
}

/** Text of the PDF and the text of the QR code on its rendered first page. */
async function readBack(pdf: Buffer): Promise<{ text: string; qr: string | null; pages: number }> {
  const name = `c-${uid()}`;
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
  await run('pdftoppm', ['-r', '150', '-png', '-singlefile', file, join(dir, name)]);
  const png = PNG.sync.read(readFileSync(join(dir, `${name}.png`)));
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  const { stdout: info } = await run('pdfinfo', [file]);
  return { text, qr: code?.data ?? null, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
}

describe('GET /api/pdf with a print token', () => {
  it('answers a one-page coupon with merchant, headline, description, terms, expiry, address, code, QR and barcode serial', async () => {
    const o = await offer();
    const issued = await token(o.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/pdf?token=${issued.token}&offer_id=${o.id}&is_hpg=0` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="coupon-.*\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const { text, qr, pages } = await readBack(res.rawPayload);
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Expires: ${formatDisplayDate(o.expiresAt)}`);
    expect(flat).toContain(o.code);
    expect(flat).toContain(merchant.name);
    expect(flat).toContain('Two Large Pizzas for $19.99');
    expect(flat).toContain('Two large one-topping pizzas. Dine in or carry out & save.');
    expect(flat).toContain('1200 Woodward Ave, Suite 4');
    expect(flat).toContain('Detroit, MI 48226');
    expect(flat).toContain('Redeem at the register.');
    expect(flat).toContain('Limit one coupon per household.');
    const serial = `LS-${o.id}-${issued.id}`;
    expect(flat).toContain(serial);
    expect(qr).toBe(`${t.env.PUBLIC_URL}/merchants/${merchant.slug}/${location.id}/?o=${o.id}&copy=${serial}`);
  });

  it('works once, for its own offer only', async () => {
    const o = await offer();
    const other = await offer();
    const issued = await token(o.id);
    const wrongOffer = await t.app.inject({ method: 'GET', url: `/api/pdf?token=${issued.token}&offer_id=${other.id}` });
    expect(wrongOffer.statusCode).toBe(404);
    expect(wrongOffer.json()).toEqual({ detail: 'This print link is not valid for this offer.' });
    expect((await t.app.inject({ method: 'GET', url: `/api/pdf?token=${issued.token}&offer_id=${o.id}` })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: `/api/pdf?token=${issued.token}&offer_id=${o.id}` });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ detail: 'This print link has already been used. Print the coupon again from the offer.' });
    const unknown = await t.app.inject({ method: 'GET', url: `/api/pdf?token=${'x'.repeat(43)}&offer_id=${o.id}` });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: `/api/pdf?token=%3Cscript%3E&offer_id=${o.id}` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ token: ['This print link is not valid.'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/pdf?token=abc' })).statusCode).toBe(400);
  });

  it('gives each copy its own serial, sends downloads as attachments, and refuses an expired token', async () => {
    const o = await offer();
    const a = await token(o.id);
    const b = await token(o.id, 'download');
    const first = await t.app.inject({ method: 'GET', url: `/api/pdf?token=${a.token}&offer_id=${o.id}` });
    const second = await t.app.inject({ method: 'GET', url: `/api/pdf?token=${b.token}&offer_id=${o.id}` });
    expect(second.headers['content-disposition']).toMatch(/^attachment;/);
    const [one, two] = await Promise.all([readBack(first.rawPayload), readBack(second.rawPayload)]);
    expect(one.qr).not.toBe(two.qr);
    expect(two.text).toContain(`LS-${o.id}-${b.id}`);

    const c = await token(o.id);
    await t.db.rows(sql`UPDATE print_copies SET expires_at = now() - interval '1 minute' WHERE id = ${c.id}`);
    const expired = await t.app.inject({ method: 'GET', url: `/api/pdf?token=${c.token}&offer_id=${o.id}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ detail: 'This print link has expired. Print the coupon again from the offer.' });
  });

  it('lays out the home-pros coupon with is_hpg=1', async () => {
    const o = await offer();
    const issued = await token(o.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/pdf?token=${issued.token}&offer_id=${o.id}&is_hpg=1` });
    expect(res.statusCode).toBe(200);
    const { text } = await readBack(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Home Pros');
    expect(flat).toContain('Get the right professional');
    expect(flat).toContain('Certified Home Pro');
    expect(flat).toContain(`Expires: ${formatDisplayDate(o.expiresAt)}`);
  });
});

describe('GET /api/pdf without a token (anonymous visitors, SPEC.md 6)', () => {
  it('hands out copies per client address up to the cap, then 429 Print Limit Reached, each with an analytics event', async () => {
    const o = await offer();
    const ip = randomClientIp();
    const codes: number[] = [];
    for (let i = 0; i < ANONYMOUS_COPIES_PER_ADDRESS_PER_DAY; i++) {
      codes.push((await t.app.inject({ method: 'GET', url: `/api/pdf?offer_id=${o.id}&is_hpg=0${i % 2 ? '&download=1' : ''}`, remoteAddress: ip })).statusCode);
    }
    expect(codes.every((c) => c === 200)).toBe(true);
    const over = await t.app.inject({ method: 'GET', url: `/api/pdf?offer_id=${o.id}`, remoteAddress: ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ detail: 'Print Limit Reached' });
    // Another address is not affected.
    expect((await t.app.inject({ method: 'GET', url: `/api/pdf?offer_id=${o.id}`, remoteAddress: randomClientIp() })).statusCode).toBe(200);

    await t.app.deps.analytics.flush();
    const rows = await t.db.rows<{ event: string; n: number }>(
      sql`SELECT event, count(*)::int AS n FROM analytics_events WHERE offer_id = ${o.id} GROUP BY event ORDER BY event`,
    );
    expect(rows).toEqual([
      { event: 'offer.downloaded', n: ANONYMOUS_COPIES_PER_ADDRESS_PER_DAY / 2 },
      { event: 'offer.printed', n: ANONYMOUS_COPIES_PER_ADDRESS_PER_DAY / 2 + 1 },
    ]);
  });

  it('stays within the cap under parallel requests from one address', async () => {
    const o = await offer();
    const ip = randomClientIp();
    const answers = await Promise.all(Array.from({ length: 30 }, () => t.app.inject({ method: 'GET', url: `/api/pdf?offer_id=${o.id}`, remoteAddress: ip })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(ANONYMOUS_COPIES_PER_ADDRESS_PER_DAY);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(30 - ANONYMOUS_COPIES_PER_ADDRESS_PER_DAY);
  });

  it('refuses unknown, expired and malformed offers with a 4xx', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/pdf?offer_id=2000000000' })).json()).toEqual({ offer_id: ['Unknown offer.'] });
    const expired = await offer({ expiresAt: addDays(t.today, -1) });
    expect((await t.app.inject({ method: 'GET', url: `/api/pdf?offer_id=${expired.id}` })).json()).toEqual({ offer_id: ['This offer has expired.'] });
    for (const url of ['/api/pdf', '/api/pdf?offer_id=abc', '/api/pdf?offer_id=1&is_hpg=maybe', '/api/pdf?offer_id=-4']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
  });
});

describe('renderCouponPdf', () => {
  it('keeps very long and non-Latin texts on one readable page', async () => {
    const long = 'Valid on weekdays only. '.repeat(300);
    const pdf = await renderCouponPdf({
      layout: 'default',
      merchantName: `Caf\u00e9 \u201cLe Bon\u201d \u2014 ${'Very Long Name '.repeat(20)}`,
      logoSvg: '<svg xmlns="http://www.w3.org/2000/svg"><broken',
      headline: `\u{1F355} 50% off \u4e2d\u6587 ${'everything '.repeat(60)}`,
      descriptionHtml: `<p>${long}</p>`,
      expiresAt: '2031-02-28',
      address: { address: '1 Main St', address2: '', city: 'Chicago', state: 'IL', zip: '60601' },
      code: 'LONG1',
      isCertified: false,
      retailerTerms: long,
      consumerTerms: long,
      serial: 'LS-1-1',
      qrText: 'http://localhost:3000/merchants/x/1/?o=1&copy=LS-1-1',
      copyNumber: null,
      printedOn: '2031-01-01',
    });
    const { text, qr, pages } = await readBack(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('Expires: 02/28/2031');
    expect(text).toContain('LONG1');
    expect(text).toContain('Caf\u00e9 "Le Bon" -');
    expect(qr).toBe('http://localhost:3000/merchants/x/1/?o=1&copy=LS-1-1');
  });
});

describe('clientAddressKey', () => {
  it('counts IPv4 addresses one by one and IPv6 addresses by their /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});
