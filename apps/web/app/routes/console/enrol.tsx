// /console/enrol: the first sign-in sets up the authenticator app (ARCHITECTURE "Wave 2": POST
// /auth/mfa/totp/setup/ -> {secret, otpauth_url}; POST /auth/mfa/totp/confirm/ -> {token,
// recovery_codes}). The challenge comes from the sign-in page in the short-lived console_mfa
// cookie; the secret is kept there too once made, so a wrong code (or a reload) shows the same QR
// code rather than a new one the app has not seen. The recovery codes are shown once, in the
// answer to the confirming form, and never again.
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/enrol';
import { FormMessage } from '../../components/console/field.tsx';
import { RecoveryCodes, SetUpAuthenticator, STAFF_CONSOLE } from '../../components/console/sign-in-steps.tsx';
import { clearMfaCookie, consoleApi, mfaCookie, readMfaState, secureCookies, sessionCookie } from '../../lib/console/console-api.server.ts';
import { failureText, formText } from '../../lib/console/form-values.server.ts';
import { groupedSecret, qrSvg } from '../../lib/console/qr-code.server.ts';
import { MfaConfirmOut, TotpSetupOut } from '@market/domain/api/staff';

const EXPIRED = 'Your sign-in has expired. Please sign in again to set up your authenticator app.';
const CODE_NEEDED = 'Enter the 6-digit code your authenticator app shows.';

type LoaderData = { expired: true; message: string } | { expired: false; qr: string; secret: string };
type ActionData = { done: true; recoveryCodes: string[]; next: string } | { done: false; expired: boolean; message: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = readMfaState(request);
  if (!state) throw redirect('/console/login');
  const secure = secureCookies(context);
  let setup = state.setup;
  const headers = new Headers();
  if (!setup) {
    const made = await consoleApi(context, request, { anonymous: true, token: null }).send('POST', '/auth/mfa/totp/setup/', { mfa_token: state.mfaToken }, TotpSetupOut);
    if (!made.ok) {
      headers.append('Set-Cookie', clearMfaCookie(secure));
      return data<LoaderData>({ expired: true, message: failureText(made) || EXPIRED }, { headers });
    }
    setup = made.data;
    headers.append('Set-Cookie', mfaCookie({ ...state, setup }, secure));
  }
  return data<LoaderData>({ expired: false, qr: await qrSvg(setup.otpauth_url), secret: groupedSecret(setup.secret) }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const state = readMfaState(request);
  if (!state) return { done: false, expired: true, message: EXPIRED } satisfies ActionData;
  const form = await request.formData();
  const code = formText(form, 'code').replace(/\s+/g, '');
  if (!code) return { done: false, expired: false, message: CODE_NEEDED } satisfies ActionData;
  const confirmed = await consoleApi(context, request, { anonymous: true, token: null }).send('POST', '/auth/mfa/totp/confirm/', { mfa_token: state.mfaToken, code }, MfaConfirmOut);
  if (!confirmed.ok) return { done: false, expired: false, message: failureText(confirmed) } satisfies ActionData;
  const secure = secureCookies(context);
  const headers = new Headers();
  headers.append('Set-Cookie', sessionCookie(confirmed.data.token, secure));
  headers.append('Set-Cookie', clearMfaCookie(secure));
  return data<ActionData>({ done: true, recoveryCodes: confirmed.data.recovery_codes, next: state.next }, { headers });
}

/**
 * After the confirming form, the page stays as the answer drew it: reloading the set-up (the
 * challenge cookie is gone by then) would send the staff member away before the codes are saved.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === 'POST' ? false : defaultShouldRevalidate;
}

export default function EnrolAuthenticator({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done) return <RecoveryCodes product={STAFF_CONSOLE} codes={actionData.recoveryCodes} next={actionData.next} />;
  if (loaderData.expired || (actionData && actionData.expired)) {
    return (
      <div className="console-card">
        <title>Set up your authenticator app · Staff console</title>
        <h1>Set up your authenticator app</h1>
        <FormMessage message={loaderData.expired ? loaderData.message : EXPIRED} />
        <p>
          <Link to="/console/login" className="console-btn">
            Sign in again
          </Link>
        </p>
      </div>
    );
  }
  return <SetUpAuthenticator product={STAFF_CONSOLE} qr={loaderData.qr} secret={loaderData.secret} message={actionData?.message ?? null} />;
}

