// Small visitor preferences stored in cookies: cookie consent ('Okay', 150 days, SPEC.md 4, 9) and
// closing the sign-up prompt (previouslyClosedSignUp). Answers JSON to fetchers and redirects back
// for plain form posts.
import { data, redirect } from 'react-router';
import type { Route } from './+types/preferences';
import { closedSignUpCookie, consentCookie, isForgedRedirect, REDIRECT_TO_INVALID, safeRedirectPath } from '../lib/server/cookies.server.ts';
import { webRequestContext } from '../lib/server/request-context.ts';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { secureCookies } = context.get(webRequestContext);
  const intent = form.get('intent');
  const cookie = intent === 'consent' ? consentCookie(secureCookies) : intent === 'close-signup' ? closedSignUpCookie(secureCookies) : null;
  if (!cookie) return data({ intent: ['Unknown preference.'] }, { status: 400 });
  if (isForgedRedirect(form.get('redirectTo'))) return data({ redirectTo: [REDIRECT_TO_INVALID] }, { status: 400 });
  // Fetcher calls arrive as single-fetch data requests (.data); plain forms get a redirect.
  if (new URL(request.url).pathname.endsWith('.data')) return data({ ok: true }, { headers: { 'Set-Cookie': cookie } });
  return redirect(safeRedirectPath(form.get('redirectTo'), new URL(request.url).origin), { headers: { 'Set-Cookie': cookie } });
}

export async function loader() {
  return redirect('/');
}
