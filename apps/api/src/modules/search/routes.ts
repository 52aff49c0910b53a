// Search and autocomplete (SPEC.md 7). Lists answer JSON arrays; both are public and cacheable.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCache, publicCacheToMinute } from '../../lib/http.ts';
import { nowOf } from '../catalogue/lib/open-now.ts';
import { OfferListItem } from '../catalogue/schema.ts';
import { AutocompleteQuery, SearchQuery, Suggestion } from './schema.ts';
import { autocomplete, searchOffers } from './service.ts';

const tags = ['search'];

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/api/search/',
    {
      config: { answerCache: true, answerCacheToMinute: true },
      schema: {
        tags,
        summary: 'Full-text search over offers near a place',
        description:
          'Matches merchant names, offer text, categories and subcategories; unknown words are also tried as their nearest catalogue words (typos). Active offers within the market radius, best match first with nearer offers favoured (order=relevance), or any order of /api/entities/. A blank q is a 400.',
        querystring: SearchQuery,
        response: { 200: z.array(OfferListItem) },
      },
    },
    async (request, reply) => {
      publicCacheToMinute(reply, nowOf(deps));
      return searchOffers(deps, request.query);
    },
  );

  app.get(
    '/api/searchautocomplete/',
    {
      config: { answerCache: true },
      schema: {
        tags,
        summary: 'Suggestions for the search box',
        description: "Category names and names of merchants near the place that start with q (2 characters at least, else []); at most 10. id is 'category:<slug>' or 'merchant:<merchant id>'.",
        querystring: AutocompleteQuery,
        response: { 200: z.array(Suggestion) },
      },
    },
    async (request, reply) => {
      publicCache(reply, 300);
      return autocomplete(deps, request.query);
    },
  );
};
