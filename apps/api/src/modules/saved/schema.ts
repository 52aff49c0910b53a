// Saved items in and out (SPEC.md 3 Saved item, 7).
import { z } from 'zod';
import { REQUIRED, bodyId } from '@market/domain/validation/fields';
import { idParam, optionalQuery } from '../../lib/query.ts';
import { OfferListItem } from '../catalogue/schema.ts';
import { LocationOut } from '../catalogue/schema.ts';
import { ContestItemOut } from '../contests/schema.ts';

export const FAVORITABLE_TYPES = ['Location', 'ContestEntity'] as const;
export type FavoritableType = (typeof FAVORITABLE_TYPES)[number];
const TYPE_MESSAGE = 'Use Location or ContestEntity.';

/** 'Location' / 'ContestEntity', case-insensitive. */
const favoritableType = z.preprocess(
  (v) => (typeof v === 'string' ? FAVORITABLE_TYPES.find((t) => t.toLowerCase() === v.trim().toLowerCase()) ?? v : v),
  z.enum(FAVORITABLE_TYPES, { error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : TYPE_MESSAGE) }),
);

export const ClipIn = z.object({ offer_id: bodyId }, { error: 'Send a JSON object with offer_id.' });
export const FavoriteIn = z.object({ favoritable_id: bodyId, favoritable_type: favoritableType }, { error: 'Send a JSON object with favoritable_id and favoritable_type.' });

export const SavedIdParams = z.object({ id: idParam });
export const FavoriteDeleteQuery = z.object({
  favoritable_type: optionalQuery(favoritableType).describe('When given, {id} is the saved location or contest entity id instead of the saved id'),
});

export const SavedIdOut = z.object({ id: z.number().int().describe('The saved id (saved_id in GET /api/userfavorites/)') });

const savedId = { saved_id: z.number().int() };
export const SavedOfferOut = OfferListItem.extend({
  ...savedId,
  expiry_status: z.enum(['active', 'expired']),
  is_active: z.boolean(),
});
export type SavedOfferOut = z.infer<typeof SavedOfferOut>;
export const SavedLocationOut = LocationOut.extend(savedId);
export const SavedContestOut = ContestItemOut.extend({ ...savedId, running: z.boolean().describe('false once the contest has ended') });

const Split = z.object({
  active: z.array(SavedOfferOut),
  expired: z.array(SavedOfferOut).describe('Expired less than 7 days ago (SPEC.md 4)'),
});

/** GET /api/userfavorites/ (SPEC.md 2 Saved items tabs, 4 expiry rule). */
export const SavedItemsOut = z.object({
  offers: Split.describe('Regular offers (Coupons tab)'),
  cars: Split.describe('Lease and purchase offers (Cars tab)'),
  locations: z.array(SavedLocationOut),
  contests: z.array(SavedContestOut),
  count: z.number().int().describe('Items shown, for the Saved button counter'),
});
export type SavedItemsOut = z.infer<typeof SavedItemsOut>;
