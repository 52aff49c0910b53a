// Merchant photos through HTTP: who may call (owner, manager, cashier, another merchant's owner,
// staff editor, member, anonymous), uploads checked and audited, the limit, reordering, and the
// saver's location answer showing the photos in order until one is removed.
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_PHOTOS_MAX } from '@market/domain/validation/merchant-photos';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { multipart } from '../../../test/support/multipart.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { addLocation, addMerchant } from '../catalogue/catalogue.fixtures.ts';
import { signUpMerchantPerson, type TestMerchantPerson } from '../merchant-access/merchant.fixtures.ts';
import { signUpStaff, type TestStaff } from '../staff/staff.fixtures.ts';

let t: TestApp;
let merchantId: number;
let locationId: number;
let secondLocationId: number;
let otherLocationId: number;
let owner: TestMerchantPerson;
let manager: TestMerchantPerson;
let cashier: TestMerchantPerson;
let otherOwner: TestMerchantPerson;
let editor: TestStaff;
let member: TestMember;
let png: Buffer;

const base = () => `/api/merchant/${merchantId}/photos/`;
const upload = (headers: Record<string, string>, fields: Record<string, string> = { alt: 'Our dining room' }, bytes: Buffer | null = png, url = base()) => {
  const body = multipart(bytes, { fields, filename: 'shop.png', type: 'image/png' });
  return t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload, remoteAddress: '10.79.0.1' });
};
const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, remoteAddress: '10.79.0.1', ...(payload === undefined ? {} : { payload: payload as object }) });
const publicPhotos = async (id = locationId) => (await call('GET', `/api/locations/${id}/`)).json().photos as Array<{ url: string; alt: string; width: number; height: number }>;
const clear = () => t.db.rows(sql`DELETE FROM merchant_photos WHERE merchant_id = ${merchantId}`);

beforeAll(async () => {
  t = await createTestApp();
  const merchant = await addMerchant(t.db, { name: 'Gallery Bistro' });
  const other = await addMerchant(t.db, { name: 'Other Bistro' });
  merchantId = merchant.id;
  locationId = (await addLocation(t.db, merchant, { lat: 42.47, lng: -83.22 }, { displayName: 'Bistro Southfield' })).id;
  secondLocationId = (await addLocation(t.db, merchant, { lat: 42.5, lng: -83.1 }, { displayName: 'Bistro Troy' })).id;
  otherLocationId = (await addLocation(t.db, other, { lat: 42.48, lng: -83.2 })).id;
  [owner, manager, cashier, otherOwner, editor, member] = await Promise.all([
    signUpMerchantPerson(t.app, merchantId, 'owner'),
    signUpMerchantPerson(t.app, merchantId, 'manager'),
    signUpMerchantPerson(t.app, merchantId, 'cashier', [locationId]),
    signUpMerchantPerson(t.app, other.id, 'owner'),
    signUpStaff(t.app, 'editor'),
    signUpMember(t.app),
  ]);
  png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#7a5230' } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

describe('who may call', () => {
  it('answers owners and managers; 403 for cashiers, another merchant and staff; 401 without the second factor or a session', async () => {
    await clear();
    const { id } = (await upload(owner.headers)).json() as { id: number };
    const ops: Array<{ name: string; ok: number; run: (h: Record<string, string>) => Promise<{ statusCode: number }> }> = [
      { name: 'GET', ok: 200, run: (h) => call('GET', base(), h) },
      { name: 'POST', ok: 201, run: (h) => upload(h) },
      { name: 'PATCH', ok: 200, run: (h) => call('PATCH', `${base()}${id}/`, h, { alt: 'The bar' }) },
    ];
    const callers: Array<[string, Record<string, string>]> = [
      ['owner', owner.headers],
      ['manager', manager.headers],
      ['cashier', cashier.headers],
      ['other owner', otherOwner.headers],
      ['staff', editor.headers],
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
    for (const [caller, headers] of callers.filter(([c]) => c !== 'owner' && c !== 'manager')) {
      const res = await call('DELETE', `${base()}${id}/`, headers);
      if (res.statusCode < 401 || res.statusCode > 403) unexpected.push(`DELETE as ${caller}: ${res.statusCode}`);
    }
    expect(unexpected).toEqual([]);
    // The other merchant's owner, on their own business's address, cannot reach this photo.
    const [otherMerchant] = await t.db.rows<{ merchant_id: number }>(sql`SELECT merchant_id FROM merchant_members WHERE id = (SELECT max(id) FROM merchant_members WHERE merchant_id <> ${merchantId})`);
    const crossed = await call('DELETE', `/api/merchant/${otherMerchant!.merchant_id}/photos/${id}/`, otherOwner.headers);
    expect(crossed.statusCode).toBe(404);
    expect((await call('GET', base(), owner.headers)).json().photos.map((p: { id: number }) => p.id)).toContain(id);
  });
});

describe('uploads', () => {
  it('re-encodes the photo as WebP at most 1600 wide, stores alt and size, and audits the upload', async () => {
    await clear();
    const res = await upload(manager.headers, { alt: '  Our   patio at sunset ', location_id: String(locationId) });
    expect(res.statusCode).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({ alt: 'Our patio at sunset', location_id: locationId, position: 0, width: 1600, height: 1067 });
    expect(photo.url).toMatch(/^\/media\/uploads\/photo-[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: photo.url });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600 });
    const [audit] = await t.db.rows<{ actor_email: string; after: Record<string, unknown>; market_id: string | null }>(
      sql`SELECT actor_email, after, market_id FROM audit_log WHERE action = 'merchant_photo.create' AND entity_id = ${String(photo.id)}`,
    );
    expect(audit).toMatchObject({ actor_email: manager.email, after: { merchant_id: merchantId, alt: 'Our patio at sunset' } });
  });

  it('refuses a missing or blank alt, another merchant’s location, a file that is not an image and no file, naming the field', async () => {
    await clear();
    const field = async (res: { statusCode: number; json: () => Record<string, unknown> }) => {
      expect(res.statusCode).toBe(400);
      return Object.keys(res.json());
    };
    expect(await field(await upload(owner.headers, {}))).toContain('alt');
    expect(await field(await upload(owner.headers, { alt: '   ' }))).toContain('alt');
    expect(await field(await upload(owner.headers, { alt: 'x'.repeat(201) }))).toContain('alt');
    expect(await field(await upload(owner.headers, { alt: 'x'.repeat(1100) }))).toContain('alt');
    expect(await field(await upload(owner.headers, { alt: 'Shop', location_id: String(otherLocationId) }))).toContain('location_id');
    expect(await field(await upload(owner.headers, { alt: 'Shop', location_id: 'abc' }))).toContain('location_id');
    expect(await field(await upload(owner.headers, { alt: 'Shop' }, Buffer.from('not a picture at all')))).toContain('file');
    expect(await field(await upload(owner.headers, { alt: 'Shop' }, null))).toContain('file');
    const json = await call('PATCH', `${base()}1/`, owner.headers, 'x');
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect((await t.db.rows(sql`SELECT 1 FROM merchant_photos WHERE merchant_id = ${merchantId}`)).length).toBe(0);
  });

  it(`takes at most ${MERCHANT_PHOTOS_MAX} photos, also when uploads race; the next is a 400 naming file`, async () => {
    await clear();
    const results = await Promise.all(Array.from({ length: MERCHANT_PHOTOS_MAX + 2 }, (_, i) => upload(owner.headers, { alt: `Photo ${i}` })));
    expect(results.filter((r) => r.statusCode === 201), results.map((r) => `${r.statusCode} ${r.body.slice(0, 120)}`).join("\n")).toHaveLength(MERCHANT_PHOTOS_MAX);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400]);
    expect(refused[0]!.json()).toHaveProperty('file');
    const again = await upload(owner.headers);
    expect(again.statusCode).toBe(400);
    expect(again.json().file[0]).toMatch(/at most 12 photos/);
  });
});

describe('order, edits and the saver page', () => {
  it('shows the location’s own and the business-wide photos in order; moves, edits and removals show at once, audited', async () => {
    await clear();
    const a = (await upload(owner.headers, { alt: 'Front door' })).json();
    const b = (await upload(owner.headers, { alt: 'Southfield patio', location_id: String(locationId) })).json();
    const c = (await upload(owner.headers, { alt: 'Troy bar', location_id: String(secondLocationId) })).json();
    const d = (await upload(owner.headers, { alt: 'Kitchen' })).json();
    expect([a, b, c, d].map((p) => p.position)).toEqual([0, 1, 2, 3]);
    expect((await publicPhotos()).map((p) => p.alt)).toEqual(['Front door', 'Southfield patio', 'Kitchen']);
    expect((await publicPhotos(secondLocationId)).map((p) => p.alt)).toEqual(['Front door', 'Troy bar', 'Kitchen']);
    expect((await publicPhotos())[0]).toEqual({ url: a.url, alt: 'Front door', width: 1600, height: 1067 });

    // Kitchen to the front: the others close up behind it.
    const moved = await call('PATCH', `${base()}${d.id}/`, owner.headers, { position: 0 });
    expect(moved.statusCode).toBe(200);
    expect((await publicPhotos()).map((p) => p.alt)).toEqual(['Kitchen', 'Front door', 'Southfield patio']);
    const list = (await call('GET', base(), owner.headers)).json().photos as Array<{ alt: string; position: number }>;
    expect(list.map((p) => [p.alt, p.position])).toEqual([['Kitchen', 0], ['Front door', 1], ['Southfield patio', 2], ['Troy bar', 3]]);

    const edited = await call('PATCH', `${base()}${c.id}/`, manager.headers, { alt: 'Our bar', location_id: null, position: 99 });
    expect(edited.json()).toMatchObject({ alt: 'Our bar', location_id: null, position: 3 });
    expect((await publicPhotos()).map((p) => p.alt)).toEqual(['Kitchen', 'Front door', 'Southfield patio', 'Our bar']);
    const [audit] = await t.db.rows<{ before: { alt: string }; after: { alt: string } }>(sql`SELECT before, after FROM audit_log WHERE action = 'merchant_photo.update' AND entity_id = ${String(c.id)}`);
    expect(audit).toMatchObject({ before: { alt: 'Troy bar' }, after: { alt: 'Our bar' } });

    for (const bad of [{ alt: '' }, { position: -1 }, { position: 1.5 }, { location_id: otherLocationId }]) {
      const res = await call('PATCH', `${base()}${c.id}/`, owner.headers, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.json())).toContain(Object.keys(bad)[0]);
    }

    const removed = await call('DELETE', `${base()}${a.id}/`, owner.headers);
    expect(removed.statusCode).toBe(204);
    expect((await publicPhotos()).map((p) => p.alt)).toEqual(['Kitchen', 'Southfield patio', 'Our bar']);
    expect((await call('DELETE', `${base()}${a.id}/`, owner.headers)).statusCode).toBe(404);
    const [gone] = await t.db.rows<{ actor_email: string }>(sql`SELECT actor_email FROM audit_log WHERE action = 'merchant_photo.delete' AND entity_id = ${String(a.id)}`);
    expect(gone!.actor_email).toBe(owner.email);
  });
});

describe('console', () => {
  it('lets editors list, add and remove a merchant’s photos, audited; members and merchants are refused', async () => {
    await clear();
    const url = `/api/console/merchants/${merchantId}/photos/`;
    const added = await upload(editor.headers, { alt: 'Taken by our photographer' }, png, url);
    expect(added.statusCode).toBe(201);
    const { id } = added.json();
    expect((await call('GET', url, editor.headers)).json()).toMatchObject({ photos: [{ id, alt: 'Taken by our photographer' }], max: MERCHANT_PHOTOS_MAX });
    for (const headers of [member.headers, owner.headers, {}]) {
      expect([401, 403]).toContain((await call('GET', url, headers)).statusCode);
      expect([401, 403]).toContain((await call('DELETE', `${url}${id}/`, headers)).statusCode);
    }
    expect((await call('GET', `/api/console/merchants/2147483647/photos/`, editor.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `${url}${id}/`, editor.headers)).statusCode).toBe(204);
    expect(await publicPhotos()).toEqual([]);
    const [audit] = await t.db.rows<{ actor_email: string }>(sql`SELECT actor_email FROM audit_log WHERE action = 'merchant_photo.delete' AND entity_id = ${String(id)}`);
    expect(audit!.actor_email).toBe(editor.email);
  });
});

describe('seeded photos', () => {
  it('gives some merchants two or three photos of their place, served as pictures', async () => {
    const counts = await t.db.rows<{ n: number; merchants: number }>(sql`SELECT count(*)::int AS n, count(DISTINCT merchant_id)::int AS merchants FROM merchant_photos WHERE path LIKE '/media/places/%'`);
    expect(counts[0]!.merchants).toBeGreaterThan(10);
    const [row] = await t.db.rows<{ location_id: number; path: string }>(sql`SELECT l.id AS location_id, p.path FROM merchant_photos p JOIN locations l ON l.merchant_id = p.merchant_id WHERE p.path LIKE '/media/places/%' ORDER BY p.merchant_id, p.position LIMIT 1`);
    const photos = await publicPhotos(row!.location_id);
    expect(photos.length).toBeGreaterThanOrEqual(2);
    expect(photos[0]!.url).toMatch(/\/storefront\.svg$/);
    expect(photos[0]!.alt).toMatch(/^The storefront of /);
    for (const photo of photos) {
      const res = await t.app.inject({ method: 'GET', url: photo.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toContain('data-illustration=');
    }
    expect((await t.app.inject({ method: 'GET', url: '/media/places/no-such-merchant/inside.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/places/some-merchant/kitchen.svg' })).json()).toHaveProperty('file');
  });
});
