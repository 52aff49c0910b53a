// /business/centre/enrol: an owner's or manager's first sign-in sets up the authenticator app, the
// console's steps (/console/enrol) with the business centre's cookies: the challenge (and the
// secret once made) in `business_mfa`; the recovery codes shown once, in the confirming answer.
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/enrol';
import { FormMessage } from '../../components/console/field.tsx';
import { RecoveryCodes, SetUpAuthenticator } from '../../components/console/sign-in-steps.tsx';
import { secureCookies } from '../../lib/console/console-api.server.ts';
import { failureText, formText } from '../../lib/console/form-values.server.ts';
import { groupedSecret, qrSvg } from '../../lib/console/qr-code.server.ts';
import { businessMfaCookie, businessSessionCookie, centreApi, clearBusinessMfaCookie, readBusinessMfaState } from '../../lib/business/centre-api.server.ts';
import { BUSINESS_CENTRE } from '../../lib/business/sign-in.ts';
import { MfaConfirmOut, TotpSetupOut } from '@market/domain/api/staff';

const EXPIRED = 'Your sign-in has expired. Please sign in again to set up your authenticator app.';
const CODE_NEEDED = 'Enter the 6-digit code your authenticator app shows.';

type LoaderData = { expired: true; message: string } | { expired: false; qr: string; secret: string };
type ActionData = { done: true; recoveryCodes: string[]; next: string } | { done: false; expired: boolean; message: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = readBusinessMfaState(request);
  if (!state) throw redirect(BUSINESS_CENTRE.loginPath);
  const secure = secureCookies(context);
  let setup = state.setup;
  const headers = new Headers();
  if (!setup) {
    const made = await centreApi(context, request, { anonymous: true, token: null }).send('POST', '/auth/mfa/totp/setup/', { mfa_token: state.mfaToken }, TotpSetupOut);
    if (!made.ok) {
      headers.append('Set-Cookie', clearBusinessMfaCookie(secure));
      return data<LoaderData>({ expired: true, message: failureText(made) || EXPIRED }, { headers });
    }
    setup = made.data;
    headers.append('Set-Cookie', businessMfaCookie({ ...state, setup }, secure));
  }
  return data<LoaderData>({ expired: false, qr: await qrSvg(setup.otpauth_url), secret: groupedSecret(setup.secret) }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const state = readBusinessMfaState(request);
  if (!state) return { done: false, expired: true, message: EXPIRED } satisfies ActionData;
  const form = await request.formData();
  const code = formText(form, 'code').replace(/\s+/g, '');
  if (!code) return { done: false, expired: false, message: CODE_NEEDED } satisfies ActionData;
  const confirmed = await centreApi(context, request, { anonymous: true, token: null }).send('POST', '/auth/mfa/totp/confirm/', { mfa_token: state.mfaToken, code }, MfaConfirmOut);
  if (!confirmed.ok) return { done: false, expired: false, message: failureText(confirmed) } satisfies ActionData;
  const secure = secureCookies(context);
  const headers = new Headers();
  headers.append('Set-Cookie', businessSessionCookie(confirmed.data.token, secure));
  headers.append('Set-Cookie', clearBusinessMfaCookie(secure));
  return data<ActionData>({ done: true, recoveryCodes: confirmed.data.recovery_codes, next: state.next }, { headers });
}

/** After the confirming form the page stays as the answer drew it (the codes are shown once). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === 'POST' ? false : defaultShouldRevalidate;
}

export default function BusinessEnrol({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done) return <RecoveryCodes product={BUSINESS_CENTRE} codes={actionData.recoveryCodes} next={actionData.next} />;
  if (loaderData.expired || (actionData && actionData.expired)) {
    return (
      <div className="console-card">
        <title>Set up your authenticator app · Business centre</title>
        <h1>Set up your authenticator app</h1>
        <FormMessage message={loaderData.expired ? loaderData.message : EXPIRED} />
        <p>
          <Link to={BUSINESS_CENTRE.loginPath} className="console-btn">
            Sign in again
          </Link>
        </p>
      </div>
    );
  }
  return <SetUpAuthenticator product={BUSINESS_CENTRE} qr={loaderData.qr} secret={loaderData.secret} message={actionData?.message ?? null} />;
}
