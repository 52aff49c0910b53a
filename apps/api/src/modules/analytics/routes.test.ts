import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, businessToday } from '@market/domain/expiry';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember } from '../auth/members.fixtures.ts';
import { addLocation, addMerchant, addOffer, uid } from '../catalogue/catalogue.fixtures.ts';
import { EventBuffer } from './lib/event-buffer.ts';

const KEY = 'test-analytics-read-key-0123456789';
let t: TestApp;
let merchantId: number;
let locationId: number;
let otherLocationId: number;
let offerId: number;

beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_READ_KEY: KEY });
  const [category] = await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`);
  const merchant = await addMerchant(t.db, { name: `Analytics Test ${uid()}` });
  const location = await addLocation(t.db, merchant, { lat: 42.5, lng: -83.1 });
  const other = await addLocation(t.db, merchant, { lat: 42.6, lng: -83.2 });
  merchantId = merchant.id;
  locationId = location.id;
  otherLocationId = other.id;
  offerId = (await addOffer(t.db, location, category!, { name: `Counted ${uid()}`, expiresAt: addDays(t.today, 5) })).id;
});
afterAll(async () => {
  await t?.close();
});

const send = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '10.77.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/analytics/event/', payload: payload as object, headers, remoteAddress });
const daily = (query: string, key: string | null = KEY) =>
  t.app.inject({ method: 'GET', url: `/api/analytics/daily/?${query}`, headers: key ? { 'x-analytics-key': key } : {} });

describe('POST /api/analytics/event/ (SPEC.md 7)', () => {
  it('accepts each event of section 7 with 202 and stores it with its offer, location and merchant', async () => {
    const accepted = await Promise.all([
      send({ event: 'offer.impression', data: { offer: offerId, location: locationId } }),
      send({ event: 'offer.impression', data: { offer: String(offerId) } }, {}, '10.77.0.2'),
      send({ event: 'offer.print', data: { offer: offerId, location: locationId } }),
      send({ event: 'location.view', data: { location: otherLocationId } }),
      send({ event: 'merchant-website.view', data: { location: locationId, website_type: 'menu' } }),
      send({ event: 'entity.share', data: { location: locationId, method: 'facebook', offer: offerId } }),
      send({ event: 'entity.share', data: { location: otherLocationId, method: 'link' } }),
    ]);
    expect(accepted.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202, 202, 202]);
    expect(accepted[0]!.body).toBe('');

    await t.app.deps.analytics.flush();
    const rows = await t.db.rows<{ event: string; offer_id: number | null; location_id: number | null; merchant_id: number; data: Record<string, unknown>; source: string }>(
      sql`SELECT event, offer_id, location_id, merchant_id, data, source FROM analytics_events WHERE merchant_id = ${merchantId} ORDER BY id`,
    );
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.source === 'client' && r.merchant_id === merchantId)).toBe(true);
    // An impression without a location gets the offer's own.
    expect(rows.filter((r) => r.event === 'offer.impression').map((r) => r.location_id)).toEqual([locationId, locationId]);
    expect(rows.find((r) => r.event === 'merchant-website.view')!.data).toEqual({ website_type: 'menu' });
    expect(rows.filter((r) => r.event === 'entity.share').map((r) => r.data)).toEqual([{ method: 'facebook' }, { method: 'link' }]);

    const res = await daily(`scope=merchant&id=${merchantId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { totals: Record<string, number>; days: Array<{ day: string }>; to: string };
    expect(body.to).toBe(businessToday());
    expect(body.totals).toMatchObject({ impressions: 2, print_clicks: 1, location_views: 1, website_views: 1, shares: 2 });
    const byOffer = (await daily(`scope=offer&id=${offerId}`)).json() as { totals: Record<string, number> };
    expect(byOffer.totals).toMatchObject({ impressions: 2, print_clicks: 1, shares: 1, location_views: 0 });
    const byLocation = (await daily(`scope=location&id=${otherLocationId}`)).json() as { totals: Record<string, number>; days: unknown[] };
    expect(byLocation.totals).toMatchObject({ location_views: 1, shares: 1, impressions: 0 });
    expect(byLocation.days).toHaveLength(1);
  });

  it('takes a beacon body sent as text/plain', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/event/',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ event: 'location.view', data: { location: locationId } }),
    });
    expect(res.statusCode).toBe(202);
  });

  it('names the field of every bad event and stores none of them', async () => {
    const before = t.app.deps.analytics.pending;
    const cases: Array<[unknown, string]> = [
      [{ event: 'offer.click', data: { offer: offerId } }, 'event'],
      [{ data: { offer: offerId } }, 'event'],
      [{ event: 'offer.impression', data: {} }, 'data.offer'],
      [{ event: 'offer.impression', data: { offer: 'abc' } }, 'data.offer'],
      [{ event: 'location.view', data: { location: -1 } }, 'data.location'],
      [{ event: 'entity.share', data: { location: locationId, method: 'myspace' } }, 'data.method'],
      [{ event: 'entity.share', data: { method: 'email' } }, 'data.location'],
      [{ event: 'offer.print' }, 'data'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json() as object), JSON.stringify(payload)).toEqual([field]);
    }
    const notJson = await t.app.inject({ method: 'POST', url: '/api/analytics/event/', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(notJson.statusCode).toBe(400);
    expect(t.app.deps.analytics.pending).toBe(before);
  });

  it('drops events whose offer or location does not exist when the batch is written', async () => {
    expect((await send({ event: 'offer.impression', data: { offer: 2_000_000_000 } })).statusCode).toBe(202);
    expect((await send({ event: 'location.view', data: { location: 2_000_000_001 } })).statusCode).toBe(202);
    await t.app.deps.analytics.flush();
    const rows = await t.db.rows(sql`SELECT 1 FROM analytics_events WHERE offer_id = 2000000000 OR location_id = 2000000001`);
    expect(rows).toHaveLength(0);
  });
});

describe('offer impressions count once per visitor and day (security review 9)', () => {
  const impressions = async (scope: string, id: number) => ((await daily(`scope=${scope}&id=${id}`)).json() as { totals: Record<string, number> }).totals.impressions;

  it('100 anonymous impressions from one address add 1; another address and a member add 1 each', async () => {
    const [category] = await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`);
    const merchant = await addMerchant(t.db, { name: `Impressions ${uid()}` });
    const location = await addLocation(t.db, merchant, { lat: 42.5, lng: -83.1 });
    const offer = (await addOffer(t.db, location, category!, { name: `Seen ${uid()}`, expiresAt: addDays(t.today, 5) })).id;
    const event = { event: 'offer.impression', data: { offer } };

    const flood = await Promise.all(Array.from({ length: 100 }, () => send(event, {}, '10.77.1.1')));
    expect(flood.every((r) => r.statusCode === 202 || r.statusCode === 429)).toBe(true);
    await t.app.deps.analytics.flush();
    expect(await impressions('offer', offer)).toBe(1);
    expect(await impressions('merchant', merchant.id)).toBe(1);

    await send(event, {}, '10.77.1.2');
    const member = await signUpMember(t.app);
    for (let i = 0; i < 3; i++) await send(event, member.headers, `10.77.2.${i}`);
    await t.app.deps.analytics.flush();
    expect(await impressions('offer', offer)).toBe(3);
    expect(await impressions('location', location.id)).toBe(3);
    expect(await impressions('merchant', merchant.id)).toBe(3);
    // The repeats are not stored either.
    const [row] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM analytics_events WHERE offer_id = ${offer} AND event = 'offer.impression'`);
    expect(row!.n).toBe(3);
  });

  it('holds when several servers write the same impressions at once (one INSERT ... ON CONFLICT DO NOTHING)', async () => {
    const [category] = await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`);
    const merchant = await addMerchant(t.db, { name: `Impressions race ${uid()}` });
    const location = await addLocation(t.db, merchant, { lat: 42.5, lng: -83.1 });
    const offer = (await addOffer(t.db, location, category!, { name: `Raced ${uid()}`, expiresAt: addDays(t.today, 5) })).id;
    const buffers = Array.from({ length: 8 }, () => new EventBuffer(t.db, t.app.log, { maxBatch: 1000, flushIntervalMs: 3_600_000 }));
    for (const buffer of buffers) {
      for (let i = 0; i < 10; i++) buffer.record({ event: 'offer.impression', source: 'client', offerId: offer, viewer: 'a:race-visitor' });
      buffer.record({ event: 'offer.impression', source: 'client', offerId: offer, viewer: 'a:other-visitor' });
    }
    await Promise.all(buffers.map((b) => b.close()));
    expect(buffers.reduce((n, b) => n + b.dropped, 0)).toBe(0);
    expect(await impressions('offer', offer)).toBe(2);
    expect(await impressions('merchant', merchant.id)).toBe(2);
  });
});

describe('prints, downloads and redemptions in the daily counters', () => {
  it('counts every copy and redemption the server hands out', async () => {
    const member = await signUpMember(t.app);
    for (const kind of ['print', 'print', 'download']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/printtokens/', headers: member.headers, payload: { offer_id: offerId, kind } })).statusCode).toBe(201);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/redemptions/', headers: member.headers, payload: { offer_id: offerId } })).statusCode).toBe(201);
    await t.app.deps.analytics.flush();
    const res = (await daily(`scope=offer&id=${offerId}`)).json() as { totals: Record<string, number> };
    expect(res.totals).toMatchObject({ prints: 2, downloads: 1, redemptions: 1 });
    const merchant = (await daily(`scope=merchant&id=${merchantId}`)).json() as { totals: Record<string, number> };
    expect(merchant.totals).toMatchObject({ prints: 2, downloads: 1, redemptions: 1 });
    const [row] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM analytics_events WHERE offer_id = ${offerId} AND source = 'server' AND user_id = ${member.id}`);
    expect(row!.n).toBe(4);
  });
});

describe('account deletion', () => {
  it('keeps the member\'s events counted but forgets who they were', async () => {
    const member = await signUpMember(t.app);
    await t.app.inject({ method: 'POST', url: '/api/printtokens/', headers: member.headers, payload: { offer_id: offerId } });
    await t.app.deps.analytics.flush();
    // One more event still in the buffer when the account goes.
    await t.app.inject({ method: 'POST', url: '/api/printtokens/', headers: member.headers, payload: { offer_id: offerId, kind: 'download' } });
    const before = (await daily(`scope=offer&id=${offerId}`)).json() as { totals: Record<string, number> };
    const gone = await t.app.inject({ method: 'DELETE', url: '/auth/user/', headers: member.headers, payload: { password: member.password } });
    expect(gone.statusCode).toBe(204);
    await t.app.deps.analytics.flush();
    const [row] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM analytics_events WHERE user_id = ${member.id}`);
    expect(row!.n).toBe(0);
    const after = (await daily(`scope=offer&id=${offerId}`)).json() as { totals: Record<string, number> };
    expect(after.totals.prints).toBe(before.totals.prints);
    expect(after.totals.downloads).toBe(before.totals.downloads! + 1);
  });
});

describe('GET /api/analytics/daily/', () => {
  it('needs the read key', async () => {
    expect((await daily(`scope=offer&id=${offerId}`, null)).statusCode).toBe(403);
    const wrong = await daily(`scope=offer&id=${offerId}`, 'not-the-key');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'Send the analytics read key in the X-Analytics-Key header.' });
  });

  it('names bad parameters', async () => {
    expect(Object.keys((await daily('scope=planet&id=1')).json() as object)).toEqual(['scope']);
    expect(Object.keys((await daily('scope=offer')).json() as object)).toEqual(['id']);
    expect(Object.keys((await daily('scope=offer&id=1&from=2026-13-45')).json() as object)).toEqual(['from']);
    expect(Object.keys((await daily('scope=offer&id=1&from=2026-05-02&to=2026-05-01')).json() as object)).toEqual(['from']);
    expect((await daily('scope=offer&id=1&from=2020-01-01&to=2026-01-01')).json()).toEqual({ from: ['Ask for at most 366 days.'] });
  });

  it('does not exist without ANALYTICS_READ_KEY', async () => {
    const plain = await buildApp({ env: { ...t.env, ANALYTICS_READ_KEY: undefined }, db: t.db }, { logger: false });
    try {
      const res = await plain.inject({ method: 'GET', url: `/api/analytics/daily/?scope=offer&id=${offerId}`, headers: { 'x-analytics-key': KEY } });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('EventBuffer batching', () => {
  it('writes a batch as soon as it is full, after an interval otherwise, and what is left on app close', async () => {
    const full = new EventBuffer(t.db, t.app.log, { maxBatch: 3, flushIntervalMs: 3_600_000 });
    full.record({ event: 'location.view', source: 'client', locationId: otherLocationId, data: { n: 'a' } });
    full.record({ event: 'location.view', source: 'client', locationId: otherLocationId, data: { n: 'a' } });
    expect(full.pending).toBe(2);
    full.record({ event: 'location.view', source: 'client', locationId: otherLocationId, data: { n: 'a' } });
    expect(full.pending).toBe(0);
    await full.close();
    const countOf = async (tag: string) =>
      (await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM analytics_events WHERE data->>'n' = ${tag}`))[0]!.n;
    expect(await countOf('a')).toBe(3);

    const timed = new EventBuffer(t.db, t.app.log, { maxBatch: 1000, flushIntervalMs: 20 });
    timed.record({ event: 'location.view', source: 'client', locationId: otherLocationId, data: { n: 'b' } });
    expect(timed.pending).toBe(1);
    await vi.waitFor(async () => expect(await countOf('b')).toBe(1), { timeout: 10_000, interval: 50 });
    await timed.close();

    // A second app on the same database: its buffer is written when it closes.
    const second = await buildApp({ env: t.env, db: t.db }, { logger: false });
    for (let i = 0; i < 5; i++) {
      expect((await second.inject({ method: 'POST', url: '/api/analytics/event/', payload: { event: 'merchant-website.view', data: { location: otherLocationId, website_type: 'close-test' } } })).statusCode).toBe(202);
    }
    expect(second.deps.analytics.pending).toBe(5);
    await second.close();
    const [row] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM analytics_events WHERE data->>'website_type' = 'close-test'`);
    expect(row!.n).toBe(5);
  });
});
