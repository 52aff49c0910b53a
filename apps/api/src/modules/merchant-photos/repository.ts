// The only merchant-photos file that talks SQL: a business's photos (merchant_photos), in the
// order its people gave them.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export interface PhotoRow {
  id: number;
  merchant_id: number;
  location_id: number | null;
  path: string;
  alt: string;
  position: number;
  width: number | null;
  height: number | null;
  created_at: Date | string;
}

const columns = sql`id, merchant_id, location_id, path, alt, position, width, height, created_at`;

/** A business's photos, first position first (merchant_photos_merchant_idx). */
export function findPhotos(db: Executor, merchantId: number): Promise<PhotoRow[]> {
  return rowsOf<PhotoRow>(db, sql`SELECT ${columns} FROM merchant_photos WHERE merchant_id = ${merchantId} ORDER BY position, id LIMIT 100`);
}

/** One of the business's photos, locked for the transaction when `forUpdate`. */
export async function findPhoto(db: Executor, merchantId: number, id: number, forUpdate = false): Promise<PhotoRow | undefined> {
  const [row] = await rowsOf<PhotoRow>(db, sql`SELECT ${columns} FROM merchant_photos WHERE merchant_id = ${merchantId} AND id = ${id} ${forUpdate ? sql`FOR UPDATE` : sql``}`);
  return row;
}

/**
 * Locks the merchant row (two uploads at once then count one after the other) and answers
 * whether the merchant exists.
 */
export async function lockMerchant(tx: Executor, merchantId: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(tx, sql`SELECT id FROM merchants WHERE id = ${merchantId} FOR UPDATE`);
  return rows.length > 0;
}

export async function countPhotos(db: Executor, merchantId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM merchant_photos WHERE merchant_id = ${merchantId}`);
  return row?.n ?? 0;
}

/** The market of the location (or of the business's first location when null), for the audit log. */
export async function findMarketOf(db: Executor, merchantId: number, locationId: number | null): Promise<string | null> {
  const [row] = await rowsOf<{ market_id: string }>(
    db,
    sql`SELECT market_id FROM locations WHERE merchant_id = ${merchantId} ${locationId === null ? sql`` : sql`AND id = ${locationId}`} ORDER BY id LIMIT 1`,
  );
  return row?.market_id ?? null;
}

export async function locationOfMerchant(db: Executor, merchantId: number, locationId: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(db, sql`SELECT id FROM locations WHERE id = ${locationId} AND merchant_id = ${merchantId}`);
  return rows.length > 0;
}

export interface NewPhoto {
  merchantId: number;
  locationId: number | null;
  path: string;
  alt: string;
  width: number;
  height: number;
  createdBy: number;
}

/** Adds a photo after the business's last one. */
export async function insertPhoto(tx: Executor, photo: NewPhoto): Promise<PhotoRow> {
  const [row] = await rowsOf<PhotoRow>(
    tx,
    sql`INSERT INTO merchant_photos (merchant_id, location_id, path, alt, position, width, height, created_by)
        VALUES (${photo.merchantId}, ${photo.locationId}, ${photo.path}, ${photo.alt},
          (SELECT COALESCE(max(position) + 1, 0) FROM merchant_photos WHERE merchant_id = ${photo.merchantId}),
          ${photo.width}, ${photo.height}, ${photo.createdBy})
        RETURNING ${columns}`,
  );
  return row!;
}

export async function updatePhotoText(tx: Executor, id: number, changes: { alt?: string; location_id?: number | null }): Promise<void> {
  const sets = [
    changes.alt !== undefined ? sql`alt = ${changes.alt}` : null,
    changes.location_id !== undefined ? sql`location_id = ${changes.location_id}` : null,
  ].filter((s): s is NonNullable<typeof s> => s !== null);
  if (sets.length) await rowsOf(tx, sql`UPDATE merchant_photos SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

/** Gives each photo of the list its index as position (only those that change are written). */
export async function renumberPhotos(tx: Executor, ordered: ReadonlyArray<Pick<PhotoRow, 'id' | 'position'>>): Promise<void> {
  for (const [index, photo] of ordered.entries()) {
    if (photo.position !== index) await rowsOf(tx, sql`UPDATE merchant_photos SET position = ${index} WHERE id = ${photo.id}`);
  }
}

export async function deletePhoto(tx: Executor, id: number): Promise<void> {
  await rowsOf(tx, sql`DELETE FROM merchant_photos WHERE id = ${id}`);
}

export interface PublicPhotoRow {
  path: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/** The photos a location's page shows: its own and its business's photos for every location, by position. */
export function findPhotosOfLocation(db: Executor, locationId: number, limit: number): Promise<PublicPhotoRow[]> {
  return rowsOf<PublicPhotoRow>(
    db,
    sql`SELECT p.path, p.alt, p.width, p.height
        FROM locations l JOIN merchant_photos p ON p.merchant_id = l.merchant_id
        WHERE l.id = ${locationId} AND (p.location_id IS NULL OR p.location_id = l.id)
        ORDER BY p.position, p.id LIMIT ${limit}`,
  );
}
