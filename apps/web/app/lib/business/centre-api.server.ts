// How the business centre's loaders and actions reach the API (docs/api.md "Merchant centre"): the
// console's client (lib/console/console-api.server.ts) with the merchant centre's session. The
// bearer token lives in the HttpOnly `business_session` cookie, Path=/ because the coupon check
// pages (/r/...) act with it too; SameSite=Lax so the link in a mail or a scanned QR code opens a
// signed-in page; Secure when PUBLIC_URL is https. The sign-in challenge waits in
// `business_mfa` (Path=/business/centre, 10 minutes), as the console's does.
import { redirect, type RouterContextProvider } from 'react-router';
import { safeRedirectPath } from '@market/domain/redirect';
import { parseCookies } from '../server/cookies.server.ts';
import { webRequestContext } from '../server/request-context.ts';
import { ConsoleApi, consolePageUrl, decodeMfaState, encodeMfaState, type ConsoleApiOptions, type MfaState } from '../console/console-api.server.ts';
import { CENTRE_HOME, CENTRE_LOGIN } from './paths.ts';
import { BUSINESS_SESSION_COOKIE, businessToken } from './session.server.ts';

export { BUSINESS_SESSION_COOKIE, businessToken };
export const BUSINESS_MFA_COOKIE = 'business_mfa';
export { CENTRE_HOME, CENTRE_LOGIN };
/** The cookie lasts as long as the API's second-factor session (12 hours); the API may end it sooner. */
const SESSION_SECONDS = 12 * 3600;
const MFA_SECONDS = 600;

function cookie(name: string, value: string, path: string, maxAge: number, secure: boolean): string {
  return [`${name}=${value}`, `Path=${path}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax', secure ? 'Secure' : ''].filter(Boolean).join('; ');
}

export const businessSessionCookie = (token: string, secure: boolean) => cookie(BUSINESS_SESSION_COOKIE, token, '/', SESSION_SECONDS, secure);
export const clearBusinessSessionCookie = (secure: boolean) => cookie(BUSINESS_SESSION_COOKIE, '', '/', 0, secure);
export const businessMfaCookie = (state: MfaState, secure: boolean) => cookie(BUSINESS_MFA_COOKIE, encodeMfaState(state), CENTRE_HOME, MFA_SECONDS, secure);
export const clearBusinessMfaCookie = (secure: boolean) => cookie(BUSINESS_MFA_COOKIE, '', CENTRE_HOME, 0, secure);

/**
 * Where to go after signing in: a business-centre page (or a coupon check page) of our own origin;
 * never the sign-in flow itself, never another site.
 */
export function centreReturnPath(value: unknown, origin: string): string {
  const path = safeRedirectPath(value, origin);
  const pathname = path.split(/[?#]/)[0]!;
  if (!(pathname === CENTRE_HOME || pathname.startsWith(`${CENTRE_HOME}/`) || pathname.startsWith('/r/'))) return CENTRE_HOME;
  if (/^\/business\/centre\/(login|logout|enrol|invitation)\/?$/.test(pathname)) return CENTRE_HOME;
  return path;
}

export function readBusinessMfaState(request: Request): MfaState | null {
  return decodeMfaState(parseCookies(request.headers.get('cookie')).get(BUSINESS_MFA_COOKIE), (next) => centreReturnPath(next, 'http://centre.invalid'));
}

/** The sign-in page, coming back to this request's page afterwards. */
function loginPathFor(request: Request): string {
  const url = consolePageUrl(request);
  const here = centreReturnPath(`${url.pathname}${url.search}`, url.origin);
  return here === CENTRE_HOME ? CENTRE_LOGIN : `${CENTRE_LOGIN}?next=${encodeURIComponent(here)}`;
}

/** The business centre's API client for this request (401 -> its sign-in page, the cookie cleared). */
export function centreApi(context: Readonly<RouterContextProvider>, request: Request, options: ConsoleApiOptions & { token?: string | null } = {}): ConsoleApi {
  const { api, secureCookies } = context.get(webRequestContext);
  const signIn = (): never => {
    throw redirect(loginPathFor(request), { headers: { 'Set-Cookie': clearBusinessSessionCookie(secureCookies) } });
  };
  return new ConsoleApi(api, request, secureCookies, { token: options.token === undefined ? businessToken(request) : options.token, signIn, ...options });
}
