// Derived search data (SPEC.md 7): the dictionary of catalogue words that typo
// correction compares query words with, by trigram similarity ("piza" -> "pizza").
import { sql } from 'drizzle-orm';
import type { DbHandle } from './client.ts';

/** Shortest word worth a dictionary entry: trigram similarity means little below three letters. */
export const MIN_DICTIONARY_WORD = 3;

/**
 * Rebuilds whatever search support data derives from the catalogue: the `search_terms` words
 * from merchant, offer and category names, weighted by how many distinct names use them. The
 * seed calls it after loading offers; run it again after large catalogue imports (a word missing
 * from the dictionary is still searched as typed, only not corrected).
 */
export async function rebuildSearchSupport(handle: DbHandle): Promise<void> {
  await handle.db.transaction(async (tx) => {
    await handle.rows(sql`DELETE FROM search_terms WHERE kind = 'word'`, tx);
    await handle.rows(
      sql`INSERT INTO search_terms (term, kind, weight)
        SELECT w, 'word', count(*)::int
        FROM (
          SELECT regexp_split_to_table(n, '[^[:alnum:]]+') AS w
          FROM (
            SELECT DISTINCT lower(name) AS n FROM merchants
            UNION SELECT DISTINCT lower(name) FROM offers
            UNION SELECT DISTINCT lower(name) FROM categories
          ) names
        ) words
        WHERE length(w) >= ${MIN_DICTIONARY_WORD} AND length(w) <= 40
        GROUP BY w`,
      tx,
    );
  });
}
