// The business area's forms (docs/operations.md "Site content"): the business lead form (POST
// /api/businesslead/) and the contractor application (POST /api/contractorapplication/: 'yes'/'no'
// answers, project checkboxes named slug_* folded into project_slugs, SPEC.md 3). Both post to the
// /forms/:kind action, which validates with the shared schemas
// (packages/domain/src/validation/leads.ts) and answers {ok, message, fields}; without JavaScript
// the same post renders the /forms/:kind page.
import type { ReactNode } from 'react';
import { HOME_PROS_CATEGORIES } from '@market/domain/categories';
import { FieldError, FormMessage, StateField, TextField, useLeadForm, type FormAnswer } from './form-parts.tsx';

export type LeadInterest = 'print' | 'digital' | 'home-pros';

const INTERESTS: ReadonlyArray<[LeadInterest, string]> = [
  ['print', 'Print (the magazine)'],
  ['digital', 'Digital (website and e-mails)'],
  ['home-pros', 'Home Pros certification'],
];

const BUSINESS_LEAD_FIELDS = ['business_name', 'first_name', 'last_name', 'phone', 'email', 'city', 'state', 'interests', 'website', 'message'];
const CONTRACTOR_FIELDS = ['company_name', 'first_name', 'last_name', 'phone', 'email', 'address', 'city', 'state', 'zip', 'years_in_business', 'website', 'licensed', 'bonded', 'insured', 'workers_comp', 'project_slugs', 'comments'];

function Done({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="form-success">
      <h3>{title}</h3>
      <p>{children}</p>
    </div>
  );
}

/** Business lead form: what a sales team needs to call back (docs/decisions.md "Leads"). */
export function BusinessLeadForm({ interest = 'print', initial }: { interest?: LeadInterest; initial?: FormAnswer | null }) {
  const { fetcher, answer, busy, done } = useLeadForm('business-lead', initial);
  if (done) return <Done title="Thank you!">Your local account manager will call you within one business day.</Done>;
  const errors = answer?.fields ?? {};
  return (
    <fetcher.Form method="post" action="/forms/business-lead" className="lead-form" noValidate onSubmit={(e) => busy && e.preventDefault()} aria-label="Business lead form">
      <TextField name="business_name" label="Business name" errors={errors} autoComplete="organization" />
      <div className="two">
        <TextField name="first_name" label="First name" errors={errors} autoComplete="given-name" maxLength={100} />
        <TextField name="last_name" label="Last name" errors={errors} autoComplete="family-name" maxLength={100} />
      </div>
      <div className="two">
        <TextField name="phone" label="Phone" type="tel" errors={errors} autoComplete="tel" maxLength={250} />
        <TextField name="email" label="E-mail" type="email" errors={errors} autoComplete="email" maxLength={254} />
      </div>
      <div className="two">
        <TextField name="city" label="City" errors={errors} autoComplete="address-level2" maxLength={100} />
        <StateField errors={errors} />
      </div>
      <fieldset aria-invalid={Boolean(errors.interests)}>
        <legend>I am interested in</legend>
        <div className="choice-row">
          {INTERESTS.map(([value, label]) => (
            <label key={value} className="choice">
              <input type="checkbox" name={`interest_${value.replace('-', '_')}`} value="on" defaultChecked={value === interest} />
              {label}
            </label>
          ))}
        </div>
        <FieldError message={errors.interests} />
      </fieldset>
      <TextField name="website" label="Website" type="url" required={false} errors={errors} autoComplete="url" maxLength={300} />
      <TextField name="message" label="Anything we should know?" required={false} multiline errors={errors} maxLength={2000} />
      <FormMessage answer={answer} shown={BUSINESS_LEAD_FIELDS} />
      <p>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Contact me'}
        </button>
      </p>
    </fetcher.Form>
  );
}

export function BusinessLeadSection({ interest }: { interest?: LeadInterest }) {
  return (
    <section id="contact-sales" aria-labelledby="contact-sales-heading" className="section panel">
      <h2 id="contact-sales-heading">Talk to our sales team</h2>
      <p>Tell us about your business and a local account manager will call you with ideas and a free quote.</p>
      <BusinessLeadForm interest={interest} />
    </section>
  );
}

// The certification questions (SPEC.md 6: licensed where required, bonded when needed, insured
// with workers' comp and company liability).
const YES_NO_QUESTIONS = [
  ['licensed', 'Is your business licensed where your trade requires it?'],
  ['bonded', 'Is your business bonded where your trade or local rules require it?'],
  ['insured', 'Do you carry company liability insurance?'],
  ['workers_comp', "Do you carry workers' compensation insurance for your employees?"],
] as const;

/** The contractor application of the certification page (SPEC.md 3 Other payloads). */
export function ContractorForm({ initial }: { initial?: FormAnswer | null }) {
  const { fetcher, answer, busy, done } = useLeadForm('contractor', initial);
  if (done) return <Done title="Application received!">We will e-mail you a secure link for your documents within two business days.</Done>;
  const errors = answer?.fields ?? {};
  return (
    <fetcher.Form method="post" action="/forms/contractor" className="lead-form" noValidate onSubmit={(e) => busy && e.preventDefault()} aria-label="Contractor application form">
      <TextField name="company_name" label="Company name" errors={errors} autoComplete="organization" />
      <div className="two">
        <TextField name="first_name" label="First name" errors={errors} autoComplete="given-name" maxLength={100} />
        <TextField name="last_name" label="Last name" errors={errors} autoComplete="family-name" maxLength={100} />
      </div>
      <div className="two">
        <TextField name="phone" label="Phone" type="tel" errors={errors} autoComplete="tel" maxLength={250} />
        <TextField name="email" label="E-mail" type="email" errors={errors} autoComplete="email" maxLength={254} />
      </div>
      <TextField name="address" label="Street address" required={false} errors={errors} autoComplete="street-address" />
      <div className="two">
        <TextField name="city" label="City" errors={errors} autoComplete="address-level2" maxLength={100} />
        <StateField errors={errors} />
      </div>
      <div className="two">
        <TextField name="zip" label="ZIP code" errors={errors} autoComplete="postal-code" maxLength={5} inputMode="numeric" />
        <TextField name="years_in_business" label="Years in business" errors={errors} maxLength={3} inputMode="numeric" />
      </div>
      <TextField name="website" label="Website" type="url" required={false} errors={errors} autoComplete="url" maxLength={300} />
      {YES_NO_QUESTIONS.map(([name, question]) => (
        <fieldset key={name} aria-invalid={Boolean(errors[name])}>
          <legend>{question}</legend>
          <div className="choice-row">
            <label className="choice">
              <input type="radio" name={name} value="yes" />
              Yes
            </label>
            <label className="choice">
              <input type="radio" name={name} value="no" />
              No
            </label>
          </div>
          <FieldError message={errors[name]} />
        </fieldset>
      ))}
      <fieldset aria-invalid={Boolean(errors.project_slugs)}>
        <legend>Projects you take on</legend>
        <div className="choice-row">
          {HOME_PROS_CATEGORIES.map((c) => (
            <label key={c.slug} className="choice">
              <input type="checkbox" name={`slug_${c.slug}`} value="on" />
              {c.display}
            </label>
          ))}
        </div>
        <FieldError message={errors.project_slugs} />
      </fieldset>
      <TextField name="comments" label="Comments" required={false} multiline errors={errors} maxLength={2000} />
      <FormMessage answer={answer} shown={CONTRACTOR_FIELDS} />
      <p>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send application'}
        </button>
      </p>
    </fetcher.Form>
  );
}

export function ContractorSection() {
  return (
    <section id="contractor-application" aria-labelledby="contractor-heading" className="section panel">
      <h2 id="contractor-heading">Contractor application</h2>
      <p>Answer honestly: a "no" does not end your application; we will tell you what is missing.</p>
      <ContractorForm />
    </section>
  );
}
