// The seeded callouts as the home page asks for them: each market sees its own and the
// all-states ones, never another market's (SPEC.md 7: filtered by the user's state).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calloutSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Every matching callout, not only the first four, so a wrongly targeted one cannot hide.
  const row = { useDefaultCallouts: false, numberOfDefaultCalloutsToUse: 50, randomizeCalloutOrder: false };
  await t.db.db.insert(calloutSettings).values({ id: 1, ...row }).onConflictDoUpdate({ target: calloutSettings.id, set: row });
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
