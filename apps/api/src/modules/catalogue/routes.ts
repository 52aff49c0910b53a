// The public catalogue calls of SPEC.md 7 and the rest of docs/api.md "Endpoint families".
// Lists answer JSON arrays; every public GET is cacheable by a CDN.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCache, publicCacheToMinute } from '../../lib/http.ts';
import { nowOf } from './lib/open-now.ts';
import {
  CategoriesOut,
  EntitiesQuery,
  IdParams,
  LocationOut,
  LocationsQuery,
  OfferDetail,
  OfferListItem,
  PlaceOnlyQuery,
  RecommendationsQuery,
  SpotlightOut,
} from './schema.ts';
import {
  getLocation,
  getOfferDetail,
  listCategories,
  listLocations,
  listOffers,
  recommendOffers,
  spotlightMerchants,
} from './service.ts';

const tags = ['catalogue'];

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/api/entities/',
    {
      config: { answerCache: true, answerCacheToMinute: true },
      schema: {
        tags,
        summary: 'Active offers near a place',
        description:
          'Position from lat/lng, else city/state (largest matching place), else Detroit, MI. Only offers within the market radius (100 miles; Twin Cities 200) that are active and not expired (SPEC.md 4).',
        querystring: EntitiesQuery,
        response: { 200: z.array(OfferListItem) },
      },
    },
    async (request, reply) => {
      publicCacheToMinute(reply, nowOf(deps));
      return listOffers(deps, request.query);
    },
  );

  app.get(
    '/api/offers/:id/',
    {
      schema: {
        tags,
        summary: 'One offer with every detail field',
        description: 'An offer expired 7 or more days ago answers 404; an inactive offer answers with is_active false.',
        params: IdParams,
        response: { 200: OfferDetail },
      },
    },
    async (request, reply) => {
      publicCacheToMinute(reply, nowOf(deps));
      return getOfferDetail(deps, request.params.id);
    },
  );

  app.get(
    '/api/locations/:id/',
    { schema: { tags, summary: 'One location with its active offers', params: IdParams, response: { 200: LocationOut } } },
    async (request, reply) => {
      publicCacheToMinute(reply, nowOf(deps));
      return getLocation(deps, request.params.id);
    },
  );

  app.get(
    '/api/locations/',
    {
      config: { answerCache: true, answerCacheToMinute: true },
      schema: {
        tags,
        summary: "Locations near a place, or a merchant's locations (?slug=)",
        querystring: LocationsQuery,
        response: { 200: z.array(LocationOut) },
      },
    },
    async (request, reply) => {
      publicCacheToMinute(reply, nowOf(deps));
      return listLocations(deps, request.query);
    },
  );

  app.get(
    '/api/categories/',
    {
      config: { answerCache: true },
      schema: {
        tags,
        summary: 'Main categories, the filter list and the home-pros groups with their subcategories',
        response: { 200: CategoriesOut },
      },
    },
    async (_request, reply) => {
      publicCache(reply, 300);
      return listCategories(deps);
    },
  );

  app.get(
    '/api/recommendations/',
    {
      config: { answerCache: true, answerCacheToMinute: true },
      schema: {
        tags,
        summary: 'Recommended offers near a place',
        description: 'Offers sharing a category with the saved offers or the preferences first, nearest first; 4 by default.',
        querystring: RecommendationsQuery,
        response: { 200: z.array(OfferListItem) },
      },
    },
    async (request, reply) => {
      publicCacheToMinute(reply, nowOf(deps));
      return recommendOffers(deps, request.query);
    },
  );

  app.get(
    '/api/spotlight/',
    {
      config: { answerCache: true },
      schema: {
        tags,
        summary: 'Spotlight merchants near a place (home-pros home)',
        querystring: PlaceOnlyQuery,
        response: { 200: z.array(SpotlightOut) },
      },
    },
    async (request, reply) => {
      publicCache(reply, 300);
      return spotlightMerchants(deps, request.query);
    },
  );
};
