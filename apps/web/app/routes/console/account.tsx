// /console/account: the signed-in staff member's own e-mail address and second factor. Each
// change asks for the password again: a new e-mail address (POST /api/console/account/email/:
// unique; the other sessions end, this one goes on), new recovery codes (POST
// /api/console/account/recovery-codes/: shown once, here), and a reset of the authenticator app
// (POST /api/console/account/second-factor/reset/: every session ends, this one too, so the page
// goes to sign-in, where the new app is set up).
import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/account';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { Field, FormMessage } from '../../components/console/field.tsx';
import { clearSessionCookie, consoleApi, secureCookies } from '../../lib/console/console-api.server.ts';
import { failureText } from '../../lib/console/form-values.server.ts';
import { checkBody, type FieldErrors } from '../../lib/console/schema-form.server.ts';
import { RecoveryCodesOut, StaffMeOut } from '@market/domain/api/staff';
import { ownEmailChangeSchema, ownPasswordCheckSchema } from '@market/domain/validation/staff';

const INTENTS = ['email', 'recovery-codes', 'reset-factor'] as const;
type Intent = (typeof INTENTS)[number];

export type AccountActionData =
  | { intent: Intent; ok: false; message: string | null; fields: FieldErrors; email?: string }
  | { intent: 'email'; ok: true; message: string; email: string }
  | { intent: 'recovery-codes'; ok: true; codes: string[] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await consoleApi(context, request).get('/api/console/me/', StaffMeOut);
  return { email: me.email };
}

export async function action({ request, context }: Route.ActionArgs): Promise<AccountActionData> {
  const form = await request.formData();
  const intent = INTENTS.find((i) => i === form.get('intent'));
  if (!intent) return { intent: 'email', ok: false, message: 'Choose what to change.', fields: {} };
  const password = form.get('current_password');
  const api = consoleApi(context, request);
  if (intent === 'email') {
    const email = String(form.get('email') ?? '');
    const checked = checkBody(ownEmailChangeSchema, { current_password: password, email });
    if (!checked.ok) return { intent, ok: false, message: null, fields: checked.fields, email };
    const saved = await api.send('POST', '/api/console/account/email/', checked.body, StaffMeOut);
    // A taken address is a 409: its message belongs beside the e-mail field.
    if (!saved.ok && saved.kind === 'conflict') return { intent, ok: false, message: null, fields: { email: [saved.message] }, email };
    if (!saved.ok) return { intent, ok: false, message: saved.kind === 'invalid' ? null : failureText(saved), fields: saved.kind === 'invalid' ? saved.fields : {}, email };
    return { intent, ok: true, email: saved.data.email, message: `Your e-mail address is now ${saved.data.email}. Your other sessions have ended; a notice went to your old address.` };
  }
  const checked = checkBody(ownPasswordCheckSchema, { current_password: password });
  if (!checked.ok) return { intent, ok: false, message: null, fields: checked.fields };
  if (intent === 'recovery-codes') {
    const made = await api.send('POST', '/api/console/account/recovery-codes/', checked.body, RecoveryCodesOut);
    if (!made.ok) return { intent, ok: false, message: made.kind === 'invalid' ? null : failureText(made), fields: made.kind === 'invalid' ? made.fields : {} };
    return { intent, ok: true, codes: made.data.recovery_codes };
  }
  const reset = await api.send('POST', '/api/console/account/second-factor/reset/', checked.body);
  if (!reset.ok) return { intent, ok: false, message: reset.kind === 'invalid' ? null : failureText(reset), fields: reset.kind === 'invalid' ? reset.fields : {} };
  // Every session ended, this one too: sign in again to set up the new app.
  throw redirect('/console/login?factor_reset=1', { headers: { 'Set-Cookie': clearSessionCookie(secureCookies(context)) } });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

function failed(actionData: AccountActionData | undefined, intent: Intent) {
  return actionData && actionData.intent === intent && !actionData.ok ? actionData : null;
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const emailFailed = failed(actionData, 'email');
  const codesFailed = failed(actionData, 'recovery-codes');
  const resetFailed = failed(actionData, 'reset-factor');
  const emailDone = actionData?.intent === 'email' && actionData.ok ? actionData : null;
  const codes = actionData?.intent === 'recovery-codes' && actionData.ok ? actionData.codes : null;
  const email = emailDone?.email ?? loaderData.email;
  return (
    <>
      <title>Your account · Staff console</title>
      <h1>Your account</h1>
      <p className="console-muted">
        Each change asks for your password again and is recorded in the audit log. See also <Link to="/console/sessions">where you are signed in</Link>.
      </p>

      <section className="console-panel console-narrow" aria-labelledby="account-email">
        <h2 id="account-email">E-mail address</h2>
        <p>
          You sign in as <strong>{email}</strong>.
        </p>
        {emailDone ? <FormMessage tone="success" message={emailDone.message} /> : <FormMessage message={emailFailed?.message} />}
        <Form method="post" className="console-form" key={emailDone ? email : 'email'}>
          <input type="hidden" name="intent" value="email" />
          <Field label="New e-mail address" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={emailFailed?.email ?? ''} errors={emailFailed?.fields.email} hint="Your other sessions end; a notice goes to the old address." />
          <Field label="Your password" name="current_password" type="password" autoComplete="current-password" required errors={emailFailed?.fields.current_password} />
          <div className="console-actions">
            <button type="submit" className="console-btn" disabled={busy === 'email'}>
              Change e-mail address
            </button>
          </div>
        </Form>
      </section>

      <section className="console-panel console-narrow" aria-labelledby="account-codes">
        <h2 id="account-codes">Recovery codes</h2>
        <p>Each recovery code signs you in once when you cannot use your authenticator app. New codes replace every old one.</p>
        {codes ? (
          <div role="status">
            <FormMessage tone="success" message="Your new recovery codes are below. They are shown only now: print them or keep them in your password manager. The old ones no longer work." />
            <ul className="console-codes" aria-label="New recovery codes">
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        ) : (
          <FormMessage message={codesFailed?.message} />
        )}
        <Form method="post" className="console-form">
          <input type="hidden" name="intent" value="recovery-codes" />
          <Field label="Your password" name="current_password" type="password" autoComplete="current-password" required errors={codesFailed?.fields.current_password} />
          <div className="console-actions">
            <button type="submit" className="console-btn console-btn-secondary" disabled={busy === 'recovery-codes'}>
              Make new recovery codes
            </button>
          </div>
        </Form>
      </section>

      <section className="console-panel console-narrow" aria-labelledby="account-factor">
        <h2 id="account-factor">Authenticator app</h2>
        <p>
          A new phone, or an app you no longer trust: reset it. <strong>Every session ends, this one too</strong>, and your recovery codes stop working; you then sign in and set up the new app with a fresh set of codes.
        </p>
        <FormMessage message={resetFailed?.message} />
        <Form method="post" className="console-form">
          <input type="hidden" name="intent" value="reset-factor" />
          <Field label="Your password" name="current_password" type="password" autoComplete="current-password" required errors={resetFailed?.fields.current_password} />
          <div className="console-actions">
            <button type="submit" className="console-btn console-btn-danger" disabled={busy === 'reset-factor'}>
              Reset my authenticator app
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
