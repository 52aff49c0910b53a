// Bulk inserts for the seed: each batch is one INSERT ... SELECT FROM json_populate_recordset,
// so a thousand rows travel as one JSON parameter (fast on PGlite and node-postgres alike, and
// far from the 65,535-parameter limit of a multi-row VALUES list).
//
// It is also the ingest path of stored HTML: the columns below pass through the one allow-list
// sanitiser (packages/domain/src/html.ts, docs/security.md) before they are written.
import { sql } from 'drizzle-orm';
import { sanitizeRichText } from '@market/domain/html';
import type { DbHandle, Executor } from '../client.ts';

/** Stored HTML columns per table (SPEC.md 3: offer description, contest rules; merchant about). */
export const STORED_HTML_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  offers: ['description', 'retailer_terms', 'consumer_terms'],
  merchants: ['about'],
  contests: ['description', 'rules_html'],
};

/** A copy of `row` with its stored HTML columns sanitised (other tables pass unchanged). */
export function cleanStoredHtml<T extends object>(table: string, row: T): T {
  const columns = STORED_HTML_COLUMNS[table];
  if (!columns) return row;
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const column of columns) {
    if (typeof out[column] === 'string') out[column] = sanitizeRichText(out[column] as string);
  }
  return out as T;
}

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
    const slice = rows.slice(start, start + batch);
    const json = JSON.stringify(STORED_HTML_COLUMNS[table] ? slice.map((row) => cleanStoredHtml(table, row)) : slice);
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
