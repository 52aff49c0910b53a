// Bulk inserts for the seed: each batch is one INSERT ... SELECT FROM json_populate_recordset,
// so a thousand rows travel as one JSON parameter (fast on PGlite and node-postgres alike, and
// far from the 65,535-parameter limit of a multi-row VALUES list).
import { sql } from 'drizzle-orm';
import type { DbHandle, Executor } from '../client.ts';

export const BATCH_ROWS = 1000;

/** Inserts `rows` (objects keyed by column name) into `table`, `batch` rows per statement. */
export async function insertRows<T extends object>(
  handle: DbHandle,
  executor: Executor,
  table: string,
  rows: readonly T[],
  batch = BATCH_ROWS,
): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const columnList = sql.join(columns.map((c) => sql.identifier(c)), sql`, `);
  for (let start = 0; start < rows.length; start += batch) {
    const json = JSON.stringify(rows.slice(start, start + batch));
    await handle.rows(
      sql`INSERT INTO ${sql.identifier(table)} (${columnList}) SELECT ${columnList} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${json}::json)`,
      executor,
    );
  }
}

/** Moves a serial column's sequence past the explicit ids the seed wrote. */
export async function syncSequence(handle: DbHandle, table: string, column = 'id'): Promise<void> {
  await handle.rows(
    sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), coalesce((SELECT max(${sql.identifier(column)}) FROM ${sql.identifier(table)}), 0) + 1, false)`,
  );
}
