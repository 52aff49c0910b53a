// Members: accounts, their access and one-time tokens and preferences (SPEC.md 3 User
// info, Preferences, Registration). What members save is in saved.ts.
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored trimmed and lower-cased; unique. */
    email: text('email').notNull(),
    /** argon2id PHC string (parameters are read back from it). */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    birthday: date('birthday', { mode: 'string' }),
    trackingId: text('tracking_id'),
    promotionsAgree: boolean('promotions_agree').notNull().default(false),
    termsAgreedAt: timestamp('terms_agreed_at', { withTimezone: true }).notNull().defaultNow(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** Bearer access tokens. Only the SHA-256 of a token is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('access_tokens_hash_uq').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
);

/** Single-use e-mail tokens: address verification and password reset. Stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_tokens_hash_uq').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.kind)],
);

/**
 * Failed password sign-ins per typed e-mail address, counted across every client address: past a
 * ceiling, password sign-in for that address pauses for a short, growing time (docs/decisions.md).
 * Keyed by the e-mail whether or not it has an account, so the answers never tell which do.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    /** Trimmed and lower-cased, as the log-in form sends it. */
    email: text('email').primaryKey(),
    /** Failures since windowStartedAt. */
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** Pauses so far in this run of failures; each lasts twice the one before, up to a ceiling. */
    blocks: integer('blocks').notNull().default(0),
    /** When the owner was last told by e-mail that sign-in was slowed. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_throttles_updated_idx').on(t.updatedAt)],
);

/** The seven 0/1 interest flags of SPEC.md 3 Preferences; no row means all 0. */
export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  foodDining: boolean('food_dining').notNull().default(false),
  homeServices: boolean('home_services').notNull().default(false),
  healthBeauty: boolean('health_beauty').notNull().default(false),
  autoTransportation: boolean('auto_transportation').notNull().default(false),
  travelEntertainment: boolean('travel_entertainment').notNull().default(false),
  retailFashion: boolean('retail_fashion').notNull().default(false),
  specialServices: boolean('special_services').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
