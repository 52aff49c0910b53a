// The only console-offers file that talks SQL. Lists must stay fast at 1,000,000 offers
// (docs/performance.md): every filter and order here is served by an index of offers
// (offers_updated_idx, offers_status_updated_idx, offers_merchant_idx, offers_name_trgm) or of
// offer_index (offer_index_category_gin), and a page looks its rows up by id after the ordered
// LIMIT/OFFSET, so the joins touch 25 rows, not the whole table.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbHandle, Executor } from '../../db/client.ts';
import { offers } from '../../db/schema/index.ts';
import { cappedCount, containsPattern, type Sort } from '../../lib/console-list.ts';
import type { OfferStatus, StoredOfferStatus } from '@market/domain/offer-status';

export const OFFER_SORTS = ['updated_at', 'name', 'expires_at', 'starts_at'] as const;
export type OfferSortField = (typeof OFFER_SORTS)[number];

export interface OfferRow {
  id: number;
  merchant_id: number;
  merchant_name: string;
  location_id: number;
  location_name: string;
  address: string;
  city: string;
  state: string;
  market_id: string;
  category_id: number;
  subcategory_ids: number[];
  name: string;
  slug: string;
  description: string;
  picture_path: string | null;
  starts_at: string | null;
  expires_at: string;
  max_prints: number;
  code: string;
  external_offer_url: string;
  retailer_terms: string;
  consumer_terms: string;
  secondary_type: 'lease' | 'purchase' | 'other';
  is_featured: boolean;
  horizontal: boolean;
  status: StoredOfferStatus;
  fine_print: unknown;
  value: unknown;
  created_by: number | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const OFFER_COLUMNS = sql.raw(`
  o.id, o.merchant_id, m.name AS merchant_name, o.location_id, l.display_name AS location_name, l.address, l.city,
  l.state, l.market_id, o.category_id, o.subcategory_ids, o.name, o.slug, o.description, o.picture_path,
  o.starts_at::text AS starts_at, o.expires_at::text AS expires_at, o.max_prints::int AS max_prints, o.code,
  o.external_offer_url, o.retailer_terms, o.consumer_terms, o.secondary_type, o.is_featured, o.horizontal, o.status, o.fine_print, o.value,
  o.created_by, o.version, o.created_at, o.updated_at`);

const OFFER_FROM = sql.raw(`offers o JOIN merchants m ON m.id = o.merchant_id JOIN locations l ON l.id = o.location_id`);

/** One offer with its merchant's name and its location's address and market. */
export async function findOffer(db: DbHandle, id: number, executor?: Executor): Promise<OfferRow | undefined> {
  const rows = await db.rows<OfferRow>(sql`SELECT ${OFFER_COLUMNS} FROM ${OFFER_FROM} WHERE o.id = ${id}`, executor);
  return rows[0];
}

/** Several offers as findOffer reads one, in one query (in no particular order). */
export async function findOffers(db: DbHandle, ids: readonly number[]): Promise<OfferRow[]> {
  if (!ids.length) return [];
  return db.rows<OfferRow>(sql`SELECT ${OFFER_COLUMNS} FROM ${OFFER_FROM} WHERE o.id = ANY (${`{${ids.join(',')}}`}::int[])`);
}

export interface OfferFilter {
  q?: string | undefined;
  status?: OfferStatus | undefined;
  /** Offers at locations of these markets; null or absent: every market. */
  markets?: readonly string[] | null | undefined;
  merchantId?: number | undefined;
  /** A main category or home-pros group: the offer's own category. */
  mainCategoryId?: number | undefined;
  /** A subcategory of the static lists: one of the offer's subcategories. */
  subcategoryId?: number | undefined;
  featured?: boolean | undefined;
  secondaryType?: string | undefined;
}

/**
 * The derived status as a condition on the stored one and the dates, so the
 * (status, updated_at) index narrows it first (offer-status.ts has the same rule for one offer).
 */
export function statusCondition(status: OfferStatus, today: string): SQL {
  switch (status) {
    case 'draft':
    case 'paused':
      return sql`o.status = ${status}`;
    case 'expired':
      return sql`o.status = 'live' AND o.expires_at < ${today}::date`;
    case 'scheduled':
      return sql`o.status = 'live' AND o.expires_at >= ${today}::date AND o.starts_at > ${today}::date`;
    case 'live':
      return sql`o.status = 'live' AND o.expires_at >= ${today}::date AND (o.starts_at IS NULL OR o.starts_at <= ${today}::date)`;
  }
}

function whereOf(filter: OfferFilter, today: string): SQL {
  const parts: SQL[] = [];
  if (filter.q) parts.push(sql`o.name ILIKE ${containsPattern(filter.q)}`);
  if (filter.status) parts.push(statusCondition(filter.status, today));
  // offers.market_id is the location's market (kept by triggers): (market_id, status, ...) indexes
  // serve the page and the capped count.
  if (filter.markets) parts.push(sql`o.market_id = ANY (${`{${filter.markets.join(',')}}`}::text[])`);
  if (filter.merchantId !== undefined) parts.push(sql`o.merchant_id = ${filter.merchantId}`);
  if (filter.mainCategoryId !== undefined) parts.push(sql`o.category_id = ${filter.mainCategoryId}`);
  // offer_index holds every offer with its subcategories (GIN). ARRAY(...) runs once and the ids are
  // then fetched by primary key: as a join, the planner walked the updated_at index probing
  // offer_index row by row (780 ms for a subcategory of 1,666 offers among 1,000,000).
  if (filter.subcategoryId !== undefined) parts.push(sql`o.id = ANY (ARRAY(SELECT offer_id FROM offer_index WHERE category_ids && ARRAY[${filter.subcategoryId}::int]))`);
  if (filter.featured !== undefined) parts.push(sql`o.is_featured = ${filter.featured}`);
  if (filter.secondaryType) parts.push(sql`o.secondary_type = ${filter.secondaryType}`);
  return parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
}

function orderOf(sort: Sort<OfferSortField>): SQL {
  const dir = sql.raw(sort.descending ? 'DESC' : 'ASC');
  // The id breaks ties so pages never repeat or skip a row.
  return sql`ORDER BY o.${sql.raw(sort.field)} ${dir}, o.id ${dir}`;
}

/** A page of offers in the given order, and the capped count of the filter. */
export async function findOfferPage(
  db: DbHandle,
  filter: OfferFilter,
  sort: Sort<OfferSortField>,
  page: { limit: number; offset: number; today: string },
): Promise<{ rows: OfferRow[]; count: number }> {
  const where = whereOf(filter, page.today);
  const order = orderOf(sort);
  // Expired offers are the old ones: walking updated_at from the newest end (the plan the planner
  // picks from its estimates) reads thousands of live offers first. Behind OFFSET 0 the filter is
  // planned alone, as an index-only range of offers_market_status_expires_idx, and then sorted
  // (6 ms for a market of 220,000 offers against 40-98 ms; without a market the range is the whole
  // country's expired offers and the walk stays cheaper).
  const matching = filter.status === 'expired' && filter.markets ? sql`(SELECT o.id, o.${sql.raw(sort.field)} FROM offers o ${where} OFFSET 0) AS o` : sql`offers o ${where}`;
  const rows = await db.rows<OfferRow>(sql`
    SELECT ${OFFER_COLUMNS}
    FROM (SELECT o.id FROM ${matching} ${order} LIMIT ${page.limit} OFFSET ${page.offset}) AS page
    JOIN offers o ON o.id = page.id
    JOIN merchants m ON m.id = o.merchant_id
    JOIN locations l ON l.id = o.location_id
    ${order}`);
  const count = await cappedCount(db.db, sql`SELECT 1 FROM offers o ${where}`);
  return { rows, count };
}

export interface OwnerRow {
  merchant_id: number;
  location_merchant_id: number | null;
  market_id: string | null;
}

/** The merchant, and the location's merchant and market (null when there is no such location). */
export async function findMerchantAndLocation(db: DbHandle, merchantId: number, locationId: number, executor?: Executor): Promise<OwnerRow | undefined> {
  const rows = await db.rows<OwnerRow>(
    sql`SELECT m.id AS merchant_id, l.merchant_id AS location_merchant_id, l.market_id
        FROM merchants m LEFT JOIN locations l ON l.id = ${locationId}
        WHERE m.id = ${merchantId}`,
    executor,
  );
  return rows[0];
}

/** The kind of a category (main, homepros or sub), or undefined when there is none. */
export async function findCategoryKind(db: DbHandle, id: number): Promise<string | undefined> {
  const rows = await db.rows<{ kind: string }>(sql`SELECT kind FROM categories WHERE id = ${id}`);
  return rows[0]?.kind;
}

/** Which of these category ids exist with one of the kinds. */
export async function findCategoryIds(db: DbHandle, ids: readonly number[], kinds: readonly string[], executor?: Executor): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.rows<{ id: number }>(
    sql`SELECT id FROM categories WHERE id = ANY (${`{${ids.join(',')}}`}::int[]) AND kind = ANY (${`{${kinds.join(',')}}`}::text[])`,
    executor,
  );
  return rows.map((r) => r.id);
}

export type OfferValues = Omit<typeof offers.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'version'>;

export async function insertOffer(executor: Executor, values: OfferValues): Promise<number> {
  const [row] = await executor.insert(offers).values(values).returning({ id: offers.id });
  return row!.id;
}

/**
 * Changes an offer if it is still at the version the editor read, moving it to the next version;
 * answers false when someone else changed it first (optimistic concurrency, docs/api.md).
 */
export async function updateOfferAtVersion(executor: Executor, id: number, version: number, values: Partial<OfferValues>): Promise<boolean> {
  const rows = await executor
    .update(offers)
    .set({ ...values, version: sql`${offers.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(offers.id, id), eq(offers.version, version)))
    .returning({ id: offers.id });
  return rows.length === 1;
}
