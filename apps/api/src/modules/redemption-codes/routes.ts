// Checking and redeeming a copy's code (ARCHITECTURE.md wave 2 paths; docs/api.md "Redemption
// codes"), and the console list of refused tries.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { optionalUser, requireUser } from '../auth/lib/guard.ts';
import { STORE_DEVICE_HEADER, storeDeviceOf } from '../merchant-access/lib/access.ts';
import { requireStaff } from '../staff/lib/guard.ts';
import { AttemptListQuery, CodeAlreadyRedeemedOut, CodeCheckOut, CodeParams, RedeemIn, RedemptionAttemptListOut } from './schema.ts';
import { checkCode, listAttempts, redeemCode, type Caller } from './service.ts';

function sendsDevice(request: FastifyRequest): boolean {
  const header = request.headers[STORE_DEVICE_HEADER];
  return typeof header === 'string' && header.trim() !== '';
}

/** A paired till (its header) or a signed-in account: without a till, the usual 401s of requireUser. */
async function userOrDevice(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (sendsDevice(request)) return optionalUser(request);
  return requireUser(request, reply);
}

/**
 * Per client address, besides the count of unknown codes (service.ts): a till scans a few codes a
 * minute; a flood of valid-looking requests stops here before it reaches the database.
 */
export const CODE_RATE_LIMIT = { max: 300, timeWindow: '1 minute' };

async function callerOf(request: FastifyRequest): Promise<Caller> {
  const sent = sendsDevice(request);
  const device = sent ? await storeDeviceOf(request) : undefined;
  return { user: request.user ?? null, device, deadDevice: sent && !device, ip: request.ip };
}

export const redemptionCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const security: Array<Record<string, string[]>> = [{ bearer: [] }, { storeDevice: [] }];

  app.get(
    '/api/redemption-codes/:code/',
    {
      onRequest: optionalUser,
      config: { rateLimit: CODE_RATE_LIMIT },
      schema: {
        tags: ['redemption codes'],
        summary: 'Check a copy’s code: valid, redeemed (when and where), expired or void, with its offer and merchant; no personal data',
        description:
          'Public: anyone may check (a bearer token or `X-Store-Device` header is used when sent). For a signed-in owner, manager or cashier of the offer’s merchant, or a till paired to one of its locations (header `X-Store-Device`), `redeemer` lists where they may redeem. A malformed code: 400 {code}; unknown: 404. More than 20 malformed or unknown codes from one address in 15 minutes: 429.',
        params: CodeParams,
        response: { 200: CodeCheckOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return checkCode(deps, request.params.code, await callerOf(request));
    },
  );

  app.post(
    '/api/redemption-codes/:code/redeem/',
    {
      onRequest: userOrDevice,
      config: { rateLimit: CODE_RATE_LIMIT },
      schema: {
        tags: ['redemption codes'],
        summary: 'Redeem a copy’s code: 200 once, then 409 {detail, redeemed_at, location} saying when and where',
        description:
          'By an owner or manager (second factor passed) or a cashier of the offer’s merchant (cashiers only at their locations), or a paired till (its own location). The offer must be valid at the location (else 403 {location_id}); a void or expired copy: 410; another merchant’s code: 403 (recorded for staff). Atomic: of any number of simultaneous tries exactly one succeeds.',
        security,
        params: CodeParams,
        body: optionalBody(RedeemIn),
        response: { 200: CodeCheckOut, 409: CodeAlreadyRedeemedOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return redeemCode(deps, request.params.code, request.body.location_id, await callerOf(request));
    },
  );

  app.get(
    '/api/console/redemption-attempts/',
    {
      onRequest: requireStaff('support'),
      schema: {
        tags: ['console: redemption codes'],
        summary: 'Refused code checks and redeems, newest first (support and admins): unknown codes, codes tried at another merchant or location, second uses',
        security: [{ bearer: [] }],
        querystring: AttemptListQuery,
        response: { 200: RedemptionAttemptListOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const q = request.query;
      return listAttempts(deps, { reason: q.reason, merchantId: q.merchant_id }, { page: q.page, pageSize: q.page_size });
    },
  );
};
