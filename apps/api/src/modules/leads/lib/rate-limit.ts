// One rate limit for every lead form and sweepstakes claim (docs/decisions.md "Leads"):
// LEAD_RATE_LIMIT_MAX accepted submissions per client address in LEAD_RATE_LIMIT_WINDOW_SECONDS,
// counted together across the forms, in the app's @fastify/rate-limit store. Only submissions that
// passed validation count, so a person fixing typos is not locked out.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/errors.ts';

export const LEAD_RATE_LIMITED = 'Too many submissions. Please wait a few minutes and try again.';

/** A preHandler hook that answers 429 with Retry-After once a client has sent too many leads. */
export function leadRateLimit(app: FastifyInstance): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const { env } = app.deps;
  const limiter = app.createRateLimit({
    max: env.LEAD_RATE_LIMIT_MAX,
    timeWindow: env.LEAD_RATE_LIMIT_WINDOW_SECONDS * 1000,
    keyGenerator: (request) => `leads:${request.ip}`,
  });
  return async (request, reply) => {
    if (request.validationError) return;
    const state = await limiter(request);
    if (state.isAllowed || !state.isExceeded) return;
    reply.header('retry-after', String(Math.max(1, state.ttlInSeconds)));
    throw new AppError('too_many', LEAD_RATE_LIMITED);
  };
}
