// /business/certification (SPEC.md 2 Routes, 6): where home pros get certified. Certified pros are
// licensed where required, bonded when needed, insured (workers' comp and company liability);
// the page says how to apply and carries the contractor application.
import type { Route } from './+types/business-certification';
import { Breadcrumbs, PageBanner } from '../components/content-page.tsx';
import { ContractorSection } from '../components/business-forms.tsx';
import { buildMeta } from '../lib/content/meta.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, {
    title: 'HomePros Certification',
    description: "Become a LocalSaver Certified HomePro: licensed where required, bonded when needed, insured with workers' compensation and company liability. How to apply.",
    path: '/business/certification',
  });
}

export default function BusinessCertification() {
  return (
    <>
      <PageBanner eyebrow="HomePros certification" title="Certified HomePros: the contractors homeowners can trust" lead="The Certified badge tells homeowners that we checked your license, bond and insurance before your offer reached them.">
        <a href="#contractor-application" className="btn btn-light">
          Apply for certification
        </a>
      </PageBanner>
      <Breadcrumbs trail={[{ href: '/business?category=homepros', label: 'Home Pros' }, { label: 'Certification' }]} />
      <div className="container page">
        <div className="split">
          <div>
            <section aria-labelledby="cert-requirements" className="section">
              <h2 id="cert-requirements">What a certified pro must be</h2>
              <h3>Licensed where required</h3>
              <p>If your state, county or city requires a license for your trade (residential builders, electricians, plumbers, HVAC and roofing contractors in most places), you hold a current one in the name of your business, for every area you work in.</p>
              <h3>Bonded when needed</h3>
              <p>Where local rules or your trade call for a surety or license bond, it is in force and covers the work you offer.</p>
              <h3>Insured</h3>
              <p>You carry workers' compensation for your employees as your state requires, and company (general) liability insurance for the work you do in customers' homes.</p>
              <h3>In good standing</h3>
              <p>Your business is registered with the state, and you resolve customer complaints fairly. We may remove the badge if a requirement lapses.</p>
            </section>
            <section aria-labelledby="cert-how" className="section">
              <h2 id="cert-how">How to apply</h2>
              <ol className="steps">
                <li>
                  <strong>Send the application below.</strong> It takes about five minutes: your company, your contact details, the projects you take on and three yes-or-no questions.
                </li>
                <li>
                  <strong>Send your documents.</strong> Our team replies within two business days with a secure link for your license numbers, bond and insurance certificates.
                </li>
                <li>
                  <strong>We verify.</strong> We check licenses with the issuing authority and certificates with the insurer or surety.
                </li>
                <li>
                  <strong>Get the badge.</strong> Once approved, the Certified badge appears on your offers and location page. We check again each year and whenever a certificate expires.
                </li>
              </ol>
            </section>
          </div>
          <section aria-labelledby="cert-faq" className="section panel">
            <h2 id="cert-faq">Good to know</h2>
            <details>
              <summary>Does certification cost anything?</summary>
              <p>Verification is included for home pros who advertise with LocalSaver in print or online.</p>
            </details>
            <details>
              <summary>My trade needs no license where I work.</summary>
              <p>Then you need no license for the badge. Tell us which cities and counties you serve and we check their rules.</p>
            </details>
            <details>
              <summary>Which areas do you certify in?</summary>
              <p>Michigan, Illinois, Minnesota and Florida: the markets where our magazine and website reach homeowners.</p>
            </details>
            <details>
              <summary>What does the badge promise homeowners?</summary>
              <p>That when we last checked, you were licensed where required, bonded when needed and insured. It is not a guarantee of the work itself; homeowners should still agree the scope and price in writing.</p>
            </details>
          </section>
        </div>
        <ContractorSection />
      </div>
    </>
  );
}
