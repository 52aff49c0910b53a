// The console's merchants and locations (docs/api.md "Staff console"): editors and admins; an
// editor limited to markets works on merchants with a location there. Thin: schema, service, status.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalBody } from '../../lib/request-body.ts';
import { privateNoStore } from '../../lib/http.ts';
import { readImageField, registerImageUploads, uploadDescription } from '../media/lib/image-upload-field.ts';
import { currentStaff, requireStaff } from '../staff/lib/guard.ts';
import {
  ConsoleLocationOut,
  ConsoleLocationWriteOut,
  ConsoleMerchantDetailOut,
  ConsoleMerchantPageOut,
  IdParams,
  locationCreateSchema,
  locationUpdateSchema,
  merchantCreateSchema,
  MerchantListQuery,
  merchantUpdateSchema,
} from './schema.ts';
import { MerchantInvitationOut, MerchantTeamOut } from '@market/domain/api/merchant-centre';
import { merchantInvitationSchema } from '@market/domain/validation/merchant-centre';
import {
  createLocation,
  createMerchant,
  getLocation,
  getMerchant,
  getMerchantTeam,
  inviteMerchantPerson,
  listMerchants,
  updateLocation,
  updateMerchant,
  uploadMerchantImage,
  type MerchantImage,
} from './service.ts';

const bearer = [{ bearer: [] }];
const tags = ['console: merchants'];
const editors = requireStaff('editor');

export const consoleMerchantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Multipart bodies are read by the upload routes of this plugin only.
  await registerImageUploads(app);

  app.get(
    '/api/console/merchants/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Merchants, a page at a time (editors)',
        description: 'Newest change first unless `sort` says otherwise. `q`: name contains; `market`: merchants with a location in it; `category`: filed under it (category or subcategory id); `certified`: 1 or 0. An editor limited to markets sees merchants with a location in them.',
        security: bearer,
        querystring: MerchantListQuery,
        response: { 200: ConsoleMerchantPageOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return listMerchants(deps, currentStaff(request), request.query);
    },
  );

  app.post(
    '/api/console/merchants/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Add a merchant (editors); its slug is made unique from its name',
        description: '`about` is HTML, sanitised on the way in; `website` http(s) only; `phone` a US number.',
        security: bearer,
        body: optionalBody(merchantCreateSchema),
        response: { 201: ConsoleMerchantDetailOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return createMerchant(deps, currentStaff(request), request.body, request.ip);
    },
  );

  app.get(
    '/api/console/merchants/:id/',
    { onRequest: editors, schema: { tags, summary: 'A merchant with its locations, categories and certification (editors)', security: bearer, params: IdParams, response: { 200: ConsoleMerchantDetailOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return getMerchant(deps, currentStaff(request), request.params.id);
    },
  );

  app.patch(
    '/api/console/merchants/:id/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Change a merchant (editors): the fields sent, with the `version` read',
        description: 'A stale `version` answers 409 with the merchant as it now stands under `current`. 403 for a staff member on this business\'s team (separation of duties; audited).',
        security: bearer,
        params: IdParams,
        body: optionalBody(merchantUpdateSchema),
        response: { 200: ConsoleMerchantDetailOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updateMerchant(deps, currentStaff(request), request.params.id, request.body, request.ip);
    },
  );

  for (const kind of ['logo', 'photo'] as const satisfies readonly MerchantImage[]) {
    app.post(
      `/api/console/merchants/:id/${kind}/`,
      {
        onRequest: editors,
        schema: {
          tags,
          summary: `Upload the merchant's ${kind} (editors): multipart, one file field \`file\``,
          description: uploadDescription(kind === 'logo' ? 'fitted into 400 x 400' : 'at most 1600 wide'),
          consumes: ['multipart/form-data'],
          security: bearer,
          params: IdParams,
          response: { 200: ConsoleMerchantDetailOut },
        },
      },
      async (request, reply) => {
        privateNoStore(reply);
        const staff = currentStaff(request);
        return uploadMerchantImage(deps, staff, request.params.id, kind, await readImageField(request), request.ip);
      },
    );
  }

  app.post(
    '/api/console/merchants/:id/locations/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: "Add a merchant's location (editors), geocoded to its point and market",
        description: 'The address is looked up in our places (the city in its state, else the ZIP code); `lat`/`lng` sent together (the pin moved on the map) win. `geocode` says what was matched.',
        security: bearer,
        params: IdParams,
        body: optionalBody(locationCreateSchema),
        response: { 201: ConsoleLocationWriteOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return createLocation(deps, currentStaff(request), request.params.id, request.body, request.ip);
    },
  );

  app.get(
    '/api/console/locations/:id/',
    { onRequest: editors, schema: { tags, summary: 'One location with its opening hours and point (editors)', security: bearer, params: IdParams, response: { 200: ConsoleLocationOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return getLocation(deps, currentStaff(request), request.params.id);
    },
  );

  app.patch(
    '/api/console/locations/:id/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Change a location (editors): the fields sent, with the `version` read',
        description: 'A changed address (or pin) is geocoded again. A stale `version` answers 409 with the location under `current`. 403 for a staff member on this business\'s team (separation of duties; audited).',
        security: bearer,
        params: IdParams,
        body: optionalBody(locationUpdateSchema),
        response: { 200: ConsoleLocationWriteOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updateLocation(deps, currentStaff(request), request.params.id, request.body, request.ip);
    },
  );

  app.get(
    '/api/console/merchants/:id/team/',
    { onRequest: editors, schema: { tags, summary: "A merchant's team and pending invitations (editors)", security: bearer, params: IdParams, response: { 200: MerchantTeamOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return getMerchantTeam(deps, currentStaff(request), request.params.id);
    },
  );

  app.post(
    '/api/console/merchants/:id/invitations/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: "Invite a person to a merchant's team by e-mail (editors): owner, manager or cashier",
        description:
          'The mail links to `${PUBLIC_URL}/business/centre/invitation?token=…`; it works once, for 72 hours. A cashier needs `location_ids` (locations of this merchant, where they redeem); owners and managers act at every location. Audited. 403 for a staff member on this business\'s team (separation of duties; audited). 429 past 20 invitations from your account in 24 hours, or 3 mails to the address in an hour (the message names the limit).',
        security: bearer,
        params: IdParams,
        body: optionalBody(merchantInvitationSchema),
        response: { 201: MerchantInvitationOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return inviteMerchantPerson(deps, currentStaff(request), request.params.id, request.body, request.ip);
    },
  );
};
