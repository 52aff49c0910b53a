// Prints, copies and redemptions rows. Limits are enforced by single statements
// (conditional upserts and unique indexes), never by a read followed by a write, so parallel
// requests cannot overshoot on PostgreSQL, and PGlite's single session needs no row locks.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbHandle, Executor } from '../../db/client.ts';
import { offers, printCopies, redemptions, userPrints } from '../../db/schema/index.ts';
import type { PrintKind } from '@market/domain/prints';

export interface NewCopy {
  offerId: number;
  kind: PrintKind;
  tokenHash: string | null;
  expiresAt: Date;
}

/**
 * Raises the member's print count for the offer by one while it is under `limit`, and records
 * the copy in the same statement. Undefined when the limit is reached.
 */
export async function takeMemberCopy(handle: DbHandle, userId: number, limit: number, copy: NewCopy): Promise<{ id: number; prints: number } | undefined> {
  const rows = await handle.rows<{ id: number; prints: number }>(sql`
    WITH counted AS (
      INSERT INTO user_prints (user_id, offer_id, prints) VALUES (${userId}, ${copy.offerId}, 1)
      ON CONFLICT (user_id, offer_id) DO UPDATE SET prints = user_prints.prints + 1, last_printed_at = now()
        WHERE user_prints.prints < ${limit}
      RETURNING prints
    )
    INSERT INTO print_copies (offer_id, user_id, kind, copy_number, token_hash, expires_at)
    SELECT ${copy.offerId}, ${userId}, ${copy.kind}, prints, ${copy.tokenHash}, ${copy.expiresAt.toISOString()}::timestamptz FROM counted
    RETURNING id, copy_number::int AS prints`);
  return rows[0];
}

/**
 * Counts one anonymous copy for a client address, offer and day while under `cap`, and records
 * it (already used: it is rendered at once). Undefined at the cap.
 */
export async function takeAnonymousCopy(handle: DbHandle, clientAddress: string, day: string, cap: number, copy: NewCopy): Promise<{ id: number; prints: number } | undefined> {
  const rows = await handle.rows<{ id: number; prints: number }>(sql`
    WITH counted AS (
      INSERT INTO anonymous_prints (client_address, offer_id, day, prints) VALUES (${clientAddress}, ${copy.offerId}, ${day}, 1)
      ON CONFLICT (client_address, offer_id, day) DO UPDATE SET prints = anonymous_prints.prints + 1
        WHERE anonymous_prints.prints < ${cap}
      RETURNING prints
    )
    INSERT INTO print_copies (offer_id, client_address, kind, copy_number, token_hash, expires_at, used_at)
    SELECT ${copy.offerId}, ${clientAddress}, ${copy.kind}, prints, NULL, ${copy.expiresAt.toISOString()}::timestamptz, now() FROM counted
    RETURNING id, copy_number::int AS prints`);
  return rows[0];
}

export interface CopyRow {
  id: number;
  offerId: number;
  userId: number | null;
  kind: PrintKind;
  copyNumber: number | null;
  expiresAt: Date;
  usedAt: Date | null;
}

const copyColumns = {
  id: printCopies.id,
  offerId: printCopies.offerId,
  userId: printCopies.userId,
  kind: printCopies.kind,
  copyNumber: printCopies.copyNumber,
  expiresAt: printCopies.expiresAt,
  usedAt: printCopies.usedAt,
};

/** Marks the token's copy used if it is for this offer, unused and unexpired (one statement: once only). */
export async function useToken(db: Executor, tokenHash: string, offerId: number): Promise<CopyRow | undefined> {
  const rows = await db
    .update(printCopies)
    .set({ usedAt: sql`now()` })
    .where(and(eq(printCopies.tokenHash, tokenHash), eq(printCopies.offerId, offerId), isNull(printCopies.usedAt), gt(printCopies.expiresAt, sql`now()`)))
    .returning(copyColumns);
  return rows[0];
}

export async function findCopyByToken(db: Executor, tokenHash: string): Promise<CopyRow | undefined> {
  const rows = await db.select(copyColumns).from(printCopies).where(eq(printCopies.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

/** The member's Print record of one offer, with the offer's max_prints (undefined: no such offer). */
export async function findPrintRecord(db: Executor, userId: number, offerId: number) {
  const rows = await db
    .select({ maxPrints: offers.maxPrints, prints: userPrints.prints, lastPrintedAt: userPrints.lastPrintedAt })
    .from(offers)
    .leftJoin(userPrints, and(eq(userPrints.offerId, offers.id), eq(userPrints.userId, userId)))
    .where(eq(offers.id, offerId));
  return rows[0];
}

/** Every Print record of a member, most recent first. */
export function findPrintRecords(db: Executor, userId: number) {
  return db
    .select({ offerId: userPrints.offerId, prints: userPrints.prints, lastPrintedAt: userPrints.lastPrintedAt, maxPrints: offers.maxPrints })
    .from(userPrints)
    .innerJoin(offers, eq(offers.id, userPrints.offerId))
    .where(eq(userPrints.userId, userId))
    .orderBy(desc(userPrints.lastPrintedAt), desc(userPrints.offerId));
}

/** Records a redemption; undefined when the member already redeemed this offer (unique index). */
export async function insertRedemption(db: Executor, userId: number, offerId: number): Promise<{ id: number; createdAt: Date } | undefined> {
  const rows = await db
    .insert(redemptions)
    .values({ userId, offerId })
    .onConflictDoNothing({ target: [redemptions.userId, redemptions.offerId] })
    .returning({ id: redemptions.id, createdAt: redemptions.createdAt });
  return rows[0];
}

/** A member's redemptions, newest first. */
export function findRedemptions(db: Executor, userId: number) {
  return db
    .select({ id: redemptions.id, offerId: redemptions.offerId, createdAt: redemptions.createdAt })
    .from(redemptions)
    .where(eq(redemptions.userId, userId))
    .orderBy(desc(redemptions.createdAt), desc(redemptions.id));
}
