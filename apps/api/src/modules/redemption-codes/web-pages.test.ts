// The /r pages through the page host (the real web build): what anyone sees of a code, Redeem for
// a till (store_device cookie) or a cashier (business_session cookie), and 4xx for bad input.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { zonedInstant } from '@market/domain/redemption-verdict';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { randomClientIp, signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { addLocation, addMerchant, addOffer, uid } from '../catalogue/catalogue.fixtures.ts';
import { addStoreDevice, addTeamMember } from './redemption-codes.fixtures.ts';

let t: TestApp;
let saver: TestMember;
let offerId: number;
let merchantId: number;
let locationId: number;

beforeAll(async () => {
  t = await createTestApp({}, { web: true });
  const [category] = (await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`)) as [{ id: number }];
  const merchant = await addMerchant(t.db, { name: `Page Codes ${uid()}` });
  const location = await addLocation(t.db, merchant, { lat: 42.33, lng: -83.05 }, { displayName: 'Corktown Shop' });
  merchantId = merchant.id;
  locationId = location.id;
  offerId = (await addOffer(t.db, location, category, { name: `Half-price bagels ${uid()}`, expiresAt: addDays(t.today, 9), maxPrints: 50 })).id;
  saver = await signUpMember(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function code(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/printtokens/', headers: saver.headers, payload: { offer_id: offerId } });
  return (res.json() as { code: string }).code;
}
const page = (url: string, cookie = '') => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress: randomClientIp() });
const submit = (url: string, form: string, cookie = '') =>
  t.app.inject({ method: 'POST', url, payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) }, remoteAddress: randomClientIp() });

describe('/r/{code}', () => {
  it('shows anyone the state of a copy without Redeem, and sends typed variants to the code’s own address', async () => {
    const c = await code();
    const res = await page(`/r/${c}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('Valid coupon');
    expect(res.body).toContain('Corktown Shop');
    expect(res.body).toContain('noindex');
    expect(res.body).not.toContain('>Redeem<');
    expect(res.body).not.toContain(saver.email);
    const sloppy = await page(`/r/${c.toLowerCase().replace(/-/g, '')}`);
    expect(sloppy.statusCode).toBe(302);
    expect(sloppy.headers.location).toBe(`/r/${c}`);
    const bad = await page('/r/NOT-A-CODE');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A code has 15 letters and digits');
  });

  it('lets a paired till and a cashier redeem once; the second try is 409 with when and where', async () => {
    const till = await addStoreDevice(t.db, merchantId, locationId);
    const cashier = await addTeamMember(t.db, merchantId, 'cashier', [locationId]);
    const c = await code();
    expect((await page(`/r/${c}`, `store_device=${till.token}`)).body).toContain('>Redeem<');
    const first = await submit(`/r/${c}`, `location_id=${locationId}`, `store_device=${till.token}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Redeemed. Hand the customer their discount.');
    const second = await submit(`/r/${c}`, '', `business_session=${cashier.token}`);
    expect(second.statusCode).toBe(409);
    expect(second.body).toMatch(/This code was already redeemed on \d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M at Corktown Shop\./);
    expect(second.body).toContain('Already redeemed');
  });

  it('answers 4xx, never 5xx, to bad input: no session, a bad location, a body that is not a form, a bad code', async () => {
    const c = await code();
    expect((await submit(`/r/${c}`, '')).statusCode).toBe(401);
    const cashier = await addTeamMember(t.db, merchantId, 'cashier', [locationId]);
    expect((await submit(`/r/${c}`, 'location_id=abc', `business_session=${cashier.token}`)).statusCode).toBe(400);
    expect((await submit(`/r/${c}`, 'location_id=999999999', `business_session=${cashier.token}`)).statusCode).toBe(400);
    expect((await submit(`/r/${c}`, '', 'business_session=%E0%A4%A; store_device=x')).statusCode).toBe(401);
    const json = await t.app.inject({ method: 'POST', url: `/r/${c}`, payload: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(json.statusCode).toBe(415);
    expect((await submit('/r/%3Cscript%3E', '')).statusCode).toBe(400);
    expect(((await page(`/r/${c}`)).body)).toContain('Valid coupon');
  });
});

describe('/r/{code}: one verdict', () => {
  it('a weekday-morning coupon on Saturday night: red "Not valid now" with the next time, its conditions, no Redeem, never "Valid coupon"', async () => {
    const [category] = (await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`)) as [{ id: number }];
    const offer = await addOffer(t.db, { id: locationId, merchantId }, category, {
      name: `Breakfast ${uid()}`,
      expiresAt: addDays(t.today, 21),
      maxPrints: 5,
      finePrint: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], hours: { from: '06:30', to: '11:00' } },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/printtokens/', headers: saver.headers, payload: { offer_id: offer.id } });
    const c = (res.json() as { code: string }).code;
    const till = await addStoreDevice(t.db, merchantId, locationId);
    let saturday = addDays(t.today, 1);
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    t.app.deps.clock = () => zonedInstant(saturday, 23 * 60 + 20, 'America/Detroit');
    try {
      const body = (await page(`/r/${c}`, `store_device=${till.token}`)).body;
      expect(body).toContain('data-reason="outside_hours"');
      expect(body).toContain('Not valid now');
      expect(body).toMatch(/Next valid Mon, \d\d\/\d\d\/\d{4}, 6:30 AM\./);
      expect(body).toContain('Valid Mon–Fri, 6:30 AM–11:00 AM');
      expect(body).not.toContain('>Redeem<');
      expect(body).not.toContain('Valid coupon');
      expect(body).not.toContain('Valid — redeem now');
      const refused = await submit(`/r/${c}`, `location_id=${locationId}`, `store_device=${till.token}`);
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain('data-reason="outside_hours"');
      expect(refused.body).not.toContain('>Redeem<');
    } finally {
      t.app.deps.clock = undefined;
    }
  });

  it('a till at another location: red "Not valid at this location" naming where it is valid, no Redeem', async () => {
    const other = await addLocation(t.db, { id: merchantId }, { lat: 42.36, lng: -83.07 }, { displayName: 'Uptown Shop' });
    const till = await addStoreDevice(t.db, merchantId, other.id);
    const c = await code();
    const body = (await page(`/r/${c}`, `store_device=${till.token}`)).body;
    expect(body).toContain('data-reason="wrong_location"');
    expect(body).toContain('Not valid at this location. Valid only at Corktown Shop.');
    expect(body).not.toContain('>Redeem<');
    expect(body).not.toContain('Valid coupon');
    const valid = (await page(`/r/${c}`, `store_device=${(await addStoreDevice(t.db, merchantId, locationId)).token}`)).body;
    expect(valid).toContain('Valid — redeem now');
    expect(valid).toContain('>Redeem<');
  });
});

describe('/r and /r/scan', () => {
  it('opens a typed code and names what is wrong with a bad one', async () => {
    const c = await code();
    const typed = await submit('/r', `code=${encodeURIComponent(c.toLowerCase().replace(/-/g, ' '))}`);
    expect(typed.statusCode).toBe(302);
    expect(typed.headers.location).toBe(`/r/${c}`);
    const typo = await submit('/r', `code=${c.slice(0, -1)}${c.endsWith('A') ? 'B' : 'A'}`);
    expect(typo.statusCode).toBe(400);
    expect(typo.body).toContain('This code has a typo');
    expect((await submit('/r', '')).statusCode).toBe(400);
  });

  it('serves the scanner page without the barcode library in its first load', async () => {
    const res = await page('/r/scan');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Start camera');
    expect(res.body).not.toMatch(/zxing/i);
  });
});
