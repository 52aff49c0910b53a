// The SQL the mail queue runs on pg-boss's own job table, through pg-boss's executor (the queue's
// pool on PostgreSQL, the embedded engine on PGlite): jobs still to send, and a recipient's jobs.
import type { Db as BossDb } from 'pg-boss';

/** The schema pg-boss keeps its tables in. */
export const BOSS_SCHEMA = 'pgboss';

/** How many jobs of `queue` are waiting, due for a retry or being sent. */
export async function countUnsentJobs(db: BossDb, queue: string): Promise<number> {
  const { rows } = await db.executeSql(`SELECT count(*)::int AS n FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`, [queue]);
  return Number(rows[0]?.n ?? 0);
}

/** The state, retries and last output of the jobs of `queue` not sent yet (a drain that timed out says why). */
export async function findUnsentJobs(db: BossDb, queue: string): Promise<unknown[]> {
  const { rows } = await db.executeSql(`SELECT state, retry_count, output FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`, [queue]);
  return rows;
}

/** Deletes the queued and sent jobs of `queue` addressed to `to`, except one being sent. */
export async function deleteJobsTo(db: BossDb, queue: string, to: string): Promise<void> {
  await db.executeSql(`DELETE FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND data->>'to' = $2 AND state <> 'active'`, [queue, to]);
}
