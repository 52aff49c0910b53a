// Every API module, registered once. Each module folder holds routes.ts, service.ts,
// repository.ts and schema.ts (STYLE.md 1).
import type { App } from '../app.ts';
import { geoRoutes } from './geo/routes.ts';

export async function registerModules(app: App): Promise<void> {
  app.get('/api/health/', { schema: { hide: true } }, async () => ({ ok: true }));
  await app.register(geoRoutes);
}
