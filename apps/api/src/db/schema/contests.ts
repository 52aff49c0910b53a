// Contests, their per-market entities, winners and draws (SPEC.md 3 Contest; issues 2 and 5).
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { locations, markets, merchants } from './catalogue.ts';

export const contests = pgTable('contests', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  displayName: text('display_name').notNull(),
  /** Sanitised HTML. */
  description: text('description').notNull().default(''),
  /** Sanitised HTML (SPEC.md 3: contest_rules (HTML)). */
  rulesHtml: text('rules_html').notNull().default(''),
  picturePath: text('picture_path'),
  bannerPath: text('banner_path'),
  winSaveContestLink: text('win_save_contest_link'),
  merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
  /** Winning sweepstakes numbers, when the contest has them (SPEC.md 2 Contest modal). */
  sweepstakesNumbers: text('sweepstakes_numbers').array().notNull().default(sql`'{}'::text[]`),
  prize: text('prize').notNull().default(''),
  startsAt: date('starts_at', { mode: 'string' }).notNull(),
  endsAt: date('ends_at', { mode: 'string' }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A contest shown in a market, at a location: the "entity" whose id deep links use (c=). */
export const contestEntities = pgTable(
  'contest_entities',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id').notNull().references(() => contests.id, { onDelete: 'cascade' }),
    marketId: text('market_id').notNull().references(() => markets.id),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    isFeatured: boolean('is_featured').notNull().default(false),
  },
  (t) => [index('contest_entities_contest_idx').on(t.contestId), index('contest_entities_market_idx').on(t.marketId)],
);

export const contestWinners = pgTable(
  'contest_winners',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id').notNull().references(() => contests.id, { onDelete: 'cascade' }),
    drawId: integer('draw_id'),
    userId: integer('user_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    winning: text('winning').notNull(),
    selectedAt: timestamp('selected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contest_winners_contest_idx').on(t.contestId)],
);
