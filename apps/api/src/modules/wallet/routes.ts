// Wallet calls (docs/api.md "Wallet"): which passes are offered, and the member's copy of an offer
// as a mobile coupon, an Apple Wallet pass or a Google Wallet save link.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applePassConfig, googleWalletConfig } from '../../config/env.ts';
import { privateNoStore } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { currentUser, requireUser } from '../auth/lib/guard.ts';
import { GoogleWalletSaveOut, WalletCopyOut, WalletOfferIn, WalletPassesOut } from './schema.ts';
import { memberApplePass, memberGoogleSave, memberWalletCopy, walletPasses, type WalletSigners } from './service.ts';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const security = [{ bearer: [] }];
  // Read (and checked) once at start: an unreadable certificate stops start-up.
  const signers: WalletSigners = { apple: applePassConfig(deps.env), google: googleWalletConfig(deps.env) };

  app.get(
    '/api/wallet/',
    { schema: { tags: ['wallet'], summary: 'Which wallet passes this site signs (the buttons show only for those)', response: { 200: WalletPassesOut } } },
    async () => walletPasses(signers),
  );

  app.post(
    '/api/wallet/copies/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallet'],
        summary:
          "The member's copy of an offer for the mobile coupon: the newest printed or downloaded copy that can still be redeemed (200), else a new one counted like a download (201); at the print limit 409 {detail: 'Print/Download Limit Reached'}",
        security,
        body: optionalBody(WalletOfferIn),
        response: { 200: WalletCopyOut, 201: WalletCopyOut },
      },
    },
    async (request, reply) => {
      const copy = await memberWalletCopy(deps, currentUser(request).id, request.body.offer_id);
      privateNoStore(reply).status(copy.reused ? 200 : 201);
      return copy;
    },
  );

  app.post(
    '/api/wallet/apple-passes/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallet'],
        summary: 'The signed Apple Wallet pass (application/vnd.apple.pkpass) of the member\'s copy of an offer (the copy of POST /api/wallet/copies/); 404 when Apple passes are not configured',
        security,
        body: optionalBody(WalletOfferIn),
      },
    },
    async (request, reply) => {
      const { pass, filename } = await memberApplePass(deps, signers, currentUser(request).id, request.body.offer_id);
      return privateNoStore(reply).header('content-disposition', `attachment; filename="${filename}"`).type('application/vnd.apple.pkpass').send(pass);
    },
  );

  app.post(
    '/api/wallet/google-passes/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['wallet'],
        summary: "The Save to Google Wallet link of the member's copy of an offer (signed JWT with the code as QR); 404 when Google Wallet is not configured",
        security,
        body: optionalBody(WalletOfferIn),
        response: { 200: GoogleWalletSaveOut },
      },
    },
    async (request, reply) => {
      const answer = await memberGoogleSave(deps, signers, currentUser(request).id, request.body.offer_id);
      privateNoStore(reply);
      return answer;
    },
  );
};
