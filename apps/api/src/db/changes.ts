// Notifications of catalogue changes (migration 0009: a statement trigger on offer_index,
// merchants, locations, categories and places sends 'catalogue_changed' at commit). PGlite
// delivers them in process; on PostgreSQL one dedicated connection LISTENs, reconnecting after a
// drop. While it is down, `onChange` is called once and `isLive()` is false, so callers stop
// trusting what they cached.
import pg from 'pg';
import type { DbHandle } from './client.ts';

export const CATALOGUE_CHANNEL = 'catalogue_changed';

export interface ChangeWatcher {
  /** Whether notifications are arriving (false while the PostgreSQL listener reconnects). */
  isLive(): boolean;
  close(): Promise<void>;
}

/** `onChange` gets the changed table's name, or undefined when changes may have been missed. */
export async function watchCatalogueChanges(handle: DbHandle, databaseUrl: string | undefined, onChange: (table: string | undefined) => void): Promise<ChangeWatcher> {
  if (handle.pglite) {
    const unlisten = await handle.pglite.listen(CATALOGUE_CHANNEL, (table) => onChange(table || undefined));
    return { isLive: () => true, close: async () => unlisten() };
  }
  if (!databaseUrl) return { isLive: () => false, close: async () => {} };
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      live = false;
      onChange(undefined);
      c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), 1000).unref();
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === CATALOGUE_CHANNEL) onChange(n.payload || undefined);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      if (client !== c) return;
      // Changes made while nobody listened are unknown: start from an empty cache.
      onChange(undefined);
      live = true;
    } catch {
      lost();
    }
  };
  await connect();
  return {
    isLive: () => live,
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
