// Lead and newsletter rows. Leads are append-only; a newsletter address has one row
// (INSERT ... ON CONFLICT on the unique e-mail), pending until its confirmation link is used.
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbHandle, Executor } from '../../db/client.ts';
import { leads, newsletterSubscriptions, type LeadKind } from '../../db/schema/index.ts';

export interface NewLead {
  kind: LeadKind;
  marketId: string;
  email: string | null;
  details: Record<string, unknown>;
  trackingId: string | null;
  /** The merchant the lead is for (an auto lead's dealer): its merchant-centre inbox. */
  merchantId?: number | null;
}

export async function insertLead(db: Executor, lead: NewLead): Promise<{ id: number }> {
  const [row] = await db.insert(leads).values(lead).returning({ id: leads.id });
  return row!;
}

/**
 * The e-mail addresses of a merchant's people with one of `roles` (the merchant's lead mail goes
 * to its owners and managers), accounts that are not disabled.
 */
export async function findMerchantTeamEmails(db: Executor, merchantId: number, roles: readonly string[]): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT u.email FROM merchant_members mm JOIN users u ON u.id = mm.user_id
        WHERE mm.merchant_id = ${merchantId} AND mm.role IN (${sql.join(roles.map((r) => sql`${r}`), sql`, `)}) AND u.disabled_at IS NULL
        ORDER BY mm.id`,
  );
  return (result as unknown as { rows: { email: string }[] }).rows.map((r) => r.email);
}

export async function findLeadById(db: Executor, id: number) {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row;
}

/** Leads of one kind after `afterId`, oldest first, `limit` at a time (the export pages through). */
export function findLeadsOfKind(db: Executor, kind: LeadKind, afterId: number, limit: number) {
  return db
    .select()
    .from(leads)
    .where(and(eq(leads.kind, kind), gt(leads.id, afterId)))
    .orderBy(asc(leads.id))
    .limit(limit);
}

/**
 * Asks for a subscription (double opt-in): a new address becomes a pending row. `mail` is true
 * when a confirmation mail should go out now: the address is not subscribed, and no confirmation
 * was asked for in the last `spacingSeconds` (so the form cannot flood someone's inbox).
 */
export async function requestSubscription(
  handle: DbHandle,
  s: { email: string; trackingId: string | null; token: string; spacingSeconds: number },
  executor?: Executor,
): Promise<{ id: number; mail: boolean }> {
  const [row] = await handle.rows<{ id: number; mail: boolean }>(
    sql`INSERT INTO newsletter_subscriptions AS s (email, tracking_id, unsubscribe_token, subscribe_count, confirm_sent_at)
        VALUES (${s.email}, ${s.trackingId}, ${s.token}, 0, now())
        ON CONFLICT (email) DO UPDATE SET
          tracking_id = coalesce(s.tracking_id, excluded.tracking_id),
          confirm_sent_at = CASE
            WHEN s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL THEN s.confirm_sent_at
            WHEN s.confirm_sent_at IS NULL OR s.confirm_sent_at <= now() - make_interval(secs => ${s.spacingSeconds}) THEN now()
            ELSE s.confirm_sent_at END
        RETURNING id, coalesce(confirm_sent_at = now(), false) AS mail`,
    executor,
  );
  return row!;
}

/** A subscription by id (the confirmation mail's worker). */
export async function findSubscriptionById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email, confirmedAt: newsletterSubscriptions.confirmedAt, unsubscribedAt: newsletterSubscriptions.unsubscribedAt })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, id));
  return row;
}

/** Stores the hash of a new confirmation token; any earlier link of the address stops working. */
export async function setConfirmToken(db: Executor, id: number, tokenHash: string, seconds: number): Promise<void> {
  await db
    .update(newsletterSubscriptions)
    .set({ confirmTokenHash: tokenHash, confirmExpiresAt: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(newsletterSubscriptions.id, id));
}

/**
 * Confirms the subscription of a live confirmation token, at most once (the token is cleared in
 * the same statement): answers the address, or null for an unknown, used or expired token.
 */
export async function confirmByTokenHash(db: Executor, tokenHash: string): Promise<{ email: string } | null> {
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({
      confirmedAt: sql`now()`,
      subscribedAt: sql`now()`,
      unsubscribedAt: null,
      subscribeCount: sql`${newsletterSubscriptions.subscribeCount} + 1`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      confirmSentAt: null,
    })
    .where(and(eq(newsletterSubscriptions.confirmTokenHash, tokenHash), gt(newsletterSubscriptions.confirmExpiresAt, sql`now()`)))
    .returning({ email: newsletterSubscriptions.email });
  return row ?? null;
}

/**
 * The active subscription of an address: confirmed and not ended (the mail worker reads its
 * unsubscribe token). Pending addresses get no newsletter.
 */
export async function findActiveSubscription(db: Executor, email: string) {
  const [row] = await db
    .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email, token: newsletterSubscriptions.unsubscribeToken })
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.email, email), isNotNull(newsletterSubscriptions.confirmedAt), isNull(newsletterSubscriptions.unsubscribedAt)));
  return row;
}

/** Ends a subscription by its token: 'done', 'already' (it had ended) or 'unknown'. */
export async function unsubscribeByToken(db: Executor, token: string): Promise<'done' | 'already' | 'unknown'> {
  const updated = await db
    .update(newsletterSubscriptions)
    .set({ unsubscribedAt: sql`now()` })
    .where(and(eq(newsletterSubscriptions.unsubscribeToken, token), isNull(newsletterSubscriptions.unsubscribedAt)))
    .returning({ id: newsletterSubscriptions.id });
  if (updated.length) return 'done';
  const [existing] = await db.select({ id: newsletterSubscriptions.id }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.unsubscribeToken, token));
  return existing ? 'already' : 'unknown';
}

/** Subscriptions after `afterId`, oldest first (export). */
export function findSubscriptions(db: Executor, afterId: number, limit: number) {
  return db.select().from(newsletterSubscriptions).where(gt(newsletterSubscriptions.id, afterId)).orderBy(asc(newsletterSubscriptions.id)).limit(limit);
}
