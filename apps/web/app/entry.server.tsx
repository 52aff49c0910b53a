// Server rendering with the request's CSP nonce on every script React Router and React emit
// (docs/security.md "Headers"; react-router docs "Security").
import { PassThrough } from 'node:stream';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { webRequestContext } from './lib/server/request-context.ts';

export const streamTimeout = 5_000;

/**
 * Errors of the server, logged; a client's own mistake (a 4xx, such as a post to a page that takes
 * no form) is answered with its status and not logged, so a client cannot fill the log with stack
 * traces. A visitor who left (an aborted request) is not an error either.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A 5xx route error response carries the thrown error, whose stack is what a log reader needs.
  const thrown = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(thrown ?? error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(webRequestContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Loaders have fetched everything before rendering, so waiting for the whole document costs
    // little, and every visitor (crawlers, and browsers before or without JavaScript) gets the
    // complete page, lazily loaded parts included, without streamed placeholders.
    const readyOption: keyof RenderToPipeableStreamOptions = 'onAllReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // Never move finished Suspense content (an open modal) out of place: without JavaScript it
      // would stay hidden.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
