// Reading and writing the few cookies the pages use (SPEC.md 4, 9): userGeo, the consent record,
// previouslySignedUp / previouslyClosedSignUp, and the presence of the auth cookie.
import { CONSENT_COOKIE_DAYS, GEO_COOKIE } from '@market/domain/constants';
import { serializeUserGeoCookie, type UserGeo } from '@market/domain/user-geo';

export const CONSENT_COOKIE = 'cookieConsent';
export const SIGNED_UP_COOKIE = 'previouslySignedUp';
export const CLOSED_SIGNUP_COOKIE = 'previouslyClosedSignUp';
export const AUTH_COOKIE = 'auth';

/** Cookie name -> raw value (first one wins). */
export function parseCookies(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (name && !out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
}

function cookie(name: string, value: string, maxAgeSeconds: number, secure: boolean, httpOnly = true): string {
  return [`${name}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'SameSite=Lax', httpOnly ? 'HttpOnly' : '', secure ? 'Secure' : ''].filter(Boolean).join('; ');
}

const YEAR = 365 * 24 * 3600;

export function geoCookie(geo: UserGeo, secure: boolean): string {
  return cookie(GEO_COOKIE, serializeUserGeoCookie(geo), YEAR, secure);
}

/** The consent record, kept 150 days (SPEC.md 9). */
export function consentCookie(secure: boolean): string {
  return cookie(CONSENT_COOKIE, encodeURIComponent(JSON.stringify({ accepted: true, at: new Date().toISOString().slice(0, 10) })), CONSENT_COOKIE_DAYS * 24 * 3600, secure);
}

export function closedSignUpCookie(secure: boolean): string {
  return cookie(CLOSED_SIGNUP_COOKIE, '1', YEAR, secure);
}

/** Control characters, which browsers drop from URLs (so "/\t/host" is read as "//host"). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Why a redirectTo with control characters is refused (400) rather than followed. */
export const REDIRECT_TO_INVALID = 'The return address is not valid.';

/** Whether a form's redirectTo holds control characters: a forged link, never one of our pages. */
export function isForgedRedirect(value: FormDataEntryValue | null): boolean {
  return typeof value === 'string' && CONTROL_CHARACTERS.test(value);
}

/**
 * A path on our own site to go back to after a form action; anything else becomes '/'. The value
 * is parsed as a URL against our origin, as a browser would read it, and must stay on that origin;
 * what is returned is the parsed path, query and fragment (plain ASCII, safe in a Location header).
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, origin: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000 || CONTROL_CHARACTERS.test(value)) return '/';
  let ours: URL;
  let target: URL;
  try {
    ours = new URL(origin);
    target = new URL(value, ours);
  } catch {
    return '/';
  }
  if (target.origin !== ours.origin) return '/';
  const path = `${target.pathname}${target.search}${target.hash}`;
  // A path can normalise to one that starts with two slashes ("/.//host"), which a browser reads
  // as another host.
  return path.startsWith('//') ? '/' : path;
}
