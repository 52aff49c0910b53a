// How console loaders and actions reach the API: the staff bearer token lives in the HttpOnly
// `console_session` cookie (never in the browser's JavaScript) and goes out as
// `Authorization: Bearer <token>` through the same transport the saver loaders use
// (lib/server/request-context.ts: in-process app.inject, or fetch to API_URL). Answers are parsed
// with the console's zod schemas; failures become what a staff member can act on:
//   401 -> to /console/login?next=<this page> (the cookie is cleared)
//   403 -> the "You do not have access to this" page (the layout's error boundary)
//   400, 410, 429 -> the API's field errors and message, handed back to the form
//   409 -> the current record, for the "Someone else changed this" view
//   anything else -> the generic text of SPEC.md 8 (503), never a stack trace or the API's words.
import { data, redirect, type RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { safeRedirectPath } from '@market/domain/redirect';
import { parseCookies } from '../server/cookies.server.ts';
import { CONSOLE_HOME } from './sections.ts';
import { webRequestContext, type ApiFetch, type ApiRequestInit } from '../server/request-context.ts';
import { pageUrl } from '../page-url.ts';

export const CONSOLE_SESSION_COOKIE = 'console_session';
/** The sign-in challenge between the password and the second factor's set-up (not in the URL). */
export const CONSOLE_MFA_COOKIE = 'console_mfa';
/** A staff session's cookie lasts 12 hours (the API's staff token may end sooner: then 401). */
export const CONSOLE_SESSION_SECONDS = 12 * 3600;
export const CONSOLE_MFA_SECONDS = 600;

/** SPEC.md 8: what every failure the staff member cannot act on says. */
export const CONSOLE_SERVER_ERROR = 'There was an issue processing your request. Please try again later.';
export const CONSOLE_FORBIDDEN = 'You do not have access to this.';
export const CONSOLE_NOT_FOUND = 'This page or record does not exist.';
const CONFLICT_FALLBACK = 'Someone else changed this since you opened it.';
const INVALID_FALLBACK = 'Check the highlighted fields and try again.';

/** The body a console error page reads (thrown as a route error response). */
export interface ConsoleErrorBody {
  message: string;
}

/** A bearer token as the API accepts it (apps/api/src/modules/auth/lib/guard.ts). */
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

function consoleCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${name}=${value}`, 'Path=/console', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict', secure ? 'Secure' : ''].filter(Boolean).join('; ');
}

export function sessionCookie(token: string, secure: boolean): string {
  return consoleCookie(CONSOLE_SESSION_COOKIE, token, CONSOLE_SESSION_SECONDS, secure);
}

export function clearSessionCookie(secure: boolean): string {
  return consoleCookie(CONSOLE_SESSION_COOKIE, '', 0, secure);
}

/** The staff token of this request's cookie; null when there is none (or it is not a token). */
export function consoleToken(request: Request): string | null {
  const value = parseCookies(request.headers.get('cookie')).get(CONSOLE_SESSION_COOKIE);
  return value && TOKEN.test(value) ? value : null;
}

/** What the set-up page needs between requests: the challenge, the secret once made, where to go next. */
export interface MfaState {
  mfaToken: string;
  next: string;
  setup?: { secret: string; otpauth_url: string };
}

const MfaStateCookie = z.object({
  t: z.string().min(1).max(500),
  n: z.string().max(2000),
  s: z.object({ secret: z.string().max(200), otpauth_url: z.string().max(1000) }).optional(),
});

/** The sign-in challenge as a cookie value (shared with the business centre's sign-in). */
export function encodeMfaState(state: MfaState): string {
  return Buffer.from(JSON.stringify({ t: state.mfaToken, n: state.next, s: state.setup })).toString('base64url');
}

/** A cookie value back as the challenge; `returnPath` keeps its "next" on the product's own pages. */
export function decodeMfaState(value: string | undefined, returnPath: (next: string) => string): MfaState | null {
  if (!value) return null;
  try {
    const parsed = MfaStateCookie.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    if (!parsed.success) return null;
    return { mfaToken: parsed.data.t, next: returnPath(parsed.data.n), setup: parsed.data.s };
  } catch {
    return null;
  }
}

export function mfaCookie(state: MfaState, secure: boolean): string {
  return consoleCookie(CONSOLE_MFA_COOKIE, encodeMfaState(state), CONSOLE_MFA_SECONDS, secure);
}

export function clearMfaCookie(secure: boolean): string {
  return consoleCookie(CONSOLE_MFA_COOKIE, '', 0, secure);
}

export function readMfaState(request: Request): MfaState | null {
  return decodeMfaState(parseCookies(request.headers.get('cookie')).get(CONSOLE_MFA_COOKIE), (next) => consoleReturnPath(next, 'http://console.invalid'));
}

/**
 * Where to go after signing in: a console page of our own origin (never another site, never the
 * sign-in flow itself); anything else is the dashboard (CONSOLE_HOME, with its slash).
 */
export function consoleReturnPath(value: unknown, origin: string): string {
  const path = safeRedirectPath(value, origin);
  const pathname = path.split(/[?#]/)[0]!;
  if (pathname === '/console') return `${CONSOLE_HOME}${path.slice(pathname.length)}`;
  if (!pathname.startsWith('/console/')) return CONSOLE_HOME;
  if (/^\/console\/(login|logout|enrol|invitation)\/?$/.test(pathname)) return CONSOLE_HOME;
  return path;
}

/**
 * The page a loader or action runs for. A client-side navigation asks for `/console/x.data?_routes=`
 * (React Router's data request) and the loaders get that request as sent: this is the page's own
 * address, as the browser shows it.
 */
export function consolePageUrl(request: Request): URL {
  return pageUrl(request);
}

/** The sign-in page, coming back to this request's page afterwards. */
export function loginPathFor(request: Request): string {
  const url = consolePageUrl(request);
  const here = consoleReturnPath(`${url.pathname}${url.search}`, url.origin);
  return here === CONSOLE_HOME ? '/console/login' : `/console/login?next=${encodeURIComponent(here)}`;
}

/** A failed write the form can show: field errors (400) or the other side of a conflict (409). */
export type ConsoleFailure =
  | { ok: false; kind: 'invalid'; status: number; message: string | null; fields: Record<string, string[]> }
  | { ok: false; kind: 'conflict'; status: 409; message: string; current: unknown };

export type ConsoleResult<T> = { ok: true; status: number; data: T } | ConsoleFailure;

function messages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** A 4xx body (SPEC.md 8: field -> message(s), the rest under detail / non_field_errors) as a form failure. */
export function invalidFrom(status: number, body: unknown): ConsoleFailure {
  const fields: Record<string, string[]> = {};
  let general: string[] = [];
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) {
      const list = messages(value);
      if (!list.length) continue;
      if (key === 'detail' || key === 'non_field_errors') general = general.concat(list);
      else fields[key] = list;
    }
  }
  const message = general.length ? general.join(' ') : Object.keys(fields).length ? null : INVALID_FALLBACK;
  return { ok: false, kind: 'invalid', status, message, fields };
}

function conflictFrom(body: unknown): ConsoleFailure {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const detail = messages(record.detail)[0];
  return { ok: false, kind: 'conflict', status: 409, message: detail ?? CONFLICT_FALLBACK, current: record.current ?? null };
}

function serverError(path: string, why: string): never {
  console.warn(`Console API ${path}: ${why}`);
  throw data<ConsoleErrorBody>({ message: CONSOLE_SERVER_ERROR }, { status: 503 });
}

interface Answer {
  status: number;
  body: unknown;
}

export interface ConsoleApiOptions {
  /**
   * Calls of the sign-in flow (login, second factor, invitation), made without a session: a 401
   * is the API's answer to show (a wrong code, an ended challenge), not a reason to sign in again.
   */
  anonymous?: boolean;
  /** Where a 401 sends the visitor instead of the console's sign-in (the business centre's). */
  signIn?: () => never;
}

export class ConsoleApi {
  private readonly fetcher: ApiFetch;
  private readonly request: Request;
  private readonly secure: boolean;
  private readonly anonymous: boolean;
  private readonly signIn: (() => never) | undefined;
  readonly token: string | null;

  constructor(fetcher: ApiFetch, request: Request, secure: boolean, options: ConsoleApiOptions & { token?: string | null } = {}) {
    this.fetcher = fetcher;
    this.request = request;
    this.secure = secure;
    this.anonymous = options.anonymous === true;
    this.signIn = options.signIn;
    this.token = options.token === undefined ? consoleToken(request) : options.token;
  }

  /** To the sign-in page (the stale cookie cleared), coming back here afterwards. */
  signInAgain(): never {
    if (this.signIn) this.signIn();
    // A client-side navigation to `/console` asks for `/console.data`, which the cookie's path does
    // not reach: ask again at the dashboard's own address, which it does (sections.ts CONSOLE_HOME).
    if (!this.token && new URL(this.request.url).pathname === '/console.data') throw redirect(CONSOLE_HOME);
    throw redirect(loginPathFor(this.request), { headers: { 'Set-Cookie': clearSessionCookie(this.secure) } });
  }

  private async call(method: NonNullable<ApiRequestInit['method']>, path: string, body?: unknown): Promise<Answer> {
    if (!this.anonymous && !this.token) this.signInAgain();
    // The console token, never the visitor's own Authorization header or cookies (the member
    // session of the saver site has nothing to say here).
    const headers: Record<string, string> = { authorization: this.token ? `Bearer ${this.token}` : '', cookie: '' };
    let res: Response;
    try {
      res = await this.fetcher(path, { method, body, headers });
    } catch (error) {
      return serverError(path, `no answer (${(error as Error).message})`);
    }
    if (res.status === 204) return { status: 204, body: null };
    const text = await res.text().catch(() => '');
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        if (res.ok || res.status >= 500) return serverError(path, `answered ${res.status} without JSON`);
        parsed = null;
      }
    }
    return { status: res.status, body: parsed };
  }

  /** The failures no form can show, thrown as the page's answer. */
  private refuse(path: string, answer: Answer): void {
    const { status } = answer;
    if (status >= 500 || status < 200 || (status >= 300 && status < 400)) serverError(path, `answered ${status}`);
    // The sign-in flow shows every 4xx as the API worded it.
    if (this.anonymous) return;
    if (status === 401) this.signInAgain();
    if (status === 403) throw data<ConsoleErrorBody>({ message: CONSOLE_FORBIDDEN }, { status: 403 });
    if (status === 404) throw data<ConsoleErrorBody>({ message: CONSOLE_NOT_FOUND }, { status: 404 });
  }

  private parse<S extends z.ZodType>(path: string, schema: S, body: unknown): z.infer<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) return serverError(path, `answered an undocumented shape: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  }

  /** GET for a loader: the parsed answer; every failure is thrown (a 400 as a page naming the problem). */
  async get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
    const answer = await this.call('GET', path);
    this.refuse(path, answer);
    if (answer.status >= 400) {
      const failure = invalidFrom(answer.status, answer.body);
      const message = failure.kind === 'invalid' ? (failure.message ?? Object.values(failure.fields).flat().join(' ')) : failure.message;
      throw data<ConsoleErrorBody>({ message }, { status: answer.status });
    }
    return this.parse(path, schema, answer.body);
  }

  /**
   * A file for a resource route (the leads' CSV): the API's answer with its body unread, so the
   * caller hands it on as it arrives. Failures are thrown as for `get` (401 -> sign-in, 403, 404,
   * a 400 naming the problem).
   */
  async download(path: string): Promise<Response> {
    if (!this.token) this.signInAgain();
    let res: Response;
    try {
      res = await this.fetcher(path, { method: 'GET', headers: { authorization: `Bearer ${this.token}`, cookie: '' }, stream: true });
    } catch (error) {
      return serverError(path, `no answer (${(error as Error).message})`);
    }
    if (res.status >= 200 && res.status < 300) return res;
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const answer = { status: res.status, body };
    this.refuse(path, answer);
    const failure = invalidFrom(answer.status, answer.body);
    const message = failure.kind === 'invalid' ? (failure.message ?? Object.values(failure.fields).flat().join(' ')) : failure.message;
    throw data<ConsoleErrorBody>({ message }, { status: answer.status });
  }

  /**
   * A write for an action: the parsed answer, or the failure the form shows (400 field errors, 409
   * with the current record). Without a schema the answer's body is not read (204).
   */
  async send<S extends z.ZodType>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: unknown, schema?: S): Promise<ConsoleResult<z.infer<S>>> {
    const answer = await this.call(method, path, body);
    this.refuse(path, answer);
    if (answer.status === 409) return conflictFrom(answer.body);
    if (answer.status >= 400) return invalidFrom(answer.status, answer.body);
    return { ok: true, status: answer.status, data: schema ? this.parse(path, schema, answer.body) : (null as z.infer<S>) };
  }
}

/** The console's API client for this request (the staff token from its cookie). */
export function consoleApi(context: Readonly<RouterContextProvider>, request: Request, options: ConsoleApiOptions & { token?: string | null } = {}): ConsoleApi {
  const { api, secureCookies } = context.get(webRequestContext);
  return new ConsoleApi(api, request, secureCookies, options);
}

/** Whether this request's cookies should carry Secure (PUBLIC_URL is https). */
export function secureCookies(context: Readonly<RouterContextProvider>): boolean {
  return context.get(webRequestContext).secureCookies;
}
