// /newsletter/confirm?token: the link of the newsletter's confirmation mail (double opt-in,
// docs/decisions.md) -> POST /auth/newsletter/confirm/. As on /verify, the browser confirms on
// load, so a link scanner that only fetches the page does not subscribe anybody.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/newsletter-confirm';
import { buildMeta } from '../lib/content/meta.ts';
import { callApi, passwordFlowMessage } from '../lib/api/member-api.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'Confirm Your Subscription', description: 'Confirm your subscription to the LocalSaver newsletter.', noindex: true });
}

const LINK_NOT_VALID = 'This link is not valid. Sign up again in the Become a Member strip at the bottom of any page.';

export default function NewsletterConfirm() {
  const [params] = useSearchParams();
  const [answer, setState] = useState<{ kind: 'pending' | 'ok' | 'error'; text: string }>({ kind: 'pending', text: 'Confirming your subscription…' });
  const token = params.get('token') ?? '';
  const valid = /^[A-Za-z0-9_-]{20,100}$/.test(token);
  const state = valid ? answer : ({ kind: 'error', text: LINK_NOT_VALID } as const);
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // The link works once: one request per link, even if the effect runs twice.
    if (sent.current === token) return;
    sent.current = token;
    if (!valid) return;
    callApi<{ detail?: string }>('/auth/newsletter/confirm/', { method: 'POST', body: { token }, auth: 'none' })
      .then((answer) => setState({ kind: 'ok', text: answer?.detail ?? 'Your subscription is confirmed.' }))
      .catch((error) => setState({ kind: 'error', text: passwordFlowMessage(error) }));
  }, [token, valid]);

  return (
    <div className="container page auth-page">
      <h1 className="page-title">Confirm Your Subscription</h1>
      <div className="auth-card">
        <p role={state.kind === 'error' ? 'alert' : 'status'} className={state.kind === 'ok' ? 'form-success' : state.kind === 'error' ? 'form-error' : 'muted'}>
          {state.text}
        </p>
        {state.kind === 'pending' ? null : (
          <Link to="/browse/all" className="btn btn-primary">
            Browse Offers
          </Link>
        )}
      </div>
    </div>
  );
}
