// The error boundaries' page. Its markup and copy (error-page-content.tsx) load only with an
// error: no page that renders carries them in its first-load files (docs/performance.md).
import { isRouteErrorResponse } from 'react-router';
import { deferred } from '../lib/ui/deferred.tsx';

/** The 404 page or the generic error page (SPEC.md 8) for a status. */
export const ErrorPage = deferred(() => import('./error-page-content.tsx').then((m) => m.ErrorPage));

/** The status an error boundary shows: a route error response's own (404, 503), else 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The page of a route module's ErrorBoundary (and of the root's). */
export function RouteErrorPage({ error }: { error: unknown }) {
  return <ErrorPage status={errorStatus(error)} />;
}
