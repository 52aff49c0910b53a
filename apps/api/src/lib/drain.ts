// Graceful shutdown (docs/security.md, docs/decisions.md "Shutdown answers 503 while draining"): on
// SIGTERM the server keeps listening while it drains. Requests already in flight finish; every new
// request is answered 503 with `Connection: close` and Retry-After (so a load balancer moves on),
// until nothing is in flight or the grace period ends; then the app closes. In-process calls (the
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

/**
 * Stops taking work: new requests get 503 from now on; resolves when the requests in flight have
 * finished or `graceMs` has passed (whichever is first), with the number still in flight.
 */
export async function drainRequests(app: FastifyInstance, graceMs: number): Promise<number> {
  app.drain.draining = true;
  const deadline = Date.now() + graceMs;
  while (app.drain.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return app.drain.inFlight;
}
