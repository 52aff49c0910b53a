// /login/recover (SPEC.md 2 'Forgot Password?'): asks for a reset link (POST /auth/passwordreset/).
// SPEC.md 8: 500+ 'There was an issue processing your request.'; 400+ the server's detail text.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { passwordResetRequestSchema } from '@market/domain/validation/password';
import type { Route } from './+types/recover';
import { Field } from '../components/form-field.tsx';
import { useHydrated } from '../lib/ui/hooks.ts';
import { fieldErrors, formValues, type FieldErrors } from '../lib/forms/form-errors.ts';
import { buildMeta } from '../lib/content/meta.ts';
import { callApi, passwordFlowMessage } from '../lib/api/member-api.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'Forgot Password', description: 'Get a link to choose a new password.', noindex: true });
}

export default function Recover() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse(formValues(event.currentTarget));
    setFailure(null);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const answer = await callApi<{ detail?: string }>('/auth/passwordreset/', { method: 'POST', body: parsed.data, auth: 'none' });
      setSent(answer?.detail ?? 'If an account exists for that e-mail, we sent a link to choose a new password.');
    } catch (error) {
      setFailure(passwordFlowMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container page auth-page">
      <h1 className="page-title">Forgot Password?</h1>
      <div className="auth-card">
        {sent ? (
          <p role="status" className="form-success">
            {sent}
          </p>
        ) : (
          <form className="stack" noValidate onSubmit={submit}>
            <p>Enter the e-mail of your account and we will send you a link to choose a new password.</p>
            <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
            {failure ? (
              <p role="alert" className="form-error">
                {failure}
              </p>
            ) : null}
            <button type="submit" className="btn btn-primary" disabled={!hydrated || busy}>
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
