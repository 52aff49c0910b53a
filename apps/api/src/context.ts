// What every route and service of the API is given: the configuration, the database, and the
// in-memory state of the catalogue and search (its caches belong to the app, not to modules).
// buildApp (app.ts) puts it on the Fastify instance as `app.deps`.
import type { Env } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import type { CatalogueState } from './modules/catalogue/lib/state.ts';

export interface AppDeps {
  env: Env;
  db: DbHandle;
  catalogue: CatalogueState;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
