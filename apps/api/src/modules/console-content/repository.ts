// The only console-content file that talks to the database: callouts, the callout settings row,
// and a merchant's spotlight flag.
import { sql, type SQL } from 'drizzle-orm';
import type { DbHandle, Executor } from '../../db/client.ts';
import { cappedCount, containsPattern, type Sort } from '../../lib/console-list.ts';

export interface CalloutRow {
  id: number;
  image_url: string;
  image_mime: string;
  alternative_text: string;
  link: string;
  open_link_in_new_tab: boolean;
  order_num: number;
  states: string[];
  show_for_all_states: boolean;
  starts_on: string | null;
  ends_on: string | null;
  is_default: boolean;
  version: number;
}

const calloutColumns = sql`id, image_url, image_mime, alternative_text, link, open_link_in_new_tab, order_num, states, show_for_all_states,
  starts_on::text AS starts_on, ends_on::text AS ends_on, is_default, version`;

const SORTS = { order: sql`order_num`, id: sql`id` } as const;
export type CalloutSortField = keyof typeof SORTS;

/** A page of callouts and the capped count. */
export async function findCalloutPage(handle: DbHandle, f: { q?: string | undefined; isDefault?: boolean | undefined; state?: string | undefined }, sort: Sort<CalloutSortField>, page: { limit: number; offset: number }) {
  const parts: SQL[] = [sql`TRUE`];
  if (f.q) {
    const p = containsPattern(f.q);
    parts.push(sql`(alternative_text ILIKE ${p} OR link ILIKE ${p} OR image_url ILIKE ${p})`);
  }
  if (f.isDefault !== undefined) parts.push(sql`is_default = ${f.isDefault}`);
  if (f.state) parts.push(sql`(show_for_all_states OR ${f.state} = ANY(states))`);
  const where = sql.join(parts, sql` AND `);
  const dir = sort.descending ? sql`DESC` : sql`ASC`;
  const rows = await handle.rows<CalloutRow>(sql`SELECT ${calloutColumns} FROM callouts WHERE ${where} ORDER BY ${SORTS[sort.field]} ${dir}, id ${dir} LIMIT ${page.limit} OFFSET ${page.offset}`);
  const count = await cappedCount(handle.db, sql`SELECT 1 FROM callouts WHERE ${where}`);
  return { rows, count };
}

export async function findCalloutRecord(handle: DbHandle, id: number, executor?: Executor): Promise<CalloutRow | undefined> {
  const [row] = await handle.rows<CalloutRow>(sql`SELECT ${calloutColumns} FROM callouts WHERE id = ${id}`, executor);
  return row;
}

export interface CalloutValues {
  image_url: string;
  image_mime: string;
  alternative_text: string;
  link: string;
  open_link_in_new_tab: boolean;
  order_num: number;
  states: string[];
  show_for_all_states: boolean;
  starts_on: string | null;
  ends_on: string | null;
  is_default: boolean;
}

const textArray = (values: string[]) => (values.length ? sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]` : sql`'{}'::text[]`);

export async function insertCallout(handle: DbHandle, executor: Executor, v: CalloutValues): Promise<number> {
  const [row] = await handle.rows<{ id: number }>(
    sql`INSERT INTO callouts (image_url, image_mime, alternative_text, link, target, rel, open_link_in_new_tab, order_num, states, show_for_all_states, starts_on, ends_on, is_default)
        VALUES (${v.image_url}, ${v.image_mime}, ${v.alternative_text}, ${v.link}, ${v.open_link_in_new_tab ? '_blank' : '_self'}, '', ${v.open_link_in_new_tab}, ${v.order_num},
                ${textArray(v.states)}, ${v.show_for_all_states}, ${v.starts_on}::date, ${v.ends_on}::date, ${v.is_default})
        RETURNING id`,
    executor,
  );
  return row!.id;
}

/** Updates a callout at `version`; false when the row moved on. */
export async function updateCalloutAtVersion(handle: DbHandle, executor: Executor, id: number, version: number, v: CalloutValues): Promise<boolean> {
  const rows = await handle.rows<{ id: number }>(
    sql`UPDATE callouts SET image_url = ${v.image_url}, image_mime = ${v.image_mime}, alternative_text = ${v.alternative_text}, link = ${v.link},
          target = ${v.open_link_in_new_tab ? '_blank' : '_self'}, open_link_in_new_tab = ${v.open_link_in_new_tab}, order_num = ${v.order_num},
          states = ${textArray(v.states)}, show_for_all_states = ${v.show_for_all_states}, starts_on = ${v.starts_on}::date, ends_on = ${v.ends_on}::date,
          is_default = ${v.is_default}, version = version + 1
        WHERE id = ${id} AND version = ${version} RETURNING id`,
    executor,
  );
  return rows.length > 0;
}

export async function deleteCalloutRow(handle: DbHandle, executor: Executor, id: number): Promise<boolean> {
  return (await handle.rows<{ id: number }>(sql`DELETE FROM callouts WHERE id = ${id} RETURNING id`, executor)).length > 0;
}

export interface SettingsRow {
  use_default_callouts: boolean;
  number_of_default_callouts_to_use: number;
  randomize_callout_order: boolean;
}

export async function findSettingsRow(handle: DbHandle, executor?: Executor): Promise<SettingsRow | undefined> {
  const [row] = await handle.rows<SettingsRow>(sql`SELECT use_default_callouts, number_of_default_callouts_to_use, randomize_callout_order FROM callout_settings WHERE id = 1`, executor);
  return row;
}

export async function upsertSettingsRow(handle: DbHandle, executor: Executor, v: SettingsRow): Promise<void> {
  await handle.rows(
    sql`INSERT INTO callout_settings (id, use_default_callouts, number_of_default_callouts_to_use, randomize_callout_order)
        VALUES (1, ${v.use_default_callouts}, ${v.number_of_default_callouts_to_use}, ${v.randomize_callout_order})
        ON CONFLICT (id) DO UPDATE SET use_default_callouts = excluded.use_default_callouts,
          number_of_default_callouts_to_use = excluded.number_of_default_callouts_to_use, randomize_callout_order = excluded.randomize_callout_order
        RETURNING id`,
    executor,
  );
}

/** A merchant's name, spotlight flag and the markets of its locations. */
export async function findMerchantSpotlight(handle: DbHandle, id: number, executor?: Executor) {
  const [row] = await handle.rows<{ id: number; name: string; is_spotlight: boolean; markets: string[] | null }>(
    sql`SELECT m.id, m.name, m.is_spotlight,
               ARRAY(SELECT DISTINCT l.market_id FROM locations l WHERE l.merchant_id = m.id ORDER BY l.market_id) AS markets
        FROM merchants m WHERE m.id = ${id}`,
    executor,
  );
  return row;
}

export async function setMerchantSpotlight(handle: DbHandle, executor: Executor, id: number, isSpotlight: boolean): Promise<void> {
  await handle.rows(sql`UPDATE merchants SET is_spotlight = ${isSpotlight}, updated_at = now() WHERE id = ${id} RETURNING id`, executor);
}

export interface SpotlightProRow {
  id: number;
  name: string;
  slug: string;
  logo_path: string | null;
  is_certified: boolean;
  is_spotlight: boolean;
  home_pro: boolean;
  location_count: number;
  cities: string[];
  markets: string[];
}

export interface SpotlightFilter {
  market: string;
  q?: string | undefined;
  spotlight?: boolean | undefined;
}

/**
 * The pros of a market: merchants with a location in it that are filed under a home-pros group,
 * or are in the spotlight (whatever they are filed under), spotlight first then by name.
 */
function spotlightWhere(f: SpotlightFilter): SQL {
  const parts: SQL[] = [
    sql`EXISTS (SELECT 1 FROM locations l WHERE l.merchant_id = m.id AND l.market_id = ${f.market})`,
    sql`(m.is_spotlight OR EXISTS (SELECT 1 FROM categories c WHERE c.id = m.category_id AND c.kind = 'homepros'))`,
  ];
  if (f.q) parts.push(sql`m.name ILIKE ${containsPattern(f.q)}`);
  if (f.spotlight !== undefined) parts.push(sql`m.is_spotlight = ${f.spotlight}`);
  return sql.join(parts, sql` AND `);
}

/** A page of a market's pros and the capped count of the filter. */
export async function findSpotlightPros(handle: DbHandle, f: SpotlightFilter, descending: boolean, page: { limit: number; offset: number }): Promise<{ rows: SpotlightProRow[]; count: number }> {
  const where = spotlightWhere(f);
  const direction = descending ? sql`DESC` : sql`ASC`;
  const rows = await handle.rows<SpotlightProRow>(sql`
    SELECT m.id, m.name, m.slug, m.logo_path, m.is_certified, m.is_spotlight,
      EXISTS (SELECT 1 FROM categories c WHERE c.id = m.category_id AND c.kind = 'homepros') AS home_pro,
      (SELECT count(*)::int FROM locations l WHERE l.merchant_id = m.id AND l.market_id = ${f.market}) AS location_count,
      ARRAY(SELECT DISTINCT l.city FROM locations l WHERE l.merchant_id = m.id AND l.market_id = ${f.market} ORDER BY l.city LIMIT 3) AS cities,
      ARRAY(SELECT DISTINCT l.market_id FROM locations l WHERE l.merchant_id = m.id ORDER BY l.market_id) AS markets
    FROM merchants m
    WHERE ${where}
    ORDER BY m.is_spotlight DESC, lower(m.name) ${direction}, m.id ${direction}
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  const count = await cappedCount(handle.db, sql`SELECT 1 FROM merchants m WHERE ${where}`);
  return { rows, count };
}

/** How many merchants with a location in each market are in the spotlight. */
export async function countSpotlightByMarket(handle: DbHandle): Promise<Map<string, number>> {
  const rows = await handle.rows<{ market_id: string; n: number }>(sql`
    SELECT l.market_id, count(DISTINCT m.id)::int AS n
    FROM merchants m JOIN locations l ON l.merchant_id = m.id
    WHERE m.is_spotlight GROUP BY l.market_id`);
  return new Map(rows.map((r) => [r.market_id, r.n]));
}
