// The auto lease / test-drive form in the coupon modal of Michigan car offers (SPEC.md 2 Auto lease
// form, 4 Lease form, 5, 8): validated with the shared schema (phone parsed as a US number), sent
// once to POST /api/autolead/; success 'Form successfully submitted!' and the form resets; further
// submits are ignored; a failure shows its message under the form.
import { autoLeadSchema, LEASE_SUBMITTED } from '@market/domain/validation/leads';
import { useSchemaForm } from '../lib/forms/use-schema-form.ts';
import { callApi } from '../lib/api/member-api.ts';
import { Field } from './form-field.tsx';

export function LeaseForm({ offerId, secondaryType }: { offerId: number; secondaryType: string }) {
  const form = useSchemaForm({
    schema: autoLeadSchema,
    values: (own) => ({ ...own, offer_id: offerId }),
    // SPEC.md 4: submitted once; further submits are ignored.
    once: true,
    async send(data, { form: element }) {
      // The phone goes out normalised to +1 E.164 (SPEC.md 5).
      await callApi('/api/autolead/', { method: 'POST', body: data, auth: 'optional' });
      element.reset();
    },
  });
  const { errors, failure } = form;
  const sent = form.done;

  return (
    <section className="lease-form" aria-labelledby={`lease-heading-${offerId}`}>
      <h3 id={`lease-heading-${offerId}`}>Request Information</h3>
      <form className="stack" noValidate onSubmit={form.onSubmit}>
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
          <Field label="First Name" name="first_name" autoComplete="given-name" error={errors.first_name} disabled={sent} />
          <Field label="Last Name" name="last_name" autoComplete="family-name" error={errors.last_name} disabled={sent} />
        </div>
        <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} disabled={sent} />
        <div className="field-row">
          <Field label="Phone" name="phone" type="tel" autoComplete="tel" error={errors.phone} disabled={sent} />
          <Field label="Zip" name="zip" inputMode="numeric" maxLength={5} autoComplete="postal-code" error={errors.zip} disabled={sent} />
        </div>
        {sent ? (
          <p role="status" className="form-success">
            {LEASE_SUBMITTED}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="form-error">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={!form.hydrated || form.status !== 'idle'}>
          {form.busy ? 'Sending…' : 'Submit'}
        </button>
      </form>
    </section>
  );
}
