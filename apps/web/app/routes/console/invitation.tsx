// /console/invitation?token=...: the mailed invitation (staff or a merchant's people). The invitee
// names themselves and chooses a password (POST /auth/invitations/accept/, ARCHITECTURE "Wave 2");
// the second factor is set up at the first sign-in. Works without JavaScript.
import { Form, Link, useNavigation } from 'react-router';
import { PASSWORD_MIN, REQUIRED } from '@market/domain/validation/fields';
import type { Route } from './+types/invitation';
import { Field, FormMessage } from '../../components/console/field.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { formText } from '../../lib/console/form-values.server.ts';

const MISMATCH = 'The two passwords are not the same.';
const NO_TOKEN = 'This invitation link is not complete. Open the link from the invitation e-mail again, or ask for a new invitation.';

type ActionData = { done: true } | { done: false; message: string | null; fields: Record<string, string[]>; values: { first_name: string; last_name: string } };

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  // The rule's number from the shared rules, read here so the page does not load them.
  return { token: token.slice(0, 500), passwordHint: `At least ${PASSWORD_MIN} characters, and not a common password.` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = formText(form, 'token');
  const values = { first_name: formText(form, 'first_name').trim(), last_name: formText(form, 'last_name').trim() };
  const password = formText(form, 'password');
  const confirm = formText(form, 'password_confirm');
  if (!token) return { done: false, message: NO_TOKEN, fields: {}, values } satisfies ActionData;
  const fields: Record<string, string[]> = {};
  if (!values.first_name) fields.first_name = [REQUIRED];
  if (!values.last_name) fields.last_name = [REQUIRED];
  if (!password) fields.password = [REQUIRED];
  if (!confirm) fields.password_confirm = [REQUIRED];
  else if (password && confirm !== password) fields.password_confirm = [MISMATCH];
  if (Object.keys(fields).length) return { done: false, message: null, fields, values } satisfies ActionData;

  const accepted = await consoleApi(context, request, { anonymous: true, token: null }).send('POST', '/auth/invitations/accept/', { token, password, ...values });
  if (!accepted.ok) {
    if (accepted.kind === 'conflict') return { done: false, message: accepted.message, fields: {}, values } satisfies ActionData;
    // A bad or used token is the invitation's problem, not a field the invitee can fix.
    const { token: tokenErrors, ...rest } = accepted.fields;
    const message = [accepted.message, ...(tokenErrors ?? [])].filter(Boolean).join(' ') || null;
    return { done: false, message, fields: rest, values } satisfies ActionData;
  }
  return { done: true } satisfies ActionData;
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  if (actionData?.done) {
    return (
      <div className="console-card">
        <title>Account ready · Staff console</title>
        <h1>Your account is ready</h1>
        <p role="status">Your account is ready. Sign in to set up your authenticator app.</p>
        <p>
          <Link to="/console/login" className="console-btn">
            Sign in
          </Link>
        </p>
      </div>
    );
  }
  const failure = actionData && !actionData.done ? actionData : undefined;
  return (
    <div className="console-card">
      <title>Accept your invitation · Staff console</title>
      <h1>Accept your invitation</h1>
      {loaderData.token ? (
        <>
          <p className="console-muted">Tell us your name and choose a password. You will set up an authenticator app when you first sign in.</p>
          <Form method="post" className="console-form" noValidate>
            <FormMessage message={failure?.message} />
            <input type="hidden" name="token" value={loaderData.token} />
            <Field label="First name" name="first_name" autoComplete="given-name" required maxLength={100} defaultValue={failure?.values.first_name} errors={failure?.fields.first_name} />
            <Field label="Last name" name="last_name" autoComplete="family-name" required maxLength={100} defaultValue={failure?.values.last_name} errors={failure?.fields.last_name} />
            <Field label="Password" name="password" type="password" autoComplete="new-password" required hint={loaderData.passwordHint} errors={failure?.fields.password} />
            <Field label="Confirm password" name="password_confirm" type="password" autoComplete="new-password" required errors={failure?.fields.password_confirm} />
            <div className="console-actions">
              <button type="submit" className="console-btn" disabled={busy}>
                Create my account
              </button>
            </div>
          </Form>
        </>
      ) : (
        <FormMessage message={NO_TOKEN} />
      )}
    </div>
  );
}
