import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { resolvePosition } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('resolvePosition with St./Saint, Ft./Fort, Mt./Mount spellings', () => {
  it('finds the city whichever way its first word is written', async () => {
    for (const city of ['St. Paul', 'St Paul', 'saint paul']) {
      expect(await resolvePosition(t.app.deps, { city, state: 'MN' }), city).toMatchObject({ city: 'Saint Paul', state: 'MN', source: 'place' });
    }
    for (const city of ['Saint Petersburg', 'St Petersburg']) {
      expect(await resolvePosition(t.app.deps, { city, state: 'FL' }), city).toMatchObject({ city: 'St. Petersburg', state: 'FL' });
    }
    expect(await resolvePosition(t.app.deps, { city: 'Ft. Myers' })).toMatchObject({ city: 'Fort Myers', state: 'FL' });
    expect(await resolvePosition(t.app.deps, { city: 'Mt Pleasant', state: 'MI' })).toMatchObject({ city: 'Mount Pleasant', state: 'MI' });
  });

  it('takes a state alone as its largest city', async () => {
    expect(await resolvePosition(t.app.deps, { state: 'FL' })).toMatchObject({ state: 'FL', source: 'place', market: { id: 'florida' } });
  });
});
