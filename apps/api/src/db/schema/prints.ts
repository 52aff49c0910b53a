// Prints, print tokens and redemptions (SPEC.md 3 Print record, 4 Print count and
// Slide-to-redeem, 9 limits).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offers } from './catalogue.ts';
import { users } from './members.ts';

/**
 * The Print record of SPEC.md 3: how many copies a member took of an offer. Raised by one
 * conditional upsert (`... DO UPDATE ... WHERE prints < limit`), which is what keeps 100 parallel
 * requests to exactly the limit on PostgreSQL and on PGlite.
 */
export const userPrints = pgTable(
  'user_prints',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').notNull().references(() => offers.id, { onDelete: 'cascade' }),
    prints: integer('prints').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastPrintedAt: timestamp('last_printed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.offerId] }), index('user_prints_offer_idx').on(t.offerId), check('user_prints_non_negative', sql`${t.prints} >= 0`)],
);

/** Copies taken without an account, per client address, offer and business day (the server's cap). */
export const anonymousPrints = pgTable(
  'anonymous_prints',
  {
    clientAddress: text('client_address').notNull(),
    offerId: integer('offer_id').notNull().references(() => offers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    prints: integer('prints').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientAddress, t.offerId, t.day] }), index('anonymous_prints_day_idx').on(t.day)],
);

/**
 * One row per copy handed out: a member's print token (used once, for its offer only) or an
 * anonymous copy. Its id is the serial printed in the copy's QR code and barcode.
 */
export const printCopies = pgTable(
  'print_copies',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id').notNull().references(() => offers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    clientAddress: text('client_address'),
    /** 'mobile': the copy slide-to-redeem shows on the saver's phone (docs/api.md "Redemption codes"). */
    kind: text('kind', { enum: ['print', 'download', 'mobile'] }).notNull(),
    /** The member's nth copy of this offer (1..limit); for anonymous copies, the address's nth that day. */
    copyNumber: smallint('copy_number'),
    /** SHA-256 of the print token; null for anonymous copies, which have none. */
    tokenHash: text('token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The copy's own redemption code (64+ random bits and a check character); null on copies made before codes. */
    code: text('code'),
    /** Confirmed by a cashier, a manager, an owner or a store device, once. */
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedLocationId: integer('redeemed_location_id'),
    redeemedBy: integer('redeemed_by'),
    redeemedDeviceId: integer('redeemed_device_id'),
    /** Void: undone by the saver, or withdrawn by staff. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('print_copies_token_uq').on(t.tokenHash),
    uniqueIndex('print_copies_code_uq').on(t.code),
    index('print_copies_redeemed_idx').on(t.redeemedLocationId, t.redeemedAt).where(sql`${t.redeemedAt} IS NOT NULL`),
    uniqueIndex('print_copies_user_offer_copy_uq').on(t.userId, t.offerId, t.copyNumber),
    index('print_copies_offer_idx').on(t.offerId),
  ],
);

/** One redemption per member and offer (SPEC.md 4 Slide-to-redeem); the unique index enforces it. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').notNull().references(() => offers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('redemptions_user_offer_uq').on(t.userId, t.offerId), index('redemptions_offer_idx').on(t.offerId)],
);
