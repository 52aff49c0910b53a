// Connection limits on a real listening server (sockets, not app.inject): a client that trickles
// its body or its headers is cut off once REQUEST_TIMEOUT_SECONDS (here 1 s) has passed, and a
// page action whose announced body is over the cap is refused before the body is sent.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/harness.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1' }, { web: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

interface Trickle {
  /** What the server sent back before it closed the connection. */
  answer: string;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfterMs: number;
  bytesSent: number;
}

/**
 * Sends `head` at once, then one byte of `drip` every `everyMs` until the server closes the
 * connection (or `giveUpMs` passes, when the test fails).
 */
function trickle(head: string, drip: string, everyMs: number, giveUpMs = 8_000): Promise<Trickle> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let bytesSent = 0;
    let index = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${giveUpMs} ms (${bytesSent} bytes sent)`));
    }, giveUpMs);
    socket.on('connect', () => {
      socket.write(head);
      bytesSent += Buffer.byteLength(head);
      timer = setInterval(() => {
        if (socket.destroyed || !socket.writable) return;
        socket.write(drip[index++ % drip.length]!);
        bytesSent++;
      }, everyMs);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started, bytesSent });
    });
  });
}

describe('slow clients are cut off (request, header and body timeouts)', () => {
  it('closes a connection that trickles a JSON body to the API, with 408', async () => {
    const result = await trickle(
      `POST /auth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
      '{"email":"slow@example.com"',
      100,
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(result.closedAfterMs).toBeLessThan(4_000);
  });

  it('closes a connection that trickles a form body to a page action, with 408', async () => {
    const result = await trickle(
      `POST /forms/suggest HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\n`,
      'name=Slow+Shop&city=Detroit&',
      100,
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.closedAfterMs).toBeLessThan(4_000);
  });

  it('closes a connection that trickles its headers', async () => {
    const result = await trickle('GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n', 100);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.closedAfterMs).toBeLessThan(4_000);
  });

  it('still answers a client that sends its request in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/preferences`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=consent&redirectTo=%2Fabout',
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/about');
  });
});

describe('page action body cap, before the body is read', () => {
  it('answers 413 to an announced 150 MB body at once, without waiting for it', async () => {
    const started = Date.now();
    const result = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST /forms/suggest HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${150 * 1024 * 1024}\r\n\r\nname=`);
      });
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        if (answer.includes('\r\n\r\n') && answer.includes('}')) {
          socket.destroy();
          resolve(answer);
        }
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no answer yet: ${answer}`)), 3_000).unref();
    });
    expect(result).toMatch(/^HTTP\/1\.1 413 /);
    expect(result).toContain('The request body is too large.');
    expect(Date.now() - started).toBeLessThan(900);
  });
});
