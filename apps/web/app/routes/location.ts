// Changing the visitor's place (SPEC.md 4 Persistence, Location dropdown): stores the userGeo
// cookie and goes back to the page, whose location query values (if any) follow the new place.
// Takes a place id (autocomplete), coordinates (current location, reverse geocoded), a 5-digit
// ZIP code (typed in the field or the dialog) or, without JavaScript, the typed text (the first
// matching city).
import { data, redirect } from 'react-router';
import { ZIP_PATTERN } from '@market/domain/list-sort';
import { toUserGeo, userGeoFromQuery, withLocationQuery, type UserGeo } from '@market/domain/user-geo';
import type { Route } from './+types/location';
import { apiFrom, geoFromPlace, unlessNotFound } from '../lib/api/api.server.ts';
import { ApiError, SERVER_ERROR } from '../lib/api/member-api.ts';
import { geoCookie, isForgedRedirect, REDIRECT_TO_INVALID, safeRedirectPath } from '../lib/server/cookies.server.ts';
import { webRequestContext } from '../lib/server/request-context.ts';

function text(form: FormData, name: string, max = 200): string {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (isForgedRedirect(form.get('redirectTo'))) return data({ ok: false, message: REDIRECT_TO_INVALID }, { status: 400 });
  const api = apiFrom(context);
  const placeId = text(form, 'place_id', 40);
  const q = text(form, 'q', 100);
  // A ZIP code comes as `zip`, or as the field's text when that is all digits.
  const zip = text(form, 'zip', 20) || (/^\d+$/.test(q) ? q : '');
  if (zip && !ZIP_PATTERN.test(zip)) return data({ ok: false, field: 'zip', message: 'Enter a 5-digit ZIP code.' }, { status: 400 });
  let geo: UserGeo | null = null;
  try {
    if (zip) {
      geo = geoFromPlace(await unlessNotFound(api.placeOfZip(zip)));
      if (!geo) return data({ ok: false, field: 'zip', message: 'We could not find that ZIP code. Try another, or a city.' }, { status: 400 });
    } else if (placeId) {
      geo = geoFromPlace(await api.place(placeId));
    } else if (form.has('lat') && form.has('lng')) {
      const point = toUserGeo({ lat: text(form, 'lat', 32), lng: text(form, 'lng', 32) });
      if (point?.lat != null && point.lng != null) {
        const nearest = geoFromPlace(await unlessNotFound(api.reverseGeocode(point.lat, point.lng)));
        // Keep the visitor's own coordinates; name the nearest city for the label.
        geo = toUserGeo({ city: nearest?.city ?? '', state: nearest?.state ?? '', lat: point.lat, lng: point.lng }) ?? point;
      }
    } else if (q.length >= 2) {
      const first = (await api.placeSuggestions(q))[0];
      if (first) geo = geoFromPlace(await api.place(first.id));
    }
  } catch (error) {
    // A place id or text the API rejects (4xx) is a place we could not find; no answer at all is
    // the generic failure (SPEC.md 8).
    if (!(error instanceof ApiError)) throw error;
    if (error.status >= 500) return data({ ok: false, message: SERVER_ERROR }, { status: 503 });
  }
  if (!geo) return data({ ok: false, message: 'We could not find that place. Try another city.' }, { status: 400 });
  const { secureCookies } = context.get(webRequestContext);
  let back = safeRedirectPath(form.get('redirectTo'), new URL(request.url).origin);
  const backUrl = new URL(back, 'http://internal.invalid');
  if (userGeoFromQuery(backUrl.searchParams) || ['city', 'state', 'lat', 'lng'].some((k) => backUrl.searchParams.has(k))) back = withLocationQuery(back, geo);
  return redirect(back, { headers: { 'Set-Cookie': geoCookie(geo, secureCookies) } });
}

export async function loader() {
  return redirect('/');
}
