// Answers of saved items (SPEC.md 2 Saved items tabs, 3 Saved item, 4 expiry rule, 7).
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { LocationOut, OfferListItem } from './catalogue.ts';
import { ContestItemOut } from './contests.ts';

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

/** GET /api/userfavorites/. */
export const SavedItemsOut = z.object({
  offers: Split.describe('Regular offers (Coupons tab)'),
  cars: Split.describe('Lease and purchase offers (Cars tab)'),
  locations: z.array(SavedLocationOut),
  contests: z.array(SavedContestOut),
  count: z.number().int().describe('Items shown, for the Saved button counter'),
});
export type SavedItemsOut = z.infer<typeof SavedItemsOut>;
