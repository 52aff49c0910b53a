// The SQL that offer_index uses for "valid right now" (migration 0017: opening_week,
// fine_print_week) reads hours and fine print exactly as @market/domain/open-now does: both are
// asked about the same hours, fine print and instants, including overnight ranges, 24:00, the
// closing minute, Sunday night into Monday and places in two time zones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localClock, openState, validNow } from '@market/domain/open-now';
import { createTestApp, type TestApp } from './support/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOURS: unknown[] = [
  null,
  {},
  { mon: [{ open: '09:00', close: '17:00' }], tue: [{ open: '09:00', close: '17:00' }] },
  { fri: [{ open: '18:00', close: '02:00' }], sat: [{ open: '11:00', close: '23:00' }] },
  { fri: [{ open: '18:00', close: '24:00' }], sat: [{ open: '00:00', close: '02:00' }] },
  { sun: [{ open: '20:00', close: '03:00' }], mon: [{ open: '08:00', close: '12:00' }, { open: '13:00', close: '21:30' }] },
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '00:00', close: '24:00' }]])),
  { mon: [{ open: 'nine', close: '17:00' }], tue: 'closed' },
  { wed: [{ open: '10:00', close: '10:00' }] },
];

const FINE_PRINT: unknown[] = [
  null,
  {},
  { days: ['sat', 'sun'] },
  { hours: { from: '11:00', to: '15:00' } },
  { days: ['fri'], hours: { from: '22:00', to: '02:00' } },
  { days: ['sun'], hours: { from: '21:00', to: '01:30' } },
  { days: ['mon', 'wed'], hours: { from: '16:00', to: '18:00' } },
  { min_purchase_cents: 2000 },
];

// Instants every 37 minutes across a week and a day, plus the edges of the ranges above.
const INSTANTS: Date[] = [];
for (let m = 0; m < 8 * 1440; m += 37) INSTANTS.push(new Date(Date.UTC(2026, 10, 23, 0, m)));
for (const iso of ['2026-11-27T22:00:00-06:00', '2026-11-28T01:59:00-06:00', '2026-11-28T02:00:00-06:00', '2026-11-29T23:59:00-06:00', '2026-11-30T00:00:00-06:00', '2026-11-30T01:29:00-06:00', '2026-11-30T01:30:00-06:00', '2026-11-23T17:00:00-05:00', '2026-11-23T16:59:00-05:00']) {
  INSTANTS.push(new Date(iso));
}

describe('week minutes in SQL agree with the domain rules', () => {
  for (const zone of ['America/Chicago', 'America/Detroit']) {
    it(`opening hours and fine print at ${INSTANTS.length} instants in ${zone}`, async () => {
      const weeks = await t.db.rows<{ i: number; open: string | null }>(sql`
        SELECT h.i::int AS i, opening_week(h.v)::text AS open
        FROM jsonb_array_elements(${JSON.stringify(HOURS)}::jsonb) WITH ORDINALITY AS h(v, i)`);
      const fines = await t.db.rows<{ i: number; valid: string | null }>(sql`
        SELECT f.i::int AS i, fine_print_week(f.v)::text AS valid
        FROM jsonb_array_elements(${JSON.stringify(FINE_PRINT)}::jsonb) WITH ORDINALITY AS f(v, i)`);
      expect(weeks).toHaveLength(HOURS.length);
      expect(fines).toHaveLength(FINE_PRINT.length);
      let checked = 0;
      for (const at of INSTANTS) {
        const { day, minute } = localClock(at, zone);
        const weekMinute = day * 1440 + minute;
        const [row] = await t.db.rows<{ open: boolean[]; valid: boolean[] }>(sql`
          SELECT ARRAY(SELECT w::int4multirange @> ${weekMinute}::int
                       FROM jsonb_array_elements_text(${JSON.stringify(weeks.map((w) => w.open ?? '{}'))}::jsonb) WITH ORDINALITY AS a(w, n) ORDER BY n) AS open,
                 ARRAY(SELECT w IS NULL OR w::int4multirange @> ${weekMinute}::int
                       FROM jsonb_array_elements(${JSON.stringify(fines.map((f) => f.valid))}::jsonb) WITH ORDINALITY AS a(j, n)
                       CROSS JOIN LATERAL (SELECT j #>> '{}' AS w) x ORDER BY n) AS valid`);
        HOURS.forEach((hours, i) => {
          const state = openState(hours, zone, at);
          expect(weeks[i]!.open === null, `hours ${JSON.stringify(hours)} unknown`).toBe(state === null);
          if (state) expect(row!.open[i], `open ${JSON.stringify(hours)} at ${at.toISOString()}`).toBe(state.open);
          checked++;
        });
        FINE_PRINT.forEach((fine, i) => {
          expect(row!.valid[i], `valid ${JSON.stringify(fine)} at ${at.toISOString()}`).toBe(validNow(fine, zone, at));
          checked++;
        });
      }
      expect(checked).toBe(INSTANTS.length * (HOURS.length + FINE_PRINT.length));
    });
  }
});
