// "Open now" and "valid today" on catalogue answers (docs/api.md "Open now and valid today"):
// computed per request in the location's market time zone, at a clock the test pins
// (`deps.clock`). 2026-11-26 is a Thursday; Detroit is UTC-5 and Chicago UTC-6 then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { DEFAULT_PLACE } from '@market/domain/markets';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { addCategory, addLocation, addMerchant, addOffer, north, uid } from './catalogue.fixtures.ts';

const HOURS = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => [d, [{ open: '09:00', close: '21:00' }]]));

describe('open now and valid today', () => {
  let t: TestApp;
  const u = uid();
  const ids: Record<string, number> = {};
  const loc: Record<string, number> = {};
  let seed = 0;

  const pin = (iso: string) => {
    t.app.deps.clock = () => new Date(iso);
  };

  async function get<T>(url: string): Promise<{ body: T; cacheControl: string | undefined }> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json() as T, cacheControl: res.headers['cache-control'] as string | undefined };
  }

  type Item = { entitiable_id: number; open_now?: boolean | null; hours_label?: string | null; valid_today?: boolean; valid_now?: boolean; valid_label?: string };
  // A new seed each call: a fresh URL, so the answer cache never hands back another clock's answer.
  const list = async () => (await get<Item[]>(`/api/entities/?category=tmain-${u}&order=random&seed=${++seed}&limit=50`)).body;
  const byId = (items: Item[], key: string) => items.find((i) => i.entitiable_id === ids[key])!;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.db;
    const main = await addCategory(db, { kind: 'main', slug: `tmain-${u}`, name: `Open Now ${u}`, orderNum: 95 });
    const m = await addMerchant(db, { name: 'Hours Diner' });
    const detroit = await addLocation(db, m, north(DEFAULT_PLACE, 2), { openingHours: HOURS, phone: '(313) 555-0100' });
    // A Chicago-market location (same hours on its own clock) within the Detroit listing circle.
    const chicago = await addLocation(db, m, north(DEFAULT_PLACE, 3), { marketId: 'chicago', openingHours: HOURS });
    const unknown = await addLocation(db, m, north(DEFAULT_PLACE, 4));
    Object.assign(loc, { detroit: detroit.id, chicago: chicago.id, unknown: unknown.id });
    const expiresAt = addDays(t.today, 30);
    ids.detroit = (await addOffer(db, detroit, main, { name: `Detroit deal ${u}`, expiresAt })).id;
    ids.chicago = (await addOffer(db, chicago, main, { name: `Chicago deal ${u}`, expiresAt })).id;
    ids.weekend = (await addOffer(db, detroit, main, { name: `Weekend deal ${u}`, expiresAt, finePrint: { days: ['sat', 'sun'] } })).id;
    ids.lunch = (await addOffer(db, detroit, main, { name: `Lunch deal ${u}`, expiresAt, finePrint: { days: ['thu'], hours: { from: '11:00', to: '14:00' } } })).id;
    ids.unknown = (await addOffer(db, unknown, main, { name: `No hours deal ${u}`, expiresAt })).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reads Detroit and Chicago hours each on its own clock', async () => {
    pin('2026-11-27T02:30:00Z'); // Thu 21:30 in Detroit, 20:30 in Chicago
    const items = await list();
    expect(byId(items, 'detroit')).toMatchObject({ open_now: false, hours_label: 'Opens Fri 9 am' });
    expect(byId(items, 'chicago')).toMatchObject({ open_now: true, hours_label: 'Closes 9 pm' });
    expect(byId(items, 'unknown')).toMatchObject({ open_now: null, hours_label: null });
  });

  it('is closed exactly at the closing minute', async () => {
    pin('2026-11-27T01:59:00Z'); // Thu 20:59 Detroit
    expect(byId(await list(), 'detroit')).toMatchObject({ open_now: true, hours_label: 'Closes 9 pm' });
    pin('2026-11-27T02:00:00Z'); // Thu 21:00 Detroit
    expect(byId(await list(), 'detroit')).toMatchObject({ open_now: false, hours_label: 'Opens Fri 9 am' });
  });

  it('says when an offer is not valid today, and when it is valid now', async () => {
    pin('2026-11-26T17:00:00Z'); // Thu 12:00 Detroit
    const items = await list();
    expect(byId(items, 'weekend')).toMatchObject({ valid_today: false, valid_now: false, valid_label: 'Not valid today' });
    expect(byId(items, 'lunch')).toMatchObject({ valid_today: true, valid_now: true, valid_label: 'Valid today' });
    expect(byId(items, 'detroit')).toMatchObject({ valid_today: true, valid_now: true, valid_label: 'Valid today' });
    pin('2026-11-26T19:00:00Z'); // Thu 14:00: the lunch hours have ended
    expect(byId(await list(), 'lunch')).toMatchObject({ valid_today: true, valid_now: false });
    pin('2026-11-28T17:00:00Z'); // Sat 12:00
    expect(byId(await list(), 'weekend')).toMatchObject({ valid_today: true, valid_label: 'Valid today' });
  });

  it('puts the fields on the offer detail and the location, with the week of hours', async () => {
    pin('2026-11-26T15:00:00Z'); // Thu 10:00 Detroit
    const detail = await get<Record<string, unknown>>(`/api/offers/${ids.weekend}/`);
    expect(detail.body).toMatchObject({ open_now: true, hours_label: 'Closes 9 pm', valid_today: false, valid_label: 'Not valid today' });
    const location = await get<Record<string, unknown> & { opening_hours: { day: string; hours: string; today: boolean }[]; entities: Item[] }>(`/api/locations/${loc.detroit}/`);
    expect(location.body).toMatchObject({ open_now: true, hours_label: 'Closes 9 pm', timezone: 'America/Detroit' });
    expect(location.body.opening_hours.find((r) => r.today)).toMatchObject({ day: 'thu', hours: '9 am – 9 pm' });
    expect(location.body.opening_hours.find((r) => r.day === 'sat')!.hours).toBe('Closed');
    expect(location.body.opening_hours_raw).toEqual(HOURS);
    expect(location.body.entities.find((e) => e.entitiable_id === ids.weekend)).toMatchObject({ open_now: true, valid_today: false });
    const chicago = await get<Record<string, unknown>>(`/api/locations/${loc.chicago}/`);
    expect(chicago.body).toMatchObject({ timezone: 'America/Chicago', open_now: true });
  });

  it('lets caches keep clock-dependent answers only to the end of the minute', async () => {
    pin('2026-11-26T15:00:45Z');
    const res = await get<Item[]>(`/api/entities/?category=tmain-${u}&seed=${++seed}`);
    expect(res.cacheControl).toBe('public, max-age=15, s-maxage=15');
    const detail = await get<unknown>(`/api/locations/${loc.detroit}/`);
    expect(detail.cacheControl).toBe('public, max-age=15, s-maxage=15');
  });
});
