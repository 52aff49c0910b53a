import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbHandle, Executor } from '../../db/client.ts';
import { contestDraws, contestWinners, sweepstakesClaims } from '../../db/schema/index.ts';

export interface ContestEntityRow {
  entity_id: number;
  market_id: string;
  is_featured: boolean;
  contest_id: number;
  slug: string;
  display_name: string;
  description: string;
  rules_html: string;
  picture_path: string | null;
  banner_path: string | null;
  win_save_contest_link: string | null;
  sweepstakes_numbers: string[];
  prize: string;
  starts_at: string;
  ends_at: string;
  merchant_slug: string | null;
  default_location_id: number | null;
  running: boolean;
}

/**
 * The columns of an entity row. Dates are read as text so both drivers answer the same strings.
 * The merchant's default location is the entity's own location when it is the merchant's,
 * else the merchant's first location (for the 'View Location' link, SPEC.md 2 Contest modal).
 */
function entityColumns(today: string): SQL {
  return sql`
    e.id AS entity_id, e.market_id, e.is_featured, c.id AS contest_id, c.slug, c.display_name, c.description,
    c.rules_html, c.picture_path, c.banner_path, c.win_save_contest_link, c.sweepstakes_numbers,
    c.prize, c.starts_at::text AS starts_at, c.ends_at::text AS ends_at, m.slug AS merchant_slug,
    CASE WHEN l.merchant_id = c.merchant_id THEN l.id
         ELSE (SELECT ml.id FROM locations ml WHERE ml.merchant_id = c.merchant_id ORDER BY ml.id LIMIT 1)
    END AS default_location_id,
    (c.is_active AND c.starts_at <= ${today}::date AND c.ends_at >= ${today}::date) AS running`;
}

const entityJoins = sql`
  FROM contest_entities e
  JOIN contests c ON c.id = e.contest_id
  LEFT JOIN locations l ON l.id = e.location_id
  LEFT JOIN merchants m ON m.id = c.merchant_id`;

/**
 * Running contest entities of a market (is_active, starts_at <= today <= ends_at), one per
 * display name (SPEC.md 3: the list is deduplicated by display_name; case and surrounding spaces
 * ignored). Of duplicates the featured one wins, then the one nearest the point, then the oldest
 * entity. Featured first, then nearest, then ending soonest.
 */
export async function findRunningEntitiesInMarket(
  handle: DbHandle,
  q: { marketId: string; today: string; point: { lat: number; lng: number }; slug?: string | undefined; featuredOnly: boolean; limit: number; offset: number },
  executor?: Executor,
): Promise<ContestEntityRow[]> {
  const filters: SQL[] = [
    sql`e.market_id = ${q.marketId}`,
    sql`c.is_active`,
    sql`c.starts_at <= ${q.today}::date`,
    sql`c.ends_at >= ${q.today}::date`,
  ];
  if (q.slug) filters.push(sql`c.slug = ${q.slug}`);
  if (q.featuredOnly) filters.push(sql`e.is_featured`);
  return handle.rows<ContestEntityRow>(
    sql`
      WITH candidates AS (
        SELECT ${entityColumns(q.today)}, c.ends_at AS ends_on,
               lower(btrim(c.display_name)) AS dedup_key,
               earth_distance(l.earth, ll_to_earth(${q.point.lat}, ${q.point.lng})) AS distance
        ${entityJoins}
        WHERE ${sql.join(filters, sql` AND `)}
      ), deduplicated AS (
        SELECT DISTINCT ON (dedup_key) *
        FROM candidates
        ORDER BY dedup_key, is_featured DESC, distance ASC NULLS LAST, entity_id
      )
      SELECT * FROM deduplicated
      ORDER BY is_featured DESC, distance ASC NULLS LAST, ends_on, entity_id
      LIMIT ${q.limit} OFFSET ${q.offset}`,
    executor,
  );
}

/** Entities by id, in any state; `running` tells whether each is live today. */
export async function findEntitiesByIds(handle: DbHandle, ids: number[], today: string, executor?: Executor): Promise<ContestEntityRow[]> {
  if (!ids.length) return [];
  return handle.rows<ContestEntityRow>(
    sql`SELECT ${entityColumns(today)} ${entityJoins}
        WHERE e.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
        ORDER BY e.id`,
    executor,
  );
}

export interface WinnerRow {
  id: number;
  first_name: string;
  /** The first letter of the last name: the full one never leaves the database for a public list. */
  last_initial: string;
  city: string;
  state: string;
  winning: string;
  selected_at: string;
  drawn: boolean;
  contest_id: number;
  contest_slug: string;
  contest_display_name: string;
  contest_entity_id: number;
}

/** Winners of the active contests shown in a market, newest first, with the contest's entity there. */
export async function findWinnersInMarket(handle: DbHandle, q: { marketId: string; limit: number; offset: number }, executor?: Executor): Promise<WinnerRow[]> {
  return handle.rows<WinnerRow>(
    sql`
      SELECT w.id, w.first_name, upper(left(btrim(w.last_name), 1)) AS last_initial, w.city, w.state, w.winning,
             to_char(w.selected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS selected_at, w.draw_id IS NOT NULL AS drawn,
             c.id AS contest_id, c.slug AS contest_slug, c.display_name AS contest_display_name, e.entity_id AS contest_entity_id
      FROM contest_winners w
      JOIN contests c ON c.id = w.contest_id
      JOIN LATERAL (SELECT min(ce.id) AS entity_id FROM contest_entities ce WHERE ce.contest_id = c.id AND ce.market_id = ${q.marketId}) e ON e.entity_id IS NOT NULL
      WHERE c.is_active
      ORDER BY w.selected_at DESC, w.id DESC
      LIMIT ${q.limit} OFFSET ${q.offset}`,
    executor,
  );
}

export interface ContestRow {
  id: number;
  display_name: string;
  prize: string;
  sweepstakes_numbers: string[];
  running: boolean;
}

/** One contest by id, in any state; `running` tells whether it is live today. */
export async function findContestById(handle: DbHandle, id: number, today: string, executor?: Executor): Promise<ContestRow | undefined> {
  const [row] = await handle.rows<ContestRow>(
    sql`SELECT c.id, c.display_name, c.prize, c.sweepstakes_numbers,
               (c.is_active AND c.starts_at <= ${today}::date AND c.ends_at >= ${today}::date) AS running
        FROM contests c WHERE c.id = ${id}`,
    executor,
  );
  return row;
}

export interface EntryRow {
  id: number;
  contest_id: number;
  entity_id: number | null;
  created_at: string;
  created: boolean;
}

/**
 * Records a member's entry: one INSERT ... ON CONFLICT on the unique (contest, member) index, so
 * any number of parallel submits leave one row. A repeat answers the existing row (created false)
 * and keeps its first entity.
 */
export async function upsertEntry(handle: DbHandle, entry: { contestId: number; userId: number; entityId: number | null }, executor?: Executor): Promise<EntryRow> {
  const [row] = await handle.rows<EntryRow>(
    sql`INSERT INTO contest_entries (contest_id, user_id, entity_id)
        VALUES (${entry.contestId}, ${entry.userId}, ${entry.entityId})
        ON CONFLICT (contest_id, user_id) DO UPDATE SET contest_id = excluded.contest_id
        RETURNING id, contest_id, entity_id,
                  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
                  (xmax = 0) AS created`,
    executor,
  );
  return row!;
}

/** Which of `contestIds` the member has entered. */
export async function findEnteredContestIds(handle: DbHandle, userId: number, contestIds: number[], executor?: Executor): Promise<number[]> {
  if (!contestIds.length) return [];
  const rows = await handle.rows<{ contest_id: number }>(
    sql`SELECT contest_id FROM contest_entries
        WHERE user_id = ${userId} AND contest_id IN (${sql.join(contestIds.map((id) => sql`${id}`), sql`, `)})`,
    executor,
  );
  return rows.map((r) => r.contest_id);
}

/** Unlinks a deleted member from the contests they won (the public winners list keeps the row). */
export async function unlinkWinnerMember(executor: Executor, userId: number): Promise<void> {
  await executor.update(contestWinners).set({ userId: null }).where(eq(contestWinners.userId, userId));
}

export type NewSweepstakesClaim = typeof sweepstakesClaims.$inferInsert;

export async function insertSweepstakesClaim(executor: Executor, claim: NewSweepstakesClaim): Promise<{ id: number }> {
  const [row] = await executor.insert(sweepstakesClaims).values(claim).returning({ id: sweepstakesClaims.id });
  return row!;
}

/** A claim with its contest's name and prize (for the office mail). */
export async function findSweepstakesClaim(handle: DbHandle, id: number, executor?: Executor) {
  const [row] = await handle.rows<{
    id: number; contest_id: number; display_name: string; prize: string; market_id: string; first_name: string; last_name: string; email: string;
    numbers: string[]; matched_numbers: string[]; is_match: boolean; address1: string; address2: string; city: string; state: string; zip: string;
    reference: string | null; created_at: string;
  }>(
    sql`SELECT s.id, s.contest_id, c.display_name, c.prize, s.market_id, s.first_name, s.last_name, s.email, s.numbers,
               s.matched_numbers, s.is_match, s.address1, s.address2, s.city, s.state, s.zip, s.reference,
               to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
        FROM sweepstakes_claims s JOIN contests c ON c.id = s.contest_id WHERE s.id = ${id}`,
    executor,
  );
  return row;
}

/** Claims after `afterId`, oldest first, `limit` at a time (the leads export pages through). */
export async function findSweepstakesClaimsAfter(handle: DbHandle, afterId: number, limit: number, executor?: Executor) {
  return handle.rows<{
    id: number; created_at: string; market_id: string; contest_id: number; contest: string; entity_id: number | null; first_name: string; last_name: string;
    email: string; numbers: string[]; matched_numbers: string[]; is_match: boolean; address1: string; address2: string; city: string; state: string; zip: string; reference: string | null;
  }>(
    sql`SELECT s.id, to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, s.market_id,
               s.contest_id, c.display_name AS contest, s.entity_id, s.first_name, s.last_name, s.email, s.numbers,
               s.matched_numbers, s.is_match, s.address1, s.address2, s.city, s.state, s.zip, s.reference
        FROM sweepstakes_claims s JOIN contests c ON c.id = s.contest_id
        WHERE s.id > ${afterId} ORDER BY s.id LIMIT ${limit}`,
    executor,
  );
}

/** Locks a contest row for a draw, so two draws of one contest run one after the other. */
export async function lockContest(handle: DbHandle, id: number, executor: Executor) {
  const [row] = await handle.rows<{ id: number; display_name: string; prize: string; ends_at: string }>(
    sql`SELECT id, display_name, prize, ends_at::text AS ends_at FROM contests WHERE id = ${id} FOR UPDATE`,
    executor,
  );
  return row;
}

/** Every entry of a contest (winners included). */
export async function countEntries(handle: DbHandle, contestId: number, executor?: Executor): Promise<number> {
  const [row] = await handle.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM contest_entries WHERE contest_id = ${contestId}`, executor);
  return Number(row?.n ?? 0);
}

export interface EligibleEntryRow {
  entry_id: number;
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  state: string;
  zip: string;
}

/** Entries of a contest whose member has not won it yet, in entry order (the draw's fixed input). */
export async function findEligibleEntries(handle: DbHandle, contestId: number, executor?: Executor): Promise<EligibleEntryRow[]> {
  return handle.rows<EligibleEntryRow>(
    sql`SELECT e.id AS entry_id, u.id AS user_id, u.email, u.first_name, u.last_name, u.state, u.zip
        FROM contest_entries e JOIN users u ON u.id = e.user_id
        WHERE e.contest_id = ${contestId}
          AND NOT EXISTS (SELECT 1 FROM contest_winners w WHERE w.contest_id = e.contest_id AND w.user_id = e.user_id)
        ORDER BY e.id`,
    executor,
  );
}

export async function insertDraw(
  executor: Executor,
  draw: { contestId: number; seed: number; method: string; entrants: number; ranBy: number | null; winnersRequested: number; winnersSelected: number; eligibleEntries: number; entryIds: number[] },
): Promise<{ id: number; drawnAt: Date }> {
  const [row] = await executor.insert(contestDraws).values(draw).returning({ id: contestDraws.id, drawnAt: contestDraws.drawnAt });
  return row!;
}

export async function insertWinners(executor: Executor, rows: Array<typeof contestWinners.$inferInsert>): Promise<Array<{ id: number; userId: number | null }>> {
  if (!rows.length) return [];
  return executor.insert(contestWinners).values(rows).returning({ id: contestWinners.id, userId: contestWinners.userId });
}

/** A drawn winner with the member's address and the market the member entered through. */
export async function findWinnerForMail(handle: DbHandle, winnerId: number, executor?: Executor) {
  const [row] = await handle.rows<{ id: number; first_name: string; winning: string; display_name: string; email: string; market_id: string | null; user_state: string }>(
    sql`SELECT w.id, w.first_name, w.winning, c.display_name, u.email, ce.market_id, u.state AS user_state
        FROM contest_winners w
        JOIN contests c ON c.id = w.contest_id
        JOIN users u ON u.id = w.user_id
        LEFT JOIN contest_entries e ON e.contest_id = w.contest_id AND e.user_id = w.user_id
        LEFT JOIN contest_entities ce ON ce.id = e.entity_id
        WHERE w.id = ${winnerId}`,
    executor,
  );
  return row;
}

export interface DrawRecordRow {
  id: number;
  contest_id: number;
  drawn_at: string;
  seed: string | number;
  method: string;
  entrants: number | null;
  eligible_entries: number;
  winners_requested: number;
  winners_selected: number;
  entry_ids: number[];
  ran_by: number | null;
}

/** The draws of a contest, newest first (or the one draw `drawId`). */
export async function findDraws(handle: DbHandle, q: { contestId: number; drawId?: number }, executor?: Executor): Promise<DrawRecordRow[]> {
  return handle.rows<DrawRecordRow>(
    sql`SELECT id, contest_id, to_char(drawn_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS drawn_at, seed, method, entrants,
               eligible_entries, winners_requested, winners_selected, entry_ids, ran_by
        FROM contest_draws WHERE contest_id = ${q.contestId} ${q.drawId === undefined ? sql`` : sql`AND id = ${q.drawId}`}
        ORDER BY drawn_at DESC, id DESC`,
    executor,
  );
}

export interface DrawWinnerRow {
  id: number;
  draw_id: number;
  user_id: number | null;
  entry_id: number | null;
  first_name: string;
  last_name: string;
  city: string;
  state: string;
  winning: string;
}

/** The winners of some draws, in the order they were drawn. */
export async function findWinnersOfDraws(handle: DbHandle, drawIds: number[], executor?: Executor): Promise<DrawWinnerRow[]> {
  if (!drawIds.length) return [];
  return handle.rows<DrawWinnerRow>(
    sql`SELECT w.id, w.draw_id, w.user_id, e.id AS entry_id, w.first_name, w.last_name, w.city, w.state, w.winning
        FROM contest_winners w
        LEFT JOIN contest_entries e ON e.contest_id = w.contest_id AND e.user_id = w.user_id
        WHERE w.draw_id IN (${sql.join(drawIds.map((id) => sql`${id}`), sql`, `)})
        ORDER BY w.id`,
    executor,
  );
}
