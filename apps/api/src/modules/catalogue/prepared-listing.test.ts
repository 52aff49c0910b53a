// Nearest-first pages as named prepared statements (`DbHandle.preparedRows`, docs/performance.md):
// the same rows as a statement planned for its values, also once PostgreSQL keeps one generic
// plan (after five runs of a statement); pages whose best plan depends on the values (a rare
// category) stay unnamed.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { DEFAULT_PLACE } from '@market/domain/markets';
import type { DbHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/support/harness.ts';
import { findActiveOffersNear, sortKeys, type ActiveOfferFilters } from './lib/offer-query-sql.ts';
import { categories } from '../../db/schema/index.ts';

describe('nearest-first pages as prepared statements', () => {
  let db: DbHandle;
  let drop: () => Promise<void>;
  let unnamed: DbHandle;
  let categoryId: number;
  const today = inject('today');
  // Eight positions around Detroit: more than the five custom plans PostgreSQL makes before it may keep a generic one.
  const positions = Array.from({ length: 8 }, (_, i) => ({ lat: DEFAULT_PLACE.lat + (i - 4) * 0.07, lng: DEFAULT_PLACE.lng + ((i * 3) % 8) * 0.05 - 0.2 }));

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    unnamed = { ...db, preparedRows: (query) => db.rows(query) };
    const [food] = await db.db.select({ id: categories.id }).from(categories).where(and(eq(categories.slug, 'food-dining'), eq(categories.kind, 'main')));
    categoryId = food!.id;
  });

  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  const page = (handle: DbHandle, p: { lat: number; lng: number }, filters: Partial<ActiveOfferFilters>, offset = 0) =>
    findActiveOffersNear(handle, { circle: { ...p, radiusM: 160_934 }, today, ...filters }, { keys: [sortKeys.distance(p)] }, { limit: 12, offset });

  it.each([
    ['every active offer', {}],
    ['featured offers, some excluded', { featuredOnly: true, excludeIds: [1, 2, 3], excludeLocationIds: [4] }],
    ['a common category', { categoryIds: [0], categoryCommon: true }],
  ] as const)('answers %s as the unnamed statement does, page after page', async (_label, filters) => {
    const f = 'categoryIds' in filters ? { ...filters, categoryIds: [categoryId] } : filters;
    for (const p of positions) {
      for (const offset of [0, 12]) {
        const expected = await page(unnamed, p, f, offset);
        expect(expected.length).toBeGreaterThan(0);
        expect(await page(db, p, f, offset)).toEqual(expected);
      }
    }
  });

  it.runIf(inject('databaseUrl'))('names the statement on PostgreSQL, but not for a rare category', async () => {
    const spy = vi.spyOn(db.pool!, 'query');
    try {
      await page(db, positions[0]!, { featuredOnly: true });
      await page(db, positions[0]!, { categoryIds: [categoryId], categoryCommon: false });
      const names = spy.mock.calls.map((call) => (call[0] as { name?: string }).name);
      expect(names[0]).toMatch(/^q_[0-9a-f]{40}$/);
      expect(names[1]).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });

  it.runIf(inject('databaseUrl'))('runs on PostgreSQL with its plan cache choice and without JIT compilation', async () => {
    const rows = await db.rows<{ plan_cache_mode: string; jit: string }>(sql`SELECT current_setting('plan_cache_mode') AS plan_cache_mode, current_setting('jit') AS jit`);
    expect(rows[0]).toEqual({ plan_cache_mode: 'auto', jit: 'off' });
  });
});
