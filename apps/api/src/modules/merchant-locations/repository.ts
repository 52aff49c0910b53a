// The only merchant-locations file that talks SQL: a business's own locations and its images.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export interface LocationRow {
  id: number;
  market_id: string;
  display_name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
  website_url: string | null;
  menu_url: string | null;
  booking_url: string | null;
  opening_hours: Record<string, { open: string; close: string }[]> | null;
  version: number;
}

const columns = sql`id, market_id, display_name, address, city, state, zip, phone, website_url, menu_url, booking_url, opening_hours, version`;

/** The merchant's locations by name (locations_merchant_idx). */
export function findLocations(db: Executor, merchantId: number) {
  return rowsOf<LocationRow>(db, sql`SELECT ${columns} FROM locations WHERE merchant_id = ${merchantId} ORDER BY display_name, id LIMIT 500`);
}

/** One of the merchant's locations, locked for the transaction when `forUpdate`. */
export async function findLocation(db: Executor, merchantId: number, id: number, forUpdate = false): Promise<LocationRow | undefined> {
  const [row] = await rowsOf<LocationRow>(db, sql`SELECT ${columns} FROM locations WHERE merchant_id = ${merchantId} AND id = ${id} ${forUpdate ? sql`FOR UPDATE` : sql``}`);
  return row;
}

export interface LocationChanges {
  phone?: string | null;
  website_url?: string | null;
  menu_url?: string | null;
  booking_url?: string | null;
  opening_hours?: Record<string, { open: string; close: string }[]> | null;
}

/** Writes the changed fields; the version goes up. */
export async function updateLocation(tx: Executor, id: number, changes: LocationChanges): Promise<void> {
  const sets = [
    'phone' in changes ? sql`phone = ${changes.phone ?? null}` : null,
    'website_url' in changes ? sql`website_url = ${changes.website_url ?? null}` : null,
    'menu_url' in changes ? sql`menu_url = ${changes.menu_url ?? null}` : null,
    'booking_url' in changes ? sql`booking_url = ${changes.booking_url ?? null}` : null,
    'opening_hours' in changes ? sql`opening_hours = ${changes.opening_hours === null || changes.opening_hours === undefined ? null : JSON.stringify(changes.opening_hours)}::jsonb` : null,
  ].filter((s): s is NonNullable<typeof s> => s !== null);
  await rowsOf(tx, sql`UPDATE locations SET ${sql.join([...sets, sql`version = version + 1`, sql`updated_at = now()`], sql`, `)} WHERE id = ${id}`);
}

export interface MerchantImagesRow {
  id: number;
  name: string;
  logo_path: string | null;
  photo_path: string | null;
}

export async function findMerchantImages(db: Executor, merchantId: number, forUpdate = false): Promise<MerchantImagesRow | undefined> {
  const [row] = await rowsOf<MerchantImagesRow>(db, sql`SELECT id, name, logo_path, photo_path FROM merchants WHERE id = ${merchantId} ${forUpdate ? sql`FOR UPDATE` : sql``}`);
  return row;
}

/** Sets the merchant's logo or photo; the merchant's version goes up (an open console edit sees it changed). */
export async function setMerchantImage(tx: Executor, merchantId: number, kind: 'logo' | 'photo', url: string): Promise<void> {
  await rowsOf(tx, sql`UPDATE merchants SET ${kind === 'logo' ? sql`logo_path = ${url}` : sql`photo_path = ${url}`}, version = version + 1, updated_at = now() WHERE id = ${merchantId}`);
}
