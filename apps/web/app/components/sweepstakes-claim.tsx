// The sweepstakes claim form under the winning numbers (SPEC.md 2 Contest modal, 3 Sweepstakes
// entry, 4, 5): every field but Address 2 required, zip exactly 5; POST /api/sweepstakes/ (response not read);
// then 'Your entry has been submitted! We'll reach out to you if there's a match!'.
import { US_STATES } from '@market/domain/markets';
import { CLAIM_SUBMITTED, sweepstakesSchema } from '@market/domain/validation/contests';
import { useSchemaForm } from '../lib/forms/use-schema-form.ts';
import { callApi } from '../lib/api/member-api.ts';
import { Field } from './form-field.tsx';

export function SweepstakesClaim({ entityId }: { entityId: number }) {
  const form = useSchemaForm({
    schema: sweepstakesSchema,
    // randomnum: the client's reference for this claim.
    values: (own) => ({ ...own, entity_id: entityId, randomnum: String(Math.floor(Math.random() * 1e9)) }),
    async send(_data, { input }) {
      await callApi('/api/sweepstakes/', { method: 'POST', body: input, auth: 'optional' });
    },
  });
  const { errors, failure } = form;

  if (form.done) {
    return (
      <p role="status" className="form-success">
        {CLAIM_SUBMITTED}
      </p>
    );
  }
  return (
    <form className="stack sweepstakes-form" noValidate onSubmit={form.onSubmit} aria-labelledby="claim-heading">
      <h4 id="claim-heading">Have a matching number in your magazine? Claim your prize</h4>
      <div className="field-row">
        <Field label="First Name" name="firstname" autoComplete="given-name" error={errors.firstname} />
        <Field label="Last Name" name="lastname" autoComplete="family-name" error={errors.lastname} />
      </div>
      <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
      <Field label="Your Numbers" name="magazinenum" inputMode="numeric" error={errors.magazinenum} />
      <Field label="Address 1" name="address1" autoComplete="address-line1" error={errors.address1} />
      <Field label="Address 2 (optional)" name="address2" autoComplete="address-line2" error={errors.address2} />
      <div className="field-row">
        <Field label="City" name="city" autoComplete="address-level2" error={errors.city} />
        <div className="field">
          <label htmlFor={`claim-state-${entityId}`}>State</label>
          <select id={`claim-state-${entityId}`} name="state" defaultValue="MI" aria-invalid={errors.state ? true : undefined}>
            {US_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
          {errors.state ? <span className="field-error">{errors.state}</span> : null}
        </div>
      </div>
      <Field label="Zip" name="zip" inputMode="numeric" maxLength={5} autoComplete="postal-code" error={errors.zip} />
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={!form.hydrated || form.busy}>
        Submit Claim
      </button>
    </form>
  );
}
