// The dialog forms of the footer and the empty search state (SPEC.md 4, 5): suggest a location or
// contractor, mailing list removal, the magazine lead. They load with the first dialog a visitor
// opens (lead-forms.tsx); the /forms/:kind pages render them directly.
import { useEffect } from 'react';
import { REMOVAL_CLOSE_MS } from '@market/domain/constants';
import { FormMessage, StateField, TextField, useLeadForm, type FormAnswer } from './form-parts.tsx';
import type { SuggestKind } from './lead-forms.tsx';

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
      <TextField name="aptOrUnitNumber" label="Apartment / unit" required={false} errors={errors} autoComplete="address-line2" maxLength={50} />
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
