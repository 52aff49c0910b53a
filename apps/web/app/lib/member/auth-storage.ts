// Where the browser keeps the member's session (SPEC.md 4 Authentication, 9): the access token
// with its expiry stamp (seconds) in local storage, and the user in the 'auth' cookie for 30 days.
// The server only sees the cookie's presence (root loader: unknown until the browser decides).
import { AUTH_COOKIE_SECONDS } from '@market/domain/constants';

export interface SessionUser {
  id: number;
  name: string;
  /** The first name as typed, whole ('Mary Ann'): the greeting shows it. */
  firstName: string;
}

const TOKEN_KEY = 'access_token';
export const AUTH_COOKIE = 'auth';
export const SIGNED_UP_COOKIE = 'previouslySignedUp';

interface StoredToken {
  token: string;
  /** Seconds since the epoch. */
  expires: number;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

/** The stored token, or null when absent, malformed or expired (now exceeds the stamp). */
export function storedToken(): string | null {
  try {
    const raw = window.localStorage.getItem(TOKEN_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredToken>;
    if (typeof value.token !== 'string' || typeof value.expires !== 'number') return null;
    if (Date.now() / 1000 > value.expires) return null;
    return value.token;
  } catch {
    return null;
  }
}

/** The user of the 'auth' cookie, or null. */
export function cookieUser(): SessionUser | null {
  const raw = readCookie(AUTH_COOKIE);
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<SessionUser>;
    if (typeof value.id !== 'number' || typeof value.name !== 'string') return null;
    // Cookies written before the first name was kept: the first word of the full name.
    const firstName = typeof value.firstName === 'string' ? value.firstName : (value.name.trim().split(/\s+/)[0] ?? '');
    return { id: value.id, name: value.name, firstName };
  } catch {
    return null;
  }
}

/** Login (SPEC.md 4): token with its expiry in local storage, the user in the cookie for 30 days. */
export function storeSession(token: string, expires: number, user: SessionUser): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, JSON.stringify({ token, expires } satisfies StoredToken));
  } catch {
    // Private modes without storage: the session then lasts for this page only.
  }
  writeUserCookie(user, AUTH_COOKIE_SECONDS);
}

function writeUserCookie(user: SessionUser, maxAgeSeconds: number): void {
  writeCookie(AUTH_COOKIE, encodeURIComponent(JSON.stringify({ id: user.id, name: user.name, firstName: user.firstName } satisfies SessionUser)), maxAgeSeconds);
}

/** A changed name (profile saved): the cookie keeps the session's remaining lifetime. */
export function updateSessionUser(user: SessionUser): void {
  let remaining = AUTH_COOKIE_SECONDS;
  try {
    const value = JSON.parse(window.localStorage.getItem(TOKEN_KEY) ?? 'null') as Partial<StoredToken> | null;
    if (typeof value?.expires === 'number') remaining = Math.max(0, Math.floor(value.expires - Date.now() / 1000));
  } catch {
    // No readable token: the cookie gets the full lifetime, as at login.
  }
  writeUserCookie(user, remaining);
}

/** Logout (SPEC.md 4): removes the token and the cookie. */
export function clearSession(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored.
  }
  writeCookie(AUTH_COOKIE, '', 0);
}

/** The previouslySignedUp cookie: no sign-up prompt once the visitor has an account (SPEC.md 4). */
export function rememberSignedUp(): void {
  writeCookie(SIGNED_UP_COOKIE, '1', 365 * 24 * 3600);
}

/** Whether this browser has signed up or in (set since the page's data was loaded, too). */
export function hasSignedUp(): boolean {
  return readCookie(SIGNED_UP_COOKIE) !== null;
}
