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
  /** The copy's redemption code (canonical, @market/domain/redemption-code). */
  code: string;
}

/**
 * Raises the member's print count for the offer by one while it is under `limit`, and records
 * the copy in the same statement. Undefined when the limit is reached.
 */
export async function takeMemberCopy(handle: DbHandle, userId: number, limit: number, copy: NewCopy): Promise<{ id: number; prints: number; code: string } | undefined> {
  const rows = await handle.rows<{ id: number; prints: number; code: string }>(sql`
    WITH counted AS (
      INSERT INTO user_prints (user_id, offer_id, prints) VALUES (${userId}, ${copy.offerId}, 1)
      ON CONFLICT (user_id, offer_id) DO UPDATE SET prints = user_prints.prints + 1, last_printed_at = now()
        WHERE user_prints.prints < ${limit}
      RETURNING prints
    )
    INSERT INTO print_copies (offer_id, user_id, kind, copy_number, token_hash, expires_at, code)
    SELECT ${copy.offerId}, ${userId}, ${copy.kind}, prints, ${copy.tokenHash}, ${copy.expiresAt.toISOString()}::timestamptz, ${copy.code} FROM counted
    RETURNING id, copy_number::int AS prints, code`);
  return rows[0];
}

/**
 * The member's newest printed or downloaded copy of an offer that can still be redeemed: it has a
 * code, no cashier confirmed it and it was not voided. Undefined when there is none.
 */
export async function findRedeemableMemberCopy(handle: DbHandle, userId: number, offerId: number): Promise<{ id: number; code: string; copyNumber: number | null } | undefined> {
  const rows = await handle.rows<{ id: number; code: string; copy_number: number | null }>(sql`
    SELECT id, code, copy_number::int AS copy_number FROM print_copies
    WHERE user_id = ${userId} AND offer_id = ${offerId} AND kind IN ('print', 'download')
      AND code IS NOT NULL AND redeemed_at IS NULL AND voided_at IS NULL
    ORDER BY id DESC LIMIT 1`);
  const row = rows[0];
  return row ? { id: row.id, code: row.code, copyNumber: row.copy_number } : undefined;
}

/**
 * Counts one anonymous copy for a client address, offer and day while under `cap`, and records
 * it (already used: it is rendered at once). Undefined at the cap.
 */
export async function takeAnonymousCopy(handle: DbHandle, clientAddress: string, day: string, cap: number, copy: NewCopy): Promise<{ id: number; prints: number; code: string } | undefined> {
  const rows = await handle.rows<{ id: number; prints: number; code: string }>(sql`
    WITH counted AS (
      INSERT INTO anonymous_prints (client_address, offer_id, day, prints) VALUES (${clientAddress}, ${copy.offerId}, ${day}, 1)
      ON CONFLICT (client_address, offer_id, day) DO UPDATE SET prints = anonymous_prints.prints + 1
        WHERE anonymous_prints.prints < ${cap}
      RETURNING prints
    )
    INSERT INTO print_copies (offer_id, client_address, kind, copy_number, token_hash, expires_at, used_at, code)
    SELECT ${copy.offerId}, ${clientAddress}, ${copy.kind}, prints, NULL, ${copy.expiresAt.toISOString()}::timestamptz, now(), ${copy.code} FROM counted
    RETURNING id, copy_number::int AS prints, code`);
  return rows[0];
}

export interface CopyRow {
  id: number;
  offerId: number;
  userId: number | null;
  /** A printed or downloaded copy, or the mobile copy of slide-to-redeem. */
  kind: PrintKind | 'mobile';
  copyNumber: number | null;
  expiresAt: Date;
  usedAt: Date | null;
  code: string | null;
}

const copyColumns = {
  id: printCopies.id,
  offerId: printCopies.offerId,
  userId: printCopies.userId,
  kind: printCopies.kind,
  copyNumber: printCopies.copyNumber,
  expiresAt: printCopies.expiresAt,
  usedAt: printCopies.usedAt,
  code: printCopies.code,
};

/**
 * Marks the token's copy used if it is for this offer, unused and unexpired (one statement: once
 * only). A copy issued before codes existed gets `code` now.
 */
export async function useToken(db: Executor, tokenHash: string, offerId: number, code: string): Promise<CopyRow | undefined> {
  const rows = await db
    .update(printCopies)
    .set({ usedAt: sql`now()`, code: sql`COALESCE(${printCopies.code}, ${code})` })
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

/** The mobile copy slide-to-redeem shows (one statement with the redemption's transaction). */
export async function insertMobileCopy(db: Executor, userId: number, offerId: number, code: string, validSeconds: number): Promise<{ id: number; code: string; expiresAt: Date }> {
  const rows = await db
    .insert(printCopies)
    .values({ offerId, userId, kind: 'mobile', code, usedAt: sql`now()`, expiresAt: sql`now() + make_interval(secs => ${validSeconds})` })
    .returning({ id: printCopies.id, code: printCopies.code, expiresAt: printCopies.expiresAt });
  return { id: rows[0]!.id, code: rows[0]!.code!, expiresAt: rows[0]!.expiresAt };
}

export interface RedemptionRow {
  id: number;
  offerId: number;
  createdAt: Date;
  /** The newest mobile copy of the member and offer, if any. */
  code: string | null;
  copyCreatedAt: Date | null;
  copyExpiresAt: Date | null;
  copyRedeemedAt: Date | null;
}

/** A member's redemptions, newest first, each with the newest live mobile copy of its offer. */
export async function findRedemptions(db: Executor, userId: number, redemptionId?: number): Promise<RedemptionRow[]> {
  const result = await db.execute(sql`
    SELECT r.id, r.offer_id AS "offerId", r.created_at AS "createdAt",
      c.code, c.created_at AS "copyCreatedAt", c.expires_at AS "copyExpiresAt", c.redeemed_at AS "copyRedeemedAt"
    FROM redemptions r
    LEFT JOIN LATERAL (
      SELECT code, created_at, expires_at, redeemed_at FROM print_copies
      WHERE user_id = r.user_id AND offer_id = r.offer_id AND kind = 'mobile' AND voided_at IS NULL
      ORDER BY id DESC LIMIT 1
    ) c ON true
    WHERE r.user_id = ${userId} ${redemptionId === undefined ? sql`` : sql`AND r.id = ${redemptionId}`}
    ORDER BY r.created_at DESC, r.id DESC`);
  const toDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: Number(r.id),
    offerId: Number(r.offerId),
    createdAt: toDate(r.createdAt)!,
    code: (r.code as string | null) ?? null,
    copyCreatedAt: toDate(r.copyCreatedAt),
    copyExpiresAt: toDate(r.copyExpiresAt),
    copyRedeemedAt: toDate(r.copyRedeemedAt),
  }));
}

/**
 * Voids the member's live mobile copy of the offer while it is younger than `windowSeconds` and no
 * cashier has confirmed it, and removes the redemption, in one statement: an undo and a cashier's
 * confirmation of the same code cannot both win. Undefined when nothing was undone.
 */
export async function voidMobileCopy(db: Executor, userId: number, redemptionId: number, windowSeconds: number): Promise<{ offerId: number; code: string } | undefined> {
  const result = await db.execute(sql`
    WITH voided AS (
      UPDATE print_copies c SET voided_at = now()
      FROM redemptions r
      WHERE r.id = ${redemptionId} AND r.user_id = ${userId}
        AND c.user_id = r.user_id AND c.offer_id = r.offer_id AND c.kind = 'mobile'
        AND c.redeemed_at IS NULL AND c.voided_at IS NULL AND c.created_at > now() - make_interval(secs => ${windowSeconds})
      RETURNING c.offer_id, c.code
    ), removed AS (
      DELETE FROM redemptions WHERE id = ${redemptionId} AND user_id = ${userId} AND EXISTS (SELECT 1 FROM voided)
      RETURNING id
    )
    SELECT v.offer_id AS "offerId", v.code FROM voided v, removed LIMIT 1`);
  const row = (result as unknown as { rows: { offerId: number; code: string }[] }).rows[0];
  return row ? { offerId: Number(row.offerId), code: row.code } : undefined;
}
