// /business/centre/login: e-mail and password; owners and managers then give their second factor
// (or set one up, /business/centre/enrol), as staff do at /console/login with the same steps.
// Cashiers sign in with their password alone (docs/security.md "Merchant centre"). The session is
// kept in the `business_session` cookie. Server-rendered forms: works without JavaScript.
import { redirect, useNavigation } from 'react-router';
import type { Route } from './+types/login';
import { CodeStep, PasswordStep } from '../../components/console/sign-in-steps.tsx';
import { consolePageUrl } from '../../lib/console/console-api.server.ts';
import { formText } from '../../lib/console/form-values.server.ts';
import { signInStep, type SignInStepData } from '../../lib/console/sign-in-action.server.ts';
import { businessMfaCookie, businessSessionCookie, centreApi, centreReturnPath } from '../../lib/business/centre-api.server.ts';
import { BUSINESS_CENTRE } from '../../lib/business/sign-in.ts';
import { secureCookies } from '../../lib/console/console-api.server.ts';
import { MerchantMembershipList } from '@market/domain/api/merchant-centre';

const NOT_ON_A_TEAM = 'This account is not on a business’s team. Ask LocalSaver for an invitation.';

export function loader({ request }: Route.LoaderArgs) {
  const url = consolePageUrl(request);
  return { next: centreReturnPath(url.searchParams.get('next') ?? '', url.origin), signedOut: url.searchParams.has('signed_out') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = consolePageUrl(request);
  const form = await request.formData();
  const next = centreReturnPath(formText(form, 'next'), url.origin);
  const secure = secureCookies(context);
  const step = await signInStep(centreApi(context, request, { anonymous: true, token: null }), form);
  if ('show' in step) return step.show;
  if ('session' in step) throw redirect(next, { headers: { 'Set-Cookie': businessSessionCookie(step.session, secure) } });
  if ('enrol' in step) throw redirect('/business/centre/enrol', { headers: { 'Set-Cookie': businessMfaCookie({ mfaToken: step.enrol, next }, secure) } });
  // A password session: a cashier's is the business centre's; anyone else's is ended at once.
  const asThem = centreApi(context, request, { anonymous: true, token: step.passwordSession });
  const teams = await asThem.get('/api/merchant/', MerchantMembershipList);
  if (teams.length) throw redirect(next, { headers: { 'Set-Cookie': businessSessionCookie(step.passwordSession, secure) } });
  await asThem.send('POST', '/auth/logout/', undefined).catch(() => undefined);
  return { step: 'password', email: step.email, message: NOT_ON_A_TEAM, fields: {} } satisfies SignInStepData;
}

export default function BusinessLogin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="console-card">
      {actionData?.step === 'code' ? (
        <CodeStep product={BUSINESS_CENTRE} next={loaderData.next} mfaToken={actionData.mfaToken} recovery={actionData.recovery} message={actionData.message} busy={busy} />
      ) : (
        <PasswordStep product={BUSINESS_CENTRE} next={loaderData.next} signedOut={loaderData.signedOut && !actionData} failure={actionData} busy={busy} />
      )}
    </div>
  );
}
