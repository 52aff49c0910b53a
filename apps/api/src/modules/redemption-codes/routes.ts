// Checking and redeeming a copy's code (ARCHITECTURE.md wave 2 paths; docs/api.md "Redemption
// codes"), and the console list of refused tries.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { optionalUser, requireUser } from '../auth/lib/guard.ts';
import { STORE_DEVICE_HEADER, storeDeviceOf } from '../merchant-access/lib/access.ts';
import { requireStaff } from '../staff/lib/guard.ts';
import { AttemptListQuery, CheckQuery, CodeAlreadyRedeemedOut, CodeCheckOut, CodeForbiddenOut, CodeParams, CodeRefusedOut, RedeemIn, RedemptionAttemptListOut } from './schema.ts';
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
        summary: 'Check a copy’s code: its state, offer and merchant, the verdict for the caller (may it be honoured here, now?) and the conditions; no personal data',
        description:
          'Public: anyone may check (a bearer token or `X-Store-Device` header is used when sent). `verdict` is computed for the caller by the same rule the redeem applies: for anyone, whether the copy can be honoured now (live, in its dates, days and hours, on the clock of the offer’s location); for an owner, manager or cashier of the offer’s merchant, at `location_id` (else where the offer is valid among theirs) and for a till, at its own location, whether a redeem now would succeed; for someone of another business, `other_merchant`. `redeemer` lists where the team may redeem. A malformed code: 400 {code}; unknown: 404; a `location_id` not the caller’s: 400 or 403 {location_id}. More than 20 malformed or unknown codes from one address in 15 minutes: 429.',
        params: CodeParams,
        querystring: CheckQuery,
        response: { 200: CodeCheckOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return checkCode(deps, request.params.code, await callerOf(request), request.query.location_id);
    },
  );

  app.post(
    '/api/redemption-codes/:code/redeem/',
    {
      onRequest: userOrDevice,
      config: { rateLimit: CODE_RATE_LIMIT },
      schema: {
        tags: ['redemption codes'],
        summary: 'Redeem a copy’s code: 200 once when the verdict allows it; a refusal carries the verdict’s reason and message (409 already redeemed, with when and where)',
        description:
          'By an owner or manager (second factor passed) or a cashier of the offer’s merchant (cashiers only at their locations), or a paired till (its own location). Refused exactly when the check’s verdict for the same caller, location and instant is not redeemable, with a body {detail, reason, message, …}: 409 `redeemed` (with redeemed_at and location); 403 `other_merchant`; 403 `wrong_location` (with location_id and valid_locations); 410 `void` or `expired`; 422 `paused`, `not_started` or `outside_hours` (with next_valid_at when there is one). Refusals are recorded for staff. A saver or staff: 403 {detail}; a location_id not the caller’s: 400 or 403 {location_id}. Atomic: of any number of simultaneous tries exactly one succeeds.',
        security,
        params: CodeParams,
        body: optionalBody(RedeemIn),
        response: { 200: CodeCheckOut, 403: CodeForbiddenOut, 409: CodeAlreadyRedeemedOut, 410: CodeRefusedOut, 422: CodeRefusedOut },
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
