// Types of the API answers the pages read: the shared response schemas of @market/domain/api,
// which the API serialises with and api.server.ts parses with (one description of each answer).
// HTML fields arrive here already sanitised by api.server.ts.
import type { LocationOut, OfferDetail as OfferDetailOut, OfferListItem as OfferListItemOut, SpotlightOut } from '@market/domain/api/catalogue';
import type { ContestItemOut, ContestWinnerOut } from '@market/domain/api/contests';
import type { CalloutOut } from '@market/domain/api/content';
import type { PlaceOut, PlaceSuggestionOut } from '@market/domain/api/geo';
import type { Suggestion } from '@market/domain/api/search';

export type OfferListItem = OfferListItemOut;
export type OfferDetail = OfferDetailOut;
export type LocationDetail = LocationOut;
export type Contest = ContestItemOut;
export type ContestWinner = ContestWinnerOut;
export type Callout = CalloutOut;
export type ResolvedPlace = PlaceOut;

/** A spotlight card: the about text stripped and cut to 175 characters (SPEC.md 5), the logo's path. */
export type SpotlightMerchant = Pick<SpotlightOut, 'id' | 'slug' | 'city' | 'state' | 'merchant'> & { description: string; logo: string | null };

/** A place (GET /api/places/autocomplete/) or search (GET /api/searchautocomplete/) suggestion. */
export type PlaceSuggestion = PlaceSuggestionOut | Suggestion;

/** A choice of the category filter (the static lists of @market/domain/category-lists). */
export interface FilterCategory {
  slug: string;
  name: string;
  count: number;
}
