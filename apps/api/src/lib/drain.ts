// Graceful shutdown (docs/security.md, docs/decisions.md "Unsubscribe per kind, impressions,
// shutdown"): on SIGTERM the server stops listening (a new connection is refused, which a client
// knows carried nothing). Requests already in flight finish with `Connection: close`; a request
// that arrives on an open keep-alive connection is answered 503 with `Connection: close` and
// Retry-After (the client reads that before it could reuse the connection); once nothing is in
// flight, idle keep-alive connections get a short linger and are closed, then the app closes. In-process calls (the
// web pages' app.inject) are neither counted nor refused: they belong to a page request that is
// already in flight.
import net, { Socket } from 'node:net';
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
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long idle keep-alive connections stay open once nothing is in flight: a client about to send reads a 503 + close instead of meeting a closed socket. */
const IDLE_LINGER_MS = 500;

/**
 * Stops taking work: the listener closes (new connections are refused), requests on open
 * connections get 503 + `Connection: close`; once the requests in flight have finished (or
 * `graceMs` has passed), idle keep-alive connections get a short linger and are closed. Resolves
 * with the number still in flight.
 */
export async function drainRequests(app: FastifyInstance, graceMs: number): Promise<number> {
  app.drain.draining = true;
  const deadline = Date.now() + graceMs;
  // net.Server's own close stops accepting without http.Server's closeIdleConnections(): closing
  // a keep-alive connection while its client sends on it is what resets that client.
  if (app.server.listening) net.Server.prototype.close.call(app.server, () => {});
  while (app.drain.inFlight > 0 && Date.now() < deadline) await pause(25);
  const lingerEnd = Math.min(deadline, Date.now() + IDLE_LINGER_MS);
  while (Date.now() < lingerEnd && (await openConnections(app)) > 0) await pause(25);
  app.server.closeIdleConnections();
  return app.drain.inFlight;
}
