// What the merchant centre keeps: a merchant's people and paired tills, offer revisions under
// staff review, and the code attempts staff watch (docs/api.md "Merchant centre", "Redemption codes").
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations, merchants, offers } from './catalogue.ts';
import { users } from './members.ts';

export const MERCHANT_ROLES = ['owner', 'manager', 'cashier'] as const;
export type MerchantRole = (typeof MERCHANT_ROLES)[number];

/** A person of a merchant's team. Cashiers redeem only at `locationIds`; owners and managers everywhere. */
export const merchantMembers = pgTable(
  'merchant_members',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MERCHANT_ROLES }).notNull(),
    locationIds: integer('location_ids').array(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('merchant_members_merchant_user_uq').on(t.merchantId, t.userId),
    index('merchant_members_user_idx').on(t.userId),
    check('merchant_members_role_known', sql`${t.role} IN ('owner', 'manager', 'cashier')`),
  ],
);

/**
 * A shop's till paired to one location: a long-lived token (SHA-256 stored) that can only check
 * and redeem codes there. The owner revokes it.
 */
export const storeDevices = pgTable(
  'store_devices',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').notNull().references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('store_devices_token_uq').on(t.tokenHash), index('store_devices_merchant_idx').on(t.merchantId)],
);

export const REVISION_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'withdrawn'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/**
 * A merchant's proposed content for an offer (the offer's editable fields as JSON). A new offer
 * and every change to a live one go through a revision that staff approve; the live offer keeps
 * showing until then. At most one open (draft or submitted) revision per offer.
 */
export const offerRevisions = pgTable(
  'offer_revisions',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id').notNull().references(() => offers.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: REVISION_STATUSES }).notNull().default('draft'),
    /** Staff's note when sending it back; the merchant sees it. */
    reviewNote: text('review_note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('offer_revisions_open_uq').on(t.offerId).where(sql`${t.status} IN ('draft', 'submitted')`),
    index('offer_revisions_review_idx').on(t.status, t.submittedAt),
    index('offer_revisions_merchant_idx').on(t.merchantId, t.updatedAt),
    check('offer_revisions_status_known', sql`${t.status} IN ('draft', 'submitted', 'approved', 'rejected', 'withdrawn')`),
  ],
);

/**
 * Refused code checks and redeems: unknown codes (rate limited per address), and codes tried at
 * the wrong merchant or location, which staff see. No personal data beyond the address.
 */
export const redemptionAttempts = pgTable(
  'redemption_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    code: text('code').notNull(),
    // The list of @market/domain/api/redemption-codes ATTEMPT_REASONS (text: a new reason needs no migration).
    reason: text('reason', { enum: ['unknown', 'wrong_merchant', 'wrong_location', 'already_redeemed', 'expired', 'void', 'paused', 'not_started', 'outside_hours'] }).notNull(),
    ip: text('ip'),
    /** The offer's merchant, when the code is known. */
    offerMerchantId: integer('offer_merchant_id'),
    /** The merchant (and location) of whoever tried. */
    triedMerchantId: integer('tried_merchant_id'),
    triedLocationId: integer('tried_location_id'),
    userId: integer('user_id'),
    deviceId: integer('device_id'),
  },
  (t) => [index('redemption_attempts_at_idx').on(t.at), index('redemption_attempts_reason_idx').on(t.reason, t.at)],
);

/**
 * Photos of a merchant (its shop, its work), shown on the merchant page. Added by the merchant's
 * owners and managers or by staff; published at once and removable by both (docs/decisions.md).
 * A photo may belong to one location; null: every location of the merchant.
 */
export const merchantPhotos = pgTable(
  'merchant_photos',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    /** Media path as the upload step returns it (DATA_DIR or the S3 bucket). */
    path: text('path').notNull(),
    /** Text for screen readers; the merchant writes it (or the caption). */
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('merchant_photos_merchant_idx').on(t.merchantId, t.position, t.id), index('merchant_photos_location_idx').on(t.locationId)],
);
