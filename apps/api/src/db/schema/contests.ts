// Contests, their per-market entities, winners and draws (SPEC.md 3 Contest).
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations, markets, merchants } from './catalogue.ts';
import { users } from './members.ts';

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
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    drawId: integer('draw_id').references(() => contestDraws.id, { onDelete: 'set null' }),
    /** The member who won; null for winners entered by hand or whose account is gone. */
    userId: integer('user_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    winning: text('winning').notNull(),
    selectedAt: timestamp('selected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contest_winners_contest_idx').on(t.contestId),
    // A member wins a contest at most once, even if two draws run at the same time.
    uniqueIndex('contest_winners_contest_user_uq').on(t.contestId, t.userId).where(sql`${t.userId} IS NOT NULL`),
  ],
);

/**
 * One entry per member and contest (docs/api.md "Exactly once"): the unique index is what makes
 * parallel double submits safe (INSERT ... ON CONFLICT). Entries are personal: they go with the
 * account.
 */
export const contestEntries = pgTable(
  'contest_entries',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id').notNull().references(() => contests.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The contest entity (market listing) the member entered through. */
    entityId: integer('entity_id').references(() => contestEntities.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contest_entries_contest_user_uq').on(t.contestId, t.userId), index('contest_entries_user_idx').on(t.userId)],
);

/**
 * An auditable draw (docs/operations.md): the seed that, with the ordered entries, reproduces the
 * pick.
 */
export const contestDraws = pgTable(
  'contest_draws',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id').notNull().references(() => contests.id, { onDelete: 'cascade' }),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    winnersRequested: integer('winners_requested').notNull(),
    winnersSelected: integer('winners_selected').notNull(),
    /** Eligible entries at draw time (entries of members who had not already won). */
    eligibleEntries: integer('eligible_entries').notNull(),
    /** The entry ids drawn from, in the order the seed shuffles (audit trail). */
    entryIds: integer('entry_ids').array().notNull(),
    /** How the seed picks (the name of the shuffle), so anyone can redo the draw. */
    method: text('method').notNull().default('seeded-shuffle-v1'),
    /** Every entry of the contest at draw time, winners of earlier draws included. */
    entrants: integer('entrants'),
    /** The staff member who ran it; null for the command line. */
    ranBy: integer('ran_by').references(() => users.id, { onDelete: 'set null' }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contest_draws_contest_idx').on(t.contestId)],
);

/**
 * Sweepstakes claims (SPEC.md 3 Sweepstakes entry): the entrant's magazine numbers, flagged when
 * one matches a winning number of the contest.
 */
export const sweepstakesClaims = pgTable(
  'sweepstakes_claims',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id').notNull().references(() => contests.id, { onDelete: 'cascade' }),
    entityId: integer('entity_id').references(() => contestEntities.id, { onDelete: 'set null' }),
    marketId: text('market_id').notNull().references(() => markets.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    numbers: text('numbers').array().notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    reference: text('reference'),
    matchedNumbers: text('matched_numbers').array().notNull().default(sql`'{}'::text[]`),
    isMatch: boolean('is_match').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sweepstakes_claims_contest_idx').on(t.contestId, t.createdAt), index('sweepstakes_claims_match_idx').on(t.contestId).where(sql`${t.isMatch}`)],
);
