// The merchant centre's locations page through HTTP: every operation against owner, manager,
// cashier, another merchant's owner, staff, a member and anonymous; hours, phone and links checked
// and stored, a stale version a 409, the logo and photo through the console's image pipeline.
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { multipart } from '../../../test/support/multipart.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { addLocation, addMerchant } from '../catalogue/catalogue.fixtures.ts';
import { signUpMerchantPerson, type TestMerchantPerson } from '../merchant-access/merchant.fixtures.ts';
import { signUpStaff, type TestStaff } from '../staff/staff.fixtures.ts';

let t: TestApp;
let merchantId: number;
let locationId: number;
let otherLocationId: number;
let owner: TestMerchantPerson;
let manager: TestMerchantPerson;
let cashier: TestMerchantPerson;
let otherOwner: TestMerchantPerson;
let staff: TestStaff;
let member: TestMember;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const merchant = await addMerchant(t.db, { name: 'Listing Bistro' });
  const other = await addMerchant(t.db, { name: 'Other Bistro' });
  merchantId = merchant.id;
  locationId = (await addLocation(t.db, merchant, { lat: 42.47, lng: -83.22 }, { displayName: 'Bistro Southfield' })).id;
  otherLocationId = (await addLocation(t.db, other, { lat: 42.48, lng: -83.2 })).id;
  [owner, manager, cashier, otherOwner, staff, member] = await Promise.all([
    signUpMerchantPerson(t.app, merchantId, 'owner'),
    signUpMerchantPerson(t.app, merchantId, 'manager'),
    signUpMerchantPerson(t.app, merchantId, 'cashier', [locationId]),
    signUpMerchantPerson(t.app, other.id, 'owner'),
    signUpStaff(t.app, 'admin'),
    signUpMember(t.app),
  ]);
  png = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#336699' } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'PATCH' | 'PUT';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, remoteAddress: '10.78.0.1', ...(payload === undefined ? {} : { payload: payload as object }) });
const version = async () => ((await call('GET', `/api/merchant/${merchantId}/locations/`, owner.headers)).json().locations as Array<{ id: number; version: number }>).find((l) => l.id === locationId)!.version;
const upload = (kind: 'logo' | 'photo', headers: Record<string, string>, bytes = png, field = 'file') => {
  const body = multipart(bytes, { field, filename: 'logo.png', type: 'image/png' });
  return t.app.inject({ method: 'PUT', url: `/api/merchant/${merchantId}/${kind}/`, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload, remoteAddress: '10.78.0.1' });
};

describe('who may call', () => {
  it('answers owners and managers; 403 or 401 for everyone else', async () => {
    const ops: Array<{ name: string; ok: number; run: (h: Record<string, string>) => Promise<{ statusCode: number }> }> = [
      { name: 'GET locations', ok: 200, run: (h) => call('GET', `/api/merchant/${merchantId}/locations/`, h) },
      { name: 'PATCH location', ok: 200, run: async (h) => call('PATCH', `/api/merchant/${merchantId}/locations/${locationId}/`, h, { version: await version(), phone: '(248) 555-0100' }) },
      { name: 'PUT logo', ok: 200, run: (h) => upload('logo', h) },
      { name: 'PUT photo', ok: 200, run: (h) => upload('photo', h) },
    ];
    const callers: Array<[string, Record<string, string>]> = [
      ['owner', owner.headers],
      ['manager', manager.headers],
      ['cashier', cashier.headers],
      ['other owner', otherOwner.headers],
      ['staff', staff.headers],
      ['member', member.headers],
      ['owner without second factor', owner.passwordSession],
      ['anonymous', {}],
    ];
    const unexpected: string[] = [];
    for (const op of ops) {
      for (const [caller, headers] of callers) {
        const expected = caller === 'owner' || caller === 'manager' ? op.ok : caller === 'anonymous' || caller === 'owner without second factor' ? 401 : 403;
        const res = await op.run(headers);
        if (res.statusCode !== expected) unexpected.push(`${op.name} as ${caller}: ${res.statusCode}, expected ${expected}`);
      }
    }
    expect(unexpected).toEqual([]);
  });
});

describe('locations', () => {
  it('changes hours, phone and links at the version read, audited; a stale version is a 409 with the location', async () => {
    const url = `/api/merchant/${merchantId}/locations/${locationId}/`;
    const v = await version();
    const res = await call('PATCH', url, manager.headers, {
      version: v,
      phone: '248-555-0199',
      website_url: 'https://bistro.example.com',
      menu_url: 'https://bistro.example.com/menu',
      booking_url: 'http://book.example.com/bistro',
      opening_hours: { tue: [{ open: '17:00', close: '22:00' }, { open: '11:00', close: '14:00' }], sun: [] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: locationId,
      phone: '(248) 555-0199',
      website_url: 'https://bistro.example.com',
      menu_url: 'https://bistro.example.com/menu',
      booking_url: 'http://book.example.com/bistro',
      opening_hours: { tue: [{ open: '11:00', close: '14:00' }, { open: '17:00', close: '22:00' }] },
      version: v + 1,
    });
    const [row] = await t.db.rows<{ menu_url: string; version: number }>(sql`SELECT menu_url, version FROM locations WHERE id = ${locationId}`);
    expect(row).toEqual({ menu_url: 'https://bistro.example.com/menu', version: v + 1 });
    const [audit] = await t.db.rows<{ actor_email: string; after: Record<string, unknown> }>(sql`SELECT actor_email, after FROM audit_log WHERE action = 'location.merchant_update' AND entity_id = ${String(locationId)} ORDER BY id DESC LIMIT 1`);
    expect(audit).toMatchObject({ actor_email: manager.email, after: { merchant_id: merchantId, menu_url: 'https://bistro.example.com/menu' } });

    // Savers see the links at once (the answers kept in memory were dropped).
    const saver = (await call('GET', `/api/locations/${locationId}/`)).json();
    expect(saver).toMatchObject({ id: locationId, website_url: 'https://bistro.example.com', menu_url: 'https://bistro.example.com/menu', booking_url: 'http://book.example.com/bistro', phone: '(248) 555-0199' });

    const stale = await call('PATCH', url, owner.headers, { version: v, menu_url: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: locationId, version: v + 1 });
    const cleared = await call('PATCH', url, owner.headers, { version: v + 1, menu_url: '', booking_url: null });
    expect(cleared.json()).toMatchObject({ menu_url: null, booking_url: null, website_url: 'https://bistro.example.com' });
  });

  it('refuses links that are not http(s), bad hours and another merchant’s location, naming the field', async () => {
    const url = `/api/merchant/${merchantId}/locations/${locationId}/`;
    const v = await version();
    const field = async (body: Record<string, unknown>) => {
      const res = await call('PATCH', url, owner.headers, { version: v, ...body });
      expect(res.statusCode).toBe(400);
      return Object.keys(res.json());
    };
    expect(await field({ menu_url: 'javascript:alert(1)' })).toContain('menu_url');
    expect(await field({ booking_url: 'ftp://example.com/x' })).toContain('booking_url');
    expect(await field({ website_url: 'data:text/html,hi' })).toContain('website_url');
    expect((await field({ opening_hours: { mon: [{ open: '18:00', close: '09:00' }] } })).join()).toMatch(/opening_hours/);
    expect((await field({ opening_hours: { someday: [] } })).join()).toMatch(/opening_hours/);
    expect((await field({ opening_hours: { mon: [{ open: '25:00', close: '26:00' }] } })).join()).toMatch(/opening_hours/);
    expect(await field({ phone: 'call me' })).toContain('phone');
    expect(Object.keys((await call('PATCH', url, owner.headers, { menu_url: null })).json())).toContain('version');
    expect((await call('PATCH', `/api/merchant/${merchantId}/locations/${otherLocationId}/`, owner.headers, { version: 1, phone: null })).statusCode).toBe(404);
    for (const junk of [null, [], 'x', { version: 'one' }]) {
      const res = await t.app.inject({ method: 'PATCH', url, headers: { ...owner.headers, 'content-type': 'application/json' }, payload: JSON.stringify(junk), remoteAddress: '10.78.0.2' });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('logo and photo', () => {
  it('re-encodes the logo as WebP through the console pipeline, audited; refuses what is not an image', async () => {
    const res = await upload('logo', owner.headers);
    expect(res.statusCode).toBe(200);
    const logo = res.json().logo_url as string;
    expect(logo).toMatch(/^\/media\/uploads\/.+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: logo });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 133 });
    const [audit] = await t.db.rows<{ actor_email: string }>(sql`SELECT actor_email FROM audit_log WHERE action = 'merchant.upload_logo' AND entity_id = ${String(merchantId)} ORDER BY id DESC LIMIT 1`);
    expect(audit!.actor_email).toBe(owner.email);
    const notImage = await upload('photo', owner.headers, Buffer.from('plain text, not a picture'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toHaveProperty('file');
    const wrongField = await upload('photo', owner.headers, png, 'picture');
    expect(wrongField.json()).toHaveProperty('file');
    const json = await call('PUT', `/api/merchant/${merchantId}/logo/`, owner.headers, { file: 'x' });
    expect(json.statusCode).toBe(400);
  });
});
