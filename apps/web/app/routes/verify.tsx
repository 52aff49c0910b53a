// /verify?id&token: the e-mailed verification link (POST /auth/verifyuser/, SPEC.md 7, 8). The
// browser confirms on load (link scanners that only fetch the page do not use the link up).
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DetailOut } from '@market/domain/api/auth';
import { verifyUserSchema } from '@market/domain/validation/password';
import type { Route } from './+types/verify';
import { buildMeta } from '../lib/content/meta.ts';
import { callApi, passwordFlowMessage } from '../lib/api/member-api.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'Confirm Your E-mail', description: 'Confirm the e-mail address of your account.', noindex: true });
}

type Outcome = { kind: 'pending' | 'ok' | 'error'; text: string };

const INVALID: Outcome = { kind: 'error', text: 'This link is not valid. Ask for a new one.' };

export default function Verify() {
  const [params] = useSearchParams();
  const [answer, setState] = useState<Outcome>({ kind: 'pending', text: 'Confirming your e-mail address…' });
  const id = params.get('id');
  const token = params.get('token');
  const sent = useRef<string | null>(null);

  const parsed = verifyUserSchema.safeParse({ id, token });
  const state = parsed.success ? answer : INVALID;

  useEffect(() => {
    // The link works once: one request per link, even if the effect runs twice.
    const key = `${id}:${token}`;
    if (sent.current === key) return;
    sent.current = key;
    const parsed = verifyUserSchema.safeParse({ id, token });
    if (!parsed.success) return;
    callApi('/auth/verifyuser/', { method: 'POST', body: parsed.data, auth: 'none', answer: DetailOut })
      .then((answer) => setState({ kind: 'ok', text: answer.detail }))
      .catch((error) => setState({ kind: 'error', text: passwordFlowMessage(error) }));
  }, [id, token]);

  return (
    <div className="container page auth-page">
      <h1 className="page-title">Confirm Your E-mail</h1>
      <div className="auth-card">
        <p role={state.kind === 'error' ? 'alert' : 'status'} className={state.kind === 'ok' ? 'form-success' : state.kind === 'error' ? 'form-error' : 'muted'}>
          {state.text}
        </p>
        {state.kind === 'pending' ? null : (
          <Link to="/" className="btn btn-primary">
            Start Saving
          </Link>
        )}
      </div>
    </div>
  );
}
