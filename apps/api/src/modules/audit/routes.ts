// The audit log, for admins to browse and filter (docs/security.md "Audit log"). Read only: no
// call changes or removes an entry.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuery } from '../../lib/console-list.ts';
import { privateNoStore } from '../../lib/http.ts';
import { idParam, optionalQuery } from '../../lib/query.ts';
import { requireStaff } from '../staff/lib/guard.ts';
import { AuditPageOut } from './schema.ts';
import { listAudit } from './service.ts';

const dateParam = optionalQuery(z.coerce.date({ error: 'Enter a date (YYYY-MM-DD) or a date and time.' }));
const word = (name: string) => optionalQuery(z.string().trim().max(100, `${name} is too long.`).regex(/^[a-z0-9_.:-]+$/i, `Enter a valid ${name.toLowerCase()}.`));

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/api/console/audit/',
    {
      onRequest: requireStaff('admin'),
      schema: {
        tags: ['console: audit'],
        summary: 'The audit log, newest first (admins): who, when, what, before and after',
        description: '`q` searches the actor e-mail; `from`/`to` bound the time (to is exclusive).',
        security: [{ bearer: [] }],
        querystring: z.object({
          ...listQuery(['at'], '-at'),
          actor_id: optionalQuery(idParam),
          action: word('Action'),
          entity: word('Entity'),
          entity_id: word('Entity id'),
          market: word('Market'),
          from: dateParam,
          to: dateParam,
        }),
        response: { 200: AuditPageOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const q = request.query;
      return listAudit(deps, { actorId: q.actor_id, action: q.action, entity: q.entity, entityId: q.entity_id, marketId: q.market, q: q.q, from: q.from, to: q.to }, { page: q.page, pageSize: q.page_size });
    },
  );
};
