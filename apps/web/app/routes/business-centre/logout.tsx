// /business/centre/logout (POST only, the top bar's Sign out): ends the session at the API, clears
// the cookies and goes to the sign-in page. A GET just goes to the business centre's home.
import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { secureCookies } from '../../lib/console/console-api.server.ts';
import { CENTRE_HOME, centreApi, clearBusinessMfaCookie, clearBusinessSessionCookie } from '../../lib/business/centre-api.server.ts';

export function loader() {
  return redirect(CENTRE_HOME);
}

export async function action({ request, context }: Route.ActionArgs) {
  const secure = secureCookies(context);
  const api = centreApi(context, request, { anonymous: true });
  if (api.token) await api.send('POST', '/auth/logout/', undefined).catch(() => undefined);
  const headers = new Headers();
  headers.append('Set-Cookie', clearBusinessSessionCookie(secure));
  headers.append('Set-Cookie', clearBusinessMfaCookie(secure));
  return redirect('/business/centre/login?signed_out=1', { headers });
}
