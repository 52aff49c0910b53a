// /console/login: e-mail and password, then the second factor (ARCHITECTURE "Wave 2": POST
// /auth/login/ -> {mfa_required, mfa_token} -> POST /auth/mfa/verify/ -> {token}). A staff member
// who has not set up an authenticator yet goes on to /console/enrol, the challenge carried in a
// short-lived HttpOnly cookie rather than the URL. Server-rendered forms: works without JavaScript.
import { redirect, useNavigation } from 'react-router';
import type { Route } from './+types/login';
import { CodeStep, PasswordStep, STAFF_CONSOLE } from '../../components/console/sign-in-steps.tsx';
import { consoleApi, consolePageUrl, consoleReturnPath, mfaCookie, secureCookies, sessionCookie } from '../../lib/console/console-api.server.ts';
import { formText } from '../../lib/console/form-values.server.ts';
import { signInStep, type SignInStepData } from '../../lib/console/sign-in-action.server.ts';

const NOT_STAFF = 'This account is not a staff account.';

export function loader({ request }: Route.LoaderArgs) {
  const url = consolePageUrl(request);
  return { next: consoleReturnPath(url.searchParams.get('next') ?? '', url.origin), signedOut: url.searchParams.has('signed_out'), factorReset: url.searchParams.has('factor_reset') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = consolePageUrl(request);
  const form = await request.formData();
  const next = consoleReturnPath(formText(form, 'next'), url.origin);
  const secure = secureCookies(context);
  const step = await signInStep(consoleApi(context, request, { anonymous: true, token: null }), form);
  if ('show' in step) return step.show;
  if ('session' in step) throw redirect(next, { headers: { 'Set-Cookie': sessionCookie(step.session, secure) } });
  if ('enrol' in step) throw redirect('/console/enrol', { headers: { 'Set-Cookie': mfaCookie({ mfaToken: step.enrol, next }, secure) } });
  // A member's own sign-in answer: the console has no use for it, so it is ended at once.
  await consoleApi(context, request, { anonymous: true, token: step.passwordSession })
    .send('POST', '/auth/logout/', undefined)
    .catch(() => undefined);
  return { step: 'password', email: step.email, message: NOT_STAFF, fields: {} } satisfies SignInStepData;
}

export default function ConsoleLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <div className="console-card">
      {actionData?.step === 'code' ? (
        <CodeStep product={STAFF_CONSOLE} next={loaderData.next} mfaToken={actionData.mfaToken} recovery={actionData.recovery} message={actionData.message} busy={busy} />
      ) : (
        <PasswordStep product={STAFF_CONSOLE} next={loaderData.next} signedOut={loaderData.signedOut && !actionData} factorReset={loaderData.factorReset && !actionData} failure={actionData} busy={busy} />
      )}
    </div>
  );
}

