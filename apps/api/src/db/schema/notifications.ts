// What savers are told by mail besides their account mails (docs/api.md "Notifications"): their
// choices per kind, and one row per mail a job decided to send, whose unique key makes every
// reminder, digest and result go out at most once, across runs, restarts and server instances.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './members.ts';
import { jobRuns } from './staff.ts';

export const NOTIFICATION_KINDS = ['expiry_reminder', 'new_from_places', 'weekly_digest', 'contest_reminder', 'contest_result'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A member's choices; no row means the defaults (docs/decisions.md). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    expiryReminder: boolean('expiry_reminder').notNull().default(true),
    newFromPlaces: boolean('new_from_places').notNull().default(true),
    weeklyDigest: boolean('weekly_digest').notNull().default(true),
    contestReminder: boolean('contest_reminder').notNull().default(true),
    contestResult: boolean('contest_result').notNull().default(true),
    /** The weekly digest's day, 0 = Monday .. 6 = Sunday, in the member's market time zone. */
    digestDay: smallint('digest_day').notNull().default(3),
    /** The one switch for all marketing mail; it takes effect only on a confirmed address (double opt-in). */
    marketing: boolean('marketing').notNull().default(false),
    /** Random, unique: identifies the member in one-click unsubscribe links without signing in. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_preferences_token_uq').on(t.unsubscribeToken),
    check('notification_preferences_digest_day', sql`${t.digestDay} BETWEEN 0 AND 6`),
  ],
);

/**
 * One row per mail a job claimed for a member. `dedupeKey` names the mail's subject
 * ('expiry:{user}:{offer}', 'digest:{user}:{iso week}', ...): its unique index is what makes a
 * second run, a restart or a second instance skip it. The row is written before the mail is queued
 * (claimed), then marked sent, skipped or failed.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    status: text('status', { enum: ['claimed', 'sent', 'skipped', 'failed'] }).notNull().default('claimed'),
    jobRunId: integer('job_run_id').references(() => jobRuns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_sends_dedupe_uq').on(t.dedupeKey),
    index('notification_sends_user_idx').on(t.userId, t.createdAt),
    index('notification_sends_run_idx').on(t.jobRunId),
  ],
);
