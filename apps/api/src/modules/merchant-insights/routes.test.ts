// The merchant centre's analytics, leads inbox, team and tills through HTTP: every operation
// against owner, manager, cashier, another merchant's owner, staff, a member and anonymous; the
// dashboard's measures, funnel and period comparison checked exactly against known daily rows; the
// business-day boundary in Detroit and in Chicago; the lead mail to owners and managers.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { randomClientIp, signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { listMailbox, mailboxDir } from '../mail/lib/mailbox.ts';
import { storeDeviceByToken } from '../merchant-access/lib/access.ts';
import { merchantInvitation, signUpMerchantPerson, type TestMerchantPerson } from '../merchant-access/merchant.fixtures.ts';
import { signUpStaff, type TestStaff } from '../staff/staff.fixtures.ts';

let t: TestApp;
let seq = 0;

interface Shop {
  id: number;
  /** [Detroit location, Chicago location] */
  locations: [number, number];
  /** [two offers at the Detroit location, one at the Chicago one] */
  offers: [number, number, number];
}

const rows = <T>(q: ReturnType<typeof sql>) => t.db.rows<T>(q);

async function makeShop(label: string): Promise<Shop> {
  const n = ++seq;
  const [m] = await rows<{ id: number }>(sql`INSERT INTO merchants (slug, name) VALUES (${`insights-${label}-${n}-${Date.now()}`}, ${`Insights ${label} ${n}`}) RETURNING id`);
  const [category] = await rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`);
  const loc = async (market: string, city: string, state: string, lat: number, lng: number) =>
    (await rows<{ id: number }>(sql`INSERT INTO locations (merchant_id, market_id, display_name, address, city, state, zip, lat, lng)
      VALUES (${m!.id}, ${market}, ${`${label} ${city}`}, '1 Main St', ${city}, ${state}, '48075', ${lat}, ${lng}) RETURNING id`))[0]!.id;
  const detroit = await loc('detroit', 'Southfield', 'MI', 42.4734, -83.2219);
  const chicago = await loc('chicago', 'Naperville', 'IL', 41.7508, -88.1535);
  const offer = async (locationId: number, name: string) =>
    (await rows<{ id: number }>(sql`INSERT INTO offers (merchant_id, location_id, category_id, name, slug, expires_at, secondary_type)
      VALUES (${m!.id}, ${locationId}, ${category!.id}, ${name}, 'offer', ${addDays(t.today, 60)}, 'lease') RETURNING id`))[0]!.id;
  return { id: m!.id, locations: [detroit, chicago], offers: [await offer(detroit, `${label} lease A`), await offer(detroit, `${label} lease B`), await offer(chicago, `${label} oil change`)] };
}

/** A lead of the merchant's (an auto lead of its first offer), written as the autolead form does. */
async function makeLead(merchantId: number, details: Record<string, unknown> = {}): Promise<number> {
  const [row] = await rows<{ id: number }>(
    sql`INSERT INTO leads (kind, market_id, email, details, merchant_id) VALUES ('autolead', 'detroit', 'lead@example.com', ${JSON.stringify({ first_name: 'Lee', last_name: 'Lead', ...details })}::jsonb, ${merchantId}) RETURNING id`,
  );
  return row!.id;
}

let shop: Shop;
let other: Shop;
let owner: TestMerchantPerson;
let manager: TestMerchantPerson;
let cashier: TestMerchantPerson;
let otherOwner: TestMerchantPerson;
let staff: TestStaff;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  shop = await makeShop('Alpha');
  other = await makeShop('Beta');
  [owner, manager, cashier, otherOwner, staff, member] = await Promise.all([
    signUpMerchantPerson(t.app, shop.id, 'owner', null, { first_name: 'Olive', last_name: 'Owner' }),
    signUpMerchantPerson(t.app, shop.id, 'manager', null, { first_name: 'Max', last_name: 'Manager' }),
    signUpMerchantPerson(t.app, shop.id, 'cashier', [shop.locations[0]], { first_name: 'Cass', last_name: 'Cashier' }),
    signUpMerchantPerson(t.app, other.id, 'owner'),
    signUpStaff(t.app, 'admin'),
    signUpMember(t.app),
  ]);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, remoteAddress: '10.77.0.1', ...(payload === undefined ? {} : { payload: payload as object }) });

describe('who may call', () => {
  const base = () => `/api/merchant/${shop.id}`;

  it('answers owners and managers for analytics and leads; owners alone for team and tills; 403 or 401 for everyone else', async () => {
    // A cashier and a device to act on, made fresh for each owner call that removes one.
    const spareCashier = async () => (await signUpMerchantPerson(t.app, shop.id, 'cashier', [shop.locations[1]])).membershipId;
    const spareDevice = async () => (await call('POST', `${base()}/devices/`, owner.headers, { location_id: shop.locations[0], name: 'Spare till' })).json().id as number;
    const lead = await makeLead(shop.id);
    const ops: Array<{ name: string; who: 'owner' | 'owner-manager'; ok: number; run: (h: Record<string, string>, caller: string) => Promise<{ statusCode: number }> }> = [
      { name: 'GET analytics', who: 'owner-manager', ok: 200, run: (h) => call('GET', `${base()}/analytics/`, h) },
      { name: 'GET analytics.csv', who: 'owner-manager', ok: 200, run: (h) => call('GET', `${base()}/analytics.csv`, h) },
      { name: 'GET leads', who: 'owner-manager', ok: 200, run: (h) => call('GET', `${base()}/leads/`, h) },
      { name: 'PATCH lead handled', who: 'owner-manager', ok: 200, run: (h) => call('PATCH', `${base()}/leads/${lead}/`, h, { handled: true }) },
      { name: 'GET invitations', who: 'owner', ok: 200, run: (h) => call('GET', `${base()}/invitations/`, h) },
      { name: 'POST invitations', who: 'owner', ok: 201, run: (h) => call('POST', `${base()}/invitations/`, h, { email: `invitee-${++seq}@example.com`, role: 'cashier', location_ids: [shop.locations[0]] }) },
      { name: 'GET team', who: 'owner', ok: 200, run: (h) => call('GET', `${base()}/team/`, h) },
      { name: 'PATCH team', who: 'owner', ok: 200, run: (h) => call('PATCH', `${base()}/team/${cashier.membershipId}/`, h, { location_ids: [shop.locations[0]] }) },
      { name: 'DELETE team', who: 'owner', ok: 204, run: async (h, caller) => call('DELETE', `${base()}/team/${caller === 'owner' ? await spareCashier() : cashier.membershipId}/`, h) },
      { name: 'GET devices', who: 'owner', ok: 200, run: (h) => call('GET', `${base()}/devices/`, h) },
      { name: 'POST devices', who: 'owner', ok: 201, run: (h) => call('POST', `${base()}/devices/`, h, { location_id: shop.locations[0], name: 'Front till' }) },
      { name: 'DELETE devices', who: 'owner', ok: 204, run: async (h) => call('DELETE', `${base()}/devices/${await spareDevice()}/`, h) },
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
    let cells = 0;
    for (const op of ops) {
      for (const [caller, headers] of callers) {
        const allowed = caller === 'owner' || (caller === 'manager' && op.who === 'owner-manager');
        const expected = allowed ? op.ok : caller === 'anonymous' || caller === 'owner without second factor' ? 401 : 403;
        const res = await op.run(headers, caller);
        cells++;
        if (res.statusCode !== expected) unexpected.push(`${op.name} as ${caller}: ${res.statusCode}, expected ${expected}`);
      }
    }
    console.log(`merchant-insights authorisation: ${ops.length} operations x ${callers.length} callers = ${cells} cells, ${unexpected.length} unexpected`);
    expect(unexpected).toEqual([]);
  });

  it("answers nothing of another merchant's through this merchant's path", async () => {
    expect((await call('GET', `${base()}/analytics/?offer_id=${other.offers[0]}`, owner.headers)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/analytics/?location_id=${other.locations[0]}`, owner.headers)).statusCode).toBe(404);
    expect((await call('PATCH', `${base()}/team/${otherOwner.membershipId}/`, owner.headers, { location_ids: [] })).statusCode).toBe(404);
    expect((await call('DELETE', `${base()}/team/${otherOwner.membershipId}/`, owner.headers)).statusCode).toBe(404);
    const theirs = (await call('POST', `/api/merchant/${other.id}/devices/`, otherOwner.headers, { location_id: other.locations[0], name: 'Their till' })).json();
    expect((await call('DELETE', `${base()}/devices/${theirs.id}/`, owner.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/merchant/${other.id}/team/`, owner.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/merchant/{id}/analytics/', () => {
  const from = '2026-03-01';
  const to = '2026-03-10';
  const url = (q = '') => `/api/merchant/${shop.id}/analytics/?from=${from}&to=${to}${q}`;

  beforeAll(async () => {
    const [o1, o2, o3] = shop.offers;
    const [ld, lc] = shop.locations;
    const ins = (day: string, scope: string, id: number, metric: string, count: number) => sql`(${day}::date, ${scope}, ${id}, ${metric}, ${count})`;
    const values = [
      // This period, merchant scope.
      ins('2026-03-01', 'merchant', shop.id, 'impressions', 100),
      ins('2026-03-01', 'merchant', shop.id, 'location_views', 7),
      ins('2026-03-02', 'merchant', shop.id, 'saves', 4),
      ins('2026-03-02', 'merchant', shop.id, 'shares', 3),
      ins('2026-03-05', 'merchant', shop.id, 'prints', 20),
      ins('2026-03-05', 'merchant', shop.id, 'downloads', 5),
      ins('2026-03-10', 'merchant', shop.id, 'verified_redemptions', 6),
      ins('2026-03-10', 'merchant', shop.id, 'impressions', 50),
      // Not a dashboard measure (member self-redemptions, print clicks): never counted.
      ins('2026-03-03', 'merchant', shop.id, 'redemptions', 99),
      ins('2026-03-03', 'merchant', shop.id, 'print_clicks', 99),
      // Outside both periods.
      ins('2026-03-11', 'merchant', shop.id, 'impressions', 1000),
      ins('2026-02-18', 'merchant', shop.id, 'impressions', 1000),
      // The previous period (2026-02-19..2026-02-28).
      ins('2026-02-19', 'merchant', shop.id, 'impressions', 120),
      ins('2026-02-28', 'merchant', shop.id, 'prints', 10),
      ins('2026-02-28', 'merchant', shop.id, 'verified_redemptions', 0),
      // Offer scope.
      ins('2026-03-01', 'offer', o1, 'impressions', 60),
      ins('2026-03-10', 'offer', o1, 'impressions', 30),
      ins('2026-03-05', 'offer', o1, 'prints', 12),
      ins('2026-03-10', 'offer', o1, 'verified_redemptions', 4),
      ins('2026-02-20', 'offer', o1, 'impressions', 15),
      ins('2026-03-01', 'offer', o2, 'impressions', 25),
      ins('2026-03-05', 'offer', o2, 'downloads', 5),
      ins('2026-03-01', 'offer', o3, 'impressions', 15),
      ins('2026-03-10', 'offer', o3, 'impressions', 20),
      ins('2026-03-05', 'offer', o3, 'prints', 8),
      ins('2026-03-10', 'offer', o3, 'verified_redemptions', 2),
      // Location scope.
      ins('2026-03-01', 'location', ld, 'impressions', 85),
      ins('2026-03-10', 'location', ld, 'impressions', 30),
      ins('2026-03-01', 'location', ld, 'location_views', 5),
      ins('2026-03-05', 'location', ld, 'prints', 12),
      ins('2026-03-05', 'location', ld, 'downloads', 5),
      ins('2026-03-01', 'location', lc, 'impressions', 15),
      ins('2026-03-10', 'location', lc, 'impressions', 20),
      ins('2026-03-01', 'location', lc, 'location_views', 2),
      // Another merchant's rows on the same days.
      ins('2026-03-01', 'merchant', other.id, 'impressions', 777),
      ins('2026-03-01', 'offer', other.offers[0], 'impressions', 777),
    ];
    await t.db.db.execute(sql`INSERT INTO analytics_daily (day, scope, scope_id, metric, count) VALUES ${sql.join(values, sql`, `)}`);
    // Leads: one for o1 this period (Detroit, 2026-03-03 10:00 EST), one for o3 this period
    // (Chicago), one for o1 in the previous period, one marked spam, one of another merchant.
    const lead = (merchantId: number, market: string, at: string, offerId: number, locationId: number, status = 'new') =>
      sql`INSERT INTO leads (kind, market_id, email, details, merchant_id, status, created_at)
          VALUES ('autolead', ${market}, 'buyer@example.com', ${JSON.stringify({ offer_id: offerId, location_id: locationId, first_name: 'Bea', last_name: 'Buyer', offer_type: 'lease' })}::jsonb, ${merchantId}, ${status}, ${at}::timestamptz)`;
    await t.db.db.execute(lead(shop.id, 'detroit', '2026-03-03T15:00:00Z', o1, ld));
    await t.db.db.execute(lead(shop.id, 'chicago', '2026-03-10T20:00:00Z', o3, lc));
    await t.db.db.execute(lead(shop.id, 'detroit', '2026-02-25T15:00:00Z', o1, ld));
    await t.db.db.execute(lead(shop.id, 'detroit', '2026-03-04T15:00:00Z', o1, ld, 'spam'));
    await t.db.db.execute(lead(other.id, 'detroit', '2026-03-04T15:00:00Z', other.offers[0], other.locations[0]));
  });

  it('sums every measure, the previous period, the change and the funnel exactly', async () => {
    const res = await call('GET', url(), manager.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body).toMatchObject({ merchant_id: shop.id, from, to, offer_id: null, location_id: null, previous: { from: '2026-02-19', to: '2026-02-28' } });
    expect(body.totals).toEqual({ impressions: 150, detail_views: 7, saves: 4, shares: 3, prints: 20, downloads: 5, verified_redemptions: 6, leads: 2 });
    expect(body.previous_totals).toEqual({ impressions: 120, detail_views: 0, saves: 0, shares: 0, prints: 10, downloads: 0, verified_redemptions: 0, leads: 1 });
    expect(body.change).toEqual({ impressions: 25, detail_views: null, saves: null, shares: null, prints: 100, downloads: null, verified_redemptions: null, leads: 100 });
    expect(body.funnel).toEqual([
      { step: 'viewed', count: 150, rate: null },
      { step: 'took_a_copy', count: 25, rate: 0.1667 },
      { step: 'redeemed', count: 6, rate: 0.24 },
    ]);
    expect(body.days.map((d: { day: string }) => d.day)).toEqual(Array.from({ length: 10 }, (_, k) => addDays(from, k)));
    const day = (d: string) => body.days.find((x: { day: string }) => x.day === d);
    expect(day('2026-03-01')).toEqual({ day: '2026-03-01', impressions: 100, detail_views: 7, saves: 0, shares: 0, prints: 0, downloads: 0, verified_redemptions: 0, leads: 0 });
    expect(day('2026-03-03')).toEqual({ day: '2026-03-03', impressions: 0, detail_views: 0, saves: 0, shares: 0, prints: 0, downloads: 0, verified_redemptions: 0, leads: 1 });
    expect(day('2026-03-10')).toMatchObject({ impressions: 50, verified_redemptions: 6, leads: 1 });
    const [o1, o2, o3] = shop.offers;
    expect(body.offers).toEqual([
      { offer_id: o1, name: 'Alpha lease A', location_id: shop.locations[0], impressions: 90, detail_views: 0, saves: 0, shares: 0, prints: 12, downloads: 0, verified_redemptions: 4, leads: 1 },
      { offer_id: o3, name: 'Alpha oil change', location_id: shop.locations[1], impressions: 35, detail_views: 0, saves: 0, shares: 0, prints: 8, downloads: 0, verified_redemptions: 2, leads: 1 },
      { offer_id: o2, name: 'Alpha lease B', location_id: shop.locations[0], impressions: 25, detail_views: 0, saves: 0, shares: 0, prints: 0, downloads: 5, verified_redemptions: 0, leads: 0 },
    ]);
    expect(body.locations).toEqual(
      expect.arrayContaining([
        { location_id: shop.locations[0], name: 'Alpha Southfield', city: 'Southfield', impressions: 115, detail_views: 5, saves: 0, shares: 0, prints: 12, downloads: 5, verified_redemptions: 0, leads: 1 },
        { location_id: shop.locations[1], name: 'Alpha Naperville', city: 'Naperville', impressions: 35, detail_views: 2, saves: 0, shares: 0, prints: 0, downloads: 0, verified_redemptions: 0, leads: 1 },
      ]),
    );
    expect(body.locations).toHaveLength(2);
  });

  it('narrows to one offer or one location of the merchant', async () => {
    const [o1] = shop.offers;
    const byOffer = (await call('GET', url(`&offer_id=${o1}`), owner.headers)).json();
    expect(byOffer.totals).toEqual({ impressions: 90, detail_views: 0, saves: 0, shares: 0, prints: 12, downloads: 0, verified_redemptions: 4, leads: 1 });
    expect(byOffer.previous_totals).toMatchObject({ impressions: 15, leads: 1 });
    expect(byOffer.change.impressions).toBe(500);
    expect(byOffer.offers.map((o: { offer_id: number }) => o.offer_id)).toEqual([o1]);
    expect(byOffer.locations).toEqual([]);
    const byLocation = (await call('GET', url(`&location_id=${shop.locations[1]}`), owner.headers)).json();
    expect(byLocation.totals).toEqual({ impressions: 35, detail_views: 2, saves: 0, shares: 0, prints: 0, downloads: 0, verified_redemptions: 0, leads: 1 });
    expect(byLocation.offers.map((o: { offer_id: number }) => o.offer_id)).toEqual([shop.offers[2]]);
    expect(byLocation.locations.map((l: { location_id: number }) => l.location_id)).toEqual([shop.locations[1]]);
    // An offer of the merchant at another of its locations: not in that location.
    expect((await call('GET', url(`&offer_id=${o1}&location_id=${shop.locations[1]}`), owner.headers)).statusCode).toBe(404);
  });

  it('refuses bad dates, spans over 366 days and ids that are not the merchant’s, naming the field', async () => {
    const bad = async (q: string, field: string, status = 400) => {
      const res = await call('GET', `/api/merchant/${shop.id}/analytics/?${q}`, owner.headers);
      expect(res.statusCode, q).toBe(status);
      if (status === 400) expect(Object.keys(res.json()), q).toContain(field);
      return res.json();
    };
    await bad('from=2026-02-30&to=2026-03-01', 'from');
    await bad('from=yesterday', 'from');
    await bad('from=2026-03-02&to=2026-03-01', 'from');
    await bad('from=2025-01-01&to=2026-01-02', 'from');
    await bad('offer_id=abc', 'offer_id');
    await bad('location_id=-1', 'location_id');
    expect(await bad(`offer_id=${other.offers[0]}`, '', 404)).toEqual({ detail: 'This business has no such offer.' });
    expect(await bad('offer_id=2147483000', '', 404)).toEqual({ detail: 'This business has no such offer.' });
    expect(await bad(`location_id=${other.locations[1]}`, '', 404)).toEqual({ detail: 'This business has no such location.' });
    // 366 days is the most.
    expect((await call('GET', `/api/merchant/${shop.id}/analytics/?from=2025-01-01&to=2026-01-01`, owner.headers)).statusCode).toBe(200);
  });

  it('answers the same figures as CSV', async () => {
    const res = await call('GET', `/api/merchant/${shop.id}/analytics.csv?from=${from}&to=${to}`, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="analytics-${shop.id}-${from}-to-${to}.csv"`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('day,impressions,detail_views,saves,shares,prints,downloads,verified_redemptions,leads');
    expect(lines[1]).toBe('2026-03-01,100,7,0,0,0,0,0,0');
    expect(lines).toHaveLength(13);
    expect(lines[11]).toBe('total,150,7,4,3,20,5,6,2');
    expect(lines[12]).toBe('previous 2026-02-19 to 2026-02-28,120,0,0,0,10,0,0,1');
    expect((await call('GET', `/api/merchant/${shop.id}/analytics.csv?to=nope`, owner.headers)).statusCode).toBe(400);
  });

  it("counts events on the business day of the location's market (Detroit and Chicago)", async () => {
    const [o1, , o3] = shop.offers;
    // 2026-01-15 (winter: Detroit UTC-5, Chicago UTC-6).
    const at = (iso: string) => new Date(iso);
    const events: Array<[number, string]> = [
      [o1, '2026-01-15T04:59:00Z'], // Detroit 23:59 on the 14th
      [o1, '2026-01-15T05:00:00Z'], // Detroit 00:00 on the 15th
      [o3, '2026-01-15T05:30:00Z'], // Chicago 23:30 on the 14th
      [o3, '2026-01-15T06:00:00Z'], // Chicago 00:00 on the 15th
      [o3, '2026-01-16T05:59:59Z'], // Chicago 23:59:59 on the 15th
    ];
    for (const [offerId, when] of events) t.app.deps.analytics.record({ event: 'offer.impression', source: 'client', offerId, occurredAt: at(when) });
    await t.app.deps.analytics.flush();
    const q = `/api/merchant/${shop.id}/analytics/?from=2026-01-14&to=2026-01-15`;
    const days = async (extra: string) => ((await call('GET', `${q}${extra}`, owner.headers)).json().days as Array<{ day: string; impressions: number }>).map((d) => [d.day, d.impressions]);
    expect(await days(`&offer_id=${o1}`)).toEqual([['2026-01-14', 1], ['2026-01-15', 1]]);
    expect(await days(`&offer_id=${o3}`)).toEqual([['2026-01-14', 1], ['2026-01-15', 2]]);
    expect(await days('')).toEqual([['2026-01-14', 2], ['2026-01-15', 3]]);
    const [stored] = await rows<{ day: string }>(sql`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_events WHERE offer_id = ${o3} AND occurred_at = '2026-01-15T05:30:00Z'`);
    expect(stored!.day).toBe('2026-01-14');
  });

  it('counts a new save as a save of the offer, once', async () => {
    const [o1] = shop.offers;
    const saver = await signUpMember(t.app);
    for (const expected of [201, 200]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/userclipped/', headers: saver.headers, payload: { offer_id: o1 }, remoteAddress: saver.ip });
      expect(res.statusCode).toBe(expected);
    }
    await t.app.deps.analytics.flush();
    const body = (await call('GET', `/api/merchant/${shop.id}/analytics/?offer_id=${o1}`, owner.headers)).json();
    expect(body.totals.saves).toBe(1);
  });
});

describe('leads', () => {
  it("routes an auto lead to its dealer's inbox and mails the owners and managers, not the cashier", async () => {
    const [o1] = shop.offers;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/autolead/',
      remoteAddress: randomClientIp(),
      payload: { offer_id: o1, offer_type: 'test-drive', first_name: 'Dee', last_name: 'Driver', email: 'dee.driver@example.com', phone: '(248) 555-0142', zip: '48075' },
    });
    expect(res.statusCode).toBe(201);
    const leadId = res.json().id as number;
    const [row] = await rows<{ merchant_id: number }>(sql`SELECT merchant_id FROM leads WHERE id = ${leadId}`);
    expect(row!.merchant_id).toBe(shop.id);
    await t.app.deps.mail.drain();
    const mails = (await listMailbox(mailboxDir(t.env))).filter((m) => m.subject.endsWith(`(#${leadId})`));
    const to = (email: string) => mails.filter((m) => m.to === email);
    expect(to(owner.email)).toHaveLength(1);
    expect(to(manager.email)).toHaveLength(1);
    expect(to(cashier.email)).toHaveLength(0);
    expect(to(otherOwner.email)).toHaveLength(0);
    const mail = to(owner.email)[0]!;
    expect(mail.subject).toBe(`New auto lease / test drive request from Dee Driver (#${leadId})`);
    expect(mail.text).toContain('Phone: +12485550142');
    expect(mail.text).toContain('Offer: Alpha lease A');

    const inbox = (await call('GET', `/api/merchant/${shop.id}/leads/`, manager.headers)).json();
    expect(inbox.results[0]).toMatchObject({ id: leadId, kind: 'autolead', status: 'new', request: 'test-drive', offer_id: o1, offer_name: 'Alpha lease A', first_name: 'Dee', last_name: 'Driver', email: 'dee.driver@example.com', phone: '+12485550142', zip: '48075' });
    expect(inbox.results.every((l: { status: string }) => l.status !== 'spam')).toBe(true);
    expect(inbox).toMatchObject({ page: 1, page_size: 25 });
    const theirs = (await call('GET', `/api/merchant/${other.id}/leads/`, otherOwner.headers)).json();
    expect(theirs.results.some((l: { id: number }) => l.id === leadId)).toBe(false);
  });

  it('filters by status and pages', async () => {
    const all = (await call('GET', `/api/merchant/${shop.id}/leads/?page_size=1`, owner.headers)).json();
    expect(all.results).toHaveLength(1);
    expect(all.count).toBeGreaterThanOrEqual(3);
    const done = (await call('GET', `/api/merchant/${shop.id}/leads/?status=done`, owner.headers)).json();
    expect(done).toEqual({ results: [], count: 0, page: 1, page_size: 25 });
    const spam = await call('GET', `/api/merchant/${shop.id}/leads/?status=spam`, owner.headers);
    expect(spam.statusCode).toBe(400);
    expect(spam.json()).toEqual({ status: ['Use new, in_progress or done.'] });
    expect((await call('GET', `/api/merchant/${shop.id}/leads/?page=0`, owner.headers)).json()).toHaveProperty('page');
  });
});

describe('leads handled', () => {
  it('marks a lead handled by the person and clears it, audited once per change, and filters by it', async () => {
    const id = await makeLead(shop.id, { first_name: 'Hana' });
    const url = `/api/merchant/${shop.id}/leads/${id}/`;
    const marked = await call('PATCH', url, manager.headers, { handled: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id, first_name: 'Hana', handled_by: 'Max Manager' });
    expect(marked.json().handled_at).toMatch(/^\d{4}-/);
    // Again: nothing changes, no second audit entry.
    expect((await call('PATCH', url, owner.headers, { handled: true })).json()).toMatchObject({ handled_by: 'Max Manager' });
    const audits = () => rows<{ actor_email: string; after: Record<string, unknown> }>(sql`SELECT actor_email, after FROM audit_log WHERE action = 'lead.merchant_handled' AND entity_id = ${String(id)} ORDER BY id`);
    expect((await audits()).map((a) => a.actor_email)).toEqual([manager.email]);
    const handled = (await call('GET', `/api/merchant/${shop.id}/leads/?handled=true&page_size=100`, owner.headers)).json();
    expect(handled.results.map((l: { id: number }) => l.id)).toContain(id);
    const open = (await call('GET', `/api/merchant/${shop.id}/leads/?handled=false&page_size=100`, owner.headers)).json();
    expect(open.results.map((l: { id: number }) => l.id)).not.toContain(id);
    expect(open.results.every((l: { handled_at: string | null }) => l.handled_at === null)).toBe(true);

    const cleared = await call('PATCH', url, owner.headers, { handled: false });
    expect(cleared.json()).toMatchObject({ id, handled_at: null, handled_by: null });
    expect((await audits()).map((a) => a.actor_email)).toEqual([manager.email, owner.email]);
    const [row] = await rows<{ merchant_handled_at: unknown; merchant_handled_by: unknown; status: string }>(sql`SELECT merchant_handled_at, merchant_handled_by, status FROM leads WHERE id = ${id}`);
    expect(row).toEqual({ merchant_handled_at: null, merchant_handled_by: null, status: 'new' });
  });

  it("refuses another merchant's lead, spam and bad bodies, naming the field", async () => {
    const theirs = await makeLead(other.id);
    expect((await call('PATCH', `/api/merchant/${shop.id}/leads/${theirs}/`, owner.headers, { handled: true })).statusCode).toBe(404);
    const spam = await makeLead(shop.id);
    await rows(sql`UPDATE leads SET status = 'spam' WHERE id = ${spam}`);
    expect((await call('PATCH', `/api/merchant/${shop.id}/leads/${spam}/`, owner.headers, { handled: true })).statusCode).toBe(404);
    const mine = await makeLead(shop.id);
    for (const body of [{}, { handled: 'yes' }, { handled: null }]) {
      const res = await call('PATCH', `/api/merchant/${shop.id}/leads/${mine}/`, owner.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('handled');
    }
    expect((await call('GET', `/api/merchant/${shop.id}/leads/?handled=maybe`, owner.headers)).json()).toEqual({ handled: ['Use true or false.'] });
  });
});

describe('invitations by owners', () => {
  it('invites through the console\'s invitation service: mailed, listed as pending, audited, accepted onto this team', async () => {
    const email = `invited-${Date.now()}@example.com`;
    const res = await call('POST', `/api/merchant/${shop.id}/invitations/`, owner.headers, { email, role: 'manager' });
    expect(res.statusCode).toBe(201);
    const invitation = res.json();
    expect(invitation).toMatchObject({ email, role: 'manager', merchant_id: shop.id, location_ids: null, accepted_at: null });
    const pending = (await call('GET', `/api/merchant/${shop.id}/invitations/`, owner.headers)).json() as Array<{ id: number }>;
    expect(pending.map((i) => i.id)).toContain(invitation.id);
    const [audit] = await rows<{ actor_email: string }>(sql`SELECT actor_email FROM audit_log WHERE action = 'merchant.invite' AND entity_id = ${String(invitation.id)}`);
    expect(audit!.actor_email).toBe(owner.email);
    await t.app.deps.mail.drain();
    const mail = (await listMailbox(mailboxDir(t.env))).find((m) => m.to === email);
    const token = /invitation\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const accepted = await t.app.inject({ method: 'POST', url: '/auth/invitations/accept/', remoteAddress: randomClientIp(), payload: { token, password: 'Invited manager passphrase 4', first_name: 'Ina', last_name: 'Invited' } });
    expect(accepted.statusCode).toBe(201);
    const team = (await call('GET', `/api/merchant/${shop.id}/team/`, owner.headers)).json() as Array<{ email: string; role: string }>;
    expect(team.find((p) => p.email === email)).toMatchObject({ role: 'manager' });
  });

  it('lets one owner send 20 invitations in 24 hours, then 429 naming the limit', async () => {
    const flood = await makeShop('Flood');
    const boss = await signUpMerchantPerson(t.app, flood.id, 'owner');
    const invite = (i: number) => call('POST', `/api/merchant/${flood.id}/invitations/`, boss.headers, { email: `flood-${i}-${boss.id}@example.com`, role: 'manager' });
    for (let i = 0; i < 20; i++) expect((await invite(i)).statusCode).toBe(201);
    const over = await invite(20);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ detail: 'You have sent 20 invitations in the last 24 hours, the most one account may send. Try again tomorrow.' });
  });

  it("refuses a cashier without locations, another merchant's locations and bad e-mail addresses, naming the field", async () => {
    const post = (body: unknown) => call('POST', `/api/merchant/${shop.id}/invitations/`, owner.headers, body);
    expect((await post({ email: 'c1@example.com', role: 'cashier' })).json()).toHaveProperty('location_ids');
    const foreign = await post({ email: 'c2@example.com', role: 'cashier', location_ids: [other.locations[0]] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toHaveProperty('location_ids');
    expect((await post({ email: 'not an address', role: 'owner' })).json()).toHaveProperty('email');
    expect((await post({ email: 'c3@example.com', role: 'boss' })).json()).toHaveProperty('role');
    expect((await call('POST', `/api/merchant/${other.id}/invitations/`, owner.headers, { email: 'c4@example.com', role: 'owner' })).statusCode).toBe(403);
  });
});

describe('the till itself', () => {
  it('tells a paired till its business and location; 401 without a live token', async () => {
    const paired = (await call('POST', `/api/merchant/${shop.id}/devices/`, owner.headers, { location_id: shop.locations[1], name: 'Counter' })).json();
    const me = await call('GET', '/api/merchant/till/', { 'x-store-device': paired.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: paired.id, name: 'Counter', merchant_id: shop.id, location_id: shop.locations[1], location_name: 'Alpha Naperville', city: 'Naperville' });
    expect((await call('GET', '/api/merchant/till/')).statusCode).toBe(401);
    expect((await call('GET', '/api/merchant/till/', { 'x-store-device': 'not-a-real-token-at-all' })).statusCode).toBe(401);
    await call('DELETE', `/api/merchant/${shop.id}/devices/${paired.id}/`, owner.headers);
    expect((await call('GET', '/api/merchant/till/', { 'x-store-device': paired.token })).statusCode).toBe(401);
  });
});

describe('team', () => {
  const team = async () => (await call('GET', `/api/merchant/${shop.id}/team/`, owner.headers)).json() as Array<Record<string, unknown>>;

  it('lists name, e-mail, role and locations', async () => {
    const people = await team();
    expect(people[0]).toMatchObject({ id: owner.membershipId, user_id: owner.id, first_name: 'Olive', last_name: 'Owner', email: owner.email, role: 'owner', location_ids: null });
    expect(people.find((p) => p.id === cashier.membershipId)).toMatchObject({ role: 'cashier', email: cashier.email, location_ids: [shop.locations[0]] });
    expect(people.some((p) => p.email === otherOwner.email)).toBe(false);
  });

  it("changes a cashier's locations without a password, a role only with it, audited", async () => {
    const url = `/api/merchant/${shop.id}/team/${cashier.membershipId}/`;
    const moved = await call('PATCH', url, owner.headers, { location_ids: [shop.locations[1], shop.locations[0], shop.locations[1]] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().location_ids).toEqual([...shop.locations].sort((a, b) => a - b));
    const foreign = await call('PATCH', url, owner.headers, { location_ids: [other.locations[0]] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ location_ids: ['Choose locations of this business.'] });
    expect((await call('PATCH', url, owner.headers, { role: 'manager' })).json()).toEqual({ current_password: ['Enter your password to change a role.'] });
    expect((await call('PATCH', url, owner.headers, { role: 'manager', current_password: 'not it at all' })).json()).toEqual({ current_password: ['Your password is incorrect.'] });
    expect((await call('PATCH', url, owner.headers, { role: 'chief' })).statusCode).toBe(400);
    expect((await call('PATCH', url, owner.headers, {})).json()).toEqual({ role: ['Send a role or location_ids.'] });
    const stale = await call('PATCH', url, owner.headers, { role: 'manager', current_password: owner.password, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: cashier.membershipId, role: 'cashier' });
    const promoted = await call('PATCH', url, owner.headers, { role: 'manager', current_password: owner.password, version: moved.json().version });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'manager', location_ids: null });
    const [audit] = await rows<{ action: string; actor_id: number; before: { role: string }; after: { role: string } }>(
      sql`SELECT action, actor_id, before, after FROM audit_log WHERE entity = 'merchant_member' AND entity_id = ${String(cashier.membershipId)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ action: 'merchant_member.update', actor_id: owner.id, before: { role: 'cashier' }, after: { role: 'manager' } });
    // Back to a cashier at the Detroit location.
    const back = await call('PATCH', url, owner.headers, { role: 'cashier', location_ids: [shop.locations[0]], current_password: owner.password });
    expect(back.json()).toMatchObject({ role: 'cashier', location_ids: [shop.locations[0]] });
    expect((await call('PATCH', `/api/merchant/${shop.id}/team/${manager.membershipId}/`, owner.headers, { location_ids: [shop.locations[0]] })).json()).toEqual({
      location_ids: ['Only cashiers are limited to locations; owners and managers work at every location.'],
    });
  });

  it('keeps the last owner: no demotion, no removal; with two owners one may go', async () => {
    const self = `/api/merchant/${shop.id}/team/${owner.membershipId}/`;
    const demote = await call('PATCH', self, owner.headers, { role: 'manager', current_password: owner.password });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ detail: 'A business keeps at least one owner: make someone else owner first.' });
    expect((await call('DELETE', self, owner.headers)).statusCode).toBe(409);
    const second = await signUpMerchantPerson(t.app, shop.id, 'owner');
    const removed = await call('DELETE', `/api/merchant/${shop.id}/team/${second.membershipId}/`, owner.headers);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/api/merchant/${shop.id}/analytics/`, second.headers)).statusCode).toBe(403);
    const [audit] = await rows<{ action: string }>(sql`SELECT action FROM audit_log WHERE entity = 'merchant_member' AND action <> 'merchant_member.accept_invitation' AND entity_id = ${String(second.membershipId)}`);
    expect(audit!.action).toBe('merchant_member.remove');
    expect((await call('DELETE', `/api/merchant/${shop.id}/team/${second.membershipId}/`, owner.headers)).statusCode).toBe(404);
    // Two owners demoting each other at once: one stays.
    const third = await signUpMerchantPerson(t.app, shop.id, 'owner');
    const both = await Promise.all([
      call('PATCH', self, third.headers, { role: 'manager', current_password: third.password }),
      call('PATCH', `/api/merchant/${shop.id}/team/${third.membershipId}/`, owner.headers, { role: 'manager', current_password: owner.password }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const owners = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM merchant_members WHERE merchant_id = ${shop.id} AND role = 'owner'`))[0]!.n;
    expect(owners).toBe(1);
    // Put the fixture owner back if the other one won.
    if (both[1]!.statusCode === 409) {
      await rows(sql`UPDATE merchant_members SET role = 'owner' WHERE id = ${owner.membershipId}`);
    }
  });
});

describe('the last owner through an invitation', () => {
  it('refuses the sole owner accepting an invitation to their own address as manager (409, as the team PATCH); with two owners it goes through', async () => {
    const solo = await makeShop('Solo');
    const sole = await signUpMerchantPerson(t.app, solo.id, 'owner');
    const accept = async (role: 'manager' | 'cashier') =>
      t.app.inject({
        method: 'POST',
        url: '/auth/invitations/accept/',
        remoteAddress: randomClientIp(),
        payload: { token: await merchantInvitation(t.app, solo.id, role, sole.email, role === 'cashier' ? [solo.locations[0]] : null), password: sole.password, first_name: 'Sole', last_name: 'Owner' },
      });
    for (const role of ['manager', 'cashier'] as const) {
      const res = await accept(role);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ detail: 'A business keeps at least one owner: make someone else owner first.' });
    }
    const roleOf = async () => (await rows<{ role: string }>(sql`SELECT role FROM merchant_members WHERE id = ${sole.membershipId}`))[0]!.role;
    expect(await roleOf()).toBe('owner');
    await signUpMerchantPerson(t.app, solo.id, 'owner');
    expect((await accept('manager')).statusCode).toBe(201);
    expect(await roleOf()).toBe('manager');
  });
});

describe('store devices', () => {
  const base = () => `/api/merchant/${shop.id}/devices/`;

  it('pairs a till with a token shown once and stored as SHA-256; the header finds it until it is revoked', async () => {
    const res = await call('POST', base(), owner.headers, { location_id: shop.locations[1], name: '  Counter 2  ' });
    expect(res.statusCode).toBe(201);
    const paired = res.json();
    expect(paired).toMatchObject({ name: 'Counter 2', location_id: shop.locations[1], location_name: 'Alpha Naperville', last_used_at: null, revoked_at: null });
    expect(paired.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await rows<{ token_hash: string; created_by: number }>(sql`SELECT token_hash, created_by FROM store_devices WHERE id = ${paired.id}`);
    expect(stored).toEqual({ token_hash: createHash('sha256').update(paired.token).digest('hex'), created_by: owner.id });
    const device = await storeDeviceByToken(t.db.db, paired.token);
    expect(device).toEqual({ id: paired.id, merchantId: shop.id, locationId: shop.locations[1], name: 'Counter 2' });

    const listed = (await call('GET', base(), owner.headers)).json() as Array<Record<string, unknown>>;
    const mine = listed.find((d) => d.id === paired.id)!;
    expect(mine).not.toHaveProperty('token');
    expect(mine.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(paired.token);

    expect((await call('DELETE', `${base()}${paired.id}/`, owner.headers)).statusCode).toBe(204);
    expect(await storeDeviceByToken(t.db.db, paired.token)).toBeUndefined();
    expect((await call('DELETE', `${base()}${paired.id}/`, owner.headers)).statusCode).toBe(204);
    const revoked = ((await call('GET', base(), owner.headers)).json() as Array<Record<string, unknown>>).find((d) => d.id === paired.id)!;
    expect(revoked.revoked_at).not.toBeNull();
    const audits = await rows<{ action: string; after: Record<string, unknown> }>(sql`SELECT action, after FROM audit_log WHERE entity = 'store_device' AND entity_id = ${String(paired.id)} ORDER BY id`);
    expect(audits.map((a) => a.action)).toEqual(['store_device.pair', 'store_device.revoke']);
    expect(JSON.stringify(audits)).not.toContain(paired.token);
  });

  it('refuses a location of another merchant and bad bodies, naming the field', async () => {
    const foreign = await call('POST', base(), owner.headers, { location_id: other.locations[0], name: 'Till' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ location_id: ['Choose locations of this business.'] });
    expect((await call('POST', base(), owner.headers, {})).json()).toEqual({ location_id: ['This is required'], name: ['This is required'] });
    expect((await call('POST', base(), owner.headers, { location_id: shop.locations[0], name: 'x'.repeat(81) })).json()).toEqual({ name: ['Use at most 80 characters.'] });
    expect((await call('DELETE', `${base()}2147483000/`, owner.headers)).json()).toEqual({ detail: 'This business has no such till.' });
  });
});

describe('odd input of any shape', () => {
  it('answers 4xx naming a field (never a 5xx) to odd bodies, queries and paths', async () => {
    const odd: unknown[] = [null, [], [1], 'text', 12, true, { role: null }, { role: ['owner'] }, { location_ids: 'all' }, { location_ids: [null] }, { location_ids: [1.5] }, { location_ids: Array(301).fill(1) },
      { location_id: '\u0000', name: 'x' }, { location_id: 1e40, name: 'x' }, { name: { a: 1 } }, { version: 'one', role: 'owner' }, { current_password: 12, role: 'manager' }, { name: '\u0000' }];
    const bad: string[] = [];
    const check = async (method: Method, url: string, payload?: unknown) => {
      const res = await t.app.inject({ method, url, headers: { ...owner.headers, 'content-type': 'application/json' }, remoteAddress: '10.77.0.9', ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
      let body: Record<string, unknown> = {};
      try {
        body = res.json() as Record<string, unknown>;
      } catch {
        // not JSON: counted below
      }
      const fielded = Object.keys(body).length > 0 && Object.values(body).every((v) => typeof v === 'string' || (Array.isArray(v) && v.every((m) => typeof m === 'string')));
      if (res.statusCode >= 500 || res.statusCode < 400 || !fielded) bad.push(`${method} ${url} ${JSON.stringify(payload)?.slice(0, 60)} -> ${res.statusCode} ${res.body.slice(0, 100)}`);
    };
    for (const body of odd) {
      await check('PATCH', `/api/merchant/${shop.id}/team/${cashier.membershipId}/`, body);
      await check('POST', `/api/merchant/${shop.id}/devices/`, body);
      await check('POST', `/api/merchant/${shop.id}/invitations/`, body);
      await check('PATCH', `/api/merchant/${shop.id}/leads/1/`, body);
    }
    for (const q of ['from=%00', 'to=2026-13-01', 'from=99999-01-01', 'offer_id=1e3', 'offer_id=0', 'location_id=99999999999', 'from=2026-01-01&from=2026-01-02', 'to=2026-02-29']) {
      await check('GET', `/api/merchant/${shop.id}/analytics/?${q}`);
      await check('GET', `/api/merchant/${shop.id}/analytics.csv?${q}`);
    }
    for (const q of ['status=NEW', 'page=401', 'page_size=0', 'page=abc', 'status=%00']) await check('GET', `/api/merchant/${shop.id}/leads/?${q}`);
    for (const path of ['abc', '0', '99999999999', '%00']) {
      await check('GET', `/api/merchant/${path}/analytics/`);
      await check('DELETE', `/api/merchant/${shop.id}/devices/${path}/`);
      await check('PATCH', `/api/merchant/${shop.id}/team/${path}/`, { location_ids: [] });
    }
    expect(bad).toEqual([]);
  });
});
