import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { addLocation, addMerchant, addOffer, uid } from '../catalogue/catalogue.fixtures.ts';

let t: TestApp;
let regular: Record<'active' | 'today' | 'expired3' | 'expired6' | 'hidden' | 'inactive', number>;
let cars: Record<'lease' | 'purchaseExpired' | 'leaseHidden', number>;
let locationId: number;
let contestEntityIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  const [category] = await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`);
  const merchant = await addMerchant(t.db, { name: `Saved Test ${uid()}` });
  const location = await addLocation(t.db, merchant, { lat: 42.4734, lng: -83.2219 });
  locationId = location.id;
  const offer = async (name: string, expiresIn: number, extra: Record<string, unknown> = {}) =>
    (await addOffer(t.db, location, category!, { name: `${name} ${uid()}`, expiresAt: addDays(t.today, expiresIn), ...extra })).id;
  regular = {
    active: await offer('Active', 10),
    today: await offer('Last day today', 0),
    expired3: await offer('Expired 3 days', -3),
    expired6: await offer('Expired 6 days', -6),
    hidden: await offer('Expired 7 days', -7),
    inactive: await offer('Withdrawn', 10, { isActive: false }),
  };
  cars = {
    lease: await offer('Lease', 20, { secondaryType: 'lease' }),
    purchaseExpired: await offer('Purchase', -1, { secondaryType: 'purchase' }),
    leaseHidden: await offer('Old lease', -30, { secondaryType: 'lease' }),
  };
  contestEntityIds = (await t.db.rows<{ id: number }>(sql`SELECT id FROM contest_entities ORDER BY id LIMIT 2`)).map((r) => r.id);
  expect(contestEntityIds).toHaveLength(2);
});
afterAll(async () => {
  await t?.close();
});

const clip = (m: TestMember, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/userclipped/', headers: m.headers, payload: payload as object });
const favorite = (m: TestMember, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/userfavoriteslocation/', headers: m.headers, payload: payload as object });
const saved = (m: TestMember) => t.app.inject({ method: 'GET', url: '/api/userfavorites/', headers: m.headers });
const remove = (m: TestMember, url: string) => t.app.inject({ method: 'DELETE', url, headers: m.headers });

describe('POST /api/userclipped/', () => {
  it('saves an offer once: a repeat answers the same id', async () => {
    const member = await signUpMember(t.app);
    const first = await clip(member, { offer_id: regular.active });
    expect(first.statusCode).toBe(201);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const { id } = first.json() as { id: number };
    const again = await clip(member, { offer_id: String(regular.active) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id });
    const rows = await t.db.rows(sql`SELECT 1 FROM user_clips WHERE user_id = ${member.id}`);
    expect(rows).toHaveLength(1);
  });

  it('names the field of a missing, malformed or unknown offer', async () => {
    const member = await signUpMember(t.app);
    expect((await clip(member, {})).json()).toEqual({ offer_id: ['This is required'] });
    expect((await clip(member, { offer_id: 'abc' })).json()).toEqual({ offer_id: ['Enter a valid id.'] });
    expect((await clip(member, { offer_id: 1e12 })).json()).toEqual({ offer_id: ['Enter a valid id.'] });
    const unknown = await clip(member, { offer_id: 2_000_000_000 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ offer_id: ['Unknown offer.'] });
  });

  it('keeps one row under 1,000 concurrent saves of the same offer', async () => {
    const member = await signUpMember(t.app);
    const answers = await Promise.all(Array.from({ length: 1000 }, () => clip(member, { offer_id: regular.today })));
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 201)).toBe(true);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => (a.json() as { id: number }).id)).size).toBe(1);
    const rows = await t.db.rows(sql`SELECT 1 FROM user_clips WHERE user_id = ${member.id} AND offer_id = ${regular.today}`);
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/userfavoriteslocation/', () => {
  it('saves locations and contests once each', async () => {
    const member = await signUpMember(t.app);
    const location = await favorite(member, { favoritable_id: locationId, favoritable_type: 'Location' });
    expect(location.statusCode).toBe(201);
    const again = await favorite(member, { favoritable_id: locationId, favoritable_type: 'location' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(location.json());
    const contest = await favorite(member, { favoritable_id: contestEntityIds[0], favoritable_type: 'ContestEntity' });
    expect(contest.statusCode).toBe(201);
    expect(contest.json()).not.toEqual(location.json());
  });

  it('keeps one row under concurrent saves of the same contest', async () => {
    const member = await signUpMember(t.app);
    const answers = await Promise.all(Array.from({ length: 200 }, () => favorite(member, { favoritable_id: contestEntityIds[1], favoritable_type: 'ContestEntity' })));
    expect(new Set(answers.map((a) => (a.json() as { id: number }).id)).size).toBe(1);
    expect(await t.db.rows(sql`SELECT 1 FROM user_favorites WHERE user_id = ${member.id}`)).toHaveLength(1);
  });

  it('names the field of a bad type or an unknown id', async () => {
    const member = await signUpMember(t.app);
    expect((await favorite(member, {})).json()).toEqual({ favoritable_id: ['This is required'], favoritable_type: ['This is required'] });
    expect((await favorite(member, { favoritable_id: locationId, favoritable_type: 'Merchant' })).json()).toEqual({ favoritable_type: ['Use Location or ContestEntity.'] });
    expect((await favorite(member, { favoritable_id: 2_000_000_000, favoritable_type: 'Location' })).json()).toEqual({ favoritable_id: ['Unknown location.'] });
    expect((await favorite(member, { favoritable_id: 2_000_000_000, favoritable_type: 'ContestEntity' })).json()).toEqual({ favoritable_id: ['Unknown contest.'] });
  });
});

describe('GET /api/userfavorites/', () => {
  it('splits offers and car offers into active and recently expired, leaves out old and withdrawn ones, and gives every item its saved_id', async () => {
    const member = await signUpMember(t.app);
    const ids: Record<number, number> = {};
    for (const offerId of [...Object.values(regular), ...Object.values(cars)]) ids[offerId] = ((await clip(member, { offer_id: offerId })).json() as { id: number }).id;
    const loc = ((await favorite(member, { favoritable_id: locationId, favoritable_type: 'Location' })).json() as { id: number }).id;
    const contest = ((await favorite(member, { favoritable_id: contestEntityIds[0], favoritable_type: 'ContestEntity' })).json() as { id: number }).id;

    const res = await saved(member);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    type Item = { entitiable_id: number; saved_id: number; expiry_status: string };
    const body = res.json() as { offers: Record<string, Item[]>; cars: Record<string, Item[]>; locations: Array<{ id: number; saved_id: number }>; contests: Array<{ entity_id: number; saved_id: number; running: boolean }>; count: number };
    const idsOf = (items: Item[]) => items.map((i) => i.entitiable_id).sort((a, b) => a - b);
    const sorted = (...xs: number[]) => xs.sort((a, b) => a - b);
    expect(idsOf(body.offers.active!)).toEqual(sorted(regular.active, regular.today));
    expect(idsOf(body.offers.expired!)).toEqual(sorted(regular.expired3, regular.expired6));
    expect(idsOf(body.cars.active!)).toEqual([cars.lease]);
    expect(idsOf(body.cars.expired!)).toEqual([cars.purchaseExpired]);
    for (const item of [...body.offers.active!, ...body.offers.expired!, ...body.cars.active!, ...body.cars.expired!]) expect(item.saved_id).toBe(ids[item.entitiable_id]);
    expect(body.offers.expired!.every((i) => i.expiry_status === 'expired')).toBe(true);
    expect(body.locations.map((l) => [l.id, l.saved_id])).toEqual([[locationId, loc]]);
    expect(body.contests.map((c) => [c.entity_id, c.saved_id])).toEqual([[contestEntityIds[0], contest]]);
    expect(body.count).toBe(8);
  });

  it('answers empty lists for a member with nothing saved', async () => {
    const member = await signUpMember(t.app);
    expect((await saved(member)).json()).toEqual({ offers: { active: [], expired: [] }, cars: { active: [], expired: [] }, locations: [], contests: [], count: 0 });
  });
});

describe('unsaving', () => {
  it('removes offers by saved id, and locations and contests by saved id or by their own id with a type', async () => {
    const member = await signUpMember(t.app);
    const clipId = ((await clip(member, { offer_id: regular.active })).json() as { id: number }).id;
    const locId = ((await favorite(member, { favoritable_id: locationId, favoritable_type: 'Location' })).json() as { id: number }).id;
    await favorite(member, { favoritable_id: contestEntityIds[0], favoritable_type: 'ContestEntity' });

    expect((await remove(member, `/api/userclipped/${clipId}/`)).statusCode).toBe(204);
    expect((await remove(member, `/api/userclipped/${clipId}/`)).statusCode).toBe(404);
    expect((await remove(member, `/api/userfavorites/${locId}/`)).statusCode).toBe(204);
    expect((await remove(member, `/api/userfavorites/${contestEntityIds[0]}/?favoritable_type=ContestEntity`)).statusCode).toBe(204);
    expect((await saved(member)).json()).toMatchObject({ count: 0 });

    const bad = await remove(member, '/api/userfavorites/abc/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('id');
    const badType = await remove(member, `/api/userfavorites/1/?favoritable_type=Offer`);
    expect(badType.json()).toEqual({ favoritable_type: ['Use Location or ContestEntity.'] });
  });
});

describe("object-level authorisation: a second member replaying the first member's ids", () => {
  it('cannot see or remove anything of theirs', async () => {
    const a = await signUpMember(t.app);
    const b = await signUpMember(t.app);
    const clipId = ((await clip(a, { offer_id: regular.active })).json() as { id: number }).id;
    const locId = ((await favorite(a, { favoritable_id: locationId, favoritable_type: 'Location' })).json() as { id: number }).id;
    const contestId = ((await favorite(a, { favoritable_id: contestEntityIds[0], favoritable_type: 'ContestEntity' })).json() as { id: number }).id;

    expect((await saved(b)).json()).toMatchObject({ count: 0, locations: [], contests: [] });
    for (const url of [
      `/api/userclipped/${clipId}/`,
      `/api/userfavorites/${locId}/`,
      `/api/userfavorites/${contestId}/`,
      `/api/userfavorites/${locationId}/?favoritable_type=Location`,
      `/api/userfavorites/${contestEntityIds[0]}/?favoritable_type=ContestEntity`,
    ]) {
      const res = await remove(b, url);
      expect(res.statusCode, url).toBe(404);
    }
    // B's own save of the same offer is B's own row, with its own id; the user_id sent is ignored.
    const own = await clip(b, { offer_id: regular.active, user_id: a.id });
    expect((own.json() as { id: number }).id).not.toBe(clipId);
    expect(await t.db.rows(sql`SELECT 1 FROM user_clips WHERE user_id = ${b.id}`)).toHaveLength(1);
    expect((await saved(a)).json()).toMatchObject({ count: 3 });
  });

  it('needs a logged-in member on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/userfavorites/'],
      ['POST', '/api/userclipped/'],
      ['DELETE', '/api/userclipped/1/'],
      ['POST', '/api/userfavoriteslocation/'],
      ['DELETE', '/api/userfavorites/1/'],
    ] as const) {
      const anonymous = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'You need to be logged in to make this request.' });
      const stale = await t.app.inject({ method, url, headers: { authorization: 'Bearer xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' } });
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toEqual({ detail: 'Your session has expired. Please log in again.' });
    }
  });
});
