// The small public forms of the footer and the empty search state (SPEC.md 2 Footer, 4, 5):
// suggest a location or contractor, mailing list removal, newsletter. Each posts to the
// /forms/:kind action, which validates with the shared schemas, sends it to the API and answers
// {ok, message, fields}. Progressive enhancement: the dialog triggers are links to the
// /forms/:kind page and the forms are real posts, so everything works before JavaScript loads.
// The dialog forms themselves (lead-dialog-forms.tsx) load with the first dialog opened.
import { lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { NEWSLETTER_CONFIRMATION_MS } from '@market/domain/constants';
import { NEWSLETTER_CHECK_INBOX } from '@market/domain/newsletter';
import { LazyDialog } from './lazy-dialog.tsx';
import { useLeadForm, type FormAnswer } from './lead-answer.ts';

const SuggestForm = lazy(() => import('./lead-dialog-forms.tsx').then((m) => ({ default: m.SuggestForm })));
const MailingRemovalForm = lazy(() => import('./lead-dialog-forms.tsx').then((m) => ({ default: m.MailingRemovalForm })));
const MagazineLeadForm = lazy(() => import('./lead-dialog-forms.tsx').then((m) => ({ default: m.MagazineLeadForm })));

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

/** 'Suggest Location' / 'Suggest a Contractor' in a dialog (SPEC.md 2 Footer, Search and browse). */
export function SuggestDialog({ label, look, title = 'Suggest Location', kind = 'location' }: TriggerProps & { title?: string; kind?: SuggestKind }) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog label={label} look={look} href={`/forms/suggest${kind === 'contractor' ? '?kind=contractor' : ''}`} title={title} description={suggestDescription(kind)} open={open} onOpenChange={setOpen}>
      <SuggestForm kind={kind} />
    </FormDialog>
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
  // 'Submitted!' shows for each successful answer until its 5 s are over.
  const [expired, setExpired] = useState<FormAnswer | null>(null);
  const confirmed = answer?.ok === true && answer !== expired;
  useEffect(() => {
    if (!answer?.ok) return;
    const id = setTimeout(() => {
      setExpired(answer);
      formRef.current?.reset();
    }, NEWSLETTER_CONFIRMATION_MS);
    return () => clearTimeout(id);
  }, [answer]);
  const label = busy ? 'Sending...' : confirmed ? 'Submitted!' : 'Sign up';
  const error = answer && !answer.ok ? (answer.fields?.email ?? answer.message) : null;
  // Double opt-in (docs/decisions.md): nothing is subscribed until the mailed link is used, so
  // the note stays after the button reverts.
  const checkInbox = answer?.ok === true && !busy;
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
      <p role="status" className="newsletter-note">
        {checkInbox ? NEWSLETTER_CHECK_INBOX : ''}
      </p>
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
