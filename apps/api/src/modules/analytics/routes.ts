// Analytics calls: POST /api/analytics/event/ (SPEC.md 7) and the daily counters merchant
// dashboards read, behind ANALYTICS_READ_KEY.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { privateNoStore } from '../../lib/http.ts';
import { optionalUser } from '../auth/lib/guard.ts';
import { DailyOut, DailyQuery, EventIn } from './schema.ts';
import { clientEvent, dailyCounts } from './service.ts';

/** A browser sends a handful of events per page; this keeps one address from flooding the table. */
const EVENT_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

const digest = (s: string) => createHash('sha256').update(s).digest();

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The buffer is the app's (deps.analytics, made by buildApp); its last events are written on close.
  const buffer = app.deps.analytics;
  app.addHook('onClose', async () => buffer.close());

  const readKey = app.deps.env.ANALYTICS_READ_KEY;
  const checkReadKey = async (request: FastifyRequest) => {
    // Without a configured key the endpoint does not exist.
    if (!readKey) throw notFound();
    const sent = request.headers['x-analytics-key'];
    if (typeof sent !== 'string' || !timingSafeEqual(digest(sent), digest(readKey))) {
      throw new AppError('forbidden', 'Send the analytics read key in the X-Analytics-Key header.');
    }
  };

  app.post(
    '/api/analytics/event/',
    {
      onRequest: optionalUser,
      config: { rateLimit: EVENT_RATE_LIMIT },
      schema: {
        tags: ['analytics'],
        summary: 'Record one event (offer.impression, offer.print, location.view, merchant-website.view, entity.share); answers 202 at once, stored in batches',
        description: 'An offer.impression counts once per offer, viewer (the member, or a hash of the client address) and business day; repeats are answered 202 and dropped.',
        body: EventIn,
      },
    },
    async (request, reply) => {
      buffer.record(clientEvent(request.body, request.user?.id ?? null, request.ip));
      return reply.status(202).send();
    },
  );

  app.get(
    '/api/analytics/daily/',
    {
      onRequest: checkReadKey,
      schema: {
        tags: ['analytics'],
        summary: 'Daily counters of one offer, location or merchant (default: the last 30 days); needs the X-Analytics-Key header',
        querystring: DailyQuery,
        response: { 200: DailyOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const { scope, id, from, to } = request.query;
      return dailyCounts(app.deps, scope, id, { from, to });
    },
  );
};
