// Analytics calls: POST /api/analytics/event/ (SPEC.md 7) and the daily counters merchant
// dashboards read, behind ANALYTICS_READ_KEY.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { privateNoStore } from '../../lib/http.ts';
import { registerUserDeletionHandler } from '../auth/lib/account-deletion.ts';
import { optionalUser } from '../auth/lib/guard.ts';
import { DailyOut, DailyQuery, EventIn } from './schema.ts';
import { EventBuffer, clientEvent, dailyCounts, forgetMember } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's analytics buffer: any module records its events here. */
    analytics: EventBuffer;
  }
}

/** A browser sends a handful of events per page; this keeps one address from flooding the table. */
const EVENT_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

const digest = (s: string) => createHash('sha256').update(s).digest();

export async function analyticsRoutes(root: App): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const buffer = new EventBuffer(app.deps.db, app.log);
  // Decorated on the root (skip-override below) so the prints module can record its events.
  app.decorate('analytics', buffer);
  app.addHook('onClose', async () => buffer.close());
  // A deleted account's events stay counted but no longer name the member (events still in the
  // buffer are checked against the users table when written).
  registerUserDeletionHandler('analytics', (userId, tx) => forgetMember(tx, userId));

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
        body: EventIn,
      },
    },
    async (request, reply) => {
      buffer.record(clientEvent(request.body, request.user?.id ?? null));
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
      return dailyCounts(app.deps.db, scope, id, { from, to });
    },
  );
}
(analyticsRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
