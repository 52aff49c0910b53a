import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDisplayDate } from '@market/domain/expiry';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, type TestMember, randomClientIp } from '../auth/members.fixtures.ts';
import { addLocation, addMerchant, addOffer, uid } from '../catalogue/catalogue.fixtures.ts';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { mediaPaths } from '../../db/media-paths.ts';
import { readPdf, renderPdfPage } from '../../../test/support/pdf.ts';
import { renderCouponPdf } from './lib/coupon-pdf.ts';
import { ANONYMOUS_COPIES_PER_ADDRESS_PER_DAY, clientAddressKey } from './service.ts';

describe('prints and redemptions', () => {
  let t: TestApp;
  let location: Awaited<ReturnType<typeof addLocation>>;
  let category: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    [category] = (await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`)) as [{ id: number }];
    const merchant = await addMerchant(t.db, { name: `Prints Test ${uid()}` });
    location = await addLocation(t.db, merchant, { lat: 42.33, lng: -83.05 });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function offer(extra: Record<string, unknown> = {}): Promise<number> {
    return (await addOffer(t.db, location, category, { name: `Print me ${uid()}`, expiresAt: addDays(t.today, 10), ...extra })).id;
  }

  const post = (m: TestMember | null, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: m?.headers ?? {}, payload: payload as object });
  const get = (m: TestMember | null, url: string) => t.app.inject({ method: 'GET', url, headers: m?.headers ?? {} });

  async function events(offerId: number, event: string): Promise<number> {
    await t.app.deps.analytics.flush();
    const [row] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM analytics_events WHERE offer_id = ${offerId} AND event = ${event}`);
    return row!.n;
  }

  describe('member calls need a login (SPEC.md 6)', () => {
    it('answers 401 with the SPEC.md 8 text to anonymous callers', async () => {
      for (const [method, url] of [
        ['POST', '/api/printtokens/'],
        ['POST', '/api/userprints/'],
        ['GET', '/api/userprintsamount/?offer_id=1'],
        ['GET', '/api/userallprints/'],
        ['POST', '/api/redemptions/'],
        ['GET', '/api/redemptions/'],
      ] as const) {
        const res = await t.app.inject({ method, url, payload: method === 'POST' ? { offer_id: 1 } : undefined });
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual({ detail: 'You need to be logged in to make this request.' });
      }
    });
  });

  describe('POST /api/printtokens/', () => {
    it('issues one token per print or download until max(maxPrints, 3), then 409 Print/Download Limit Reached', async () => {
      const member = await signUpMember(t.app);
      const offerId = await offer({ maxPrints: 1 });
      const answers = [];
      for (const kind of ['print', 'download', undefined]) answers.push(await post(member, '/api/printtokens/', { offer_id: offerId, ...(kind ? { kind } : {}) }));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
      const bodies = answers.map((a) => a.json() as { id: number; token: string; prints: number; limit: number; kind: string; offer_id: number });
      expect(bodies.map((b) => b.prints)).toEqual([1, 2, 3]);
      expect(bodies.map((b) => b.kind)).toEqual(['print', 'download', 'print']);
      expect(bodies.every((b) => b.limit === 3 && b.offer_id === offerId && b.token.length >= 32)).toBe(true);
      expect(new Set(bodies.map((b) => b.token)).size).toBe(3);
      expect(answers[0]!.headers['cache-control']).toBe('private, no-store');

      const fourth = await post(member, '/api/printtokens/', { offer_id: offerId });
      expect(fourth.statusCode).toBe(409);
      expect(fourth.json()).toEqual({ detail: 'Print/Download Limit Reached' });

      // Another member has their own count.
      const other = await signUpMember(t.app);
      expect((await post(other, '/api/printtokens/', { offer_id: offerId })).json()).toMatchObject({ prints: 1 });

      expect(await events(offerId, 'offer.printed')).toBe(3);
      expect(await events(offerId, 'offer.downloaded')).toBe(1);
    });

    it('uses the offer max_prints when it is above 3', async () => {
      const member = await signUpMember(t.app);
      const offerId = await offer({ maxPrints: 5 });
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push((await post(member, '/api/printtokens/', { offer_id: offerId })).statusCode);
      expect(codes).toEqual([201, 201, 201, 201, 201, 409]);
    });

    it('names the field of a missing, malformed, unknown, expired or withdrawn offer, and a bad kind', async () => {
      const member = await signUpMember(t.app);
      expect((await post(member, '/api/printtokens/', {})).json()).toEqual({ offer_id: ['This is required'] });
      expect((await post(member, '/api/printtokens/', { offer_id: 'x' })).json()).toEqual({ offer_id: ['Enter a valid id.'] });
      expect((await post(member, '/api/printtokens/', { offer_id: 2_000_000_000 })).json()).toEqual({ offer_id: ['Unknown offer.'] });
      const expired = await offer({ expiresAt: addDays(t.today, -2) });
      expect((await post(member, '/api/printtokens/', { offer_id: expired })).json()).toEqual({ offer_id: ['This offer has expired.'] });
      const withdrawn = await offer({ isActive: false });
      expect((await post(member, '/api/printtokens/', { offer_id: withdrawn })).json()).toEqual({ offer_id: ['This offer is no longer available.'] });
      const res = await post(member, '/api/printtokens/', { offer_id: await offer(), kind: 'fax' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ kind: ['Use print or download.'] });
      const notObject = await post(member, '/api/printtokens/', [1, 2]);
      expect(notObject.statusCode).toBe(400);
    });

    it('creates exactly the limit under 100 parallel requests by one member for one offer', async () => {
      const member = await signUpMember(t.app);
      const offerId = await offer({ maxPrints: 4 });
      const answers = await Promise.all(Array.from({ length: 100 }, () => post(member, '/api/printtokens/', { offer_id: offerId })));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(4);
      expect(codes.filter((c) => c === 409)).toHaveLength(96);
      expect(new Set(answers.filter((a) => a.statusCode === 201).map((a) => (a.json() as { prints: number }).prints))).toEqual(new Set([1, 2, 3, 4]));
      const [count] = await t.db.rows<{ prints: number }>(sql`SELECT prints FROM user_prints WHERE user_id = ${member.id} AND offer_id = ${offerId}`);
      expect(count!.prints).toBe(4);
      const copies = await t.db.rows(sql`SELECT 1 FROM print_copies WHERE user_id = ${member.id} AND offer_id = ${offerId}`);
      expect(copies).toHaveLength(4);
      expect(await events(offerId, 'offer.printed')).toBe(4);
    });
  });

  describe('POST /api/userprints/, GET /api/userprintsamount/ and /api/userallprints/', () => {
    it('counts a print sent as {offer} and reports the Print records', async () => {
      const member = await signUpMember(t.app);
      const first = await offer();
      const second = await offer({ maxPrints: 6 });
      const recorded = await post(member, '/api/userprints/', { offer: first });
      expect(recorded.statusCode).toBe(201);
      expect(recorded.json()).toMatchObject({ offer_id: first, prints: 1, limit: 3 });
      await post(member, '/api/userprints/', { offer_id: String(first) });
      await post(member, '/api/printtokens/', { offer_id: second, kind: 'download' });

      const amount = await get(member, `/api/userprintsamount/?offer_id=${first}&user_id=${member.id}`);
      expect(amount.statusCode).toBe(200);
      expect(amount.json()).toMatchObject({ offer_id: first, prints: 2, limit: 3 });
      expect((await get(member, `/api/userprintsamount/?offer_id=${await offer()}`)).json()).toEqual({ offer_id: expect.any(Number), prints: 0, limit: 3, last_printed_at: null });

      const all = await get(member, '/api/userallprints/');
      expect(all.statusCode).toBe(200);
      const list = all.json() as Array<{ offer_id: number; prints: number; limit: number }>;
      expect(list.map((r) => [r.offer_id, r.prints, r.limit])).toEqual([
        [second, 1, 6],
        [first, 2, 3],
      ]);
      expect((await post(member, '/api/userprints/', {})).json()).toEqual({ offer: ['This is required'] });
    });

    it("answers only the member's own count", async () => {
      const member = await signUpMember(t.app);
      const other = await signUpMember(t.app);
      const res = await get(member, `/api/userprintsamount/?offer_id=${await offer()}&user_id=${other.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You can only see your own prints.' });
      const missing = await get(member, '/api/userprintsamount/');
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json() as object)).toEqual(['offer_id']);
      expect((await get(member, '/api/userprintsamount/?offer_id=2000000000')).json()).toEqual({ offer_id: ['Unknown offer.'] });
    });
  });

  describe('POST and GET /api/redemptions/ (SPEC.md 4 Slide-to-redeem)', () => {
    it('redeems once; a second time is 409 This coupon has already been redeemed', async () => {
      const member = await signUpMember(t.app);
      const offerId = await offer();
      const first = await post(member, '/api/redemptions/', { offer_id: offerId });
      expect(first.statusCode).toBe(201);
      const body = first.json() as { id: number; offer_id: number; redeemed_at: string };
      expect(body.offer_id).toBe(offerId);
      const again = await post(member, '/api/redemptions/', { offer_id: offerId });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: 'This coupon has already been redeemed' });

      const list = await get(member, '/api/redemptions/');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([body]);
      const other = await signUpMember(t.app);
      expect((await get(other, '/api/redemptions/')).json()).toEqual([]);
      expect((await post(other, '/api/redemptions/', { offer: offerId })).statusCode).toBe(201);
      expect(await events(offerId, 'offer.redeemed')).toBe(2);
    });

    it('refuses unknown and expired offers with a field message', async () => {
      const member = await signUpMember(t.app);
      expect((await post(member, '/api/redemptions/', { offer_id: 2_000_000_000 })).json()).toEqual({ offer_id: ['Unknown offer.'] });
      expect((await post(member, '/api/redemptions/', { offer_id: await offer({ expiresAt: addDays(t.today, -1) }) })).json()).toEqual({ offer_id: ['This offer has expired.'] });
    });

    it('creates exactly one redemption under 100 parallel requests', async () => {
      const member = await signUpMember(t.app);
      const offerId = await offer();
      const answers = await Promise.all(Array.from({ length: 100 }, () => post(member, '/api/redemptions/', { offer_id: offerId })));
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(99);
      const rows = await t.db.rows(sql`SELECT 1 FROM redemptions WHERE user_id = ${member.id} AND offer_id = ${offerId}`);
      expect(rows).toHaveLength(1);
      expect(await events(offerId, 'offer.redeemed')).toBe(1);
    });
  });
});

// The coupon PDF, read back the way a person or a scanner would: its first page rendered to PNG
// and its text read in-process (MuPDF, test/support/pdf.ts), and its QR code decoded.
describe('coupon pdf', () => {
  // jsqr is CommonJS: under NodeNext its types sit on .default.
  const jsQR = jsQRModule.default;
  let t: TestApp;
  let location: Awaited<ReturnType<typeof addLocation>>;
  let merchant: Awaited<ReturnType<typeof addMerchant>>;
  let category: { id: number };
  let member: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    [category] = (await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`)) as [{ id: number }];
    const name = `Mario's Pizzeria ${uid()}`;
    merchant = await addMerchant(t.db, { name });
    await t.db.rows(sql`UPDATE merchants SET logo_path = ${mediaPaths.logo(merchant.slug)}, is_certified = true WHERE id = ${merchant.id}`);
    location = await addLocation(t.db, merchant, { lat: 42.33, lng: -83.05 }, { address: '1200 Woodward Ave', address2: 'Suite 4', city: 'Detroit', zip: '48226' });
    member = await signUpMember(t.app);
  });
  afterAll(async () => {
    await t?.close();
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
    return res.json() as { id: number; token: string; code: string };
  }

  /** Text of the PDF and the text of the QR code on its rendered first page. */
  async function readBack(pdf: Buffer): Promise<{ text: string; qr: string | null; pages: number }> {
    const { text, pages } = readPdf(pdf);
    const png = PNG.sync.read(renderPdfPage(pdf, { dpi: 150 }));
    const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
    return { text, qr: code?.data ?? null, pages };
  }

  describe('GET /api/pdf with a print token', () => {
    it("answers a one-page coupon with merchant, headline, description, terms, expiry, address, offer code, and the copy's redemption code as text and QR", async () => {
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
      expect(flat).toContain(`LS-${o.id}-${issued.id}`);
      // The copy's own code, read back from the page, and its QR opens /r/{code} on the public origin.
      expect(issued.code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      expect(/\b([0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5})\b/.exec(flat)?.[1]).toBe(issued.code);
      expect(qr).toBe(`${t.env.PUBLIC_URL}/r/${issued.code}`);
    });

    it('prints the structured fine print as the same lines the offer modal shows', async () => {
      const o = await offer({ finePrint: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], hours: { from: '11:00', to: '15:00' }, min_purchase_cents: 2000, exclusions: 'alcohol' } });
      const detail = (await t.app.inject({ method: 'GET', url: `/api/offers/${o.id}/` })).json() as { fine_print_lines: string[] };
      expect(detail.fine_print_lines).toEqual(['Valid Mon–Fri, 11:00 AM–3:00 PM', 'Minimum purchase $20', 'Excludes alcohol']);
      const issued = await token(o.id);
      const res = await t.app.inject({ method: 'GET', url: `/api/pdf?token=${issued.token}&offer_id=${o.id}` });
      expect(res.statusCode).toBe(200);
      const { text, pages } = await readBack(res.rawPayload);
      expect(pages).toBe(1);
      const flat = text.replace(/\s+/g, ' ');
      // The standard PDF fonts print the en dash as a hyphen (pdfText).
      expect(flat).toContain('Fine print');
      expect(flat).toContain('Valid Mon-Fri, 11:00 AM-3:00 PM');
      expect(flat).toContain('Minimum purchase $20');
      expect(flat).toContain('Excludes alcohol');
      expect(flat).toContain('Limit one coupon per household.');
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
      expect(two.text).toContain(b.code);
      expect(one.text).not.toContain(b.code);
      expect(two.qr).toBe(`${t.env.PUBLIC_URL}/r/${b.code}`);

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
        redemptionCode: '7K3QD-M2XWA-9PTRC',
        qrText: 'http://localhost:3000/r/7K3QD-M2XWA-9PTRC',
        copyNumber: null,
        printedOn: '2031-01-01',
      });
      const { text, qr, pages } = await readBack(pdf);
      expect(pages).toBe(1);
      expect(text).toContain('Expires: 02/28/2031');
      expect(text).toContain('LONG1');
      expect(text).toContain('Caf\u00e9 "Le Bon" -');
      expect(text).toContain('7K3QD-M2XWA-9PTRC');
      expect(qr).toBe('http://localhost:3000/r/7K3QD-M2XWA-9PTRC');
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
});
