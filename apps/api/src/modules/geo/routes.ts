import { z } from 'zod';
import type { App } from '../../app.ts';
import { publicCache } from '../../lib/http.ts';
import { MarketOut } from './schema.ts';
import { listMarkets } from './service.ts';

export async function geoRoutes(app: App): Promise<void> {
  app.get(
    '/api/markets/',
    { schema: { tags: ['geo'], summary: 'Markets and regional offices', response: { 200: z.array(MarketOut) } } },
    async (_request, reply) => {
      publicCache(reply, 3600);
      return listMarkets(app.deps.db.db);
    },
  );
}
