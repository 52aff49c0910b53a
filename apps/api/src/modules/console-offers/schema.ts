// Requests and answers of the console's offer calls: the shared schemas of @market/domain, and the
// list's query string.
import { z } from 'zod';
import { MARKET_IDS } from '@market/domain/markets';
import { OFFER_STATUSES } from '@market/domain/offer-status';
import { SECONDARY_TYPES } from '@market/domain/validation/console-offers';
import { listQuery } from '../../lib/console-list.ts';
import { flagParam, idParam, optionalQuery } from '../../lib/query.ts';
import { OFFER_SORTS } from './repository.ts';

export { ConsoleOffer, ConsoleOfferPage } from '@market/domain/api/console-offers';
export { offerActionSchema, offerCreateSchema, offerUpdateSchema } from '@market/domain/validation/console-offers';

/** GET /api/console/offers/. */
export const offerListQuery = z.object({
  ...listQuery(OFFER_SORTS, '-updated_at'),
  status: optionalQuery(z.enum(OFFER_STATUSES, { error: `Choose a status among ${OFFER_STATUSES.join(', ')}.` })),
  market: optionalQuery(z.enum(MARKET_IDS, { error: `Choose a market among ${MARKET_IDS.join(', ')}.` })),
  merchant_id: optionalQuery(idParam),
  category: optionalQuery(idParam).describe("A category id: a main category or home-pros group matches the offer's category, a subcategory one of its subcategories"),
  featured: flagParam,
  secondary_type: optionalQuery(z.enum(SECONDARY_TYPES, { error: 'Choose lease, purchase or other.' })),
});
