// The merchant centre's offers (owners and managers, second factor passed) and the console's review
// of them (editors of the market): docs/api.md "Merchant centre". Thin: schema, service, status.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConsoleOffer } from '@market/domain/api/console-offers';
import { MerchantMembershipList, MerchantOfferList, MerchantOfferOut, ReviewList } from '@market/domain/api/merchant-centre';
import { MARKET_IDS } from '@market/domain/markets';
import { merchantOfferCreateSchema, merchantOfferUpdateSchema, versionField } from '@market/domain/validation/console-offers';
import { reviewRejectSchema } from '@market/domain/validation/merchant-centre';
import { OBJECT_EXPECTED } from '@market/domain/validation/fields';
import { privateNoStore, sendPreviewPdf } from '../../lib/http.ts';
import { idParam, optionalQuery } from '../../lib/query.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { requireUser } from '../auth/lib/guard.ts';
import { currentMember, requireMerchantRole } from '../merchant-access/lib/access.ts';
import { currentStaff, requireStaff } from '../staff/lib/guard.ts';
import { approveReview, createMerchantOffer, getMerchantOffer, previewProposalPdf, listMerchantOffers, listMyMerchants, listReviews, rejectReview, submitMerchantOffer, updateMerchantOffer } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['merchant centre'];
const reviewTags = ['console: offer review'];
const offerEditors = requireMerchantRole('manager');
const editors = requireStaff('editor');
const merchantParams = z.object({ merchant_id: idParam });
const offerParams = z.object({ merchant_id: idParam, id: idParam });
const idParams = z.object({ id: idParam });
const submitSchema = z.object({ version: versionField.optional() }, { error: OBJECT_EXPECTED });

const ACCESS = 'Owners and managers of the merchant, in a session that passed the second factor (401 otherwise); cashiers and others 403.';
const STATUS = 'status: draft, submitted (staff review it) or sent_back (revision.review_note says why) while a proposal is open or was refused; then scheduled, live, paused or expired as savers see it.';

export const merchantOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/merchant/',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'The merchants this account is on the team of, with its role and their locations', description: 'An empty list for an account on no team.', security, response: { 200: MerchantMembershipList } },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return listMyMerchants(deps, request.user!);
    },
  );

  app.get(
    '/api/merchant/:merchant_id/offers/:id/preview.pdf',
    {
      onRequest: offerEditors,
      schema: {
        tags,
        summary: 'The printed coupon of the proposal as a PDF preview (owners, managers)',
        description: `${ACCESS} application/pdf from the savers' renderer with the open or sent-back proposal's texts and dates (the offer as published when none is open), marked "PREVIEW - NOT VALID FOR REDEMPTION". No copy is made, no print counted, no event recorded. Framable by our own pages only.`,
        security,
        params: offerParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      return sendPreviewPdf(reply, await previewProposalPdf(deps, currentMember(request), request.params.id, deps.env.PUBLIC_URL));
    },
  );

  app.get(
    '/api/merchant/:merchant_id/offers/',
    { onRequest: offerEditors, schema: { tags, summary: "The merchant's offers, with their proposals (owners, managers)", description: `${ACCESS} ${STATUS} At most 200, latest changed first.`, security, params: merchantParams, response: { 200: MerchantOfferList } } },
    async (request, reply) => {
      privateNoStore(reply);
      return listMerchantOffers(deps, currentMember(request));
    },
  );

  app.post(
    '/api/merchant/:merchant_id/offers/',
    {
      onRequest: offerEditors,
      schema: {
        tags,
        summary: 'Propose a new offer (owners, managers): a draft savers do not see',
        description: `${ACCESS} The fields of the console's offers but merchant_id and is_featured; the location must be the merchant's. Submit it for staff review; approval publishes it.`,
        security,
        params: merchantParams,
        body: optionalBody(merchantOfferCreateSchema),
        response: { 201: MerchantOfferOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return createMerchantOffer(deps, { member: currentMember(request), ip: request.ip }, request.body);
    },
  );

  app.get(
    '/api/merchant/:merchant_id/offers/:id/',
    { onRequest: offerEditors, schema: { tags, summary: 'One offer of the merchant with its latest proposal (owners, managers)', description: `${ACCESS} ${STATUS}`, security, params: offerParams, response: { 200: MerchantOfferOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return getMerchantOffer(deps, currentMember(request), request.params.id);
    },
  );

  app.patch(
    '/api/merchant/:merchant_id/offers/:id/',
    {
      onRequest: offerEditors,
      schema: {
        tags,
        summary: 'Change an offer (owners, managers): any fields, with the version you read',
        description: `${ACCESS} Changes the draft proposal, or starts one from the published offer (which keeps showing until staff approve) or from the proposal sent back. 409 while a proposal waits for review, and for a stale version (\`current\` holds the offer as it now stands).`,
        security,
        params: offerParams,
        body: optionalBody(merchantOfferUpdateSchema),
        response: { 200: MerchantOfferOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updateMerchantOffer(deps, { member: currentMember(request), ip: request.ip }, request.params.id, request.body);
    },
  );

  app.post(
    '/api/merchant/:merchant_id/offers/:id/submit/',
    {
      onRequest: offerEditors,
      schema: {
        tags,
        summary: 'Submit the draft proposal for staff review (owners, managers)',
        description: `${ACCESS} Optional \`version\`: a stale one is a 409. 409 when there is no draft proposal or it is already under review.`,
        security,
        params: offerParams,
        body: optionalBody(submitSchema),
        response: { 200: MerchantOfferOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return submitMerchantOffer(deps, { member: currentMember(request), ip: request.ip }, request.params.id, request.body?.version);
    },
  );

  app.get(
    '/api/console/reviews/',
    {
      onRequest: editors,
      schema: {
        tags: reviewTags,
        summary: "Merchants' proposals waiting for review, oldest first (editors)",
        description: 'Each with the offer as savers see it now (`before`, null for a new offer) and the proposal (`after`). Staff limited to some markets see theirs only. `own_business`: you are on the team of its business, so another editor must review it. At most 100; count is all.',
        security,
        querystring: z.object({ market: optionalQuery(z.enum(MARKET_IDS, { error: `Choose a market among ${MARKET_IDS.join(', ')}.` })) }),
        response: { 200: ReviewList },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return listReviews(deps, currentStaff(request), request.query);
    },
  );

  app.post(
    '/api/console/reviews/:id/approve/',
    {
      onRequest: editors,
      schema: {
        tags: reviewTags,
        summary: "Approve a merchant's proposal (editors): its fields become the offer's",
        description: 'A new offer is published: live, or scheduled before its first day. Savers see it at once. 409 when already reviewed; 400 when its last valid day has passed; 403 when you are on the team of its business (another editor must review it; the attempt is audited).',
        security,
        params: idParams,
        response: { 200: ConsoleOffer },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return approveReview(deps, currentStaff(request), request.params.id, request.ip);
    },
  );

  app.post(
    '/api/console/reviews/:id/reject/',
    {
      onRequest: editors,
      schema: {
        tags: reviewTags,
        summary: "Send a merchant's proposal back with a note they read (editors)",
        description: 'The published offer (if any) stays as it is. 409 when already reviewed; 403 when you are on the team of its business (another editor must review it; the attempt is audited).',
        security,
        params: idParams,
        body: optionalBody(reviewRejectSchema),
        response: { 200: z.object({ id: z.number().int(), status: z.literal('rejected'), review_note: z.string() }) },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return rejectReview(deps, currentStaff(request), request.params.id, request.body.note, request.ip);
    },
  );
};
