// Offers in the staff console (docs/api.md "Staff console: offers"), for editors and admins.
// Thin: schema, one service call, status.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privateNoStore, sendPreviewPdf } from '../../lib/http.ts';
import { idParam } from '../../lib/query.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { readImageField, registerImageUploads, uploadDescription } from '../media/lib/image-upload-field.ts';
import { currentStaff, requireStaff } from '../staff/lib/guard.ts';
import { ConsoleOffer, ConsoleOfferPage, offerActionSchema, offerCreateSchema, offerListQuery, offerUpdateSchema } from './schema.ts';
import { changeOfferState, createOffer, duplicateOffer, getOffer, listOffers, previewOfferCoupon, updateOffer, uploadOfferPicture, type OfferAction } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['console: offers'];
const editors = requireStaff('editor');
const params = z.object({ id: idParam });
const previewQuery = z.object({
  layout: z.enum(['default', 'home-pros']).optional().describe("The coupon's layout; by default the home-pros one for an offer of a home-pros group"),
});

const STATUS_TEXT = 'status: draft and paused are set by staff; a published offer reads scheduled before starts_at, live, then expired after expires_at (the business day of docs/decisions.md).';

const ACTIONS: Record<OfferAction, { summary: string; description: string }> = {
  publish: { summary: 'Publish a draft (draft -> live)', description: 'Savers see it at once when its dates allow (scheduled before starts_at). 409 when it is not a draft.' },
  pause: { summary: 'Pause a published offer (savers no longer see it)', description: '409 when it is not published.' },
  resume: { summary: 'Resume a paused offer (paused -> live)', description: '409 when it is not paused.' },
  expire: { summary: 'Expire now: the last valid day becomes yesterday', description: 'The stored status stays; a published offer then reads expired and shows to savers as recently expired (SPEC.md 4).' },
};

export const consoleOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Multipart bodies are read by the upload route of this plugin only.
  await registerImageUploads(app);
  const ctx = (request: Parameters<typeof currentStaff>[0]) => ({ staff: currentStaff(request), ip: request.ip });

  app.get(
    '/api/console/offers/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Offers, filtered and paged (editors)',
        description: `q: the name contains. ${STATUS_TEXT} Staff limited to some markets see only their offers (403 for another market). count is exact up to 10,000, then 10,001.`,
        security,
        querystring: offerListQuery,
        response: { 200: ConsoleOfferPage },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return listOffers(deps, currentStaff(request), request.query);
    },
  );

  app.post(
    '/api/console/offers/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Create an offer, as a draft (editors)',
        description: 'The location must be one of the merchant\'s; description and terms are rich-text HTML, sanitised. Publish it to show it to savers. 403 for a staff member on the merchant\'s team (separation of duties; audited).',
        security,
        body: optionalBody(offerCreateSchema),
        response: { 201: ConsoleOffer },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return createOffer(deps, ctx(request), request.body);
    },
  );

  app.get(
    '/api/console/offers/:id/',
    { onRequest: editors, schema: { tags, summary: 'One offer (editors)', description: STATUS_TEXT, security, params, response: { 200: ConsoleOffer } } },
    async (request, reply) => {
      privateNoStore(reply);
      return getOffer(deps, currentStaff(request), request.params.id);
    },
  );

  app.patch(
    '/api/console/offers/:id/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Edit an offer (editors): any fields, with the version you read',
        description:
          'Schedule by starts_at/expires_at, feature by is_featured. A stale version is a 409 whose `current` holds the offer as it now stands. The status changes by the publish, pause, resume and expire calls. 403 for a staff member on the team of the offer\'s business, or of the one it would move to (separation of duties; audited).',
        security,
        params,
        body: optionalBody(offerUpdateSchema),
        response: { 200: ConsoleOffer },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updateOffer(deps, ctx(request), request.params.id, request.body);
    },
  );

  for (const [action, doc] of Object.entries(ACTIONS) as [OfferAction, (typeof ACTIONS)[OfferAction]][]) {
    app.post(
      `/api/console/offers/:id/${action}/`,
      {
        onRequest: editors,
        schema: { tags, summary: `${doc.summary} (editors)`, description: `${doc.description} Send the version you read; a stale one is a 409 with \`current\`. 403 for a staff member on the team of the offer’s business (separation of duties; audited).`, security, params, body: optionalBody(offerActionSchema), response: { 200: ConsoleOffer } },
      },
      async (request, reply) => {
        privateNoStore(reply);
        return changeOfferState(deps, ctx(request), request.params.id, action, request.body.version);
      },
    );
  }

  app.get(
    '/api/console/offers/:id/preview.pdf',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'The printed coupon of an offer, any status, as a PDF preview (editors of its market)',
        description:
          'application/pdf from the same renderer as GET /api/pdf, marked "PREVIEW - NOT VALID FOR REDEMPTION" across the coupon, its serial PREVIEW naming no copy. No copy is made, no print counted and no event recorded; the rendering is audited (offer.preview_coupon). Framable by our own pages only.',
        security,
        params,
        querystring: previewQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      return sendPreviewPdf(reply, await previewOfferCoupon(deps, ctx(request), request.params.id, request.query.layout));
    },
  );

  app.post(
    '/api/console/offers/:id/picture/',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: "Upload the offer's picture (editors of its market)",
        description: `${uploadDescription('at most 1200 wide')} The saver lists, the offer page and the modal show it at once.`,
        consumes: ['multipart/form-data'],
        security,
        params,
        response: { 200: ConsoleOffer },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const context = ctx(request);
      return uploadOfferPicture(deps, context, request.params.id, await readImageField(request));
    },
  );

  app.post(
    '/api/console/offers/:id/duplicate/',
    {
      onRequest: editors,
      schema: { tags, summary: 'Duplicate an offer as a new draft named "Copy of ..." (editors)', security, params, response: { 201: ConsoleOffer } },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return duplicateOffer(deps, ctx(request), request.params.id);
    },
  );
};
