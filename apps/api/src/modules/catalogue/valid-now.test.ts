// "Valid right now" on the offer lists and search (docs/api.md "Offer lists"): offers whose fine
// print allows this minute at a location open now, both on the location's market clock, at the
// edges, with a pinned clock (`deps.clock`). 2026-11-26 is a Thursday; Detroit is UTC-5 and
// Chicago UTC-6 then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { DEFAULT_PLACE } from '@market/domain/markets';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { addCategory, addLocation, addMerchant, addOffer, north, uid } from './catalogue.fixtures.ts';
import { OFFER_ORDERS } from './schema.ts';
import { SEARCH_ORDERS } from '../search/schema.ts';

const week = (days: string[], open: string, close: string) => Object.fromEntries(days.map((d) => [d, [{ open, close }]]));
const WEEKDAYS = week(['mon', 'tue', 'wed', 'thu', 'fri'], '09:00', '21:00');
const EVERY_DAY = week(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], '08:00', '22:00');
// A bar: Friday and Saturday nights past midnight.
const LATE = week(['fri', 'sat'], '18:00', '02:00');

type Item = { entitiable_id: number; open_now?: boolean | null; valid_now?: boolean; valid_today?: boolean; hours_label?: string | null };

describe('valid right now', () => {
  let t: TestApp;
  const u = uid();
  const ids: Record<string, number> = {};
  let fresh = 0;

  const pin = (iso: string) => {
    t.app.deps.clock = () => new Date(iso);
  };

  // A new seed each call: a fresh URL, so the answer cache never hands back another clock's answer.
  async function get(path: string, query: string): Promise<Item[]> {
    const res = await t.app.inject({ method: 'GET', url: `${path}?${query}&seed=${++fresh}${query.includes('limit=') ? '' : '&limit=50'}` });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json() as Item[];
    // Whatever the list, every item it keeps is open and valid at the pinned minute.
    if (query.includes('valid_now=true')) for (const i of items) expect(i, JSON.stringify(i)).toMatchObject({ open_now: true, valid_now: true, valid_today: true });
    return items;
  }
  const names = (items: Item[]) => Object.keys(ids).filter((k) => items.some((i) => i.entitiable_id === ids[k])).sort();
  const validNow = async (extra = '') => names(await get('/api/entities/', `category=tvn-${u}&valid_now=true${extra}`));

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.db;
    const main = await addCategory(db, { kind: 'main', slug: `tvn-${u}`, name: `Valid Now ${u}`, orderNum: 96 });
    const m = await addMerchant(db, { name: `Now Diner ${u}` });
    const detroit = await addLocation(db, m, north(DEFAULT_PLACE, 2), { openingHours: WEEKDAYS });
    // A Chicago-market location with the same hours on its own clock, inside the Detroit circle.
    const chicago = await addLocation(db, m, north(DEFAULT_PLACE, 3), { marketId: 'chicago', openingHours: WEEKDAYS });
    const daily = await addLocation(db, m, north(DEFAULT_PLACE, 4), { openingHours: EVERY_DAY });
    const bar = await addLocation(db, m, north(DEFAULT_PLACE, 5), { openingHours: LATE });
    const unknown = await addLocation(db, m, north(DEFAULT_PLACE, 6));
    const expiresAt = addDays(t.today, 30);
    const offer = async (key: string, location: typeof detroit, finePrint?: Record<string, unknown>) => {
      ids[key] = (await addOffer(db, location, main, { name: `Zapnow ${key} ${u}`, expiresAt, ...(finePrint ? { finePrint } : {}) })).id;
    };
    await offer('detroit', detroit);
    await offer('chicago', chicago);
    await offer('weekend', daily, { days: ['sat', 'sun'] });
    await offer('lunch', daily, { hours: { from: '11:00', to: '14:00' } });
    await offer('bar', bar);
    await offer('lateNight', bar, { days: ['fri'], hours: { from: '22:00', to: '02:00' } });
    await offer('unknown', unknown);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps a location a minute before its closing minute and drops it at that minute', async () => {
    pin('2026-11-27T01:59:00Z'); // Thu 20:59 Detroit, 19:59 Chicago
    expect(await validNow()).toEqual(['chicago', 'detroit']);
    pin('2026-11-27T02:00:00Z'); // Thu 21:00 Detroit: closed; Chicago 20:00 still open
    expect(await validNow()).toEqual(['chicago']);
    // Without the filter every offer is listed, closed or not.
    expect(names(await get('/api/entities/', `category=tvn-${u}`))).toHaveLength(Object.keys(ids).length);
  });

  it('reads two markets at the same instant each on its own clock', async () => {
    pin('2026-11-27T02:30:00Z'); // Thu 21:30 Detroit (closed), 20:30 Chicago (open)
    expect(await validNow()).toEqual(['chicago']);
    pin('2026-11-27T02:59:00Z'); // Chicago 20:59
    expect(await validNow()).toEqual(['chicago']);
    pin('2026-11-27T03:00:00Z'); // Chicago 21:00: closed too
    expect(await validNow()).toEqual([]);
    pin('2026-11-26T14:00:00Z'); // Thu 09:00 Detroit (opens), 08:00 Chicago (not yet)
    expect(await validNow()).toEqual(['detroit']);
  });

  it('drops an offer on a day or at an hour its fine print leaves out, though the location is open', async () => {
    pin('2026-11-26T17:00:00Z'); // Thu 12:00 Detroit
    expect(await validNow()).toEqual(['chicago', 'detroit', 'lunch']);
    pin('2026-11-26T19:00:00Z'); // Thu 14:00: the lunch hours have ended
    expect(await validNow()).toEqual(['chicago', 'detroit']);
    pin('2026-11-28T17:00:00Z'); // Sat 12:00: weekday places closed, the weekend offer valid
    expect(await validNow()).toEqual(['lunch', 'weekend']);
  });

  it('follows hours and fine print past midnight', async () => {
    pin('2026-11-28T02:00:00Z'); // Fri 21:00 Detroit: the bar is open, its late-night offer not yet
    expect(await validNow()).toContain('bar');
    expect(await validNow()).not.toContain('lateNight');
    pin('2026-11-28T06:30:00Z'); // Sat 01:30: Friday's night still runs
    expect(await validNow()).toEqual(['bar', 'lateNight']);
    pin('2026-11-28T07:00:00Z'); // Sat 02:00: closed
    expect(await validNow()).toEqual([]);
    pin('2026-11-29T06:30:00Z'); // Sun 01:30: Saturday's night is open, but the offer is Friday's
    expect(await validNow()).toEqual(['bar']);
  });

  it('leaves out locations whose hours are unknown', async () => {
    for (const iso of ['2026-11-26T17:00:00Z', '2026-11-28T06:30:00Z']) {
      pin(iso);
      expect(await validNow()).not.toContain('unknown');
    }
  });

  it('gives the same offers in every order and in search, and pages them', async () => {
    pin('2026-11-26T17:00:00Z'); // Thu 12:00 Detroit
    const expected = ['chicago', 'detroit', 'lunch'];
    for (const order of OFFER_ORDERS) expect(await validNow(`&order=${order}`), order).toEqual(expected);
    for (const order of SEARCH_ORDERS) {
      expect(names(await get('/api/search/', `q=zapnow&category=tvn-${u}&valid_now=true&order=${order}`)), order).toEqual(expected);
    }
    expect(names(await get('/api/search/', `q=zapnow+lunch&category=tvn-${u}&valid_now=1`))).toEqual(['lunch']);
    const first = await get('/api/entities/', `category=tvn-${u}&valid_now=true&order=newest&offset=0&limit=2`);
    const second = await get('/api/entities/', `category=tvn-${u}&valid_now=true&order=newest&offset=2&limit=2`);
    expect(names([...first, ...second])).toEqual(expected);
    // valid_now=false is no filter.
    expect(names(await get('/api/entities/', `category=tvn-${u}&valid_now=false`))).toHaveLength(Object.keys(ids).length);
  });

  it('answers 400 naming valid_now for a value it does not know', async () => {
    for (const path of ['/api/entities/', '/api/search/']) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?q=pizza&valid_now=maybe` });
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toHaveProperty('valid_now');
    }
  });
});
