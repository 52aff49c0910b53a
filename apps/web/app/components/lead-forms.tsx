// The small public forms of the footer and the empty search state (SPEC.md 2 Footer, 4, 5):
// suggest a location or contractor, mailing list removal, newsletter. Each posts to the
// /forms/:kind action, which validates with the shared schemas, sends it to the API and answers
// {ok, message, fields}. Progressive enhancement: the dialog triggers are links to the
// /forms/:kind page and the forms are real posts, so everything works before JavaScript loads.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NEWSLETTER_CONFIRMATION_MS, REMOVAL_CLOSE_MS } from '@market/domain/constants';
import { LazyDialog } from './lazy-dialog.tsx';
import { FormMessage, StateField, TextField, useLeadForm, type FormAnswer } from './form-parts.tsx';

export interface TriggerProps {
  /** The text of the control that opens the form. */
  label: string;
  /** Look: a link-like text button or a filled button. */
  look?: 'link' | 'primary';
}

/** A link to the form's own page that, once JavaScript runs, opens the form in a dialog instead. */
function FormDialog({ label, look = 'link', href, title, description, children, open, onOpenChange }: TriggerProps & { href: string; title: string; description: string; children: ReactNode; open: boolean; onOpenChange: (v: boolean) => void }) {
  const trigger = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <a
        ref={trigger}
        href={href}
        role="button"
        className={look === 'link' ? 'link-button' : 'btn btn-primary'}
        aria-haspopup="dialog"
        onClick={(e) => {
          e.preventDefault();
          onOpenChange(true);
        }}
        onKeyDown={(e) => {
          if (e.key === ' ') {
            e.preventDefault();
            onOpenChange(true);
          }
        }}
      >
        {label}
      </a>
      <LazyDialog open={open} onOpenChange={onOpenChange} title={title} description={description} className="dialog form-dialog" returnFocus={trigger}>
        {children}
      </LazyDialog>
    </>
  );
}

export type SuggestKind = 'location' | 'contractor';

export function suggestDescription(kind: SuggestKind): string {
  // SPEC.md 2 Footer: the suggest-a-business text.
  return kind === 'contractor' ? "Know a great contractor we're missing? Tell us who they are." : "Your favorite business isn't showing up? Tell us who we're missing.";
}

/** Suggest a business or contractor (SPEC.md 4, 5): name, city, state (MI, IL, MN, FL); 'Suggestion Submitted!' on success. */
export function SuggestForm({ kind = 'location', initial }: { kind?: SuggestKind; initial?: FormAnswer | null }) {
  const { fetcher, answer, busy, done } = useLeadForm(`suggest-${kind}`, initial);
  if (done)
    return (
      <div role="status" className="form-success">
        <h3>Suggestion Submitted!</h3>
        <p>Thank you. We will reach out to them.</p>
      </div>
    );
  const errors = answer?.fields ?? {};
  return (
    <fetcher.Form method="post" action="/forms/suggest" className="stack" noValidate onSubmit={(e) => busy && e.preventDefault()}>
      <input type="hidden" name="kind" value={kind} />
      <TextField name="name" label={kind === 'contractor' ? 'Contractor name' : 'Business name'} errors={errors} autoComplete="organization" />
      <TextField name="city" label="City" errors={errors} autoComplete="address-level2" maxLength={100} />
      <StateField errors={errors} />
      <FormMessage answer={answer} shown={['name', 'city', 'state']} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Submitting...' : 'Submit'}
      </button>
    </fetcher.Form>
  );
}

/** 'Suggest Location' / 'Suggest a Contractor' in a dialog (SPEC.md 2 Footer, Search and browse). */
export function SuggestDialog({ label, look, title = 'Suggest Location', kind = 'location' }: TriggerProps & { title?: string; kind?: SuggestKind }) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog label={label} look={look} href={`/forms/suggest${kind === 'contractor' ? '?kind=contractor' : ''}`} title={title} description={suggestDescription(kind)} open={open} onOpenChange={setOpen}>
      <SuggestForm kind={kind} />
    </FormDialog>
  );
}

/**
 * Mailing list removal (SPEC.md 4, 5): every address field required; 'Submitted.' on success,
 * then `onDone` (the dialog closes after 1 s); a second submit is blocked while sending or after
 * success.
 */
export function MailingRemovalForm({ initial, onDone }: { initial?: FormAnswer | null; onDone?: () => void }) {
  const { fetcher, answer, busy, done } = useLeadForm('mailing-removal', initial);
  useEffect(() => {
    if (!done || !onDone) return;
    const id = setTimeout(onDone, REMOVAL_CLOSE_MS);
    return () => clearTimeout(id);
  }, [done, onDone]);
  const errors = answer?.fields ?? {};
  return (
    <fetcher.Form
      method="post"
      action="/forms/mailing-removal"
      className="stack"
      noValidate
      onSubmit={(e) => {
        if (busy || done) e.preventDefault();
      }}
    >
      <TextField name="streetAddress" label="Street address" errors={errors} autoComplete="address-line1" />
      <TextField name="aptOrUnitNumber" label="Apartment / unit" errors={errors} autoComplete="address-line2" maxLength={50} />
      <TextField name="city" label="City" errors={errors} autoComplete="address-level2" maxLength={100} />
      <StateField errors={errors} states="us" />
      <TextField name="zipCode" label="ZIP code" errors={errors} autoComplete="postal-code" maxLength={5} inputMode="numeric" />
      <FormMessage answer={answer} shown={['streetAddress', 'aptOrUnitNumber', 'city', 'state', 'zipCode']} />
      {done ? (
        <p role="status" className="form-success">
          Submitted.
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy || done}>
        {busy ? 'Sending...' : 'Submit'}
      </button>
    </fetcher.Form>
  );
}

/** 'Mailing List Removal' / 'Request List Removal' in a dialog that closes 1 s after 'Submitted.'. */
export function MailingRemovalDialog({ label, look, title = 'Mailing List Removal' }: TriggerProps & { title?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog label={label} look={look} href="/forms/mailing-removal" title={title} description="To stop receiving our magazine, we just need your address." open={open} onOpenChange={setOpen}>
      <MailingRemovalForm onDone={() => setOpen(false)} />
    </FormDialog>
  );
}

/** Newsletter strip (SPEC.md 4): 'Sign up', loading, 'Submitted!' for 5 s, then reverts and the email clears. */
export function NewsletterForm({ initial }: { initial?: FormAnswer | null }) {
  const { fetcher, answer, busy } = useLeadForm('newsletter', initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [confirmed, setConfirmed] = useState(Boolean(initial?.ok));
  useEffect(() => {
    if (!answer?.ok) return;
    setConfirmed(true);
    const id = setTimeout(() => {
      setConfirmed(false);
      formRef.current?.reset();
    }, NEWSLETTER_CONFIRMATION_MS);
    return () => clearTimeout(id);
  }, [answer]);
  const label = busy ? 'Sending...' : confirmed ? 'Submitted!' : 'Sign up';
  const error = answer && !answer.ok ? (answer.fields?.email ?? answer.message) : null;
  return (
    <fetcher.Form ref={formRef} method="post" action="/forms/newsletter" className="newsletter-form" noValidate onSubmit={(e) => (busy || confirmed) && e.preventDefault()}>
      <label htmlFor="newsletter-email" className="visually-hidden">
        E-mail address
      </label>
      <input id="newsletter-email" name="email" type="email" required maxLength={254} placeholder="Your e-mail address" autoComplete="email" aria-invalid={Boolean(error)} aria-describedby={error ? 'newsletter-error' : undefined} />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-live="polite">
        {label}
      </button>
      {error ? (
        <p id="newsletter-error" role="alert" className="form-error newsletter-error">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

const MAGAZINE_FIELDS = ['first_name', 'last_name', 'email', 'address', 'address2', 'city', 'state', 'zip', 'phone'];

/** The magazine lead (SPEC.md 3, 7 POST /auth/magazine_lead/: form fields plus tracking_id): a request to receive the printed magazine. */
export function MagazineLeadForm({ initial }: { initial?: FormAnswer | null }) {
  const { fetcher, answer, busy, done } = useLeadForm('magazine-lead', initial);
  if (done)
    return (
      <div role="status" className="form-success">
        <h3>Submitted!</h3>
        <p>Your first magazine arrives with the next mailing to your area.</p>
      </div>
    );
  const errors = answer?.fields ?? {};
  return (
    <fetcher.Form method="post" action="/forms/magazine-lead" className="stack" noValidate onSubmit={(e) => busy && e.preventDefault()}>
      <TextField name="first_name" label="First name" errors={errors} autoComplete="given-name" maxLength={100} />
      <TextField name="last_name" label="Last name" errors={errors} autoComplete="family-name" maxLength={100} />
      <TextField name="email" label="E-mail" type="email" errors={errors} autoComplete="email" maxLength={254} />
      <TextField name="address" label="Street address" errors={errors} autoComplete="address-line1" />
      <TextField name="address2" label="Apartment / unit" required={false} errors={errors} autoComplete="address-line2" />
      <TextField name="city" label="City" errors={errors} autoComplete="address-level2" maxLength={100} />
      <StateField errors={errors} states="us" />
      <TextField name="zip" label="ZIP code" errors={errors} autoComplete="postal-code" maxLength={5} inputMode="numeric" />
      <TextField name="phone" label="Phone" type="tel" required={false} errors={errors} autoComplete="tel" maxLength={250} />
      <FormMessage answer={answer} shown={MAGAZINE_FIELDS} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Sending...' : 'Send me the magazine'}
      </button>
    </fetcher.Form>
  );
}

/** 'Get the Magazine' in a dialog (footer). */
export function MagazineLeadDialog({ label, look }: TriggerProps) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog label={label} look={look} href="/forms/magazine-lead" title="Get the Magazine" description="Get the LocalSaver magazine mailed to your home, free." open={open} onOpenChange={setOpen}>
      <MagazineLeadForm />
    </FormDialog>
  );
}
