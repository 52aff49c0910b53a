// Search navigation (SPEC.md 2 Routes, 5): empty or whitespace search text goes to /browse/all
// rather than /search; otherwise /search with q and the place (city, state, lat, lng) and any
// repeated filter values.
import { locationQuery, type UserGeo } from './user-geo.ts';

/** Longest search text sent; longer text is cut (the API rejects it anyway). */
export const MAX_SEARCH_CHARS = 200;

export function searchUrl(text: string | null | undefined, geo?: UserGeo | null, filters: readonly string[] = []): string {
  const q = (text ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_CHARS);
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  for (const [key, value] of locationQuery(geo)) params.set(key, value);
  for (const f of filters) params.append('filter', f);
  const search = params.toString();
  return `${q ? '/search' : '/browse/all'}${search ? `?${search}` : ''}`;
}
