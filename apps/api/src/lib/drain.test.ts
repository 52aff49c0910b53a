// SIGTERM drain on a real listening server (security review 11): no client is left with a
// connection reset. Idle keep-alive connections are closed (a FIN the client sees before it
// sends), new connections are refused (nothing was sent, so a client may retry), requests in
// flight finish with `Connection: close`, and a request that still arrives on an open connection
// is answered 503 with `Connection: close`.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drainRequests, installDrain } from './drain.ts';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

async function listening(): Promise<{ port: number; release: () => void }> {
  app = Fastify();
  installDrain(app);
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  app.get('/slow', async () => {
    await gate;
    return { ok: true };
  });
  app.get('/fast', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, release };
}

function get(agent: http.Agent | false, port: number, path: string): Promise<{ status: number; connection?: string | undefined; error?: string }> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, error: error.code ?? error.message }));
  });
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('drainRequests', () => {
  it('refuses new connections, answers keep-alive clients 503 + close, lets in-flight requests finish and closes idle connections, without a reset', async () => {
    const { port, release } = await listening();
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });
    expect((await get(keepAlive, port, '/fast')).status).toBe(200);
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(idleAgent, port, '/fast')).status).toBe(200);
    const idle = Object.values(idleAgent.freeSockets).flat()[0]!;
    expect(idle).toBeDefined();
    const idleClosed = new Promise<string>((resolve) => {
      idle.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      idle.once('close', () => resolve('closed'));
    });
    const inFlight = get(false, port, '/slow');
    await tick(50);

    const drained = drainRequests(app, 5_000);
    await tick(20);
    // The listener is closed: a new connection is refused, never reset.
    expect(await get(false, port, '/fast')).toEqual({ status: 0, error: 'ECONNREFUSED' });
    // A keep-alive client sending on its open connection reads a 503 that closes it...
    expect(await get(keepAlive, port, '/fast')).toEqual({ status: 503, connection: 'close' });
    // ...and its next connection is refused.
    expect(await get(keepAlive, port, '/fast')).toEqual({ status: 0, error: 'ECONNREFUSED' });
    release();
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    expect(await drained).toBe(0);
    // The connection nobody used is closed once nothing is in flight: a FIN, not a reset.
    expect(await idleClosed).toBe('closed');
    keepAlive.destroy();
    idleAgent.destroy();
  });

  it('answers a request on a connection that was busy when the drain began, then closes it cleanly', async () => {
    const { port, release } = await listening();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const ended = new Promise<string>((resolve) => {
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      socket.once('close', () => resolve('closed'));
    });
    socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await tick(50);
    const drained = drainRequests(app, 5_000);
    await tick(50);
    // A keep-alive client that did not see the drain sends its next request on the same connection.
    socket.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await tick(50);
    release();
    expect(await ended).toBe('closed');
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received.toLowerCase()).toContain('connection: close');
    // Answered (503 and close) or left unanswered after a clean close: never a reset.
    const second = received.split(/HTTP\/1\.1 /).slice(2)[0];
    if (second) expect(second).toMatch(/^503 [\s\S]*connection: close/i);
    expect(await drained).toBe(0);
  });
});
