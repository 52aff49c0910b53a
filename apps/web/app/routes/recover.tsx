// /login/recover (SPEC.md 2 'Forgot Password?'): asks for a reset link (POST /auth/passwordreset/).
// SPEC.md 8: 500+ 'There was an issue processing your request.'; 400+ the server's detail text.
import { useState } from 'react';
import { Link } from 'react-router';
import { DetailOut } from '@market/domain/api/auth';
import { passwordResetRequestSchema } from '@market/domain/validation/password';
import type { Route } from './+types/recover';
import { Field } from '../components/form-field.tsx';
import { useSchemaForm } from '../lib/forms/use-schema-form.ts';
import { buildMeta } from '../lib/content/meta.ts';
import { callApi, passwordFlowMessage } from '../lib/api/member-api.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'Forgot Password', description: 'Get a link to choose a new password.', noindex: true });
}

export default function Recover() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: passwordResetRequestSchema,
    async send(data) {
      const answer = await callApi('/auth/passwordreset/', { method: 'POST', body: data, auth: 'none', answer: DetailOut });
      setSent(answer.detail);
    },
    failed: (error) => ({ message: passwordFlowMessage(error) }),
  });
  const { errors, failure, busy } = form;

  return (
    <div className="container page auth-page">
      <h1 className="page-title">Forgot Password?</h1>
      <div className="auth-card">
        {sent ? (
          <p role="status" className="form-success">
            {sent}
          </p>
        ) : (
          <form className="stack" noValidate onSubmit={form.onSubmit}>
            <p>Enter the e-mail of your account and we will send you a link to choose a new password.</p>
            <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
            {failure ? (
              <p role="alert" className="form-error">
                {failure}
              </p>
            ) : null}
            <button type="submit" className="btn btn-primary" disabled={!form.hydrated || busy}>
              Send Reset Link
            </button>
          </form>
        )}
        <p>
          <Link to="/login">Back to Sign In</Link>
        </p>
      </div>
    </div>
  );
}
