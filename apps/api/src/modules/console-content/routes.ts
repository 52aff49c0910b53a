// Content in the staff console (editors, and admins): the home-page callouts, their settings, and
// the spotlight flag of home pros. Thin: schema, one service call, status.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privateNoStore } from '../../lib/http.ts';
import { idParam } from '../../lib/query.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { currentStaff, requireStaff } from '../staff/lib/guard.ts';
import {
  CalloutListQuery,
  CalloutSettingsOut,
  ConsoleCalloutOut,
  ConsoleCalloutPageOut,
  MerchantSpotlightOut,
  SpotlightListQuery,
  SpotlightPageOut,
  calloutCreateSchema,
  calloutSettingsSchema,
  calloutUpdateSchema,
  spotlightSchema,
} from './schema.ts';
import {
  createConsoleCallout,
  deleteConsoleCallout,
  getCalloutSettings,
  getConsoleCallout,
  listConsoleCallouts,
  listSpotlightPros,
  putCalloutSettings,
  putMerchantSpotlight,
  updateConsoleCallout,
} from './service.ts';

const security = [{ bearer: [] }];
const tags = ['console: content'];
const editors = requireStaff('editor');
const params = z.object({ id: idParam });
const siteWide = 'Callouts show across markets: staff limited to some markets read them but do not change them (403).';

export const consoleContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/console/callouts/',
    {
      onRequest: editors,
      schema: { tags, summary: 'Home-page callouts: search, filter, sort, page (editors)', description: '`q` searches the alternative text, link and image address.', security, querystring: CalloutListQuery, response: { 200: ConsoleCalloutPageOut } },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return listConsoleCallouts(deps, request.query);
    },
  );

  app.post(
    '/api/console/callouts/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Create a callout (editors)',
        description: `image_url: a site path or an https address; alternative_text required; link: a site path or an http(s) address; states (two-letter codes) or show_for_all_states; starts_on/ends_on bound the days it shows (inclusive). The saver answer changes at once. ${siteWide}`,
        security,
        body: optionalBody(calloutCreateSchema),
        response: { 201: ConsoleCalloutOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return createConsoleCallout(deps, currentStaff(request), request.body, request.ip);
    },
  );

  app.get('/api/console/callouts/:id/', { onRequest: editors, schema: { tags, summary: 'One callout (editors)', security, params, response: { 200: ConsoleCalloutOut } } }, async (request, reply) => {
    privateNoStore(reply);
    return getConsoleCallout(deps, request.params.id);
  });

  app.patch(
    '/api/console/callouts/:id/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Change a callout (editors): the fields sent, with the `version` read',
        description: `A stale version answers 409 with the callout as it now stands under \`current\`. ${siteWide}`,
        security,
        params,
        body: optionalBody(calloutUpdateSchema),
        response: { 200: ConsoleCalloutOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updateConsoleCallout(deps, currentStaff(request), request.params.id, request.body, request.ip);
    },
  );

  app.delete('/api/console/callouts/:id/', { onRequest: editors, schema: { tags, summary: `Delete a callout (editors)`, description: siteWide, security, params } }, async (request, reply) => {
    await deleteConsoleCallout(deps, currentStaff(request), request.params.id, request.ip);
    return privateNoStore(reply).status(204).send();
  });

  app.get('/api/console/callout-settings/', { onRequest: editors, schema: { tags, summary: 'The three callout settings (editors)', security, response: { 200: CalloutSettingsOut } } }, async (_request, reply) => {
    privateNoStore(reply);
    return getCalloutSettings(deps);
  });

  app.put(
    '/api/console/callout-settings/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Set the three callout settings (editors)',
        description: `use_default_callouts, number_of_default_callouts_to_use (0..50), randomize_callout_order, all required (SPEC.md 7). ${siteWide}`,
        security,
        body: optionalBody(calloutSettingsSchema),
        response: { 200: CalloutSettingsOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return putCalloutSettings(deps, currentStaff(request), request.body, request.ip);
    },
  );

  app.get(
    '/api/console/spotlight/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: "A market's pros for the spotlight, spotlight first (editors of the market)",
        description:
          "Merchants with a location in `market` that are filed under a home-pros group or are in the spotlight. Savers get the spotlight merchants nearest to them (GET /api/spotlight/), so a pro shows in every market it has locations in. `markets` lists the staff member's markets with their spotlight counts. Staff limited to some markets list theirs (403 otherwise).",
        security,
        querystring: SpotlightListQuery,
        response: { 200: SpotlightPageOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return listSpotlightPros(deps, currentStaff(request), request.query);
    },
  );

  app.put(
    '/api/console/merchants/:id/spotlight/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Put a home pro in (or out of) the spotlight (editors)',
        description: 'The spotlight of every market the merchant has locations in. Staff limited to some markets change merchants of theirs alone.',
        security,
        params,
        body: optionalBody(spotlightSchema),
        response: { 200: MerchantSpotlightOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return putMerchantSpotlight(deps, currentStaff(request), request.params.id, request.body.is_spotlight, request.ip);
    },
  );
};
