// /login/reset?id&token: the e-mailed password reset link (POST /auth/resetpassword/, SPEC.md 7, 8).
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { passwordResetSchema } from '@market/domain/validation/password';
import type { Route } from './+types/reset';
import { Field } from '../components/form-field.tsx';
import { useHydrated } from '../lib/ui/hooks.ts';
import { fieldErrors, formValues, type FieldErrors } from '../lib/forms/form-errors.ts';
import { buildMeta } from '../lib/content/meta.ts';
import { ApiError, callApi, passwordFlowMessage } from '../lib/api/member-api.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'Choose a New Password', description: 'Choose a new password for your account.', noindex: true });
}

export default function ResetPassword() {
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = passwordResetSchema.safeParse({ ...formValues(event.currentTarget), id, token });
    setFailure(null);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      // A broken link: the id or token is missing or malformed.
      if (found.id || found.token) setFailure('This link is not valid. Ask for a new one.');
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await callApi<{ detail?: string }>('/auth/resetpassword/', { method: 'POST', body: { id, token, password: parsed.data.password, re_password: parsed.data.re_password }, auth: 'none' });
      setDone(answer?.detail ?? 'Your password has been changed.');
    } catch (error) {
      // The server's list check (too common) names the new password: shown beside it.
      if (error instanceof ApiError && error.status < 500 && error.fields.password) setErrors({ password: error.fields.password });
      else setFailure(passwordFlowMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container page auth-page">
      <h1 className="page-title">Choose a New Password</h1>
      <div className="auth-card">
        {done ? (
          <>
            <p role="status" className="form-success">
              {done}
            </p>
            <Link to="/login" className="btn btn-primary">
              Sign In
            </Link>
          </>
        ) : (
          <form className="stack" noValidate onSubmit={submit}>
            <Field label="New Password" name="password" type="password" autoComplete="new-password" error={errors.password} />
            <Field label="Confirm New Password" name="re_password" type="password" autoComplete="new-password" error={errors.re_password} />
            {failure ? (
              <p role="alert" className="form-error">
                {failure}
              </p>
            ) : null}
            <button type="submit" className="btn btn-primary" disabled={!hydrated || busy}>
              Change Password
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
