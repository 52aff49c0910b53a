// Saved items in and out (SPEC.md 3 Saved item, 7).
import { z } from 'zod';
import { REQUIRED, bodyId } from '@market/domain/validation/fields';
import { idParam, optionalQuery } from '../../lib/query.ts';

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

// The answers are the shared schemas of @market/domain/api/saved (the web client parses with them).
export { SavedContestOut, SavedIdOut, SavedItemsOut, SavedLocationOut, SavedOfferOut } from '@market/domain/api/saved';
