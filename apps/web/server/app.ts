// Entry of the server bundle that apps/api/src/web/mount.ts imports: the React Router build, plus
// the factory of the per-request load context (same module instance as the loaders read).
import * as build from 'virtual:react-router/server-build';
import { RouterContextProvider } from 'react-router';
import { webRequestContext, type WebRequestContext } from '../app/lib/server/request-context.ts';

export { build };
// The request handler comes from here too, so it and the load context below share one copy of
// React Router (its context class is checked with instanceof); Vite's dev server loads its own.
export { createRequestHandler } from 'react-router';
export type { WebRequestContext, ApiFetch, ApiRequestInit } from '../app/lib/server/request-context.ts';

/** The load context handed to React Router for one request. */
export function createLoadContext(value: WebRequestContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(webRequestContext, value);
  return context;
}
