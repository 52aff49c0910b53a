// Leads of the public forms (SPEC.md 3 Other payloads, 7; docs/decisions.md "Leads"): one row per
// submission, the validated and normalised fields in `details`, routed to the market whose office
// follows it up.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { markets } from './catalogue.ts';
import { users } from './members.ts';

/** Where a lead stands in the office's inbox. */
export const LEAD_STATUSES = ['new', 'in_progress', 'done', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The kinds of lead, named after their calls (SPEC.md 7). */
export const LEAD_KINDS = ['autolead', 'suggestmerchant', 'mail_removal', 'magazine_lead', 'businesslead', 'contractorapplication'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: LEAD_KINDS }).notNull(),
    marketId: text('market_id').notNull().references(() => markets.id),
    /** The e-mail of the person, when the form has one (indexed for erasure requests). */
    email: text('email'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    trackingId: text('tracking_id'),
    /** The merchant a lead is for (an auto lead's dealer, a message to a pro): its merchant centre inbox. */
    merchantId: integer('merchant_id'),
    /** The merchant's own "handled" mark in its inbox (the office's status stays the office's). */
    merchantHandledAt: timestamp('merchant_handled_at', { withTimezone: true }),
    merchantHandledBy: integer('merchant_handled_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('new'),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leads_kind_created_idx').on(t.kind, t.createdAt),
    index('leads_email_idx').on(t.email),
    index('leads_market_status_created_idx').on(t.marketId, t.status, t.createdAt),
    index('leads_status_created_idx').on(t.status, t.createdAt),
    index('leads_updated_idx').on(t.updatedAt, t.id),
    index('leads_merchant_created_idx').on(t.merchantId, t.createdAt).where(sql`${t.merchantId} IS NOT NULL`),
    index('leads_assigned_idx').on(t.assignedTo, t.createdAt).where(sql`${t.assignedTo} IS NOT NULL`),
    check('leads_status_known', sql`${t.status} IN ('new', 'in_progress', 'done', 'spam')`),
    check('leads_kind_known', sql`${t.kind} IN ('autolead', 'suggestmerchant', 'mail_removal', 'magazine_lead', 'businesslead', 'contractorapplication')`),
  ],
);

/**
 * Newsletter subscribers (POST /auth/newsletter/), by double opt-in: a row is pending until the
 * mailed confirmation link is used (confirmedAt), and only confirmed, not unsubscribed addresses
 * get newsletters (docs/decisions.md). The unsubscribe token goes in every mail's one-click link;
 * it only ever unsubscribes, so it is kept as is (the mail worker needs it). The confirmation
 * token is stored as its SHA-256 only and works once.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    trackingId: text('tracking_id'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    /** Times the address was (re)subscribed. */
    subscribeCount: integer('subscribe_count').notNull().default(1),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** When the address owner last confirmed with the mailed link; null while pending. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the last confirmation mail was asked for (resends are spaced out). */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_uq').on(t.email),
    uniqueIndex('newsletter_subscriptions_token_uq').on(t.unsubscribeToken),
    uniqueIndex('newsletter_subscriptions_confirm_uq').on(t.confirmTokenHash),
  ],
);

/** Notes staff add to a lead. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id').notNull().references(() => leads.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_notes_lead_idx').on(t.leadId, t.createdAt)],
);
