// /user/account (SPEC.md 2 Routes): ?info=1 is My Account (profile, change password, delete
// account, with the messages of SPEC.md 5 and 8); ?interests=1 is My Interests (preferences).
// The member's token lives in the browser (SPEC.md 4), so this page loads its data there.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoginOut, UserInfoOut } from '@market/domain/api/auth';
import { STATE_OPTIONS } from '@market/domain/validation/fields';
import { changePasswordSchema, deleteAccountSchema } from '@market/domain/validation/password';
import { profileUpdateSchema } from '@market/domain/validation/profile';
import type { Route } from './+types/account';
import { AuthPanel } from '../components/auth-panel.tsx';
import { CheckboxField, Field } from '../components/form-field.tsx';
import { NotificationsForm } from '../components/notifications-form.tsx';
import { PreferencesForm } from '../components/preferences-form.tsx';
import { splitCallError } from '../lib/forms/form-errors.ts';
import { useSchemaForm, type FormFailure, type SchemaForm } from '../lib/forms/use-schema-form.ts';
import { buildMeta } from '../lib/content/meta.ts';
import { callApi, messageOf } from '../lib/api/member-api.ts';
import { useSession } from '../lib/member/session.tsx';
import { useMemberAnswer } from '../lib/member/use-member-answer.ts';
import { useRootData } from '../root.tsx';

export const PROFILE_SAVED = 'Your profile has been updated.';
export const PASSWORD_CHANGED = 'Your password has been changed.';
export const ACCOUNT_DELETED = 'Your account has been deleted.';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'My Account', description: 'Your profile, password and interests.', noindex: true });
}

type Status = { kind: 'ok' | 'error'; text: string } | null;

const PROFILE_FIELDS = ['first_name', 'last_name', 'zipcode', 'birthday'];

/** The form's outcome above its button: its success text once done, or what went wrong. */
function FormStatusLine({ form, success }: { form: SchemaForm; success: string }) {
  return <StatusLine status={form.done ? { kind: 'ok', text: success } : form.failure ? { kind: 'error', text: form.failure } : null} />;
}

/** A refused member call: the member sent to sign in again, or each message once (beside its field or above the button). */
function accountFailure(handleAuthFailure: (error: unknown) => boolean, shownFields: readonly string[]) {
  return (error: unknown): FormFailure => (handleAuthFailure(error) ? null : splitCallError(error, shownFields));
}

function StatusLine({ status }: { status: Status }) {
  if (!status) return null;
  return (
    <p role={status.kind === 'ok' ? 'status' : 'alert'} className={status.kind === 'ok' ? 'form-success' : 'form-error'}>
      {status.text}
    </p>
  );
}

export default function Account() {
  const session = useSession();
  const root = useRootData();
  const [params] = useSearchParams();
  const [deleted, setDeleted] = useState(false);
  const interests = params.get('interests') === '1' && params.get('info') !== '1';
  if (deleted) {
    return (
      <div className="container page auth-page">
        <h1 className="page-title">Account Deleted</h1>
        <p role="status" className="form-success">
          {ACCOUNT_DELETED}
        </p>
        <Link to="/" className="btn btn-primary">
          Back to the home page
        </Link>
      </div>
    );
  }
  return (
    <div className="container page account-page">
      <h1 className="page-title">{interests ? 'My Interests' : 'My Account'}</h1>
      <nav aria-label="Account sections" className="row wrap account-nav">
        <Link to="/user/account?info=1" aria-current={interests ? undefined : 'page'} className="tab">
          My Account
        </Link>
        <Link to="/user/account?interests=1" aria-current={interests ? 'page' : undefined} className="tab">
          My Interests
        </Link>
      </nav>
      {session.auth === null ? (
        <p className="muted" role="status">
          Loading your account…
        </p>
      ) : session.auth === false ? (
        <div className="auth-card">
          <p>Sign in to see your account.</p>
          <AuthPanel initialTab="signin" twinCities={root.twinCities} />
        </div>
      ) : interests ? (
        <section className="account-section" aria-labelledby="interests-heading">
          <h2 id="interests-heading">Your Interests</h2>
          <PreferencesForm />
        </section>
      ) : (
        <>
          <ProfileForm />
          <NotificationsForm />
          <ChangePasswordForm />
          <DeleteAccountForm onDeleted={() => setDeleted(true)} />
        </>
      )}
    </div>
  );
}

function ProfileForm() {
  const session = useSession();
  // Loaded once when the form shows; a 401 sends the member to sign in again instead.
  const loaded = useMemberAnswer('profile', '/auth/user/info/', UserInfoOut);
  const profile = loaded.data ?? null;
  const loadStatus: Status = loaded.error === undefined ? null : { kind: 'error', text: messageOf(loaded.error) };
  const form = useSchemaForm({
    schema: profileUpdateSchema,
    values: (own) => ({ ...own, birthday: own.birthday === '' ? null : own.birthday }),
    async send(_data, { values }) {
      const body = { first_name: values.first_name, last_name: values.last_name, state: values.state, zipcode: values.zipcode, birthday: values.birthday || null, promotions_agree: values.promotions_agree };
      const saved = await callApi('/auth/user/info/', { method: 'PUT', body, answer: UserInfoOut });
      loaded.setData(saved);
      session.renamed(saved);
    },
    failed: accountFailure(session.handleAuthFailure, PROFILE_FIELDS),
  });
  const { errors, busy } = form;

  return (
    <section className="account-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      {!profile ? (
        <>
          <StatusLine status={loadStatus} />
          {loadStatus ? null : <p className="muted">Loading…</p>}
        </>
      ) : (
        <form className="stack" noValidate onSubmit={form.onSubmit} key={profile.id}>
          <p>
            <span className="muted">Email:</span> <strong>{profile.email}</strong> {profile.email_verified ? <span className="badge">Verified</span> : <span className="small muted">(not confirmed yet: see the e-mail we sent you)</span>}
          </p>
          <div className="field-row">
            <Field label="First Name" name="first_name" defaultValue={profile.first_name} autoComplete="given-name" error={errors.first_name} />
            <Field label="Last Name" name="last_name" defaultValue={profile.last_name} autoComplete="family-name" error={errors.last_name} />
          </div>
          <div className="field-row">
            <Field label="Zip" name="zipcode" defaultValue={profile.zipcode} inputMode="numeric" maxLength={5} autoComplete="postal-code" error={errors.zipcode} />
            <div className="field">
              <label htmlFor="profile-state">State</label>
              <select id="profile-state" name="state" defaultValue={profile.state}>
                {STATE_OPTIONS.filter((o) => o.value !== 'Other').map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Field label="Birthday (optional)" name="birthday" type="date" defaultValue={profile.birthday ?? ''} error={errors.birthday} />
          <CheckboxField name="promotions_agree" label="Send me offers and promotions by e-mail." defaultChecked={profile.promotions_agree} />
          <FormStatusLine form={form} success={PROFILE_SAVED} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Save Profile
          </button>
        </form>
      )}
    </section>
  );
}

function ChangePasswordForm() {
  const session = useSession();
  const form = useSchemaForm({
    schema: changePasswordSchema,
    async send(data, { form: element }) {
      // The answer is a fresh token: every other session is signed out.
      const answer = await callApi('/auth/user/changepassword/', { method: 'PUT', body: data, answer: LoginOut });
      session.signIn(answer);
      element.reset();
    },
    failed: accountFailure(session.handleAuthFailure, ['password', 'new_password', 're_new_password']),
  });
  const { errors, busy } = form;

  return (
    <section className="account-section" aria-labelledby="password-heading">
      <h2 id="password-heading">Change Password</h2>
      <form className="stack" noValidate onSubmit={form.onSubmit}>
        <Field label="Current Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
        <Field label="New Password" name="new_password" type="password" autoComplete="new-password" error={errors.new_password} />
        <Field label="Confirm New Password" name="re_new_password" type="password" autoComplete="new-password" error={errors.re_new_password} />
        <FormStatusLine form={form} success={PASSWORD_CHANGED} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Change Password
        </button>
      </form>
    </section>
  );
}

function DeleteAccountForm({ onDeleted }: { onDeleted: () => void }) {
  const session = useSession();
  const form = useSchemaForm({
    schema: deleteAccountSchema,
    async send(data) {
      await callApi('/auth/user/', { method: 'DELETE', body: data });
      session.signOut();
      onDeleted();
    },
    failed: accountFailure(session.handleAuthFailure, ['password', 're_password']),
  });
  const { errors } = form;

  return (
    <section className="account-section danger-zone" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete Account</h2>
      <p>This removes your account, your saved items and your preferences. It cannot be undone.</p>
      <form className="stack" noValidate onSubmit={form.onSubmit}>
        <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
        <Field label="Confirm Password" name="re_password" type="password" autoComplete="current-password" error={errors.re_password} />
        <FormStatusLine form={form} success={ACCOUNT_DELETED} />
        <button type="submit" className="btn btn-danger" disabled={form.busy || form.done}>
          Delete My Account
        </button>
      </form>
    </section>
  );
}
