// The small public forms of the footer and the empty search state (SPEC.md 2 Footer, 4, 5):
// suggest a location or contractor, mailing list removal, newsletter. Each posts to the /forms/:kind
// action, which sends it to the API and answers {ok, message}; without JavaScript the same form
// posts and the page shows the answer.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { NEWSLETTER_CONFIRMATION_MS, REMOVAL_CLOSE_MS } from '@market/domain/constants';
import { LazyDialog } from './lazy-dialog.tsx';

export interface FormAnswer {
  ok: boolean;
  message: string;
}

const SOLD_STATES = [
  ['MI', 'Michigan'],
  ['IL', 'Illinois'],
  ['MN', 'Minnesota'],
  ['FL', 'Florida'],
] as const;

function StateSelect({ name }: { name: string }) {
  return (
    <select name={name} required defaultValue="">
      <option value="" disabled>
        Choose a state
      </option>
      {SOLD_STATES.map(([code, label]) => (
        <option key={code} value={code}>
          {label}
        </option>
      ))}
    </select>
  );
}

export interface TriggerProps {
  /** The text of the button that opens the form. */
  label: string;
  /** Button look: a link-like text button or a filled button. */
  look?: 'link' | 'primary';
}

function FormDialog({ label, look = 'link', title, description, children, open, onOpenChange }: TriggerProps & { title: string; description: string; children: ReactNode; open: boolean; onOpenChange: (v: boolean) => void }) {
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className={look === 'link' ? 'link-button' : 'btn btn-primary'} aria-haspopup="dialog" onClick={() => onOpenChange(true)}>
        {label}
      </button>
      <LazyDialog open={open} onOpenChange={onOpenChange} title={title} description={description} className="dialog form-dialog" returnFocus={button}>
        {children}
      </LazyDialog>
    </>
  );
}

/**
 * 'Suggest Location' / 'Suggest a Contractor' (SPEC.md 2, 4, 5): name, city, state (MI, IL, MN, FL)
 * required; success shows 'Suggestion Submitted!', failure the server's message.
 */
export function SuggestDialog({ label, look, title = 'Suggest Location', kind = 'location' }: TriggerProps & { title?: string; kind?: 'location' | 'contractor' }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<FormAnswer>({ key: `suggest-${kind}` });
  const answer = fetcher.data;
  const description = kind === 'contractor' ? "Know a great contractor we're missing? Tell us who they are." : "Your favorite business isn't showing up? Tell us who we're missing.";
  return (
    <FormDialog label={label} look={look} title={title} description={description} open={open} onOpenChange={setOpen}>
      {answer?.ok ? (
        <div role="status" className="form-success">
          <h3>Suggestion Submitted!</h3>
          <p>Thank you. We will reach out to them.</p>
        </div>
      ) : (
        <fetcher.Form method="post" action="/forms/suggest" className="stack">
          <input type="hidden" name="kind" value={kind} />
          <label className="field">
            <span>Business name</span>
            <input name="name" required maxLength={200} autoComplete="organization" />
          </label>
          <label className="field">
            <span>City</span>
            <input name="city" required maxLength={100} autoComplete="address-level2" />
          </label>
          <label className="field">
            <span>State</span>
            <StateSelect name="state" />
          </label>
          {answer && !answer.ok ? (
            <p role="alert" className="form-error">
              {answer.message}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? 'Submitting...' : 'Submit'}
          </button>
        </fetcher.Form>
      )}
    </FormDialog>
  );
}

/** 'Mailing List Removal' / 'Request List Removal' (SPEC.md 4, 5): 'Submitted.' then closes after 1 s; no second submit. */
export function MailingRemovalDialog({ label, look, title = 'Mailing List Removal' }: TriggerProps & { title?: string }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<FormAnswer>({ key: 'mailing-removal' });
  const done = fetcher.data?.ok === true;
  useEffect(() => {
    if (!done || !open) return;
    const id = setTimeout(() => setOpen(false), REMOVAL_CLOSE_MS);
    return () => clearTimeout(id);
  }, [done, open]);
  const busy = fetcher.state !== 'idle';
  return (
    <FormDialog label={label} look={look} title={title} description="To stop receiving our magazine, we just need your address." open={open} onOpenChange={setOpen}>
      <fetcher.Form
        method="post"
        action="/forms/mailing-removal"
        className="stack"
        onSubmit={(e) => {
          if (busy || done) e.preventDefault();
        }}
      >
        <label className="field">
          <span>Street address</span>
          <input name="streetAddress" required maxLength={200} autoComplete="address-line1" />
        </label>
        <label className="field">
          <span>Apartment / unit</span>
          <input name="aptOrUnitNumber" required maxLength={50} autoComplete="address-line2" />
        </label>
        <label className="field">
          <span>City</span>
          <input name="city" required maxLength={100} autoComplete="address-level2" />
        </label>
        <label className="field">
          <span>State</span>
          <StateSelect name="state" />
        </label>
        <label className="field">
          <span>ZIP code</span>
          <input name="zipCode" required inputMode="numeric" pattern="[0-9]{5}" maxLength={5} autoComplete="postal-code" />
        </label>
        {fetcher.data && !fetcher.data.ok ? (
          <p role="alert" className="form-error">
            {fetcher.data.message}
          </p>
        ) : null}
        {done ? (
          <p role="status" className="form-success">
            Submitted.
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy || done}>
          {busy ? 'Sending...' : 'Submit'}
        </button>
      </fetcher.Form>
    </FormDialog>
  );
}

/** Newsletter strip (SPEC.md 4): 'Sign up', loading, 'Submitted!' for 5 s, then reverts and the email clears. */
export function NewsletterForm() {
  const fetcher = useFetcher<FormAnswer>({ key: 'newsletter' });
  const formRef = useRef<HTMLFormElement>(null);
  const [confirmed, setConfirmed] = useState(false);
  const data = fetcher.data;
  useEffect(() => {
    if (!data?.ok) return;
    setConfirmed(true);
    const id = setTimeout(() => {
      setConfirmed(false);
      formRef.current?.reset();
    }, NEWSLETTER_CONFIRMATION_MS);
    return () => clearTimeout(id);
  }, [data]);
  const label = fetcher.state !== 'idle' ? 'Sending...' : confirmed ? 'Submitted!' : 'Sign up';
  return (
    <fetcher.Form ref={formRef} method="post" action="/forms/newsletter" className="newsletter-form">
      <label htmlFor="newsletter-email" className="visually-hidden">
        E-mail address
      </label>
      <input id="newsletter-email" name="email" type="email" required maxLength={254} placeholder="Your e-mail address" autoComplete="email" />
      <button type="submit" className="btn btn-primary" disabled={fetcher.state !== 'idle'} aria-live="polite">
        {label}
      </button>
    </fetcher.Form>
  );
}
