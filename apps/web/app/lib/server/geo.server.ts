// The visitor's place for one request (SPEC.md 4 Persistence): location query values win, then
// the userGeo cookie, then a fresh /api/userlocation/ lookup, then Detroit, MI (SPEC.md 1).
// Memoised in the request's context so parallel loaders share one lookup.
import { createContext, type RouterContextProvider } from 'react-router';
import { GEO_COOKIE } from '@market/domain/constants';
import { DEFAULT_USER_GEO, parseUserGeoCookie, userGeoFromQuery, type UserGeo } from '@market/domain/user-geo';
import { apiFrom } from '../api/api.server.ts';
import { ApiError } from '../api/member-api.ts';
import { parseCookies } from './cookies.server.ts';

export type GeoSource = 'query' | 'cookie' | 'lookup' | 'default';

export interface VisitorGeo {
  /** The place this page is for. */
  geo: UserGeo;
  /** The visitor's saved place (cookie or lookup), whatever the query says. */
  saved: UserGeo;
  source: GeoSource;
  /** True when the saved place came from a fresh lookup and should be stored in the cookie. */
  store: boolean;
}

const memo = createContext<Promise<VisitorGeo> | null>(null);

export function visitorGeo(request: Request, context: Readonly<RouterContextProvider>): Promise<VisitorGeo> {
  let found = context.get(memo);
  if (!found) {
    found = resolve(request, context);
    (context as RouterContextProvider).set(memo, found);
  }
  return found;
}

async function resolve(request: Request, context: Readonly<RouterContextProvider>): Promise<VisitorGeo> {
  const url = new URL(request.url);
  const fromQuery = userGeoFromQuery(url.searchParams);
  const fromCookie = parseUserGeoCookie(parseCookies(request.headers.get('cookie')).get(GEO_COOKIE));
  let saved: UserGeo;
  let source: GeoSource;
  let store = false;
  if (fromCookie) {
    saved = fromCookie;
    source = 'cookie';
  } else {
    // The lookup only names a default place: when the API cannot answer, the visitor gets Detroit
    // and the page's own data decides whether it can be shown.
    const looked = await apiFrom(context)
      .userLocation()
      .catch((error: unknown) => {
        if (error instanceof ApiError) return null;
        throw error;
      });
    saved = looked ?? DEFAULT_USER_GEO;
    source = looked ? 'lookup' : 'default';
    store = Boolean(looked);
  }
  return { geo: fromQuery ?? saved, saved, source: fromQuery ? 'query' : source, store };
}
