// The only console-merchants file that talks Drizzle: merchants, their locations and the
// categories they are filed under, as staff read and write them.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbHandle, Executor } from '../../db/client.ts';
import { categories, locations, merchants } from '../../db/schema/index.ts';
import { cappedCount, containsPattern, type Sort } from '../../lib/console-list.ts';

export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchant = typeof merchants.$inferInsert;
export type LocationRow = typeof locations.$inferSelect;
export type NewLocation = typeof locations.$inferInsert;

export interface CategoryRefRow {
  id: number;
  kind: 'main' | 'homepros' | 'sub';
  parentId: number | null;
  slug: string;
  name: string;
  /** The parent's parent (a subcategory of a home-pros group under a main category). */
  grandparentId: number | null;
}

export const MERCHANT_SORTS = ['name', 'updated_at', 'created_at'] as const;
export type MerchantSort = (typeof MERCHANT_SORTS)[number];

export interface MerchantFilter {
  /** Name contains (merchants_name_trgm). */
  q?: string | undefined;
  /** Merchants with a location in one of these markets (the asked market and the staff's). */
  markets?: readonly string[] | null | undefined;
  /** Filed under this category, as its category or one of its subcategories. */
  categoryId?: number | undefined;
  certified?: boolean | undefined;
}

export interface MerchantListRow {
  id: number;
  slug: string;
  name: string;
  category_id: number | null;
  is_certified: boolean;
  insurance_expires_on: string | null;
  is_spotlight: boolean;
  logo_path: string | null;
  version: number;
  created_at: string | Date;
  updated_at: string | Date;
  markets: string[] | null;
  location_count: number;
}

function textArray(values: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;
}

function listWhere(filter: MerchantFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.q) parts.push(sql`m.name ILIKE ${containsPattern(filter.q)}`);
  if (filter.markets) {
    // No markets left (an asked market the staff member does not work on): nothing matches.
    // merchants.market_ids is kept from its locations by triggers (GIN merchants_market_ids_gin).
    parts.push(filter.markets.length ? sql`m.market_ids && ${textArray(filter.markets)}` : sql`FALSE`);
  }
  if (filter.categoryId !== undefined) parts.push(sql`(m.category_id = ${filter.categoryId} OR ${filter.categoryId}::int = ANY (m.subcategory_ids))`);
  if (filter.certified !== undefined) parts.push(sql`m.is_certified = ${filter.certified}`);
  return sql.join(parts, sql` AND `);
}

// Orders an index serves: merchants_updated_idx for updated_at; the primary key for created_at
// (ids are handed out in creation order); name is a top-N sort (docs/decisions.md, no name btree).
const ORDER: Record<MerchantSort, { asc: SQL; desc: SQL }> = {
  name: { asc: sql`m.name ASC, m.id ASC`, desc: sql`m.name DESC, m.id DESC` },
  updated_at: { asc: sql`m.updated_at ASC, m.id ASC`, desc: sql`m.updated_at DESC, m.id DESC` },
  created_at: { asc: sql`m.id ASC`, desc: sql`m.id DESC` },
};

/** A page of merchants and the capped count of all that match. */
export async function findMerchantPage(handle: DbHandle, filter: MerchantFilter, sort: Sort<MerchantSort>, page: { limit: number; offset: number }): Promise<{ rows: MerchantListRow[]; count: number }> {
  const where = listWhere(filter);
  const order = sort.descending ? ORDER[sort.field].desc : ORDER[sort.field].asc;
  const [rows, count] = await Promise.all([
    handle.rows<MerchantListRow>(sql`
      SELECT m.id, m.slug, m.name, m.category_id, m.is_certified, m.insurance_expires_on::text AS insurance_expires_on,
        m.is_spotlight, m.logo_path, m.version, m.created_at, m.updated_at,
        m.market_ids AS markets,
        (SELECT count(*)::int FROM locations l WHERE l.merchant_id = m.id) AS location_count
      FROM merchants m
      WHERE ${where}
      ORDER BY ${order}
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    cappedCount(handle.db, sql`SELECT 1 FROM merchants m WHERE ${where}`),
  ]);
  return { rows, count };
}

/** One merchant; `forUpdate` locks the row for the rest of the transaction. */
export async function findMerchantById(db: Executor, id: number, options: { forUpdate?: boolean } = {}): Promise<MerchantRow | undefined> {
  const query = db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/** A merchant's locations, oldest first. */
export function findLocationsOfMerchant(db: Executor, merchantId: number): Promise<LocationRow[]> {
  return db.select().from(locations).where(eq(locations.merchantId, merchantId)).orderBy(asc(locations.id));
}

/** The markets a merchant has locations in. */
export async function findMarketsOfMerchant(db: Executor, merchantId: number): Promise<string[]> {
  const rows = await db.selectDistinct({ marketId: locations.marketId }).from(locations).where(eq(locations.merchantId, merchantId)).orderBy(asc(locations.marketId));
  return rows.map((r) => r.marketId);
}

export async function findLocationById(db: Executor, id: number, options: { forUpdate?: boolean } = {}): Promise<LocationRow | undefined> {
  const query = db.select().from(locations).where(eq(locations.id, id)).limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/** Categories by id, with their parent's parent (for the subcategory-fits-category rule). */
export async function findCategoriesByIds(db: Executor, ids: readonly number[]): Promise<CategoryRefRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: categories.id, kind: categories.kind, parentId: categories.parentId, slug: categories.slug, name: categories.name, grandparentId: sql<number | null>`(SELECT p.parent_id FROM categories p WHERE p.id = ${categories.parentId})` })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  return rows;
}

/** Inserts a merchant under `slug`; undefined when the slug is taken. */
export async function insertMerchantWithSlug(db: Executor, values: NewMerchant): Promise<MerchantRow | undefined> {
  const rows = await db.insert(merchants).values(values).onConflictDoNothing({ target: merchants.slug }).returning();
  return rows[0];
}

/** The slugs in use that start with `base` (to pick a free `base-N`). */
export async function findSlugsLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db.select({ slug: merchants.slug }).from(merchants).where(sql`${merchants.slug} = ${base} OR ${merchants.slug} LIKE ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`}`);
  return rows.map((r) => r.slug);
}

/** Applies a change and bumps the version, when the row still has `version`. */
export async function updateMerchantAtVersion(db: Executor, id: number, version: number, values: Partial<NewMerchant>): Promise<MerchantRow | undefined> {
  const rows = await db
    .update(merchants)
    .set({ ...values, version: sql`${merchants.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(merchants.id, id), eq(merchants.version, version)))
    .returning();
  return rows[0];
}

export async function insertLocation(db: Executor, values: NewLocation): Promise<LocationRow> {
  const rows = await db.insert(locations).values(values).returning();
  return rows[0]!;
}

export async function updateLocationAtVersion(db: Executor, id: number, version: number, values: Partial<NewLocation>): Promise<LocationRow | undefined> {
  const rows = await db
    .update(locations)
    .set({ ...values, version: sql`${locations.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(locations.id, id), eq(locations.version, version)))
    .returning();
  return rows[0];
}


/**
 * Takes the certification off merchants whose insurance lapsed: the last insured day is before
 * today in every market the merchant has a location in (the Detroit day without locations).
 * Answers the merchants changed.
 */
export async function lapseCertifications(db: Executor): Promise<{ id: number; insuranceExpiresOn: string }[]> {
  const rows = (await db.execute(sql`
    UPDATE merchants m SET is_certified = false, version = m.version + 1, updated_at = now()
    WHERE m.is_certified AND m.insurance_expires_on IS NOT NULL
      AND m.insurance_expires_on < coalesce(
        (SELECT max((now() AT TIME ZONE mk.timezone)::date) FROM locations l JOIN markets mk ON mk.id = l.market_id WHERE l.merchant_id = m.id),
        (now() AT TIME ZONE 'America/Detroit')::date)
    RETURNING m.id, m.insurance_expires_on::text AS insurance_expires_on`)) as unknown as { rows: { id: number; insurance_expires_on: string }[] };
  return rows.rows.map((r) => ({ id: r.id, insuranceExpiresOn: r.insurance_expires_on }));
}

export interface TeamMemberRow {
  id: number;
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: 'owner' | 'manager' | 'cashier';
  location_ids: number[] | null;
  created_at: Date | string;
}

/** The people on a merchant's team, owners first. */
export async function findTeamOfMerchant(db: Executor, merchantId: number): Promise<TeamMemberRow[]> {
  const result = await db.execute(
    sql`SELECT mm.id, mm.user_id, u.email, u.first_name, u.last_name, mm.role, mm.location_ids, mm.created_at
        FROM merchant_members mm JOIN users u ON u.id = mm.user_id
        WHERE mm.merchant_id = ${merchantId}
        ORDER BY CASE mm.role WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END, u.email`,
  );
  return (result as unknown as { rows: TeamMemberRow[] }).rows;
}

export interface MerchantInvitationRow {
  id: number;
  email: string;
  role: 'owner' | 'manager' | 'cashier';
  merchant_id: number;
  location_ids: number[] | null;
  created_at: Date | string;
  expires_at: Date | string;
  accepted_at: Date | string | null;
}

/** A merchant's invitations still pending. */
export async function findPendingMerchantInvitations(db: Executor, merchantId: number): Promise<MerchantInvitationRow[]> {
  const result = await db.execute(
    sql`SELECT id, email, role, merchant_id, location_ids, created_at, expires_at, accepted_at
        FROM invitations
        WHERE kind = 'merchant' AND merchant_id = ${merchantId} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        ORDER BY created_at DESC LIMIT 100`,
  );
  return (result as unknown as { rows: MerchantInvitationRow[] }).rows;
}
