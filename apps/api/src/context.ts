// What every route and service of the API is given, one object per app (docs/decisions.md "One
// way to reach dependencies"): the configuration, the database, the in-memory state of the
// catalogue and search, the answer cache, the mail queue, the analytics buffer, the store of
// uploaded images and the account-deletion steps.
// buildApp (app.ts) makes it and puts it on the Fastify instance as `app.deps`; route plugins
// read `app.deps`, and every service function that reaches a dependency takes it (or a Pick of
// it) as its first parameter. Only types are imported here, from files that do not import this
// one, so it closes no import cycle.
import type { Env } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import type { AnswerCache } from './lib/answer-cache.ts';
import type { EventBuffer } from './modules/analytics/lib/event-buffer.ts';
import type { AccountDeletionStep } from './modules/auth/lib/account-deletion.ts';
import type { CatalogueState } from './modules/catalogue/lib/state.ts';
import type { MailQueue } from './modules/mail/service.ts';
import type { ImageStore } from './modules/media/lib/image-store.ts';

export interface AppDeps {
  env: Env;
  db: DbHandle;
  catalogue: CatalogueState;
  /** Whole public answers, and rows kept for answers that cannot be kept whole (lib/answer-cache.ts). */
  answers: AnswerCache;
  /** The mail queue, with every template of modules/index.ts. */
  mail: MailQueue;
  /** Where any module records analytics events. */
  analytics: EventBuffer;
  /** Where uploaded images are kept: DATA_DIR/uploads or an S3-compatible bucket, chosen at start. */
  images: ImageStore;
  /** What account deletion runs in its transaction (modules/index.ts ACCOUNT_DELETION_STEPS). */
  accountDeletionSteps: readonly AccountDeletionStep[];
  /** The time answers are computed for ("open now", catalogue/lib/open-now.ts); tests pin it, unset in production. */
  clock?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
