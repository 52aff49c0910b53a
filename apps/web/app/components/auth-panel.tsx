// The combined Sign In / Sign Up panel (SPEC.md 2 Login and sign-up; 4 Login, Sign-up; 5; 8),
// used by the /login, /signup and /membership pages and by the large auth modal. Every field is
// checked with the shared schemas of packages/domain before a request is made; the server's
// messages are shown as SPEC.md 8 says.
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { LoginOut } from '@market/domain/api/auth';
import { loginSchema } from '@market/domain/validation/login';
import { registrationFormSchema, registrationSchema } from '@market/domain/validation/registration';
import { STATE_OPTIONS } from '@market/domain/validation/fields';
import { trackingIdFromCookies } from '@market/domain/tracking';
import { rememberSignedUp } from '../lib/member/auth-storage.ts';
import { useSchemaForm } from '../lib/forms/use-schema-form.ts';
import { ApiError, callApi, messageOf } from '../lib/api/member-api.ts';
import { type AuthTab } from '../lib/member/auth-dialog-state.tsx';
import { useSession } from '../lib/member/session.tsx';
import { CheckboxField, Field } from './form-field.tsx';

export const ACCOUNT_CREATED = 'Account created!';

interface AuthPanelProps {
  initialTab: AuthTab;
  /** Shown above the sign-in form (e.g. 'You must sign in again to continue'). */
  message?: string | null;
  twinCities: boolean;
  /** Where a page sends the member after signing in (the modal just closes). */
  afterSignIn?: () => void;
}

export function AuthPanel({ initialTab, message, twinCities, afterSignIn }: AuthPanelProps) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  return (
    <Tabs.Root value={tab} onValueChange={(v) => setTab(v as AuthTab)} className="auth-panel">
      <Tabs.List aria-label="Sign in or sign up" className="tab-list auth-tabs">
        <Tabs.Trigger value="signin" className="tab">
          Sign In
        </Tabs.Trigger>
        <Tabs.Trigger value="signup" className="tab">
          Sign Up
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="signin" className="tab-panel">
        <SignInForm message={message ?? null} twinCities={twinCities} afterSignIn={afterSignIn} />
      </Tabs.Content>
      <Tabs.Content value="signup" className="tab-panel">
        <SignUpForm twinCities={twinCities} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** A staff account's answer: its second factor is asked by the staff console, not here. */
const StaffStepOut = z.object({ mfa_token: z.string() });
export const STAFF_SIGN_IN_ELSEWHERE = 'This is a staff account: sign in through the staff console at /console/login.';

async function logIn(email: string, password: string): Promise<LoginOut> {
  const answer = await callApi('/auth/login/', { method: 'POST', body: { email, password }, auth: 'none', answer: z.union([LoginOut, StaffStepOut]) });
  if (!('token' in answer)) throw new ApiError(403, STAFF_SIGN_IN_ELSEWHERE);
  return answer;
}

function SignInForm({ message, twinCities, afterSignIn }: { message: string | null; twinCities: boolean; afterSignIn?: () => void }) {
  const session = useSession();
  const form = useSchemaForm({
    schema: loginSchema,
    async send(data) {
      const answer = await logIn(data.email, data.password);
      session.signIn(answer);
      afterSignIn?.();
    },
  });
  // SPEC.md 8: login failure, message below the fields.
  const { errors, failure, busy } = form;

  return (
    <form className="stack auth-form" noValidate onSubmit={form.onSubmit} aria-labelledby="signin-heading">
      {message ? (
        <p role="alert" className="auth-message">
          {message}
        </p>
      ) : null}
      {twinCities ? <p className="lead">Access your saved coupons on the go!</p> : null}
      <h2 id="signin-heading" className="auth-subheading">
        Your Account Info
      </h2>
      <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={!form.hydrated || busy} aria-busy={busy}>
        {busy ? 'Signing In…' : 'Sign In'}
      </button>
      <Link to="/login/recover" className="small">
        Forgot Password?
      </Link>
    </form>
  );
}

function SignUpForm({ twinCities }: { twinCities: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const form = useSchemaForm({
    // SPEC.md 5: outside the Twin Cities the age checkbox must be ticked (never sent).
    schema: twinCities ? registrationSchema : registrationFormSchema,
    async send(_data, { values, done }) {
      const body = {
        email: values.email,
        password: values.password,
        confirmPassword: values.confirmPassword,
        first_name: values.first_name,
        last_name: values.last_name,
        state: values.state,
        zipcode: values.zipcode,
        birthday: values.birthday || undefined,
        tracking_id: trackingIdFromCookies(document.cookie) || undefined,
        terms_agree: values.terms_agree,
        promotions_agree: values.promotions_agree,
        // SPEC.md 3: always sent empty.
        idmkmdigid: '',
      };
      await callApi('/auth/register/', { method: 'POST', body, auth: 'none' });
      done();
      rememberSignedUp();
      // SPEC.md 4 Sign-up: logs the member in with the same e-mail and password.
      const answer = await logIn(String(values.email), String(values.password));
      session.signIn(answer);
      void navigate('/?personalize=true');
    },
    failed(error) {
      // A field's message (e.g. a password on the common-password list) shows beside its field
      // only; the paragraph below the form is for the rest.
      if (error instanceof ApiError && Object.keys(error.fields).some((k) => k !== 'detail' && k !== 'non_field_errors')) {
        return { fields: error.fields, message: error.fields.detail ?? error.fields.non_field_errors ?? null };
      }
      return { message: messageOf(error) };
    },
  });
  const { errors, failure } = form;
  const submitting = form.busy;

  if (form.done) {
    return (
      <p role="status" className="form-success auth-created">
        {ACCOUNT_CREATED}
      </p>
    );
  }

  return (
    <form className="stack auth-form" noValidate onSubmit={form.onSubmit} aria-labelledby="signup-heading">
      <h2 id="signup-heading" className="auth-subheading">
        {twinCities ? 'Create a free account for savings on qualified HomePros' : 'Create a free account to access your saved coupons on the go'}
      </h2>
      <div className="field-row">
        <Field label="First Name" name="first_name" autoComplete="given-name" error={errors.first_name} maxLength={100} />
        <Field label="Last Name" name="last_name" autoComplete="family-name" error={errors.last_name} maxLength={100} />
      </div>
      <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
      <div className="field-row">
        <Field label="Password" name="password" type="password" autoComplete="new-password" error={errors.password} />
        <Field label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
      </div>
      <div className="field-row">
        <Field label="Zip" name="zipcode" inputMode="numeric" autoComplete="postal-code" maxLength={5} error={errors.zipcode} />
        <StateSelect error={errors.state} defaultValue={twinCities ? 'MN' : 'MI'} />
      </div>
      <Field label="Birthday (optional)" name="birthday" type="date" autoComplete="bday" error={errors.birthday} />
      {twinCities ? null : <CheckboxField name="authAgeRequirement" label="I am at least 13 years old." error={errors.authAgeRequirement} />}
      <CheckboxField
        name="terms_agree"
        error={errors.terms_agree}
        label={
          <>
            I agree to the <Link to="/terms">Terms of Use</Link> and <Link to="/privacy">Privacy Policy</Link>.
          </>
        }
      />
      <CheckboxField name="promotions_agree" label="Send me offers and promotions by e-mail." />
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={!form.hydrated || submitting} aria-busy={submitting}>
        {submitting ? 'Creating Account…' : 'Sign Up'}
      </button>
    </form>
  );
}

/** SPEC.md 5: Michigan by default; a Twin Cities visitor is almost surely in Minnesota (docs/decisions.md). */
function StateSelect({ error, defaultValue }: { error?: string; defaultValue: 'MI' | 'MN' }) {
  return (
    <div className="field">
      <label htmlFor="signup-state">State</label>
      <select id="signup-state" name="state" defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={error ? 'signup-state-error' : undefined}>
        {STATE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <span id="signup-state-error" className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
