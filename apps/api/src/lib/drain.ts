// Graceful shutdown (docs/security.md, docs/decisions.md "Unsubscribe per kind, impressions,
// shutdown"): on SIGTERM the server stops listening (a new connection is refused, which a client
// knows carried nothing) and closes its idle keep-alive connections (a FIN before the client sends,
// not a reset after). Requests already in flight finish with `Connection: close`; a request that
// still arrives on an open connection is answered 503 with `Connection: close` and Retry-After;
// once nothing is in flight (or the grace period ends) the app closes. In-process calls (the
// web pages' app.inject) are neither counted nor refused: they belong to a page request that is
// already in flight.
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_ERROR_TEXT } from './errors.ts';

export interface DrainState {
  draining: boolean;
  inFlight: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: DrainState;
  }
}

const counted = new WeakSet<FastifyRequest>();

function fromNetwork(request: FastifyRequest): boolean {
  return request.raw.socket instanceof Socket;
}

/** Adds the drain state and its hooks to the root instance (before any route is registered). */
export function installDrain(app: FastifyInstance): void {
  app.decorate('drain', { draining: false, inFlight: 0 });
  const done = (request: FastifyRequest) => {
    if (counted.delete(request)) app.drain.inFlight--;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!fromNetwork(request)) return;
    if (app.drain.draining) {
      return reply.code(503).header('connection', 'close').header('retry-after', '5').type('application/json; charset=utf-8').send({ detail: SERVER_ERROR_TEXT });
    }
    counted.add(request);
    app.drain.inFlight++;
  });
  // Keep-alive connections are closed after their answer while draining.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (app.drain.draining) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request) => done(request));
  app.addHook('onRequestAbort', async (request) => done(request));
}

const openConnections = (app: FastifyInstance) => new Promise<number>((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count)));

/**
 * Stops taking work: the listener closes, idle connections close, requests on open connections
 * get 503 from now on; resolves when the requests in flight have finished and their connections
 * closed, or `graceMs` has passed (whichever is first), with the number still in flight.
 */
export async function drainRequests(app: FastifyInstance, graceMs: number): Promise<number> {
  app.drain.draining = true;
  const deadline = Date.now() + graceMs;
  // Not listening: closing the listener is what makes the app's own close later a no-op for it.
  if (app.server.listening) app.server.close(() => {});
  for (;;) {
    // A connection whose last answer went out is idle: close it before its client reuses it.
    app.server.closeIdleConnections();
    if ((app.drain.inFlight === 0 && (await openConnections(app)) === 0) || Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  return app.drain.inFlight;
}
