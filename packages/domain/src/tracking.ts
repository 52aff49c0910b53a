// Tracking id (SPEC.md 5: "from cookie __ss_tk, with '|' replaced by '_'"), sent with newsletter
// and magazine-lead forms.

export const TRACKING_COOKIE = '__ss_tk';

/** The tracking id from a Cookie header (or a bare cookie value); '' when absent. */
export function trackingIdFromCookies(cookieHeader: string | null | undefined): string {
  if (!cookieHeader) return '';
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== TRACKING_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value
    }
    return value.replaceAll('|', '_').slice(0, 200);
  }
  return '';
}
