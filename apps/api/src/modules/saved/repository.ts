// Saved items rows. Saving is one INSERT ... ON CONFLICT on the unique (member,
// item) index, so the same item saved twice, even by a thousand requests at once, is one row.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userClips, userFavorites } from '../../db/schema/index.ts';

export type FavoriteTarget = { kind: 'location'; id: number } | { kind: 'contest'; id: number };

/** The SQLSTATE of a driver error (drizzle wraps it in `cause` on some drivers). */
function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

const FOREIGN_KEY_VIOLATION = '23503';

/** Saves an offer for a member; null when the offer does not exist. `created` is false for a repeat. */
export async function upsertClip(db: Executor, userId: number, offerId: number): Promise<{ id: number; created: boolean } | null> {
  try {
    const rows = await db
      .insert(userClips)
      .values({ userId, offerId })
      // A no-op update (instead of DO NOTHING) so the existing row's id comes back.
      .onConflictDoUpdate({ target: [userClips.userId, userClips.offerId], set: { offerId: sql`excluded.offer_id` } })
      .returning({ id: userClips.id, created: sql<boolean>`(xmax = 0)` });
    return rows[0]!;
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) return null;
    throw error;
  }
}

export async function deleteClip(db: Executor, userId: number, clipId: number): Promise<boolean> {
  const rows = await db.delete(userClips).where(and(eq(userClips.id, clipId), eq(userClips.userId, userId))).returning({ id: userClips.id });
  return rows.length > 0;
}

/** Saves a location or contest entity for a member; null when it does not exist. */
export async function upsertFavorite(db: Executor, userId: number, target: FavoriteTarget): Promise<{ id: number; created: boolean } | null> {
  try {
    const rows =
      target.kind === 'location'
        ? await db
            .insert(userFavorites)
            .values({ userId, locationId: target.id })
            .onConflictDoUpdate({ target: [userFavorites.userId, userFavorites.locationId], set: { locationId: sql`excluded.location_id` } })
            .returning({ id: userFavorites.id, created: sql<boolean>`(xmax = 0)` })
        : await db
            .insert(userFavorites)
            .values({ userId, contestEntityId: target.id })
            .onConflictDoUpdate({ target: [userFavorites.userId, userFavorites.contestEntityId], set: { contestEntityId: sql`excluded.contest_entity_id` } })
            .returning({ id: userFavorites.id, created: sql<boolean>`(xmax = 0)` });
    return rows[0]!;
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) return null;
    throw error;
  }
}

export async function deleteFavoriteById(db: Executor, userId: number, favoriteId: number): Promise<boolean> {
  const rows = await db.delete(userFavorites).where(and(eq(userFavorites.id, favoriteId), eq(userFavorites.userId, userId))).returning({ id: userFavorites.id });
  return rows.length > 0;
}

export async function deleteFavoriteByTarget(db: Executor, userId: number, target: FavoriteTarget): Promise<boolean> {
  const column = target.kind === 'location' ? userFavorites.locationId : userFavorites.contestEntityId;
  const rows = await db.delete(userFavorites).where(and(eq(column, target.id), eq(userFavorites.userId, userId))).returning({ id: userFavorites.id });
  return rows.length > 0;
}

/** A member's saved offers, newest first. */
export function findClips(db: Executor, userId: number) {
  return db.select({ id: userClips.id, offerId: userClips.offerId }).from(userClips).where(eq(userClips.userId, userId)).orderBy(desc(userClips.createdAt), desc(userClips.id));
}

/** A member's saved locations and contests, newest first. */
export function findFavorites(db: Executor, userId: number) {
  return db
    .select({ id: userFavorites.id, locationId: userFavorites.locationId, contestEntityId: userFavorites.contestEntityId })
    .from(userFavorites)
    .where(eq(userFavorites.userId, userId))
    .orderBy(desc(userFavorites.createdAt), desc(userFavorites.id));
}
