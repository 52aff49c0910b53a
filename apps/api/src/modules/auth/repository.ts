// The only auth file that talks Drizzle (STYLE.md 1, 3).
import { and, eq, gt, isNull, or, lte, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accessTokens, userTokens, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type OneTimeKind = (typeof userTokens.$inferSelect)['kind'];

const inSeconds = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** Inserts a member unless the e-mail is taken; answers the new id or null. */
export async function insertUserIfNew(db: Executor, values: NewUser): Promise<number | null> {
  const rows = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
  return rows[0]?.id ?? null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function updateUser(db: Executor, id: number, values: Partial<NewUser>): Promise<UserRow | null> {
  const rows = await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
  return rows[0] ?? null;
}

export async function deleteUserRow(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** Stores a new access token's hash; answers its expiry. */
export async function insertAccessToken(db: Executor, userId: number, tokenHash: string, seconds: number): Promise<Date> {
  const rows = await db.insert(accessTokens).values({ userId, tokenHash, expiresAt: inSeconds(seconds) }).returning({ expiresAt: accessTokens.expiresAt });
  return rows[0]!.expiresAt;
}

/** The member a live (known, unrevoked, unexpired) access token belongs to. */
export async function findUserByLiveAccessToken(db: Executor, tokenHash: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, sql`now()`)))
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeAccessToken(db: Executor, tokenHash: string): Promise<void> {
  await db.update(accessTokens).set({ revokedAt: sql`now()` }).where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)));
}

export async function revokeAllAccessTokens(db: Executor, userId: number): Promise<void> {
  await db.update(accessTokens).set({ revokedAt: sql`now()` }).where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
}

/** Drops a member's dead access tokens (expired or revoked): they can never be used again. */
export async function deleteDeadAccessTokens(db: Executor, userId: number): Promise<void> {
  await db.delete(accessTokens).where(and(eq(accessTokens.userId, userId), or(isNotNull(accessTokens.revokedAt), lte(accessTokens.expiresAt, sql`now()`))));
}

export async function insertOneTimeToken(db: Executor, userId: number, kind: OneTimeKind, tokenHash: string, seconds: number): Promise<void> {
  await db.insert(userTokens).values({ userId, kind, tokenHash, expiresAt: inSeconds(seconds) });
}

/** Uses a one-time token if it is live; answers whether it was (at most once, even in a race). */
export async function consumeOneTimeToken(db: Executor, userId: number, kind: OneTimeKind, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt), gt(userTokens.expiresAt, sql`now()`)))
    .returning({ id: userTokens.id });
  return rows.length > 0;
}

/** Makes every unused token of a kind unusable (after a reset, or when a new link is mailed). */
export async function retireOneTimeTokens(db: Executor, userId: number, kind: OneTimeKind): Promise<void> {
  await db.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind)));
}
