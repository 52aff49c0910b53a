// The network boundary of the component tests: a stub of the browser's fetch answering the
// member API calls a test declares ('POST /auth/login/'), in order when one is declared twice.
// Everything above fetch and sendBeacon (our API client, session, forms) is the real code.
import { vi } from 'vitest';

export interface StubAnswer {
  status?: number;
  body?: unknown;
  /** Held until the test releases it: the submitting state can be seen meanwhile. */
  gate?: Promise<void>;
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export function stubApi(routes: Record<string, StubAnswer | StubAnswer[]>) {
  const calls: ApiCall[] = [];
  const queues = new Map(Object.entries(routes).map(([k, v]) => [k, Array.isArray(v) ? [...v] : [v]]));
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    calls.push({ method, path: `${url.pathname}${url.search}`, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body, authorization: headers.get('authorization') });
    const queue = queues.get(`${method} ${url.pathname}${url.search}`) ?? queues.get(`${method} ${url.pathname}`);
    if (!queue?.length) throw new Error(`No stubbed answer for ${method} ${url.pathname}${url.search}`);
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    if (answer.gate) await answer.gate;
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  // Analytics beacons leave through the same boundary: recorded, never sent.
  const beacons: Array<{ url: string; data: unknown }> = [];
  vi.spyOn(navigator, 'sendBeacon').mockImplementation((url, data) => {
    beacons.push({ url: String(url), data });
    return true;
  });
  return { calls, fetch, beacons };
}

/** A promise the test resolves when it wants the held answer to arrive. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
