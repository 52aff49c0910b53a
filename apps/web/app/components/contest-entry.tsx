// Contest entry (SPEC.md 4 Contest entry, 5, 6, 8): the rules box enables 'Enter Contest'; an
// anonymous visitor gets 'You must be logged in to enter in contests.' and the login modal; a
// member's entry (POST /api/contestapplication/) turns the button into 'Entry Submitted' with the
// e-mail message. When winning numbers exist they are shown with the sweepstakes claim form.
// Entries and claims need a confirmed e-mail address (docs/decisions.md): a member who has not
// confirmed is told so up front and can have the link sent again.
import { useEffect, useState, type FormEvent } from 'react';
import { CONTEST_LOGIN_REQUIRED, EMAIL_NOT_CONFIRMED, ENTRY_SUBMITTED } from '@market/domain/validation/contests';
import type { Contest } from '../lib/api/api-types.ts';
import { SweepstakesClaim } from './sweepstakes-claim.tsx';
import { ApiError, callApi, messageOf } from '../lib/api/member-api.ts';
import { useAuthDialog } from '../lib/member/auth-dialog-state.tsx';
import { useSchemaForm } from '../lib/forms/use-schema-form.ts';
import { useSession } from '../lib/member/session.tsx';
import { useLoad } from '../lib/ui/use-load.ts';

const CONTEST_LOGIN = CONTEST_LOGIN_REQUIRED;
export const ENTRY_MESSAGE = 'Your entry has been received. We will notify you by e-mail when a winner is selected.';

/**
 * Whether the signed-in member's e-mail address is confirmed: null while unknown (or signed out).
 * Asked again when the window regains focus, since the link is usually opened in another tab.
 */
function useEmailConfirmed(memberId: number | null): [boolean | null, (v: boolean) => void] {
  // A failed check leaves the answer unknown (no notice).
  const info = useLoad(memberId === null ? null : ['email-confirmed', memberId], () =>
    callApi<{ email_verified?: boolean }>('/auth/user/info/').then(
      (profile) => Boolean(profile?.email_verified),
      () => null,
    ),
  );
  const confirmed = info.data ?? null;
  const { reload } = info;
  useEffect(() => {
    if (confirmed !== false) return;
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [confirmed, reload]);
  return [confirmed, info.setData];
}

/** The notice for a member whose address is not confirmed, with 'Send the link again'. */
function ConfirmEmailNotice() {
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' | 'error'; text?: string }>({ kind: 'idle' });
  async function resend() {
    setState({ kind: 'sending' });
    try {
      const answer = await callApi<{ detail?: string }>('/auth/verifyuser/resend/', { method: 'POST' });
      setState({ kind: 'sent', text: answer?.detail ?? 'We have sent you a new confirmation link.' });
    } catch (err) {
      setState({ kind: 'error', text: messageOf(err) });
    }
  }
  return (
    <div role="note" className="confirm-email-notice">
      <p>{EMAIL_NOT_CONFIRMED}</p>
      <button type="button" className="btn btn-outline" onClick={() => void resend()} disabled={state.kind === 'sending' || state.kind === 'sent'} aria-busy={state.kind === 'sending'}>
        {state.kind === 'sending' ? 'Sending…' : 'Send the link again'}
      </button>
      {state.kind === 'sent' ? (
        <p role="status" className="form-success">
          {state.text}
        </p>
      ) : null}
      {state.kind === 'error' ? (
        <p role="alert" className="form-error">
          {state.text}
        </p>
      ) : null}
    </div>
  );
}

export function ContestEntry({ contest }: { contest: Contest }) {
  const session = useSession();
  const dialog = useAuthDialog();
  const [agreed, setAgreed] = useState(false);
  const memberId = session.auth ? session.auth.id : null;
  const signedIn = memberId !== null;
  const [confirmed, setConfirmed] = useEmailConfirmed(memberId);
  // SPEC.md 4: for members the contest detail is fetched (with the token) to know 'entered'.
  const detail = useLoad(memberId === null ? null : ['contest-entered', memberId, contest.entity_id], () =>
    callApi<{ entered?: boolean }>(`/api/contests/${contest.entity_id}/`, { auth: 'optional' }).then(
      (answer) => Boolean(answer?.entered),
      () => false,
    ),
  );
  const entered = detail.data === true;
  const form = useSchemaForm({
    async send() {
      // contest is the contest's id; entity_id the entity the member entered through.
      await callApi('/api/contestapplication/', { method: 'POST', body: { contest: contest.contest.id || undefined, entity_id: contest.entity_id } });
      detail.setData(true);
    },
    failed(err) {
      if (session.handleAuthFailure(err, CONTEST_LOGIN)) return null;
      // Entered before (another device or tab): the entry stands.
      if (err instanceof ApiError && err.status === 409) detail.setData(true);
      // The address is not confirmed: the notice says so and offers the link again.
      else if (err instanceof ApiError && err.status === 403) setConfirmed(false);
      else return { message: messageOf(err) };
      return null;
    },
  });
  const { busy, failure: error } = form;
  const justEntered = form.done;

  function submit(event: FormEvent<HTMLFormElement>) {
    // SPEC.md 4: without the rules box ticked a submission is silently ignored.
    if (!agreed || entered || busy || !session.auth) {
      event.preventDefault();
      if (agreed && !entered && !busy) dialog.openAuth({ message: CONTEST_LOGIN, tab: 'signin' });
      return;
    }
    form.onSubmit(event);
  }

  return (
    <>
      <form className="stack contest-entry" onSubmit={submit}>
        <label className="checkbox">
          <input type="checkbox" checked={agreed || entered} disabled={entered} onChange={(e) => setAgreed(e.target.checked)} /> I have read and agree to the contest rules.
        </label>
        <button type="submit" className="btn btn-primary" disabled={entered || busy || !agreed}>
          {entered ? ENTRY_SUBMITTED : 'Enter Contest'}
        </button>
        {entered ? (
          <p role="status" className="form-success">
            {justEntered ? ENTRY_MESSAGE : 'You have entered this contest. We will notify you by e-mail when a winner is selected.'}
          </p>
        ) : null}
        {session.auth === false ? (
          <p role="note" className="form-error">
            {CONTEST_LOGIN}{' '}
            <button type="button" className="link-button" onClick={() => dialog.openAuth({ message: CONTEST_LOGIN, tab: 'signin' })}>
              Sign In
            </button>
          </p>
        ) : null}
        {signedIn && confirmed === false && !entered ? <ConfirmEmailNotice /> : null}
        {error ? (
          <p role="alert" className="form-error">
            {error}
          </p>
        ) : null}
      </form>
      {contest.sweepstakes_numbers.length ? (
        <section aria-labelledby="winning-numbers">
          <h3 id="winning-numbers">Winning Numbers</h3>
          <ul className="numbers">
            {contest.sweepstakes_numbers.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
          {session.auth === false ? (
            <p className="muted">
              <button type="button" className="link-button" onClick={() => dialog.openAuth({ message: CONTEST_LOGIN, tab: 'signin' })}>
                Sign in
              </button>{' '}
              with a confirmed e-mail address to claim a prize.
            </p>
          ) : confirmed === false ? (
            <p className="muted">Confirm your e-mail address (see above) to claim a prize.</p>
          ) : (
            <SweepstakesClaim entityId={contest.entity_id} />
          )}
        </section>
      ) : null}
    </>
  );
}
