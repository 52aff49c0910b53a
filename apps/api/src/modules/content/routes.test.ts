import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callouts, calloutSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';

describe('callouts', () => {
  let t: TestApp;
  const id: Record<string, number> = {};

  type CalloutSeed = { key: string; order: number; states?: string[]; all?: boolean; isDefault?: boolean; link?: string; newTab?: boolean };

  async function setSettings(values: { useDefaultCallouts?: boolean; numberOfDefaultCalloutsToUse?: number; randomizeCalloutOrder?: boolean }) {
    const row = { useDefaultCallouts: false, numberOfDefaultCalloutsToUse: 4, randomizeCalloutOrder: false, ...values };
    await t.db.db.insert(calloutSettings).values({ id: 1, ...row }).onConflictDoUpdate({ target: calloutSettings.id, set: row });
    // On PostgreSQL the change notification that empties the answer cache arrives on its own
    // connection, a moment after the commit; these tests are about the answer, not that delay
    // (lib/answer-cache.test.ts covers it), so start from an empty cache.
    t.app.deps.answers.clear();
  }

  beforeAll(async () => {
    t = await createTestApp();
    // This file's database is its own copy: start from no callouts so every answer is exact.
    await t.db.db.delete(callouts);
    const seeds: CalloutSeed[] = [
      { key: 'mi', order: 2, states: ['MI'], newTab: true, link: 'https://partner.example/deal' },
      { key: 'miIl', order: 1, states: ['MI', 'il'] },
      { key: 'all', order: 5, all: true },
      { key: 'fl', order: 3, states: ['FL'] },
      { key: 'mn', order: 4, states: ['MN'] },
      { key: 'unsafe', order: 0, all: true, link: 'javascript:alert(1)' },
      { key: 'defaultB', order: 2, all: true, isDefault: true },
      { key: 'defaultA', order: 1, isDefault: true },
      { key: 'defaultC', order: 3, states: ['FL'], isDefault: true },
    ];
    for (const s of seeds) {
      const [row] = await t.db.db
        .insert(callouts)
        .values({
          imageUrl: `/media/callouts/${s.key}.svg`,
          imageMime: 'image/svg+xml',
          alternativeText: `Callout ${s.key}`,
          link: s.link ?? `/browse/food-dining?from=${s.key}`,
          target: '_self',
          rel: '',
          openLinkInNewTab: s.newTab ?? false,
          orderNum: s.order,
          showForAllStates: s.all ?? false,
          states: s.states ?? [],
          isDefault: s.isDefault ?? false,
        })
        .returning({ id: callouts.id });
      id[s.key] = row!.id;
    }
  });
  beforeEach(async () => {
    await setSettings({});
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const ids = (items: Array<{ id: number }>) => items.map((c) => c.id);

  describe('GET /api/content/callouts/', () => {
    it("answers the state's callouts and the all-states ones, by order, with the settings", async () => {
      const res = await get('/api/content/callouts/?state=MI');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('public');
      const body = res.json();
      expect(ids(body.objects)).toEqual([id.miIl, id.mi, id.all]);
      expect(body.settings).toEqual({ use_default_callouts: false, number_of_default_callouts_to_use: 4, randomize_callout_order: false });
      expect(body.objects[0]).toEqual({
        id: id.miIl,
        image: { url: '/media/callouts/miIl.svg', mime: 'image/svg+xml', alternativeText: 'Callout miIl' },
        link: '/browse/food-dining?from=miIl',
        target: '_self',
        rel: '',
        open_link_in_new_tab: false,
        order: 1,
        show_for_all_states: false,
        states: [{ abbreviation: 'MI' }, { abbreviation: 'IL' }],
      });
      // A new tab always comes with rel noopener noreferrer.
      expect(body.objects[1]).toMatchObject({ link: 'https://partner.example/deal', open_link_in_new_tab: true, target: '_blank', rel: 'noopener noreferrer' });
    });

    it('filters by state, case-insensitively, and defaults to Michigan', async () => {
      expect(ids((await get('/api/content/callouts/?state=il')).json().objects)).toEqual([id.miIl, id.all]);
      expect(ids((await get('/api/content/callouts/?state=FL')).json().objects)).toEqual([id.fl, id.all]);
      expect(ids((await get('/api/content/callouts/?state=TX')).json().objects)).toEqual([id.all]);
      expect(ids((await get('/api/content/callouts/')).json().objects)).toEqual([id.miIl, id.mi, id.all]);
      expect(ids((await get('/api/content/callouts/?state=')).json().objects)).toEqual([id.miIl, id.mi, id.all]);
    });

    it('never answers a callout whose link is not a site path or http(s) URL', async () => {
      for (const state of ['MI', 'MN', 'TX']) {
        expect(ids((await get(`/api/content/callouts/?state=${state}`)).json().objects)).not.toContain(id.unsafe);
      }
    });

    it('truncates to number_of_default_callouts_to_use', async () => {
      await setSettings({ numberOfDefaultCalloutsToUse: 2 });
      const body = (await get('/api/content/callouts/?state=MI')).json();
      expect(ids(body.objects)).toEqual([id.miIl, id.mi]);
      expect(body.settings.number_of_default_callouts_to_use).toBe(2);
      await setSettings({ numberOfDefaultCalloutsToUse: 0 });
      expect((await get('/api/content/callouts/?state=MI')).json().objects).toEqual([]);
    });

    it('shuffles the matching callouts when randomize_callout_order is set', async () => {
      await setSettings({ randomizeCalloutOrder: true, numberOfDefaultCalloutsToUse: 10 });
      const orders = new Set<string>();
      for (let i = 0; i < 30; i += 1) {
        const body = (await get('/api/content/callouts/?state=MI')).json();
        expect(body.settings.randomize_callout_order).toBe(true);
        expect([...ids(body.objects)].sort((a, b) => a - b)).toEqual([id.mi, id.miIl, id.all].sort((a, b) => a! - b!));
        orders.add(ids(body.objects).join(','));
      }
      // Six orders are possible; thirty identical answers would mean no shuffling.
      expect(orders.size).toBeGreaterThan(1);
    });

    it('shuffles before truncating, so any matching callout may be shown', async () => {
      await setSettings({ randomizeCalloutOrder: true, numberOfDefaultCalloutsToUse: 1 });
      const seen = new Set<number>();
      for (let i = 0; i < 40; i += 1) {
        const objects = (await get('/api/content/callouts/?state=MI')).json().objects as Array<{ id: number }>;
        expect(objects).toHaveLength(1);
        seen.add(objects[0]!.id);
      }
      expect([...seen].every((x) => [id.mi, id.miIl, id.all].includes(x))).toBe(true);
      expect(seen.size).toBeGreaterThan(1);
    });

    it('tells the web to fall back to the default callouts (SPEC.md 7)', async () => {
      await setSettings({ useDefaultCallouts: true });
      expect((await get('/api/content/callouts/?state=MI')).json().settings.use_default_callouts).toBe(true);
    });

    it('uses default settings when none are stored', async () => {
      await t.db.db.delete(calloutSettings);
      const body = (await get('/api/content/callouts/?state=MI')).json();
      expect(body.settings).toEqual({ use_default_callouts: false, number_of_default_callouts_to_use: 4, randomize_callout_order: false });
      expect(ids(body.objects)).toEqual([id.miIl, id.mi, id.all]);
    });

    it('answers 400 naming state for a bad state', async () => {
      for (const bad of ['Michigan', 'ZZ', '%3Cscript%3E', 'M1', 'MI,IL']) {
        const res = await get(`/api/content/callouts/?state=${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(Object.keys(res.json())).toEqual(['state']);
      }
    });
  });

  describe('GET /api/default-callouts/', () => {
    it('answers the is_default set by order, whatever their states, truncated by the settings', async () => {
      const res = await get('/api/default-callouts/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('public');
      expect(ids(res.json())).toEqual([id.defaultA, id.defaultB, id.defaultC]);
      await setSettings({ numberOfDefaultCalloutsToUse: 2 });
      expect(ids((await get('/api/default-callouts/')).json())).toEqual([id.defaultA, id.defaultB]);
    });
  });
});

// The seeded callouts as the home page asks for them: each market sees its own and the
// all-states ones, never another market's (SPEC.md 7: filtered by the user's state).
describe('seeded callouts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Every matching callout, not only the first four, so a wrongly targeted one cannot hide.
    const row = { useDefaultCallouts: false, numberOfDefaultCalloutsToUse: 50, randomizeCalloutOrder: false };
    await t.db.db.insert(calloutSettings).values({ id: 1, ...row }).onConflictDoUpdate({ target: calloutSettings.id, set: row });
    // On PostgreSQL the change notification that empties the answer cache arrives on its own
    // connection, a moment after the commit; these tests are about the answer, not that delay
    // (lib/answer-cache.test.ts covers it), so start from an empty cache.
    t.app.deps.answers.clear();
  });
  afterAll(async () => {
    await t?.close();
  });

  type Callout = { image: { url: string }; show_for_all_states: boolean; states: Array<{ abbreviation: string }> };

  // The seeded callout images are named for the market they advertise.
  const MARKET_IMAGE_PREFIXES: Record<string, string[]> = { MI: ['michigan-', 'detroit-'], IL: ['chicago-'], MN: ['twin-cities-'], FL: ['florida-'] };

  describe('seeded callouts by state', () => {
    it("shows Detroit visitors no Chicago callout, and each market only its own and the all-states ones", async () => {
      for (const [state, own] of Object.entries(MARKET_IMAGE_PREFIXES)) {
        const res = await t.app.inject({ method: 'GET', url: `/api/content/callouts/?state=${state}` });
        expect(res.statusCode).toBe(200);
        const objects = (res.json() as { objects: Callout[] }).objects;
        const images = objects.map((c) => c.image.url.replace('/media/callouts/', ''));
        expect(images.some((image) => own.some((p) => image.startsWith(p))), state).toBe(true);
        const others = Object.entries(MARKET_IMAGE_PREFIXES).filter(([s]) => s !== state).flatMap(([, prefixes]) => prefixes);
        expect(images.filter((image) => others.some((p) => image.startsWith(p))), state).toEqual([]);
        for (const c of objects) expect(c.show_for_all_states || c.states.some((s) => s.abbreviation === state), c.image.url).toBe(true);
      }
    });
  });
});
