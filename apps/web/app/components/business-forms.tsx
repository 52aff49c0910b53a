// The business area's forms (issue 8): the business lead form (POST /api/businesslead/) and the
// contractor application (POST /api/contractorapplication/: 'yes'/'no' answers, project
// checkboxes named slug_* folded into project_slugs, SPEC.md 3). Both post to the /forms/:kind
// action, which validates with the shared schemas and answers {ok, message, fields}; without
// JavaScript the same post renders the /forms/:kind page with the answer.
import { HOME_PROS_CATEGORIES } from '@market/domain/categories';
import { FieldError, FormMessage, StateSelect, useLeadForm, type FormAnswer } from './form-parts.tsx';

export type LeadInterest = 'print' | 'digital' | 'homepros';

const INTERESTS: ReadonlyArray<[LeadInterest, string]> = [
  ['print', 'Print (the magazine)'],
  ['digital', 'Digital (website and e-mails)'],
  ['homepros', 'Home Pros certification'],
];

/** Business lead form: what a sales team needs to call back (issue 5). */
export function BusinessLeadForm({ interest = 'print', initial }: { interest?: LeadInterest; initial?: FormAnswer | null }) {
  const { fetcher, answer, busy, done } = useLeadForm('business-lead', initial);
  if (done)
    return (
      <div role="status" className="form-success">
        <h3>Thank you!</h3>
        <p>{answer?.message || 'Submitted.'} Your account manager will call you within one business day.</p>
      </div>
    );
  const errors = answer?.fields ?? {};
  return (
    <fetcher.Form method="post" action="/forms/business-lead" className="lead-form" noValidate onSubmit={(e) => busy && e.preventDefault()}>
      <div className="two">
        <label className="field">
          <span>Business name</span>
          <input type="text" name="business_name" required maxLength={200} autoComplete="organization" aria-invalid={Boolean(errors.business_name)} />
          <FieldError message={errors.business_name} />
        </label>
        <label className="field">
          <span>Your name</span>
          <input type="text" name="contact_name" required maxLength={100} autoComplete="name" aria-invalid={Boolean(errors.contact_name)} />
          <FieldError message={errors.contact_name} />
        </label>
      </div>
      <div className="two">
        <label className="field">
          <span>Phone</span>
          <input type="tel" name="phone" required maxLength={250} autoComplete="tel" aria-invalid={Boolean(errors.phone)} />
          <FieldError message={errors.phone} />
        </label>
        <label className="field">
          <span>E-mail</span>
          <input type="email" name="email" required maxLength={254} autoComplete="email" aria-invalid={Boolean(errors.email)} />
          <FieldError message={errors.email} />
        </label>
      </div>
      <div className="two">
        <label className="field">
          <span>City</span>
          <input type="text" name="city" required maxLength={100} autoComplete="address-level2" aria-invalid={Boolean(errors.city)} />
          <FieldError message={errors.city} />
        </label>
        <label className="field">
          <span>State</span>
          <StateSelect name="state" invalid={Boolean(errors.state)} />
          <FieldError message={errors.state} />
        </label>
      </div>
      <fieldset>
        <legend>I am interested in</legend>
        <div className="choice-row">
          {INTERESTS.map(([value, label]) => (
            <label key={value} className="choice">
              <input type="radio" name="interest" value={value} defaultChecked={value === interest} />
              {label}
            </label>
          ))}
        </div>
        <FieldError message={errors.interest} />
      </fieldset>
      <label className="field">
        <span>Anything we should know? (optional)</span>
        <textarea name="message" rows={3} maxLength={2000} />
        <FieldError message={errors.message} />
      </label>
      <FormMessage answer={answer} />
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

const YES_NO_QUESTIONS = [
  ['licensed', 'Is your business licensed where your trade requires it?'],
  ['bonded', 'Is your business bonded where your trade or local rules require it?'],
  ['insured', "Do you carry company liability insurance and workers' compensation?"],
] as const;

/** The contractor application of the certification page (SPEC.md 3 Other payloads). */
export function ContractorForm({ initial }: { initial?: FormAnswer | null }) {
  const { fetcher, answer, busy, done } = useLeadForm('contractor', initial);
  if (done)
    return (
      <div role="status" className="form-success">
        <h3>Application received!</h3>
        <p>{answer?.message || 'Submitted.'} We will e-mail you a secure link for your documents within two business days.</p>
      </div>
    );
  const errors = answer?.fields ?? {};
  return (
    <fetcher.Form method="post" action="/forms/contractor" className="lead-form" noValidate onSubmit={(e) => busy && e.preventDefault()}>
      <div className="two">
        <label className="field">
          <span>Company name</span>
          <input type="text" name="company_name" required maxLength={200} autoComplete="organization" aria-invalid={Boolean(errors.company_name)} />
          <FieldError message={errors.company_name} />
        </label>
        <label className="field">
          <span>Your name</span>
          <input type="text" name="contact_name" required maxLength={100} autoComplete="name" aria-invalid={Boolean(errors.contact_name)} />
          <FieldError message={errors.contact_name} />
        </label>
      </div>
      <div className="two">
        <label className="field">
          <span>Phone</span>
          <input type="tel" name="phone" required maxLength={250} autoComplete="tel" aria-invalid={Boolean(errors.phone)} />
          <FieldError message={errors.phone} />
        </label>
        <label className="field">
          <span>E-mail</span>
          <input type="email" name="email" required maxLength={254} autoComplete="email" aria-invalid={Boolean(errors.email)} />
          <FieldError message={errors.email} />
        </label>
      </div>
      <div className="two">
        <label className="field">
          <span>City</span>
          <input type="text" name="city" required maxLength={100} autoComplete="address-level2" aria-invalid={Boolean(errors.city)} />
          <FieldError message={errors.city} />
        </label>
        <label className="field">
          <span>State</span>
          <StateSelect name="state" invalid={Boolean(errors.state)} />
          <FieldError message={errors.state} />
        </label>
      </div>
      {YES_NO_QUESTIONS.map(([name, question]) => (
        <fieldset key={name}>
          <legend>{question}</legend>
          <div className="choice-row">
            <label className="choice">
              <input type="radio" name={name} value="yes" required />
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
      <fieldset>
        <legend>Projects you take on</legend>
        <div className="choice-row">
          {HOME_PROS_CATEGORIES.map((c) => (
            <label key={c.slug} className="choice">
              <input type="checkbox" name={`slug_${c.slug}`} value="yes" />
              {c.display}
            </label>
          ))}
        </div>
        <FieldError message={errors.project_slugs} />
      </fieldset>
      <FormMessage answer={answer} />
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
