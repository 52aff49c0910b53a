// /login/reset?id&token: the e-mailed password reset link (POST /auth/resetpassword/, SPEC.md 7, 8).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DetailOut } from '@market/domain/api/auth';
import { passwordResetSchema } from '@market/domain/validation/password';
import type { Route } from './+types/reset';
import { Field } from '../components/form-field.tsx';
import { useSchemaForm } from '../lib/forms/use-schema-form.ts';
import { buildMeta } from '../lib/content/meta.ts';
import { ApiError, callApi, passwordFlowMessage } from '../lib/api/member-api.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'Choose a New Password', description: 'Choose a new password for your account.', noindex: true });
}

export default function ResetPassword() {
  const [params] = useSearchParams();
  const [done, setDone] = useState<string | null>(null);
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  const form = useSchemaForm({
    schema: passwordResetSchema,
    values: (own) => ({ ...own, id, token }),
    // A broken link: the id or token is missing or malformed.
    invalid: (found) => (found.id || found.token ? 'This link is not valid. Ask for a new one.' : null),
    async send(data) {
      const answer = await callApi('/auth/resetpassword/', { method: 'POST', body: { id, token, password: data.password, re_password: data.re_password }, auth: 'none', answer: DetailOut });
      setDone(answer.detail);
    },
    // The server's list check (too common) names the new password: shown beside it.
    failed: (error) => (error instanceof ApiError && error.status < 500 && error.fields.password ? { fields: { password: error.fields.password } } : { message: passwordFlowMessage(error) }),
  });
  const { errors, failure, busy } = form;

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
          <form className="stack" noValidate onSubmit={form.onSubmit}>
            <Field label="New Password" name="password" type="password" autoComplete="new-password" error={errors.password} />
            <Field label="Confirm New Password" name="re_password" type="password" autoComplete="new-password" error={errors.re_password} />
            {failure ? (
              <p role="alert" className="form-error">
                {failure}
              </p>
            ) : null}
            <button type="submit" className="btn btn-primary" disabled={!form.hydrated || busy}>
              Change Password
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
