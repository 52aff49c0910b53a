// The sign-in steps shared by the staff console (/console) and the business centre
// (/business/centre): password, second-factor code (or a recovery code), the authenticator's
// set-up and its recovery codes, and the invitation's form. Each product names itself and its
// sign-in page; the steps and their wording are otherwise one. Server-rendered forms: they work
// without JavaScript.
import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Field, FormMessage } from './field.tsx';

export interface SignInProduct {
  /** In page titles: "Sign in · <name>". */
  name: string;
  signInHeading: string;
  loginPath: string;
  whyAuthenticator: string;
  recoveryTitle: string;
  invitationIntro: string;
}

export const STAFF_CONSOLE: SignInProduct = {
  name: 'Staff console',
  signInHeading: 'Sign in to the staff console',
  loginPath: '/console/login',
  whyAuthenticator: 'The staff console asks for a code from an authenticator app each time you sign in.',
  recoveryTitle: 'LocalSaver staff console recovery codes',
  invitationIntro: 'Tell us your name and choose a password. You will set up an authenticator app when you first sign in.',
};

export interface PasswordFailure {
  email: string;
  message: string | null;
  fields: Record<string, string[]>;
}

export const INVITATION_NO_TOKEN = 'This invitation link is not complete. Open the link from the invitation e-mail again, or ask for a new invitation.';
const NO_TOKEN = INVITATION_NO_TOKEN;

export type InvitationAnswer = { done: true; detail?: string } | { done: false; message: string | null; fields: Record<string, string[]>; values: { first_name: string; last_name: string } };

export function PasswordStep({ product, next, signedOut, factorReset = false, failure, busy }: { product: SignInProduct; next: string; signedOut: boolean; factorReset?: boolean; failure: PasswordFailure | undefined; busy: boolean }) {
  return (
    <>
      <title>{`Sign in · ${product.name}`}</title>
      <h1>{product.signInHeading}</h1>
      {signedOut ? <FormMessage tone="success" message="You have signed out." /> : null}
      {factorReset ? <FormMessage tone="success" message="Your authenticator app was reset and every session ended. Sign in to set up the new app." /> : null}
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

export function CodeStep({ product, next, mfaToken, recovery, message, busy }: { product: SignInProduct; next: string; mfaToken: string; recovery: boolean; message: string | null; busy: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaced the password form in place: move focus to its heading so it is announced.
  useEffect(() => heading.current?.focus(), [recovery]);
  return (
    <>
      <title>{`Second step · ${product.name}`}</title>
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
        <Link to={product.loginPath}>Start again</Link>
      </p>
    </>
  );
}
export function SetUpAuthenticator({ product, qr, secret, message }: { product: SignInProduct; qr: string; secret: string; message: string | null }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="console-card console-card-wide">
      <title>{`Set up your authenticator app · ${product.name}`}</title>
      <h1>Set up your authenticator app</h1>
      <p>{product.whyAuthenticator}</p>
      <ol>
        <li>Install an authenticator app on your phone if you have none (Google Authenticator, Microsoft Authenticator, 1Password and others work).</li>
        <li>In the app, add an account and scan this QR code.</li>
      </ol>
      <div className="console-qr" role="img" aria-label="QR code to add LocalSaver to your authenticator app" dangerouslySetInnerHTML={{ __html: qr }} />
      <p>Cannot scan it? Enter this key in the app instead (time-based):</p>
      <p className="console-secret" aria-label={`Set-up key: ${secret}`}>
        {secret}
      </p>
      <h2>Enter the code the app shows</h2>
      <Form method="post" className="console-form" noValidate>
        <Field label="6-digit code from your authenticator app" name="code" className="console-code-input" inputMode="numeric" autoComplete="one-time-code" maxLength={12} required errors={message} />
        <div className="console-actions">
          <button type="submit" className="console-btn" disabled={busy}>
            Confirm and continue
          </button>
        </div>
      </Form>
    </div>
  );
}

export function RecoveryCodes({ product, codes, next }: { product: SignInProduct; codes: string[]; next: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `${product.recoveryTitle}\nEach code signs you in once when you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;
  return (
    <div className="console-card console-card-wide">
      <title>{`Save your recovery codes · ${product.name}`}</title>
      <h1 ref={heading} tabIndex={-1}>
        Save your recovery codes
      </h1>
      <p role="status" className="console-alert console-alert-success">
        Your authenticator app is set up.
      </p>
      <p>
        If you lose your phone, each of these codes signs you in once instead of a code from the app. <strong>They are shown only now:</strong> print them or keep them in your password manager.
      </p>
      <ul className="console-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <p className="console-actions">
        <Link to={next} className="console-btn" reloadDocument>
          I have saved these codes
        </Link>
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="localsaver-recovery-codes.txt" className="console-btn console-btn-secondary">
          Download as text
        </a>
      </p>
    </div>
  );
}
export function InvitationSteps({ product, token, passwordHint, actionData, doneText }: { product: SignInProduct; token: string; passwordHint: string; actionData: InvitationAnswer | undefined; doneText?: string }) {
  const busy = useNavigation().state === 'submitting';
  if (actionData?.done) {
    return (
      <div className="console-card">
        <title>{`Account ready · ${product.name}`}</title>
        <h1>Your account is ready</h1>
        <p role="status">{actionData.detail ?? doneText ?? 'Your account is ready. Sign in to set up your authenticator app.'}</p>
        <p>
          <Link to={product.loginPath} className="console-btn">
            Sign in
          </Link>
        </p>
      </div>
    );
  }
  const failure = actionData && !actionData.done ? actionData : undefined;
  return (
    <div className="console-card">
      <title>{`Accept your invitation · ${product.name}`}</title>
      <h1>Accept your invitation</h1>
      {token ? (
        <>
          <p className="console-muted">{product.invitationIntro}</p>
          <Form method="post" className="console-form" noValidate>
            <FormMessage message={failure?.message} />
            <input type="hidden" name="token" value={token} />
            <Field label="First name" name="first_name" autoComplete="given-name" required maxLength={100} defaultValue={failure?.values.first_name} errors={failure?.fields.first_name} />
            <Field label="Last name" name="last_name" autoComplete="family-name" required maxLength={100} defaultValue={failure?.values.last_name} errors={failure?.fields.last_name} />
            <Field label="Password" name="password" type="password" autoComplete="new-password" required hint={passwordHint} errors={failure?.fields.password} />
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
