import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { addLocation, addMerchant, addOffer, uid } from '../catalogue/catalogue.fixtures.ts';

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
