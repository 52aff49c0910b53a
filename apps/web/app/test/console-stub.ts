// Console loaders and actions called directly, as React Router calls them on the server, with the
// API transport of the load context stubbed: each call is recorded (path, method, headers, body)
// and answered from a table of `METHOD /path` -> {status, body}.
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from 'react-router';
import { webRequestContext, type ApiRequestInit } from '../lib/server/request-context.ts';

export interface StubAnswer {
  status?: number;
  body?: unknown;
  /** An answer that is not JSON (a CSV file): its body and headers as they are. */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  stream: boolean;
}

export function consoleContext(answers: Record<string, StubAnswer | ((call: RecordedCall) => StubAnswer)>, { secure = false } = {}) {
  const calls: RecordedCall[] = [];
  const context = new RouterContextProvider();
  context.set(webRequestContext, {
    nonce: '',
    publicUrl: 'http://localhost',
    secureCookies: secure,
    api: async (path: string, init: ApiRequestInit = {}) => {
      const call = { method: init.method ?? 'GET', path, headers: init.headers ?? {}, body: init.body, stream: init.stream === true };
      calls.push(call);
      const found = answers[`${call.method} ${path}`];
      if (!found) throw new Error(`No stubbed answer for ${call.method} ${path}`);
      const answer = typeof found === 'function' ? found(call) : found;
      const status = answer.status ?? 200;
      if (answer.raw !== undefined) return new Response(answer.raw, { status, headers: answer.headers });
      return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { context, calls };
}

/** A page request as the browser sends it (a form post when `form` is given). */
export function pageRequest(path: string, { cookie, form }: { cookie?: string; form?: Record<string, string> } = {}): Request {
  const headers = new Headers();
  if (cookie) headers.set('cookie', cookie);
  if (!form) return new Request(`http://localhost${path}`, { headers });
  return new Request(`http://localhost${path}`, { method: 'POST', headers, body: new URLSearchParams(form) });
}

/** What a loader or action handed back or threw: its status, body and Set-Cookie / Location. */
export async function outcome(run: () => unknown): Promise<{ status: number; body: unknown; location: string | null; cookies: string[] }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, body: null, location: result.headers.get('location'), cookies: result.headers.getSetCookie() };
  }
  if (isData(result)) {
    const headers = new Headers(result.init?.headers);
    return { status: result.init?.status ?? 200, body: result.data, location: null, cookies: headers.getSetCookie() };
  }
  return { status: 200, body: result, location: null, cookies: [] };
}

function isData(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}
