// /console/login: e-mail and password, then the second factor (ARCHITECTURE "Wave 2": POST
// /auth/login/ -> {mfa_required, mfa_token} -> POST /auth/mfa/verify/ -> {token}). A staff member
// who has not set up an authenticator yet goes on to /console/enrol, the challenge carried in a
// short-lived HttpOnly cookie rather than the URL. Server-rendered forms: works without JavaScript.
import { useEffect, useRef } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { REQUIRED } from '@market/domain/validation/fields';
import type { Route } from './+types/login';
import { Field, FormMessage } from '../../components/console/field.tsx';
import { consoleApi, consolePageUrl, consoleReturnPath, mfaCookie, secureCookies, sessionCookie } from '../../lib/console/console-api.server.ts';
import { failureText, formText } from '../../lib/console/form-values.server.ts';
import { LoginOut } from '@market/domain/api/auth';
import { LoginAnswerOut } from '@market/domain/api/staff';

const NOT_STAFF = 'This account is not a staff account.';
const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

type ActionData =
  | { step: 'password'; email: string; message: string | null; fields: Record<string, string[]> }
  | { step: 'code'; mfaToken: string; recovery: boolean; message: string | null };

export function loader({ request }: Route.LoaderArgs) {
  const url = consolePageUrl(request);
  return { next: consoleReturnPath(url.searchParams.get('next') ?? '', url.origin), signedOut: url.searchParams.has('signed_out') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = consolePageUrl(request);
  const form = await request.formData();
  const next = consoleReturnPath(formText(form, 'next'), url.origin);
  const secure = secureCookies(context);
  // The sign-in calls are made without a session (a visitor's old one has no say here).
  const api = consoleApi(context, request, { anonymous: true, token: null });
  const intent = formText(form, 'intent');

  if (intent === 'code' || intent === 'use-recovery' || intent === 'use-app') {
    const mfaToken = formText(form, 'mfa_token');
    if (!mfaToken) return { step: 'password', email: '', message: 'Your sign-in has expired. Please sign in again.', fields: {} } satisfies ActionData;
    const recovery = intent === 'use-recovery' || (intent === 'code' && formText(form, 'recovery') === '1');
    if (intent !== 'code') return { step: 'code', mfaToken, recovery, message: null } satisfies ActionData;
    // Authenticator codes are often typed or pasted with a space in the middle.
    const code = formText(form, 'code').replace(/\s+/g, '');
    if (!code) return { step: 'code', mfaToken, recovery, message: CODE_NEEDED } satisfies ActionData;
    const verified = await api.send('POST', '/auth/mfa/verify/', { mfa_token: mfaToken, code }, LoginOut);
    if (!verified.ok) return { step: 'code', mfaToken, recovery, message: failureText(verified) } satisfies ActionData;
    throw redirect(next, { headers: { 'Set-Cookie': sessionCookie(verified.data.token, secure) } });
  }

  const email = formText(form, 'email').trim();
  const password = formText(form, 'password');
  const missing: Record<string, string[]> = {};
  if (!email) missing.email = [REQUIRED];
  if (!password) missing.password = [REQUIRED];
  if (Object.keys(missing).length) return { step: 'password', email, message: null, fields: missing } satisfies ActionData;

  const answer = await api.send('POST', '/auth/login/', { email, password }, LoginAnswerOut);
  if (!answer.ok) {
    const fields = answer.kind === 'invalid' ? answer.fields : {};
    return { step: 'password', email, message: answer.kind === 'invalid' ? answer.message : failureText(answer), fields } satisfies ActionData;
  }
  const signIn = answer.data;
  if ('mfa_required' in signIn) return { step: 'code', mfaToken: signIn.mfa_token, recovery: false, message: null } satisfies ActionData;
  if ('mfa_enrolment_required' in signIn) {
    throw redirect('/console/enrol', { headers: { 'Set-Cookie': mfaCookie({ mfaToken: signIn.mfa_token, next }, secure) } });
  }
  // A member's own sign-in answer: the console has no use for it, so it is ended at once.
  await consoleApi(context, request, { anonymous: true, token: signIn.token })
    .send('POST', '/auth/logout/', undefined)
    .catch(() => undefined);
  return { step: 'password', email, message: NOT_STAFF, fields: {} } satisfies ActionData;
}

export default function ConsoleLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <div className="console-card">
      {actionData?.step === 'code' ? (
        <CodeStep next={loaderData.next} mfaToken={actionData.mfaToken} recovery={actionData.recovery} message={actionData.message} busy={busy} />
      ) : (
        <PasswordStep next={loaderData.next} signedOut={loaderData.signedOut && !actionData} failure={actionData} busy={busy} />
      )}
    </div>
  );
}

function PasswordStep({ next, signedOut, failure, busy }: { next: string; signedOut: boolean; failure: Extract<ActionData, { step: 'password' }> | undefined; busy: boolean }) {
  return (
    <>
      <title>Sign in · Staff console</title>
      <h1>Sign in to the staff console</h1>
      {signedOut ? <FormMessage tone="success" message="You have signed out." /> : null}
      <Form method="post" className="console-form" noValidate>
        <FormMessage message={failure?.message} />
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="next" value={next} />
        <Field label="Email" name="email" type="email" autoComplete="username" required defaultValue={failure?.email} errors={failure?.fields.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required errors={failure?.fields.password} />
        <div className="console-actions">
          <button type="submit" className="console-btn" disabled={busy}>
            Sign in
          </button>
          <Link to="/login/recover" reloadDocument>
            Forgot your password?
          </Link>
        </div>
      </Form>
    </>
  );
}

function CodeStep({ next, mfaToken, recovery, message, busy }: { next: string; mfaToken: string; recovery: boolean; message: string | null; busy: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaced the password form in place: move focus to its heading so it is announced.
  useEffect(() => heading.current?.focus(), [recovery]);
  return (
    <>
      <title>Second step · Staff console</title>
      <h1 ref={heading} tabIndex={-1}>
        {recovery ? 'Enter a recovery code' : 'Enter your code'}
      </h1>
      <p className="console-muted">
        {recovery ? 'Each recovery code works once. Type it as it was given to you.' : 'Open the authenticator app on your phone and enter the code it shows for LocalSaver.'}
      </p>
      <Form method="post" className="console-form" noValidate>
        <input type="hidden" name="mfa_token" value={mfaToken} />
        <input type="hidden" name="next" value={next} />
        <input type="hidden" name="recovery" value={recovery ? '1' : '0'} />
        <Field
          label={recovery ? 'Recovery code' : '6-digit code from your authenticator app'}
          name="code"
          className={recovery ? undefined : 'console-code-input'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={64}
          required
          errors={message}
        />
        <div className="console-actions">
          <button type="submit" name="intent" value="code" className="console-btn" disabled={busy}>
            Verify
          </button>
          <button type="submit" name="intent" value={recovery ? 'use-app' : 'use-recovery'} className="console-link-button" formNoValidate>
            {recovery ? 'Use the authenticator app instead' : 'Use a recovery code'}
          </button>
        </div>
      </Form>
      <p className="console-small">
        <Link to="/console/login">Start again</Link>
      </p>
    </>
  );
}
