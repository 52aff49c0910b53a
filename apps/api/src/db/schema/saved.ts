// What members save: clipped offers and favourite locations and contests (SPEC.md 3 Saved item,
// 4 Save/unsave). Apart from members.ts so that the accounts do not depend on the contests, which
// depend on the accounts (their entries and winners).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations, offers } from './catalogue.ts';
import { contestEntities } from './contests.ts';
import { users } from './members.ts';

/** Clipped (saved) offers; one row per member and offer (SPEC.md 4 Save/unsave). */
export const userClips = pgTable(
  'user_clips',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').notNull().references(() => offers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_clips_user_offer_uq').on(t.userId, t.offerId), index('user_clips_offer_idx').on(t.offerId)],
);

/**
 * Saved locations and contests (favoritable_type Location | ContestEntity, SPEC.md 3 and 7).
 * One column per kind instead of a polymorphic id, so each has a real foreign key and a unique
 * index that ON CONFLICT can use.
 */
export const userFavorites = pgTable(
  'user_favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    contestEntityId: integer('contest_entity_id').references(() => contestEntities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_favorites_user_location_uq').on(t.userId, t.locationId),
    uniqueIndex('user_favorites_user_contest_uq').on(t.userId, t.contestEntityId),
    index('user_favorites_location_idx').on(t.locationId),
    index('user_favorites_contest_idx').on(t.contestEntityId),
    check('user_favorites_one_kind', sql`num_nonnulls(${t.locationId}, ${t.contestEntityId}) = 1`),
  ],
);
