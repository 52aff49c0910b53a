// The auto lease / test-drive form in the coupon modal of Michigan car offers (SPEC.md 2 Auto lease
// form, 4 Lease form, 5, 8): validated with the shared schema (phone parsed as a US number), sent
// once to POST /api/autolead/; success 'Form successfully submitted!' and the form resets; further
// submits are ignored; a failure shows its message under the form.
import { useRef, useState, type FormEvent } from 'react';
import { autoLeadSchema, LEASE_SUBMITTED } from '@market/domain/validation/leads';
import { useHydrated } from '../lib/ui/hooks.ts';
import { fieldErrors, focusFirstError, formValues, type FieldErrors } from '../lib/forms/form-errors.ts';
import { callApi, messageOf } from '../lib/api/member-api.ts';
import { Field } from './form-field.tsx';

export function LeaseForm({ offerId, secondaryType }: { offerId: number; secondaryType: string }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  // Before hydration a submit would post the fields in the address: wait for the script.
  const hydrated = useHydrated();
  const sending = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // SPEC.md 4: submitted once; further submits are ignored.
    if (sending.current || state === 'sent') return;
    const form = event.currentTarget;
    const values = formValues(form);
    const parsed = autoLeadSchema.safeParse({ ...values, offer_id: offerId });
    setFailure(null);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirstError(form, found);
      return;
    }
    setErrors({});
    sending.current = true;
    setState('sending');
    try {
      // The phone goes out normalised to +1 E.164 (SPEC.md 5).
      await callApi('/api/autolead/', { method: 'POST', body: parsed.data, auth: 'optional' });
      form.reset();
      setState('sent');
    } catch (error) {
      sending.current = false;
      setFailure(messageOf(error));
      setState('idle');
    }
  }

  return (
    <section className="lease-form" aria-labelledby={`lease-heading-${offerId}`}>
      <h3 id={`lease-heading-${offerId}`}>Request Information</h3>
      <form className="stack" noValidate onSubmit={submit}>
        <fieldset className="row wrap plain-fieldset">
          <legend className="visually-hidden">What would you like?</legend>
          <label className="checkbox">
            <input type="radio" name="offer_type" value="lease" defaultChecked={secondaryType !== 'purchase'} /> Lease information
          </label>
          <label className="checkbox">
            <input type="radio" name="offer_type" value="test-drive" defaultChecked={secondaryType === 'purchase'} /> Schedule a test drive
          </label>
        </fieldset>
        <div className="field-row">
          <Field label="First Name" name="first_name" autoComplete="given-name" error={errors.first_name} disabled={state === 'sent'} />
          <Field label="Last Name" name="last_name" autoComplete="family-name" error={errors.last_name} disabled={state === 'sent'} />
        </div>
        <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} disabled={state === 'sent'} />
        <div className="field-row">
          <Field label="Phone" name="phone" type="tel" autoComplete="tel" error={errors.phone} disabled={state === 'sent'} />
          <Field label="Zip" name="zip" inputMode="numeric" maxLength={5} autoComplete="postal-code" error={errors.zip} disabled={state === 'sent'} />
        </div>
        {state === 'sent' ? (
          <p role="status" className="form-success">
            {LEASE_SUBMITTED}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="form-error">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={!hydrated || state !== 'idle'}>
          {state === 'sending' ? 'Sending…' : 'Submit'}
        </button>
      </form>
    </section>
  );
}
