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

export { REDIRECT_TO_INVALID, isForgedRedirect, safeRedirectPath } from '@market/domain/redirect';
