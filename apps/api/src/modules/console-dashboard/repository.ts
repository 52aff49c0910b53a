// The only console-dashboard file that talks SQL: one grouped query per dashboard series, and the
// job run records. Business days are America/Detroit, as the analytics day column.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jobRuns } from '../../db/schema/index.ts';

const ZONE = 'America/Detroit';

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The start of business day `day` as a timestamp. */
const dayStart = (day: string) => sql`((${day})::date::timestamp AT TIME ZONE ${ZONE})`;
const businessDay = (column: ReturnType<typeof sql>) => sql`to_char(${column} AT TIME ZONE ${ZONE}, 'YYYY-MM-DD')`;

/**
 * Offers live now in the markets (null: all): status live, started, not expired. Reads
 * offers_status_updated_idx (status) and the locations primary key.
 */
export async function countLiveOffers(db: Executor, markets: string[] | null, today: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM offers o JOIN locations l ON l.id = o.location_id
        WHERE o.status = 'live' AND o.expires_at >= ${today}::date AND (o.starts_at IS NULL OR o.starts_at <= ${today}::date)
        ${markets ? sql`AND l.market_id IN (${sql.join(markets.map((m) => sql`${m}`), sql`, `)})` : sql``}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Daily sums of analytics counters per metric, from the location scope of analytics_daily (every
 * offer event counts for its location), joined to locations for the market. Reads the primary
 * key (scope, scope_id, day, metric).
 */
export function sumDailyMetrics(db: Executor, markets: string[] | null, metrics: string[], from: string, to: string) {
  return rowsOf<{ day: string; metric: string; n: number }>(
    db,
    sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.metric, sum(d.count)::int AS n
        FROM analytics_daily d ${markets ? sql`JOIN locations l ON l.id = d.scope_id AND l.market_id IN (${sql.join(markets.map((m) => sql`${m}`), sql`, `)})` : sql``}
        WHERE d.scope = 'location' AND d.day BETWEEN ${from}::date AND ${to}::date AND d.metric IN (${sql.join(metrics.map((m) => sql`${m}`), sql`, `)})
        GROUP BY 1, 2`,
  );
}

/**
 * New member accounts per business day (staff accounts aside), in the states of the markets
 * (null: all). users has no created_at index yet: this scans users (see the report).
 */
export function countNewMembers(db: Executor, states: string[] | null, from: string) {
  return rowsOf<{ day: string; n: number }>(
    db,
    sql`SELECT ${businessDay(sql`created_at`)} AS day, count(*)::int AS n FROM users
        WHERE created_at >= ${dayStart(from)} AND role IS NULL
        ${states ? sql`AND state IN (${sql.join(states.map((s) => sql`${s}`), sql`, `)})` : sql``}
        GROUP BY 1`,
  );
}

/** New leads per business day and kind; the kinds listed so leads_kind_created_idx serves it. */
export function countNewLeads(db: Executor, markets: string[] | null, kinds: readonly string[], from: string) {
  return rowsOf<{ day: string; kind: string; n: number }>(
    db,
    sql`SELECT ${businessDay(sql`created_at`)} AS day, kind, count(*)::int AS n FROM leads
        WHERE kind IN (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)}) AND created_at >= ${dayStart(from)}
        ${markets ? sql`AND market_id IN (${sql.join(markets.map((m) => sql`${m}`), sql`, `)})` : sql``}
        GROUP BY 1, 2`,
  );
}

export type JobRunRow = typeof jobRuns.$inferSelect;

/** The last `perJob` runs of each job named. */
export async function findRecentRuns(db: Executor, names: string[], perJob: number): Promise<JobRunRow[]> {
  const lists = await Promise.all(names.map((name) => db.select().from(jobRuns).where(eq(jobRuns.name, name)).orderBy(desc(jobRuns.startedAt), desc(jobRuns.id)).limit(perJob)));
  return lists.flat();
}

/**
 * Whether a run of the job is still going: marked running and started in the last `seconds`, or
 * (a batched job) with a heartbeat in the last two minutes, however long ago it started.
 */
export async function hasRunningRun(db: Executor, name: string, seconds: number): Promise<boolean> {
  const rows = await db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(
      and(
        eq(jobRuns.name, name),
        eq(jobRuns.status, 'running'),
        sql`CASE WHEN ${jobRuns.heartbeatAt} IS NULL THEN ${jobRuns.startedAt} > now() - make_interval(secs => ${seconds}) ELSE ${jobRuns.heartbeatAt} > now() - interval '2 minutes' END`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertRun(db: Executor, name: string, triggeredBy: number | null): Promise<JobRunRow> {
  const [row] = await db.insert(jobRuns).values({ name, triggeredBy }).returning();
  return row!;
}

export async function finishRun(db: Executor, id: number, status: 'succeeded' | 'failed', detail: string): Promise<JobRunRow> {
  const [row] = await db.update(jobRuns).set({ status, detail, finishedAt: sql`now()` }).where(inArray(jobRuns.id, [id])).returning();
  return row!;
}
