// Lead and newsletter rows (STYLE.md 3). Leads are append-only; a newsletter address has one row,
// re-subscribing reactivates it (INSERT ... ON CONFLICT on the unique e-mail).
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbHandle, Executor } from '../../db/client.ts';
import { leads, newsletterSubscriptions, type LeadKind } from '../../db/schema/index.ts';

export interface NewLead {
  kind: LeadKind;
  marketId: string;
  email: string | null;
  details: Record<string, unknown>;
  trackingId: string | null;
}

export async function insertLead(db: Executor, lead: NewLead): Promise<{ id: number }> {
  const [row] = await db.insert(leads).values(lead).returning({ id: leads.id });
  return row!;
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
 * Subscribes an address, or re-subscribes one that had left. `fresh` is true when this call
 * started a subscription (new or reactivated), false when it was already active.
 */
export async function upsertSubscription(handle: DbHandle, s: { email: string; trackingId: string | null; token: string }, executor?: Executor): Promise<{ id: number; fresh: boolean }> {
  const [row] = await handle.rows<{ id: number; fresh: boolean }>(
    sql`INSERT INTO newsletter_subscriptions AS s (email, tracking_id, unsubscribe_token)
        VALUES (${s.email}, ${s.trackingId}, ${s.token})
        ON CONFLICT (email) DO UPDATE SET
          tracking_id = coalesce(s.tracking_id, excluded.tracking_id),
          subscribe_count = CASE WHEN s.unsubscribed_at IS NULL THEN s.subscribe_count ELSE s.subscribe_count + 1 END,
          subscribed_at = CASE WHEN s.unsubscribed_at IS NULL THEN s.subscribed_at ELSE now() END,
          unsubscribed_at = NULL
        RETURNING id, (subscribed_at = now()) AS fresh`,
    executor,
  );
  return row!;
}

/** The active subscription of an address (the mail worker reads its unsubscribe token). */
export async function findActiveSubscription(db: Executor, email: string) {
  const [row] = await db
    .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email, token: newsletterSubscriptions.unsubscribeToken })
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.email, email), isNull(newsletterSubscriptions.unsubscribedAt)));
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
