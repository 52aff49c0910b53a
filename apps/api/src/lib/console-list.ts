// The query parameters and the count every console list shares (docs/api.md "Staff console"):
// `q`, `sort` (a field, `-field` descending), `page` (1-based) and `page_size` (25, at most 100).
// The count is exact up to 10,000 and then 10,001 ("10,000+"): counting a million rows on every
// page would cost more than the page (docs/performance.md).
import { sql, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { optionalQuery } from './query.ts';

export const COUNT_CAP = 10_000;
export const CONSOLE_PAGE_SIZE = 25;
export const CONSOLE_MAX_PAGE_SIZE = 100;
/** Deeper pages than this are refused: a filter finds a record faster than paging to it. */
export const CONSOLE_MAX_PAGE = 400;

const pageMessage = `Enter a page from 1 to ${CONSOLE_MAX_PAGE}.`;
const sizeMessage = `Enter a page size from 1 to ${CONSOLE_MAX_PAGE_SIZE}.`;

/** The sort, page and search parameters; `sorts` are the fields a list sorts by. */
export function listQuery<const S extends readonly [string, ...string[]]>(sorts: S, defaultSort: S[number] | `-${S[number]}`) {
  const allowed = sorts.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];
  return {
    q: optionalQuery(z.string().trim().max(200, 'Use at most 200 characters.')),
    sort: optionalQuery(z.enum(allowed, { error: `Sort by one of: ${sorts.join(', ')} (a leading - for descending).` })).transform((v) => parseSort<S[number]>(v ?? defaultSort)),
    page: optionalQuery(z.coerce.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage).max(CONSOLE_MAX_PAGE, pageMessage)).transform((v) => v ?? 1),
    page_size: optionalQuery(z.coerce.number({ error: sizeMessage }).int(sizeMessage).min(1, sizeMessage).max(CONSOLE_MAX_PAGE_SIZE, sizeMessage)).transform((v) => v ?? CONSOLE_PAGE_SIZE),
  };
}

export interface Sort<F extends string> {
  field: F;
  descending: boolean;
}

function parseSort<F extends string>(value: string): Sort<F> {
  return value.startsWith('-') ? { field: value.slice(1) as F, descending: true } : { field: value as F, descending: false };
}

/**
 * Rows of a filtered select, counted over at most COUNT_CAP + 1 of them. Pass the select of the
 * list without its order, limit and offset.
 */
export async function cappedCount(db: Executor, select: SQLWrapper): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM (${select} LIMIT ${COUNT_CAP + 1}) AS capped`);
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}

/** LIKE pattern for a search term, its wildcards escaped. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
