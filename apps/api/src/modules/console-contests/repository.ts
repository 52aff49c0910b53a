// The only console-contests file that talks to the database: contests with their market entities,
// the console list, and the sweepstakes claims inbox. Draws go through the contests module.
import { sql, type SQL } from 'drizzle-orm';
import type { DbHandle, Executor } from '../../db/client.ts';
import { cappedCount, containsPattern, type Sort } from '../../lib/console-list.ts';

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const list = (values: ReadonlyArray<string | number>) => sql.join(values.map((v) => sql`${v}`), sql`, `);

export interface ContestRecordRow {
  id: number;
  slug: string;
  display_name: string;
  description: string;
  rules_html: string;
  prize: string;
  starts_at: string;
  ends_at: string;
  is_active: boolean;
  sweepstakes_numbers: string[];
  merchant_id: number | null;
  win_save_contest_link: string | null;
  picture_path: string | null;
  banner_path: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

const contestColumns = sql`c.id, c.slug, c.display_name, c.description, c.rules_html, c.prize, c.starts_at::text AS starts_at,
  c.ends_at::text AS ends_at, c.is_active, c.sweepstakes_numbers, c.merchant_id, c.win_save_contest_link, c.picture_path,
  c.banner_path, c.version, ${iso(sql`c.created_at`)} AS created_at, ${iso(sql`c.updated_at`)} AS updated_at`;

export interface ContestEntityRef {
  id: number;
  contest_id: number;
  market_id: string;
  is_featured: boolean;
}

export interface ContestListFilter {
  q?: string | undefined;
  status?: 'upcoming' | 'running' | 'ended' | undefined;
  market?: string | undefined;
  /** Only contests shown in one of these markets; null for every contest. */
  markets: string[] | null;
  today: string;
}

function listWhere(f: ContestListFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (f.q) {
    const pattern = containsPattern(f.q);
    parts.push(sql`(c.display_name ILIKE ${pattern} OR c.slug ILIKE ${pattern})`);
  }
  if (f.status === 'upcoming') parts.push(sql`c.starts_at > ${f.today}::date`);
  if (f.status === 'running') parts.push(sql`c.starts_at <= ${f.today}::date AND c.ends_at >= ${f.today}::date`);
  if (f.status === 'ended') parts.push(sql`c.ends_at < ${f.today}::date`);
  if (f.market) parts.push(sql`EXISTS (SELECT 1 FROM contest_entities e WHERE e.contest_id = c.id AND e.market_id = ${f.market})`);
  if (f.markets) {
    if (!f.markets.length) parts.push(sql`FALSE`);
    else parts.push(sql`EXISTS (SELECT 1 FROM contest_entities e WHERE e.contest_id = c.id AND e.market_id IN (${list(f.markets)}))`);
  }
  return sql.join(parts, sql` AND `);
}

const SORT_COLUMNS = { starts_at: sql`c.starts_at`, ends_at: sql`c.ends_at`, name: sql`lower(c.display_name)` } as const;
export type ContestSortField = keyof typeof SORT_COLUMNS;

/** A page of contests and the capped count of the filter. */
export async function findContestPage(handle: DbHandle, f: ContestListFilter, sort: Sort<ContestSortField>, page: { limit: number; offset: number }) {
  const where = listWhere(f);
  const direction = sort.descending ? sql`DESC` : sql`ASC`;
  const rows = await handle.rows<ContestRecordRow>(
    sql`SELECT ${contestColumns} FROM contests c WHERE ${where}
        ORDER BY ${SORT_COLUMNS[sort.field]} ${direction}, c.id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const count = await cappedCount(handle.db, sql`SELECT 1 FROM contests c WHERE ${where}`);
  return { rows, count };
}

/** One contest; `lock` holds its row until the transaction ends. */
export async function findContestRecord(handle: DbHandle, id: number, executor?: Executor, lock = false): Promise<ContestRecordRow | undefined> {
  const [row] = await handle.rows<ContestRecordRow>(sql`SELECT ${contestColumns} FROM contests c WHERE c.id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`, executor);
  return row;
}

/** The market entities of some contests, oldest first. */
export async function findEntitiesOfContests(handle: DbHandle, contestIds: number[], executor?: Executor): Promise<ContestEntityRef[]> {
  if (!contestIds.length) return [];
  return handle.rows<ContestEntityRef>(
    sql`SELECT id, contest_id, market_id, is_featured FROM contest_entities WHERE contest_id IN (${list(contestIds)}) ORDER BY id`,
    executor,
  );
}

/** Entries per contest. */
export async function countEntriesOfContests(handle: DbHandle, contestIds: number[], executor?: Executor): Promise<Map<number, number>> {
  if (!contestIds.length) return new Map();
  const rows = await handle.rows<{ contest_id: number; n: number }>(
    sql`SELECT contest_id, count(*)::int AS n FROM contest_entries WHERE contest_id IN (${list(contestIds)}) GROUP BY contest_id`,
    executor,
  );
  return new Map(rows.map((r) => [r.contest_id, Number(r.n)]));
}

export async function slugTaken(handle: DbHandle, slug: string, exceptId: number | null, executor?: Executor): Promise<boolean> {
  const rows = await handle.rows<{ id: number }>(sql`SELECT id FROM contests WHERE slug = ${slug} ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`} LIMIT 1`, executor);
  return rows.length > 0;
}

/** Slugs that start with `base` (to pick the next free `base-N`). */
export async function slugsLike(handle: DbHandle, base: string, executor?: Executor): Promise<Set<string>> {
  const rows = await handle.rows<{ slug: string }>(sql`SELECT slug FROM contests WHERE slug = ${base} OR slug LIKE ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`}`, executor);
  return new Set(rows.map((r) => r.slug));
}

export async function merchantExists(handle: DbHandle, id: number, executor?: Executor): Promise<boolean> {
  return (await handle.rows<{ id: number }>(sql`SELECT id FROM merchants WHERE id = ${id}`, executor)).length > 0;
}

export interface ContestValues {
  slug: string;
  display_name: string;
  description: string;
  rules_html: string;
  prize: string;
  starts_at: string;
  ends_at: string;
  is_active: boolean;
  sweepstakes_numbers: string[];
  merchant_id: number | null;
  win_save_contest_link: string | null;
}

const textArray = (values: string[]) => (values.length ? sql`ARRAY[${list(values)}]::text[]` : sql`'{}'::text[]`);

export async function insertContest(handle: DbHandle, executor: Executor, v: ContestValues): Promise<number> {
  const [row] = await handle.rows<{ id: number }>(
    sql`INSERT INTO contests (slug, display_name, description, rules_html, prize, starts_at, ends_at, is_active, sweepstakes_numbers, merchant_id, win_save_contest_link)
        VALUES (${v.slug}, ${v.display_name}, ${v.description}, ${v.rules_html}, ${v.prize}, ${v.starts_at}::date, ${v.ends_at}::date, ${v.is_active},
                ${textArray(v.sweepstakes_numbers)}, ${v.merchant_id}, ${v.win_save_contest_link})
        RETURNING id`,
    executor,
  );
  return row!.id;
}

/** Updates a contest at `version`; false when the row moved on (or is gone). */
export async function updateContestAtVersion(handle: DbHandle, executor: Executor, id: number, version: number, v: ContestValues): Promise<boolean> {
  const rows = await handle.rows<{ id: number }>(
    sql`UPDATE contests SET slug = ${v.slug}, display_name = ${v.display_name}, description = ${v.description}, rules_html = ${v.rules_html},
          prize = ${v.prize}, starts_at = ${v.starts_at}::date, ends_at = ${v.ends_at}::date, is_active = ${v.is_active},
          sweepstakes_numbers = ${textArray(v.sweepstakes_numbers)}, merchant_id = ${v.merchant_id}, win_save_contest_link = ${v.win_save_contest_link},
          version = version + 1, updated_at = now()
        WHERE id = ${id} AND version = ${version}
        RETURNING id`,
    executor,
  );
  return rows.length > 0;
}

export type ContestImageColumn = 'banner_path' | 'picture_path';

/** Sets the banner or the picture of a contest (a new version, so an open edit form reads stale). */
export async function setContestImage(handle: DbHandle, executor: Executor, id: number, column: ContestImageColumn, url: string): Promise<boolean> {
  const rows = await handle.rows<{ id: number }>(
    sql`UPDATE contests SET ${sql.raw(column === 'banner_path' ? 'banner_path' : 'picture_path')} = ${url}, version = version + 1, updated_at = now()
        WHERE id = ${id} RETURNING id`,
    executor,
  );
  return rows.length > 0;
}

/** The merchant's first location in a market (the entity's 'View Location' link), if any. */
async function merchantLocationIn(handle: DbHandle, executor: Executor, merchantId: number | null, marketId: string): Promise<number | null> {
  if (merchantId === null) return null;
  const [row] = await handle.rows<{ id: number }>(sql`SELECT id FROM locations WHERE merchant_id = ${merchantId} AND market_id = ${marketId} ORDER BY id LIMIT 1`, executor);
  return row?.id ?? null;
}

export async function insertEntity(handle: DbHandle, executor: Executor, e: { contestId: number; marketId: string; merchantId: number | null }): Promise<number> {
  const locationId = await merchantLocationIn(handle, executor, e.merchantId, e.marketId);
  const [row] = await handle.rows<{ id: number }>(
    sql`INSERT INTO contest_entities (contest_id, market_id, location_id, is_featured) VALUES (${e.contestId}, ${e.marketId}, ${locationId}, false) RETURNING id`,
    executor,
  );
  return row!.id;
}

export async function deleteEntitiesInMarkets(handle: DbHandle, executor: Executor, contestId: number, marketIds: string[]): Promise<void> {
  if (!marketIds.length) return;
  await handle.rows(sql`DELETE FROM contest_entities WHERE contest_id = ${contestId} AND market_id IN (${list(marketIds)}) RETURNING id`, executor);
}

/**
 * Makes `entityId` the one featured entity of its market (every other entity there, of any
 * contest, is unset), or unsets every entity of the contest in the market.
 */
export async function setFeatured(handle: DbHandle, executor: Executor, q: { contestId: number; marketId: string; entityId: number | null }): Promise<number[]> {
  if (q.entityId === null) {
    const rows = await handle.rows<{ id: number }>(
      sql`UPDATE contest_entities SET is_featured = false WHERE contest_id = ${q.contestId} AND market_id = ${q.marketId} AND is_featured RETURNING id`,
      executor,
    );
    return rows.map((r) => r.id);
  }
  const rows = await handle.rows<{ contest_id: number }>(
    sql`UPDATE contest_entities SET is_featured = (id = ${q.entityId})
        WHERE market_id = ${q.marketId} AND (is_featured OR id = ${q.entityId})
        RETURNING contest_id`,
    executor,
  );
  return rows.map((r) => r.contest_id);
}

export interface ClaimRow {
  id: number;
  created_at: string;
  market_id: string;
  entity_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  numbers: string[];
  matched_numbers: string[];
  is_match: boolean;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  reference: string | null;
}

/** A contest's sweepstakes claims, matched first then newest; limited to `markets` when given. */
export async function findClaimPage(handle: DbHandle, f: { contestId: number; matchedOnly: boolean; markets: string[] | null }, page: { limit: number; offset: number }) {
  const parts: SQL[] = [sql`s.contest_id = ${f.contestId}`];
  if (f.matchedOnly) parts.push(sql`s.is_match`);
  if (f.markets) parts.push(f.markets.length ? sql`s.market_id IN (${list(f.markets)})` : sql`FALSE`);
  const where = sql.join(parts, sql` AND `);
  const rows = await handle.rows<ClaimRow>(
    sql`SELECT s.id, ${iso(sql`s.created_at`)} AS created_at, s.market_id, s.entity_id, s.first_name, s.last_name, s.email, s.numbers,
               s.matched_numbers, s.is_match, s.address1, s.address2, s.city, s.state, s.zip, s.reference
        FROM sweepstakes_claims s WHERE ${where}
        ORDER BY s.is_match DESC, s.created_at DESC, s.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const count = await cappedCount(handle.db, sql`SELECT 1 FROM sweepstakes_claims s WHERE ${where}`);
  return { rows, count };
}
