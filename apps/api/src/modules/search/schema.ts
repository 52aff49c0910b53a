// zod in/out for search and autocomplete (SPEC.md 7: GET /api/search/, GET /api/searchautocomplete/).
import { z } from 'zod';
import { limitParam, offsetParam, optionalQuery, placeQuery } from '../../lib/query.ts';
import { OFFER_ORDERS, bboxParam, categoryList, idList, radiusParam, seedParam, validNowParam } from '../catalogue/schema.ts';

export const SEARCH_ORDERS = ['relevance', ...OFFER_ORDERS] as const;

const ENTER_TEXT = 'Enter something to search for.';

export const SearchQuery = z.object({
  q: z.string({ error: ENTER_TEXT }).trim().min(1, ENTER_TEXT).max(200, 'Search text is too long (200 characters at most).'),
  offset: offsetParam,
  limit: limitParam,
  category: categoryList,
  order: optionalQuery(z.enum(SEARCH_ORDERS, { error: `Use one of: ${SEARCH_ORDERS.join(', ')}.` })).describe('Default relevance (damped by distance)'),
  seed: seedParam,
  exclude: idList().describe('Comma list of offer ids to leave out'),
  radius: radiusParam,
  valid_now: validNowParam,
  bbox: bboxParam,
  ...placeQuery,
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const AutocompleteQuery = z.object({
  q: optionalQuery(z.string().max(100, 'Search text is too long (100 characters at most).')),
  ...placeQuery,
});

// The answers are catalogue offers and the shared @market/domain/api/search suggestions.
export { Suggestion } from '@market/domain/api/search';
