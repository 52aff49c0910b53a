// The merchant side's two credentials, as cookies the web reads on the server only (docs/security.md
// "Redemption codes"): `business_session` holds the API access token of a signed-in team member
// (set by the merchant centre's sign-in), `store_device` the device token of a paired till. Both
// are HttpOnly, Path=/; pages pass them to the API as `Authorization: Bearer` and `X-Store-Device`.
import { parseCookies } from '../server/cookies.server.ts';

export const BUSINESS_SESSION_COOKIE = 'business_session';
export const STORE_DEVICE_COOKIE = 'store_device';
/** A till stays paired until it is revoked; the cookie lives as long as browsers allow (400 days). */
export const STORE_DEVICE_SECONDS = 400 * 24 * 3600;

/** Tokens are base64url; anything else in the cookie is ignored rather than sent on. */
function tokenCookie(request: Request, name: string): string | null {
  const raw = parseCookies(request.headers.get('cookie')).get(name);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return /^[A-Za-z0-9_-]{16,200}$/.test(value) ? value : null;
}

/** The signed-in team member's API access token, if any. */
export function businessToken(request: Request): string | null {
  return tokenCookie(request, BUSINESS_SESSION_COOKIE);
}

/** The paired till's device token, if any. */
export function storeDeviceToken(request: Request): string | null {
  return tokenCookie(request, STORE_DEVICE_COOKIE);
}

function cookie(value: string, maxAge: number, secure: boolean): string {
  return [`${STORE_DEVICE_COOKIE}=${value}`, 'Path=/', `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax', secure ? 'Secure' : ''].filter(Boolean).join('; ');
}

/** Makes this browser the till of `token` (the tills page's "Use this device as the till"). */
export const storeDeviceCookie = (token: string, secure: boolean) => cookie(token, STORE_DEVICE_SECONDS, secure);
/** This browser is no till any more. */
export const clearStoreDeviceCookie = (secure: boolean) => cookie('', 0, secure);

/**
 * Headers for an API call made for the merchant side: the business session as the bearer token and
 * the till's token, and never the saver's own cookies or Authorization header.
 */
export function businessApiHeaders(request: Request): Record<string, string> {
  const token = businessToken(request);
  const device = storeDeviceToken(request);
  return { authorization: token ? `Bearer ${token}` : '', cookie: '', ...(device ? { 'x-store-device': device } : {}) };
}
