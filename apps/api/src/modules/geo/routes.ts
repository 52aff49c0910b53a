import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { trustedProxyList } from '../../config/env.ts';
import { privateNoStore, publicCache } from '../../lib/http.ts';
import {
  AutocompleteQuery,
  BasemapOut,
  MarketOfPlaceOut,
  MarketOut,
  PlaceIdParams,
  PlaceOut,
  PlaceQuery,
  PlaceSuggestionOut,
  ReverseQuery,
  UserLocationOut,
  ZipParams,
} from './schema.ts';
import { autocompletePlaces, basemapJson, listMarkets, marketOfPlace, placeDetail, placeOfZipCode, reverseGeocode } from './service.ts';
import { compileTrust, openGeoIp, userLocation } from './lib/user-location.ts';
import { gzipSync } from 'node:zlib';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const isTrustedPeer = compileTrust(trustedProxyList(app.deps.env));
  const geoIp = await openGeoIp(app.deps.env.MAXMIND_DB);
  const { deps } = app;

  app.get(
    '/api/markets/',
    { schema: { tags: ['geo'], summary: 'Markets and regional offices', response: { 200: z.array(MarketOut) } } },
    async (_request, reply) => {
      publicCache(reply, 3600);
      return listMarkets(deps);
    },
  );

  app.get(
    '/api/userlocation/',
    {
      schema: {
        tags: ['geo'],
        summary: 'The visitor location from trusted CDN geo headers or the GeoIP database, or null',
        description:
          'CDN visitor-location headers (Cloudflare cf-ipcity/cf-region-code/cf-iplatitude/cf-iplongitude, CloudFront viewer headers) are read only when the connection comes from a proxy listed in TRUSTED_PROXIES; X-Forwarded-For likewise. Otherwise the MaxMind database of MAXMIND_DB is consulted with the client address, when configured.',
        response: { 200: UserLocationOut },
      },
    },
    async (request, reply) => {
      // The answer depends on who asks: never cached by a shared cache.
      privateNoStore(reply);
      return userLocation(deps, { headers: request.headers, peerAddress: request.socket.remoteAddress, clientIp: request.ip }, { isTrustedPeer, geoIp });
    },
  );

  app.get(
    '/api/places/autocomplete/',
    {
      schema: {
        tags: ['geo'],
        summary: 'US city autocomplete',
        description: 'Prefix match on the city name, 2+ characters after trimming (fewer answer []); "City, ST" restricts the state. Most populous first, nearer first given lat/lng; at most 10.',
        querystring: AutocompleteQuery,
        response: { 200: z.array(PlaceSuggestionOut) },
      },
    },
    async (request, reply) => {
      publicCache(reply, 3600);
      const { q, lat, lng } = request.query;
      return autocompletePlaces(deps, q, lat !== undefined && lng !== undefined ? { lat, lng } : undefined);
    },
  );

  app.get(
    '/api/places/reverse/',
    {
      schema: {
        tags: ['geo'],
        summary: 'Reverse geocoding: the nearest city to a point',
        description: "Missing or out-of-range lat or lng answers 400 'Invalid coordinates' (SPEC.md 5). No city within 100 miles answers 404.",
        querystring: ReverseQuery,
        response: { 200: PlaceOut },
      },
    },
    async (request, reply) => {
      publicCache(reply, 3600);
      return reverseGeocode(deps, request.query);
    },
  );

  app.get(
    '/api/places/market/',
    {
      schema: {
        tags: ['geo'],
        summary: 'The market, office, Twin Cities test and home layout of a place',
        description: 'Position from lat/lng, else city/state looked up in places, else Detroit, MI. home_layout is homepros inside the Twin Cities area (SPEC.md 9).',
        querystring: PlaceQuery,
        response: { 200: MarketOfPlaceOut },
      },
    },
    async (request, reply) => {
      publicCache(reply, 3600);
      return marketOfPlace(deps, request.query);
    },
  );

  app.get(
    '/api/places/zip/:zip/',
    {
      schema: {
        tags: ['geo'],
        summary: 'The place of a US ZIP code (the location picker)',
        description: 'The most populous place whose ZIP codes include it. Anything but 5 digits answers 400 naming zip; a ZIP no place has answers 404.',
        params: ZipParams,
        response: { 200: PlaceOut },
      },
    },
    async (request, reply) => {
      publicCache(reply, 3600);
      return placeOfZipCode(deps, request.params.zip);
    },
  );

  app.get(
    '/api/places/:id/',
    {
      schema: {
        tags: ['geo'],
        summary: 'Place detail: the resolved city of an autocomplete suggestion',
        params: PlaceIdParams,
        response: { 200: PlaceOut },
      },
    },
    async (request, reply) => {
      publicCache(reply, 3600);
      return placeDetail(deps, request.params.id);
    },
  );

  // Built once; sent gzipped to every client that takes it (about a quarter of its size).
  let basemapBodies: Promise<{ plain: Buffer; gzip: Buffer }> | undefined;
  app.get(
    '/api/map/basemap/',
    {
      schema: {
        tags: ['geo'],
        summary: 'The embedded basemap of the map view',
        description:
          'State polygons and county lines of the markets\' states and their neighbours (US Census Bureau outlines from the us-atlas package, about 100 m precision) and the places of 10,000 people and more with the zoom from which their names show. The map view draws it when MAP_STYLE_URL is not set; it changes only with a new release or data load.',
        response: { 200: BasemapOut },
      },
    },
    async (request, reply) => {
      basemapBodies ??= basemapJson(deps).then((text) => ({ plain: Buffer.from(text), gzip: gzipSync(text) }));
      basemapBodies.catch(() => (basemapBodies = undefined));
      const bodies = await basemapBodies;
      publicCache(reply, 86_400);
      reply.header('vary', 'Accept-Encoding').type('application/json; charset=utf-8');
      // A Buffer goes out as it is (Fastify serialises objects only): the schema documents its JSON.
      const body = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) ? (reply.header('content-encoding', 'gzip'), bodies.gzip) : bodies.plain;
      return reply.send(body as never);
    },
  );
};
