// Every API module, registered once. Each module folder holds routes.ts, service.ts,
// repository.ts and schema.ts (STYLE.md 1).
import type { App } from '../app.ts';
import { accountRoutes } from './account/routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { authContext } from './auth/lib/guard.ts';
import { authRoutes } from './auth/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { contestsRoutes } from './contests/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { geoRoutes } from './geo/routes.ts';
import { leadsRoutes } from './leads/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { printsRoutes } from './prints/routes.ts';
import { savedRoutes } from './saved/routes.ts';
import { searchRoutes } from './search/routes.ts';

export async function registerModules(app: App): Promise<void> {
  app.get('/api/health/', { schema: { hide: true } }, async () => ({ ok: true }));
  await app.register(authContext);
  await app.register(mailRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(savedRoutes);
  await app.register(geoRoutes);
  await app.register(catalogueRoutes);
  await app.register(searchRoutes);
  await app.register(contestsRoutes);
  await app.register(leadsRoutes);
  await app.register(contentRoutes);
  await app.register(mediaRoutes);
  // Analytics first: it decorates the app with the event buffer the prints module records into.
  await app.register(analyticsRoutes);
  await app.register(printsRoutes);
}
