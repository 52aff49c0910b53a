// The only auth file that talks Drizzle.
import { and, eq, gt, isNull, or, lt, lte, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accessTokens, loginThrottles, userTokens, users } from '../../db/schema/index.ts';

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
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`.mapWith(Boolean) })
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

/** The failed sign-in count of one e-mail address (sign-in-throttle.ts). */
export type LoginThrottle = Omit<typeof loginThrottles.$inferSelect, 'email'>;

const throttleColumns = {
  failures: loginThrottles.failures,
  windowStartedAt: loginThrottles.windowStartedAt,
  blockedUntil: loginThrottles.blockedUntil,
  blocks: loginThrottles.blocks,
  notifiedAt: loginThrottles.notifiedAt,
  updatedAt: loginThrottles.updatedAt,
};

/**
 * Locks the count of an address for the rest of the transaction (made first when missing), and
 * answers it with the database's clock, which every instance shares.
 */
export async function lockLoginThrottle(tx: Executor, email: string): Promise<{ state: LoginThrottle; now: Date }> {
  await tx.insert(loginThrottles).values({ email }).onConflictDoNothing({ target: loginThrottles.email });
  const [row] = await tx
    .select({ ...throttleColumns, now: sql`now()`.mapWith(loginThrottles.updatedAt) })
    .from(loginThrottles)
    .where(eq(loginThrottles.email, email))
    .for('update');
  const { now, ...state } = row!;
  return { state, now };
}

export async function updateLoginThrottle(tx: Executor, email: string, state: LoginThrottle): Promise<void> {
  await tx.update(loginThrottles).set(state).where(eq(loginThrottles.email, email));
}

/** Whole seconds left of a running pause on password sign-in for an address; 0 when none runs. */
export async function findLoginPauseSeconds(db: Executor, email: string): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch FROM ${loginThrottles.blockedUntil} - now()))::int`.mapWith(Number) })
    .from(loginThrottles)
    .where(and(eq(loginThrottles.email, email), gt(loginThrottles.blockedUntil, sql`now()`)));
  return Math.max(0, row?.seconds ?? 0);
}

export async function deleteLoginThrottle(db: Executor, email: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.email, email));
}

/** Drops the counts nobody has added to for `quietSeconds` and whose pause is over. */
export async function deleteQuietLoginThrottles(db: Executor, quietSeconds: number): Promise<void> {
  await db
    .delete(loginThrottles)
    .where(and(lt(loginThrottles.updatedAt, sql`now() - make_interval(secs => ${quietSeconds})`), or(isNull(loginThrottles.blockedUntil), lt(loginThrottles.blockedUntil, sql`now()`))));
}
