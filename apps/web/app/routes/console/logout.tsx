// /console/logout (POST only, the top bar's Sign out): ends the staff session at the API, clears
// the cookie and goes to the sign-in page. A GET (a typed address) just goes to the dashboard.
import { redirect } from 'react-router';
import { CONSOLE_HOME } from '../../lib/console/sections.ts';
import type { Route } from './+types/logout';
import { clearMfaCookie, clearSessionCookie, consoleApi, secureCookies } from '../../lib/console/console-api.server.ts';

export function loader() {
  return redirect(CONSOLE_HOME);
}

export async function action({ request, context }: Route.ActionArgs) {
  const secure = secureCookies(context);
  const api = consoleApi(context, request, { anonymous: true });
  // Whatever the API says (an already ended session answers 401), this browser is signed out.
  if (api.token) await api.send('POST', '/auth/logout/', undefined).catch(() => undefined);
  const headers = new Headers();
  headers.append('Set-Cookie', clearSessionCookie(secure));
  headers.append('Set-Cookie', clearMfaCookie(secure));
  return redirect('/console/login?signed_out=1', { headers });
}
