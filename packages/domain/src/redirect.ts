// Where a link or form may send a visitor back to: only a path on our own site (docs/decisions.md
// "Review fixes (security)"). Shared by the page actions on the server and the sign-in page in the
// browser, so both read a return address the same way.

/** Control characters, which browsers drop from URLs (so "/\t/host" is read as "//host"). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Why a redirectTo with control characters is refused (400) rather than followed. */
export const REDIRECT_TO_INVALID = 'The return address is not valid.';

/** Whether a form's redirectTo holds control characters: a forged link, never one of our pages. */
export function isForgedRedirect(value: unknown): boolean {
  return typeof value === 'string' && CONTROL_CHARACTERS.test(value);
}

/**
 * A path on our own site to go back to after a form action; anything else becomes '/'. The value
 * is parsed as a URL against our origin, as a browser would read it, and must stay on that origin;
 * what is returned is the parsed path, query and fragment (plain ASCII, safe in a Location header).
 */
export function safeRedirectPath(value: unknown, origin: string): string {
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
