// The only auth file that talks Drizzle.
import { and, eq, gt, isNull, ne, or, lt, lte, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accessTokens, invitations, loginThrottles, mfaChallenges, recoveryCodes, secondFactorThrottles, userTokens, users } from '../../db/schema/index.ts';

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

/**
 * An account, locked for the rest of the transaction: every second-factor check of one account
 * runs one at a time behind it, on every instance (the per-step cap, single use of a code and the
 * per-account ceiling hold under concurrency).
 */
export async function lockUserById(tx: Executor, id: number): Promise<UserRow | null> {
  const rows = await tx.select().from(users).where(eq(users.id, id)).for('update');
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

export interface SessionFacts {
  kind?: 'member' | 'staff';
  userAgent?: string | null;
  ip?: string | null;
}

/** Stores a new access token's hash; answers its expiry. */
export async function insertAccessToken(db: Executor, userId: number, tokenHash: string, seconds: number, facts: SessionFacts = {}): Promise<Date> {
  const rows = await db
    .insert(accessTokens)
    .values({ userId, tokenHash, expiresAt: inSeconds(seconds), kind: facts.kind ?? 'member', userAgent: facts.userAgent?.slice(0, 300) ?? null, ip: facts.ip ?? null })
    .returning({ expiresAt: accessTokens.expiresAt });
  return rows[0]!.expiresAt;
}

/**
 * The account a live access token belongs to: known, unrevoked, unexpired, the account not
 * disabled, and for a staff session used within the last `staffIdleSeconds`.
 */
export async function findUserByLiveAccessToken(db: Executor, tokenHash: string, staffIdleSeconds: number) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`.mapWith(Boolean),
      role: users.role,
      staffMarkets: users.staffMarkets,
      sessionId: accessTokens.id,
      sessionKind: accessTokens.kind,
      idleSeconds: sql<number>`extract(epoch FROM now() - ${accessTokens.lastUsedAt})`.mapWith(Number),
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, tokenHash),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql`now()`),
        isNull(users.disabledAt),
        or(eq(accessTokens.kind, 'member'), gt(accessTokens.lastUsedAt, sql`now() - make_interval(secs => ${staffIdleSeconds})`)),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Notes that a session was just used (its idle clock starts again). */
export async function touchAccessToken(db: Executor, id: number): Promise<void> {
  await db.update(accessTokens).set({ lastUsedAt: sql`now()` }).where(eq(accessTokens.id, id));
}

/** The live sessions of an account, newest first. */
export async function findLiveSessions(db: Executor, userId: number) {
  return db
    .select({ id: accessTokens.id, kind: accessTokens.kind, createdAt: accessTokens.createdAt, lastUsedAt: accessTokens.lastUsedAt, expiresAt: accessTokens.expiresAt, userAgent: accessTokens.userAgent, ip: accessTokens.ip, tokenHash: accessTokens.tokenHash })
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, sql`now()`)))
    .orderBy(sql`${accessTokens.createdAt} DESC`)
    .limit(200);
}

/** Ends one session of an account; answers whether there was such a live session. */
export async function revokeSession(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  return rows.length > 0;
}

export type MfaPurpose = (typeof mfaChallenges.$inferSelect)['purpose'];

export async function insertMfaChallenge(db: Executor, userId: number, tokenHash: string, purpose: MfaPurpose, seconds: number, userAgent: string | null): Promise<void> {
  await db.insert(mfaChallenges).values({ userId, tokenHash, purpose, expiresAt: inSeconds(seconds), userAgent: userAgent?.slice(0, 300) ?? null });
}

/** The account of a live second-factor step (not locked: lock the account, then the step). */
export async function findLiveMfaChallengeUser(db: Executor, tokenHash: string): Promise<number | null> {
  const rows = await db
    .select({ userId: mfaChallenges.userId })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, sql`now()`)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/** A live second-factor step, locked for the rest of the transaction. */
export async function lockLiveMfaChallenge(tx: Executor, tokenHash: string) {
  const rows = await tx
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.tokenHash, tokenHash), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, sql`now()`)))
    .for('update');
  return rows[0] ?? null;
}

export async function updateMfaChallenge(tx: Executor, id: number, values: { attempts?: number; used?: boolean }): Promise<void> {
  await tx
    .update(mfaChallenges)
    .set({ ...(values.attempts !== undefined ? { attempts: values.attempts } : {}), ...(values.used ? { usedAt: sql`now()` } : {}) })
    .where(eq(mfaChallenges.id, id));
}

/**
 * Counts one check of a code on a step, unless it has had `max` already; answers whether this
 * check may go ahead. One statement, so no race lets a step take more than `max` checks.
 */
export async function countMfaAttempt(tx: Executor, id: number, max: number): Promise<number | null> {
  const rows = await tx
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(and(eq(mfaChallenges.id, id), lt(mfaChallenges.attempts, max)))
    .returning({ attempts: mfaChallenges.attempts });
  return rows[0]?.attempts ?? null;
}

/**
 * Records the TOTP time step a code matched, only if it is later than the last one accepted;
 * answers whether it was (a code signs in once, even when sign-ins race on several instances).
 */
export async function advanceTotpLastStep(tx: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ totpLastStep: step, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Replaces an account's recovery codes with new ones (hashes). */
export async function replaceRecoveryCodes(tx: Executor, userId: number, codeHashes: string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length) await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code if it is unused; answers whether it was (once, even in a race). */
export async function consumeRecoveryCode(tx: Executor, userId: number, codeHash: string): Promise<boolean> {
  const rows = await tx
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;

export async function insertInvitation(db: Executor, values: Omit<NewInvitation, 'expiresAt'>, seconds: number): Promise<InvitationRow> {
  const rows = await db.insert(invitations).values({ ...values, expiresAt: inSeconds(seconds) }).returning();
  return rows[0]!;
}

export async function findInvitationById(db: Executor, id: number): Promise<InvitationRow | null> {
  const rows = await db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A merchant's name, for its invitation mail. */
export async function findMerchantName(db: Executor, id: number): Promise<string | null> {
  const result = await db.execute(sql`SELECT name FROM merchants WHERE id = ${id}`);
  return (result as unknown as { rows: { name: string }[] }).rows[0]?.name ?? null;
}

/** Gives a pending invitation a new token (its mail is being sent); answers whether it is pending. */
export async function setInvitationToken(db: Executor, id: number, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ tokenHash })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** A pending invitation by its token's hash, locked for the rest of the transaction. */
export async function lockPendingInvitation(tx: Executor, tokenHash: string): Promise<InvitationRow | null> {
  const rows = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`)))
    .for('update');
  return rows[0] ?? null;
}

export async function markInvitationAccepted(tx: Executor, id: number, userId: number): Promise<void> {
  await tx.update(invitations).set({ acceptedAt: sql`now()`, acceptedBy: userId }).where(eq(invitations.id, id));
}

/** Pending and recent invitations of a kind, newest first. */
export async function findInvitations(db: Executor, kind: InvitationRow['kind'], limit = 200): Promise<InvitationRow[]> {
  return db.select().from(invitations).where(and(eq(invitations.kind, kind), isNull(invitations.revokedAt))).orderBy(sql`${invitations.createdAt} DESC`).limit(limit);
}

/** Revokes the pending bootstrap invitations (invited by nobody). */
export async function revokePendingBootstrapInvitations(tx: Executor): Promise<void> {
  await tx
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.kind, 'staff'), isNull(invitations.invitedBy), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
}

/** Whether a bootstrap invitation was made within the last `seconds` (another instance just did). */
export async function hasRecentBootstrapInvitation(tx: Executor, seconds: number): Promise<boolean> {
  const rows = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.kind, 'staff'), isNull(invitations.invitedBy), isNull(invitations.revokedAt), gt(invitations.createdAt, sql`now() - make_interval(secs => ${seconds})`)))
    .limit(1);
  return rows.length > 0;
}

/** Whether any account is an admin that can sign in. */
export async function hasActiveAdmin(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), isNull(users.disabledAt))).limit(1);
  return rows.length > 0;
}

/** Staff accounts, by e-mail. */
export async function findStaffAccounts(db: Executor): Promise<UserRow[]> {
  return db.select().from(users).where(isNotNull(users.role)).orderBy(users.email).limit(1000);
}

export async function revokeAccessToken(db: Executor, tokenHash: string): Promise<void> {
  await db.update(accessTokens).set({ revokedAt: sql`now()` }).where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)));
}

export async function revokeAllAccessTokens(db: Executor, userId: number): Promise<void> {
  await db.update(accessTokens).set({ revokedAt: sql`now()` }).where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
}

/** Ends every session of an account but the one of `keepTokenHash` (the device making a change). */
export async function revokeOtherAccessTokens(db: Executor, userId: number, keepTokenHash: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), ne(accessTokens.tokenHash, keepTokenHash)));
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

/** The wrong second-factor codes of an account (second-factor-ceiling.ts); same shape as a LoginThrottle. */
const secondFactorColumns = {
  failures: secondFactorThrottles.failures,
  windowStartedAt: secondFactorThrottles.windowStartedAt,
  blockedUntil: secondFactorThrottles.blockedUntil,
  blocks: secondFactorThrottles.blocks,
  notifiedAt: secondFactorThrottles.notifiedAt,
  updatedAt: secondFactorThrottles.updatedAt,
};

/**
 * The count of an account's wrong second-factor codes (null when there is none) and the
 * database's clock. Call with the account locked (lockUserById): that lock guards the row.
 */
export async function findSecondFactorThrottle(tx: Executor, userId: number): Promise<{ state: LoginThrottle | null; now: Date }> {
  const result = await tx.execute(sql`SELECT (extract(epoch FROM now()) * 1000)::float8 AS ms`);
  const now = new Date(Number((result as unknown as { rows: { ms: number | string }[] }).rows[0]!.ms));
  const rows = await tx.select(secondFactorColumns).from(secondFactorThrottles).where(eq(secondFactorThrottles.userId, userId));
  return { state: rows[0] ?? null, now };
}

export async function saveSecondFactorThrottle(tx: Executor, userId: number, state: LoginThrottle): Promise<void> {
  await tx.insert(secondFactorThrottles).values({ userId, ...state }).onConflictDoUpdate({ target: secondFactorThrottles.userId, set: state });
}

export async function deleteSecondFactorThrottle(db: Executor, userId: number): Promise<void> {
  await db.delete(secondFactorThrottles).where(eq(secondFactorThrottles.userId, userId));
}

/** Drops the second-factor counts nobody has added to for `quietSeconds` and whose pause is over. */
export async function deleteQuietSecondFactorThrottles(db: Executor, quietSeconds: number): Promise<void> {
  await db
    .delete(secondFactorThrottles)
    .where(and(lt(secondFactorThrottles.updatedAt, sql`now() - make_interval(secs => ${quietSeconds})`), or(isNull(secondFactorThrottles.blockedUntil), lt(secondFactorThrottles.blockedUntil, sql`now()`))));
}

/**
 * Drops every record that can no longer be used, for all accounts: ended sessions (kept a day
 * for the sessions list), spent or expired one-time links and sign-in steps. Answers the counts.
 */
export async function deleteDeadAuthRows(db: Executor): Promise<{ sessions: number; links: number; steps: number }> {
  const sessions = await db
    .delete(accessTokens)
    .where(or(lt(accessTokens.revokedAt, sql`now() - interval '1 day'`), lt(accessTokens.expiresAt, sql`now() - interval '1 day'`)))
    .returning({ id: accessTokens.id });
  const links = await db.delete(userTokens).where(or(isNotNull(userTokens.usedAt), lte(userTokens.expiresAt, sql`now()`))).returning({ id: userTokens.id });
  const steps = await db.delete(mfaChallenges).where(or(isNotNull(mfaChallenges.usedAt), lte(mfaChallenges.expiresAt, sql`now()`))).returning({ id: mfaChallenges.id });
  return { sessions: sessions.length, links: links.length, steps: steps.length };
}
