// The only notifications file that talks SQL: members' choices and unsubscribe tokens, the
// candidates of each mail job one batch of members (by id) at a time, the claims of
// notification_sends (its unique dedupe key makes a mail go out at most once) and the job run
// record's counts, cursor and heartbeat.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jobRuns, notificationPreferences, notificationSends, users } from '../../db/schema/index.ts';
import type { NotificationKind } from '../../db/schema/notifications.ts';

/** An int[] parameter (one bound text value, whatever the length). */
const intArray = (ids: number[]) => sql`${`{${ids.map(Number).filter(Number.isInteger).join(',')}}`}::int[]`;

const rowsOf = async <T>(db: Executor, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export type ChoicesRow = typeof notificationPreferences.$inferSelect;

/** The member's address facts the choices depend on, and the saved choices (null: none yet). */
export async function findMemberChoices(db: Executor, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      promotionsAgree: users.promotionsAgree,
      emailVerifiedAt: users.emailVerifiedAt,
      passwordChangedAt: users.passwordChangedAt,
      zip: users.zip,
      state: users.state,
      choices: notificationPreferences,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

type ChoiceColumns = Omit<ChoicesRow, 'userId' | 'unsubscribeToken' | 'updatedAt'>;

/** Writes the whole set of choices; the token is made once, with the row. */
export async function upsertChoices(db: Executor, userId: number, values: ChoiceColumns, token: string): Promise<ChoicesRow> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...values, unsubscribeToken: token })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

/** Makes the default row if there is none (a mail needs its token); answers the row. */
export async function ensureChoices(db: Executor, userId: number, defaults: ChoiceColumns, token: string): Promise<ChoicesRow> {
  await db.insert(notificationPreferences).values({ userId, ...defaults, unsubscribeToken: token }).onConflictDoNothing();
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row!;
}

/** The key of a member's unsubscribe links: the stored secret and the last password change; null without a row. */
export async function findUnsubscribeKey(db: Executor, userId: number) {
  const [row] = await db
    .select({ userId: notificationPreferences.userId, secret: notificationPreferences.unsubscribeToken, passwordChangedAt: users.passwordChangedAt })
    .from(notificationPreferences)
    .innerJoin(users, eq(users.id, notificationPreferences.userId))
    .where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

/** Turns the given kinds off for one member. */
export async function switchOff(db: Executor, userId: number, kinds: readonly NotificationKind[]): Promise<void> {
  if (!kinds.length) return;
  await db
    .update(notificationPreferences)
    .set({ ...Object.fromEntries(kinds.map((kind) => [columnKey(kind), false])), updatedAt: sql`now()` })
    .where(eq(notificationPreferences.userId, userId));
}

function columnKey(kind: NotificationKind): keyof ChoiceColumns {
  return ({ expiry_reminder: 'expiryReminder', new_from_places: 'newFromPlaces', weekly_digest: 'weeklyDigest', contest_reminder: 'contestReminder', contest_result: 'contestResult' } as const)[kind];
}

/** What every candidate row carries about the member. */
export interface MemberRow {
  user_id: number;
  email: string;
  zip: string;
  state: string;
  staff: boolean;
  disabled: boolean;
  promotions_agree: boolean;
  confirmed: boolean;
  has_choices: boolean;
  expiry_reminder: boolean | null;
  new_from_places: boolean | null;
  weekly_digest: boolean | null;
  contest_reminder: boolean | null;
  contest_result: boolean | null;
  digest_day: number | null;
  marketing: boolean | null;
}

const MEMBER_COLUMNS = sql`u.id AS user_id, u.email, u.zip, u.state, (u.role IS NOT NULL) AS staff, (u.disabled_at IS NOT NULL) AS disabled,
  u.promotions_agree, (u.email_verified_at IS NOT NULL) AS confirmed, (np.user_id IS NOT NULL) AS has_choices,
  np.expiry_reminder, np.new_from_places, np.weekly_digest, np.contest_reminder, np.contest_result, np.digest_day, np.marketing`;

/** Members after `after` with a live saved offer whose last day is `lastDay`, with those offers. */
export function findExpiringClips(db: Executor, lastDay: string, after: number, limit: number) {
  return rowsOf<MemberRow & { ids: number[] }>(
    db,
    sql`WITH m AS (SELECT DISTINCT c.user_id FROM user_clips c JOIN offers o ON o.id = c.offer_id
                   WHERE o.expires_at = ${lastDay}::date AND o.status = 'live' AND c.user_id > ${after} ORDER BY 1 LIMIT ${limit})
        SELECT ${MEMBER_COLUMNS}, array_agg(c.offer_id ORDER BY c.offer_id) AS ids
        FROM m JOIN users u ON u.id = m.user_id
        JOIN user_clips c ON c.user_id = u.id JOIN offers o ON o.id = c.offer_id AND o.expires_at = ${lastDay}::date AND o.status = 'live'
        LEFT JOIN notification_preferences np ON np.user_id = u.id
        GROUP BY u.id, np.user_id ORDER BY u.id`,
  );
}

/** Live offers first published in [from, to) (a business day): the "new" of new-from-my-places. */
export async function findOffersCreatedBetween(db: Executor, from: string, to: string, zone: string): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT offer_id AS id FROM offer_index WHERE is_active
        AND created_at >= (${from}::date::timestamp AT TIME ZONE ${zone}) AND created_at < (${to}::date::timestamp AT TIME ZONE ${zone})`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Members after `after` who saved a location of the business (same merchant, same market) of one
 * of `offerIds`, with those offers.
 */
export function findFavouritesOfOffers(db: Executor, offerIds: number[], after: number, limit: number) {
  return rowsOf<MemberRow & { ids: number[] }>(
    db,
    sql`WITH n AS (SELECT offer_id, merchant_id, market_id FROM offer_index WHERE offer_id = ANY(${intArray(offerIds)})),
        fav AS (SELECT f.user_id, n.offer_id FROM n JOIN locations l ON l.merchant_id = n.merchant_id AND l.market_id = n.market_id
                JOIN user_favorites f ON f.location_id = l.id WHERE f.user_id > ${after}),
        m AS (SELECT DISTINCT user_id FROM fav ORDER BY 1 LIMIT ${limit})
        SELECT ${MEMBER_COLUMNS}, array_agg(DISTINCT fav.offer_id) AS ids
        FROM m JOIN fav ON fav.user_id = m.user_id JOIN users u ON u.id = m.user_id
        LEFT JOIN notification_preferences np ON np.user_id = u.id
        GROUP BY u.id, np.user_id ORDER BY u.id`,
  );
}

/**
 * Members after `after` whose digest day is the weekday of `at` in their market's time zone
 * (no market: America/Detroit), with their interest flags.
 */
export function findDigestMembers(db: Executor, at: Date, after: number, limit: number) {
  return rowsOf<MemberRow & { interests: string[] | null }>(
    db,
    sql`SELECT ${MEMBER_COLUMNS},
          array_remove(ARRAY[CASE WHEN up.food_dining THEN 'food_dining_preference' END, CASE WHEN up.home_services THEN 'home_services_preference' END,
            CASE WHEN up.health_beauty THEN 'health_beauty_preference' END, CASE WHEN up.auto_transportation THEN 'auto_transportation_preference' END,
            CASE WHEN up.travel_entertainment THEN 'travel_entertainment_preference' END, CASE WHEN up.retail_fashion THEN 'retail_fashion_preference' END,
            CASE WHEN up.special_services THEN 'special_services_preference' END], NULL) AS interests
        FROM users u
        LEFT JOIN notification_preferences np ON np.user_id = u.id
        LEFT JOIN markets mk ON mk.state = u.state
        LEFT JOIN user_preferences up ON up.user_id = u.id
        WHERE u.id > ${after}
          AND coalesce(np.digest_day, 3) = extract(isodow FROM (${at.toISOString()}::timestamptz AT TIME ZONE coalesce(mk.timezone, 'America/Detroit')))::int - 1
        ORDER BY u.id LIMIT ${limit}`,
  );
}

/** The point of each ZIP (its most populous place), for the ZIPs that have one; one query (places_zips_gin). */
export async function findZipPoints(db: Executor, zips: string[]): Promise<Map<string, { lat: number; lng: number }>> {
  if (!zips.length) return new Map();
  const list = `{${zips.map((z) => `"${z.replace(/["\\]/g, '')}"`).join(',')}}`;
  const rows = await rowsOf<{ zip: string; lat: number; lng: number }>(
    db,
    sql`SELECT DISTINCT ON (z.zip) z.zip, p.lat, p.lng FROM places p CROSS JOIN LATERAL unnest(p.zips) AS z(zip)
        WHERE p.zips && ${list}::text[] AND z.zip = ANY(${list}::text[]) ORDER BY z.zip, p.population DESC`,
  );
  return new Map(rows.map((r) => [r.zip, { lat: Number(r.lat), lng: Number(r.lng) }]));
}

export interface NearOfferRow {
  offer_id: number;
  category_slugs: string[];
}

/** Live offers first published since `since` within `radiusM` of a point, newest first. */
export function findNewOffersNear(db: Executor, point: { lat: number; lng: number }, radiusM: number, since: Date, today: string, limit: number) {
  const target = sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
  return rowsOf<NearOfferRow>(
    db,
    sql`SELECT offer_id, category_slugs FROM offer_index
        WHERE is_active AND expires_at >= ${today}::date AND (starts_at IS NULL OR starts_at <= ${today}::date) AND created_at >= ${since.toISOString()}::timestamptz
          AND earth_box(${target}, ${radiusM}::float8) @> earth AND earth_distance(earth, ${target}) <= ${radiusM}::float8
        ORDER BY created_at DESC, offer_id DESC LIMIT ${limit}`,
  );
}

/** Members after `after` who saved a listing of an active contest whose last day is `lastDay`, with those listings. */
export function findSavedContestsClosing(db: Executor, lastDay: string, after: number, limit: number) {
  return rowsOf<MemberRow & { ids: number[] }>(
    db,
    sql`WITH fav AS (SELECT f.user_id, e.id AS entity_id FROM user_favorites f JOIN contest_entities e ON e.id = f.contest_entity_id
                     JOIN contests c ON c.id = e.contest_id WHERE c.ends_at = ${lastDay}::date AND c.is_active AND f.user_id > ${after}),
        m AS (SELECT DISTINCT user_id FROM fav ORDER BY 1 LIMIT ${limit})
        SELECT ${MEMBER_COLUMNS}, array_agg(DISTINCT fav.entity_id) AS ids
        FROM m JOIN fav ON fav.user_id = m.user_id JOIN users u ON u.id = m.user_id
        LEFT JOIN notification_preferences np ON np.user_id = u.id
        GROUP BY u.id, np.user_id ORDER BY u.id`,
  );
}

/** Members after `after` who saved or entered a contest drawn since `since`, with those draws. */
export function findDrawAudience(db: Executor, since: Date, after: number, limit: number) {
  return rowsOf<MemberRow & { ids: number[] }>(
    db,
    sql`WITH d AS (SELECT id, contest_id FROM contest_draws WHERE drawn_at >= ${since.toISOString()}::timestamptz),
        x AS (SELECT f.user_id, d.id AS draw_id FROM d JOIN contest_entities e ON e.contest_id = d.contest_id JOIN user_favorites f ON f.contest_entity_id = e.id WHERE f.user_id > ${after}
              UNION SELECT ce.user_id, d.id FROM d JOIN contest_entries ce ON ce.contest_id = d.contest_id WHERE ce.user_id > ${after}),
        m AS (SELECT DISTINCT user_id FROM x ORDER BY 1 LIMIT ${limit})
        SELECT ${MEMBER_COLUMNS}, array_agg(DISTINCT x.draw_id) AS ids
        FROM m JOIN x ON x.user_id = m.user_id JOIN users u ON u.id = m.user_id
        LEFT JOIN notification_preferences np ON np.user_id = u.id
        GROUP BY u.id, np.user_id ORDER BY u.id`,
  );
}

export interface Claim {
  userId: number;
  kind: NotificationKind;
  key: string;
}

/** Claims mails: answers the keys this call inserted (a key claimed before, by any run, is not answered). */
export async function claimSends(db: Executor, claims: Claim[], runId: number | null): Promise<Set<string>> {
  if (!claims.length) return new Set();
  const rows = await db
    .insert(notificationSends)
    .values(claims.map((c) => ({ userId: c.userId, kind: c.kind, dedupeKey: c.key, jobRunId: runId, status: 'sent' as const, sentAt: sql`now()` })))
    .onConflictDoNothing({ target: notificationSends.dedupeKey })
    .returning({ key: notificationSends.dedupeKey });
  return new Set(rows.map((r) => r.key));
}

/** Adds a batch's counts and moves the run's cursor and heartbeat. */
export async function recordBatch(db: Executor, runId: number, counts: { sent: number; skipped: number; failed: number }, cursor: Record<string, unknown>) {
  await db
    .update(jobRuns)
    .set({
      sent: sql`${jobRuns.sent} + ${counts.sent}`,
      skipped: sql`${jobRuns.skipped} + ${counts.skipped}`,
      failed: sql`${jobRuns.failed} + ${counts.failed}`,
      cursor,
      heartbeatAt: sql`now()`,
    })
    .where(eq(jobRuns.id, runId));
}

/** Tells that the run is alive while it waits (for the transport) between batches. */
export async function touchHeartbeat(db: Executor, runId: number) {
  await db.update(jobRuns).set({ heartbeatAt: sql`now()` }).where(eq(jobRuns.id, runId));
}

/**
 * The latest earlier run of the job for the same period that did not finish its work (failed, or
 * still marked running with a heartbeat older than `staleSeconds`): where a new run resumes.
 */
export async function findUnfinishedRun(db: Executor, name: string, period: string, beforeId: number, staleSeconds: number) {
  const rows = await rowsOf<{ id: number; cursor: Record<string, unknown> }>(
    db,
    sql`SELECT id, cursor FROM job_runs WHERE name = ${name} AND id < ${beforeId} AND cursor->>'period' = ${period} AND coalesce((cursor->>'done')::boolean, false) = false
          AND (status = 'failed' OR (status = 'running' AND coalesce(heartbeat_at, started_at) < now() - make_interval(secs => ${staleSeconds})))
        ORDER BY id DESC LIMIT 1`,
  );
  return rows[0] ?? null;
}

/** Whether a run of the job has finished the period's work. */
export async function periodDone(db: Executor, name: string, period: string): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(db, sql`SELECT id FROM job_runs WHERE name = ${name} AND cursor->>'period' = ${period} AND (cursor->>'done')::boolean LIMIT 1`);
  return rows.length > 0;
}

/** Marks a dead run (taken over by a new one) as failed. */
export async function markTakenOver(db: Executor, id: number, by: number) {
  await db
    .update(jobRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, detail: `Stopped before it finished; run ${by} went on from where it got to.` })
    .where(and(eq(jobRuns.id, id), eq(jobRuns.status, 'running')));
}

/** What the mail of a notification shows of offers: the live ones of `ids`. */
export function findOffersForMail(db: Executor, ids: number[]) {
  return rowsOf<{ offer_id: number; name: string; merchant_name: string; merchant_slug: string; location_id: number; city: string; state: string; expires_at: string }>(
    db,
    sql`SELECT offer_id, name, merchant_name, merchant_slug, location_id, city, state, to_char(expires_at, 'YYYY-MM-DD') AS expires_at FROM offer_index
        WHERE offer_id = ANY(${intArray(ids)}) AND is_active ORDER BY created_at DESC, offer_id DESC`,
  );
}

/** Contest listings for a reminder. */
export function findContestEntitiesForMail(db: Executor, ids: number[]) {
  return rowsOf<{ entity_id: number; display_name: string; prize: string; ends_at: string }>(
    db,
    sql`SELECT e.id AS entity_id, c.display_name, c.prize, to_char(c.ends_at, 'YYYY-MM-DD') AS ends_at FROM contest_entities e JOIN contests c ON c.id = e.contest_id
        WHERE e.id = ANY(${intArray(ids)}) AND c.is_active ORDER BY c.ends_at, e.id`,
  );
}

/** Draws for a result mail, each with a listing of its contest to link to (the member's market first). */
export function findDrawsForMail(db: Executor, ids: number[], state: string) {
  return rowsOf<{ draw_id: number; display_name: string; winners_selected: number; entity_id: number | null }>(
    db,
    sql`SELECT d.id AS draw_id, c.display_name, d.winners_selected,
          (SELECT e.id FROM contest_entities e LEFT JOIN markets mk ON mk.id = e.market_id WHERE e.contest_id = c.id ORDER BY (mk.state = ${state}) DESC NULLS LAST, e.id LIMIT 1) AS entity_id
        FROM contest_draws d JOIN contests c ON c.id = d.contest_id
        WHERE d.id = ANY(${intArray(ids)}) ORDER BY d.id`,
  );
}

/** The member's place (by ZIP) for the brand. */
export async function findPlaceOfZip(db: Executor, zip: string) {
  const rows = await rowsOf<{ name: string; state: string; lat: number; lng: number }>(db, sql`SELECT name, state, lat, lng FROM places WHERE zips @> ARRAY[${zip}]::text[] ORDER BY population DESC LIMIT 1`);
  return rows[0] ?? null;
}
