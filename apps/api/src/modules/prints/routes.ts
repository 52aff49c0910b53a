// Prints, print tokens, the coupon PDF and redemptions (SPEC.md 7; docs/api.md "Endpoint families"
// for the paths it does not name: POST /api/printtokens/, POST and GET /api/redemptions/).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { privateNoStore } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { currentUser, requireUser } from '../auth/lib/guard.ts';
import { IdParams, PdfQuery, PrintRecordOut, PrintTokenIn, PrintTokenOut, PrintsAmountQuery, RedemptionIn, RedemptionListOut, RedemptionOut, UserPrintIn } from './schema.ts';
import { RedemptionUndoOut } from '@market/domain/api/redemption-codes';
import { anonymousCopy, copyFromToken, couponPdf, issuePrintToken, printRecord, printRecords, redeem, redemptionList, undoRedemption } from './service.ts';

/** Per client address. */
export const PDF_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

export const printsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const security = [{ bearer: [] }];

  app.post(
    '/api/printtokens/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['prints'],
        summary: "Take one print or download of an offer (kind print|download, default print) while under max(max_prints, 3); answers a single-use token for GET /api/pdf. At the limit: 409 {detail: 'Print/Download Limit Reached'}",
        security,
        body: optionalBody(PrintTokenIn),
        response: { 201: PrintTokenOut },
      },
    },
    async (request, reply) => {
      const issued = await issuePrintToken(deps, currentUser(request).id, request.body.offer_id, request.body.kind);
      privateNoStore(reply).status(201);
      return issued;
    },
  );

  app.post(
    '/api/userprints/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['prints'],
        summary:
          'Record one print (SPEC.md 7 {offer}); the same as POST /api/printtokens/, which already counts its copy: call one or the other for a copy, not both',
        security,
        body: optionalBody(UserPrintIn),
        response: { 201: PrintTokenOut },
      },
    },
    async (request, reply) => {
      const issued = await issuePrintToken(deps, currentUser(request).id, request.body.offer, request.body.kind, 'offer');
      privateNoStore(reply).status(201);
      return issued;
    },
  );

  app.get(
    '/api/userprintsamount/',
    {
      onRequest: requireUser,
      schema: { tags: ['prints'], summary: 'Your prints of one offer and its limit (user_id, if sent, must be your own)', security, querystring: PrintsAmountQuery, response: { 200: PrintRecordOut } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.query.user_id !== undefined && request.query.user_id !== user.id) throw new AppError('forbidden', 'You can only see your own prints.');
      privateNoStore(reply);
      return printRecord(deps, user.id, request.query.offer_id);
    },
  );

  app.get(
    '/api/userallprints/',
    { onRequest: requireUser, schema: { tags: ['prints'], summary: 'All your Print records (offer_id, prints, limit), most recent first', security, response: { 200: z.array(PrintRecordOut) } } },
    async (request, reply) => {
      privateNoStore(reply);
      return printRecords(deps, currentUser(request).id);
    },
  );

  app.post(
    '/api/redemptions/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['prints'],
        summary:
          "Redeem a coupon, once per member and offer (slide-to-redeem); answers the mobile copy's `code` for the cashier (valid 10 minutes) and `undo_until`. Again: 409 {detail: 'This coupon has already been redeemed'}",
        security,
        body: optionalBody(RedemptionIn),
        response: { 201: RedemptionOut },
      },
    },
    async (request, reply) => {
      const redemption = await redeem(deps, currentUser(request).id, request.body.offer_id);
      privateNoStore(reply).status(201);
      return redemption;
    },
  );

  app.post(
    '/api/redemptions/:id/undo/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['prints'],
        summary:
          'Undo an accidental slide-to-redeem: within 2 minutes and while no cashier confirmed its code, the mobile copy becomes void and the redemption is removed. Later or after a confirmation: 409',
        security,
        params: IdParams,
        response: { 200: RedemptionUndoOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return undoRedemption(deps, currentUser(request).id, request.params.id);
    },
  );

  app.get(
    '/api/redemptions/',
    { onRequest: requireUser, schema: { tags: ['prints'], summary: 'Your redeemed coupons, newest first', security, response: { 200: RedemptionListOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return redemptionList(deps, currentUser(request).id);
    },
  );

  app.get(
    '/api/pdf',
    {
      // Each answer renders a PDF: a person prints a few coupons a minute, a script many more.
      config: { rateLimit: PDF_RATE_LIMIT },
      schema: {
        tags: ['prints'],
        summary:
          "The printable coupon (application/pdf). With a token from POST /api/printtokens/ (once, for its offer only; 404 wrong offer, 410 used or expired); without one an anonymous copy, capped per client address (429 {detail: 'Print Limit Reached'}). Framable by our own pages only",
        querystring: PdfQuery,
      },
    },
    async (request, reply) => {
      const { offer_id: offerId, token, is_hpg: homePros, download } = request.query;
      const copy = token
        ? await copyFromToken(deps, token, offerId)
        : await anonymousCopy(deps, request.ip, offerId, download ? 'download' : 'print');
      const { pdf, filename } = await couponPdf(deps, copy, { homePros: homePros ?? false, publicUrl: deps.env.PUBLIC_URL });
      const disposition = download || copy.kind === 'download' ? 'attachment' : 'inline';
      return privateNoStore(reply)
        // The web prints through a hidden iframe of its own origin (SPEC.md 2 Routes: /api/pdf):
        // allow exactly that.
        .header('content-security-policy', "frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN')
        .header('content-disposition', `${disposition}; filename="${filename}"`)
        .header('x-robots-tag', 'noindex')
        .type('application/pdf')
        .send(pdf);
    },
  );
};
