// Members: accounts, their access and one-time tokens and preferences (SPEC.md 3 User
// info, Preferences, Registration). What members save is in saved.ts.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Staff roles (docs/security.md "Staff console"); null on an account means a member. */
export const STAFF_ROLES = ['admin', 'editor', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

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
    /** Staff role; null for a member. */
    role: text('role', { enum: STAFF_ROLES }),
    /** Market ids a staff member is limited to; null means every market. */
    staffMarkets: text('staff_markets').array(),
    /** A disabled account cannot sign in and its sessions are ended. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Base32 TOTP secret, set at enrolment (pending until totpEnrolledAt). */
    totpSecret: text('totp_secret'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_created_idx').on(t.createdAt),
    index('users_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_role_idx').on(t.role).where(sql`${t.role} IS NOT NULL`),
    check('users_role_known', sql`${t.role} IS NULL OR ${t.role} IN ('admin', 'editor', 'support')`),
  ],
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
    /** 'staff' sessions passed the second factor; they also end after idle time (lib/sessions.ts). */
    kind: text('kind', { enum: ['member', 'staff'] }).notNull().default('member'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('access_tokens_hash_uq').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
);

/**
 * The step between a right password and a session for accounts with two factors: a short-lived
 * token (hashed) that the TOTP setup, confirm and verify calls take. Attempts are counted.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['verify', 'enrol'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('mfa_challenges_hash_uq').on(t.tokenHash), index('mfa_challenges_user_idx').on(t.userId)],
);

/** One-time recovery codes of the second factor, shown once at enrolment; stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_hash_uq').on(t.userId, t.codeHash)],
);

/**
 * Invitations by e-mail to the staff console or to a merchant's team: the link works once and
 * expires (72 h for staff). Only the token's SHA-256 is stored.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    kind: text('kind', { enum: ['staff', 'merchant'] }).notNull(),
    /** A staff role, or a merchant role (owner, manager, cashier). */
    role: text('role').notNull(),
    markets: text('markets').array(),
    merchantId: integer('merchant_id'),
    locationIds: integer('location_ids').array(),
    /** Null for the bootstrap invitation made at start. */
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('invitations_hash_uq').on(t.tokenHash), index('invitations_email_idx').on(t.email)],
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

/**
 * Wrong second-factor codes per account, counted across every sign-in step, client address and
 * instance: past a ceiling, second-factor checks for the account pause for a growing time
 * (lib/second-factor-ceiling.ts, docs/decisions.md "Second factor ceiling"). A right password does
 * not touch it; a right second factor (or an admin's reset of the factor) ends it.
 */
export const secondFactorThrottles = pgTable(
  'second_factor_throttles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Wrong codes since windowStartedAt. */
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** Pauses so far in this run of wrong codes; each lasts twice the one before, up to a ceiling. */
    blocks: integer('blocks').notNull().default(0),
    /** When the owner was last told by e-mail that second-factor checks were paused. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('second_factor_throttles_updated_idx').on(t.updatedAt)],
);

/**
 * Mails and invitations sent per subject in a rolling window (docs/security.md "Mail limits"):
 * `mail:<sha-256 of the address>` (reset, verification and invitation mails to one address) and
 * `invite:<user id>` (invitations one account sends). One row per subject holds the times within
 * the window; taking one is a single upsert (auth/lib/send-limits.ts), so every instance agrees.
 */
export const sendQuotas = pgTable(
  'send_quotas',
  {
    subject: text('subject').primaryKey(),
    sentAt: timestamp('sent_at', { withTimezone: true }).array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('send_quotas_updated_idx').on(t.updatedAt)],
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
