// /business/resources (SPEC.md 2 Routes): material for advertisers: artwork specifications,
// deadlines, offer tips, the external lead-generation guides and answers to common questions.
import { Link } from 'react-router';
import type { Route } from './+types/business-resources';
import { Breadcrumbs, PageBanner } from '../components/content-page.tsx';
import { BusinessLeadSection } from '../components/business-forms.tsx';
import { buildMeta } from '../lib/content/meta.ts';
import { EXTERNAL } from '../lib/content/site.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, {
    title: 'Advertiser Resources',
    description: 'Artwork specifications, deadlines, tips for offers that work and answers for LocalSaver advertisers.',
    path: '/business/resources',
  });
}

const FAQ = [
  ['How much does advertising cost?', 'It depends on the number of homes, the ad size and how often it runs. Your account manager sends a written quote with design, printing and postage included.'],
  ['Do I have to sign a long contract?', 'No. You can run a single issue or one month online. Advertisers who commit to several issues get a lower price per issue.'],
  ['How soon can my offer run?', 'Online offers go live within one business day of your approval. Print offers run in the next issue whose deadline has not passed.'],
  ['Can I change my offer?', 'Yes. Online offers can be changed at any time; print offers can change from one issue to the next.'],
  ['How do I know it worked?', 'Each offer carries its own code. We report views, prints, downloads and mobile redemptions every month.'],
  ['Which areas do you cover?', 'Southeast Michigan, Chicagoland, the Twin Cities and the Tampa Bay area and more of Florida. Ask your account manager for the carrier routes near you.'],
] as const;

export default function BusinessResources() {
  return (
    <>
      <PageBanner eyebrow="Resources" title="Everything you need to run a great offer" lead="Specifications, deadlines and advice from the team that has designed thousands of local coupons." />
      <Breadcrumbs trail={[{ href: '/business', label: 'Advertise' }, { label: 'Resources' }]} />
      <div className="container page">
        <div className="split">
          <div>
            <section aria-labelledby="res-tips" className="section">
              <h2 id="res-tips">Offers that bring customers in</h2>
              <ul className="check-list">
                <li>Lead with the value: "$10 off any service over $50" reads faster than a list of conditions.</li>
                <li>Give a reason to come soon: an expiry date four to eight weeks out works best.</li>
                <li>Keep the fine print short and fair; savers trust offers they understand.</li>
                <li>Use a photo of your real work, dish or storefront rather than a stock image.</li>
                <li>Make new customers welcome with a first-visit offer, and keep a second offer for regulars.</li>
              </ul>
            </section>
            <section aria-labelledby="res-specs" className="section">
              <h2 id="res-specs">Artwork specifications</h2>
              <ul className="check-list">
                <li>Logos: vector (SVG, EPS or PDF) or a PNG at least 1,000 pixels wide.</li>
                <li>Photos: JPEG or PNG, at least 300 dpi at printed size (about 1,500 pixels for a quarter page).</li>
                <li>Print colors: CMYK; we convert RGB files for you and send a proof.</li>
                <li>Online pictures: at least 1,200 x 800 pixels; text in pictures is kept small so the offer stays readable on phones.</li>
              </ul>
            </section>
            <section aria-labelledby="res-deadlines" className="section">
              <h2 id="res-deadlines">Deadlines</h2>
              <p>Print space closes four weeks before the in-home date; artwork and proof approval close three weeks before. Online offers have no deadline: they go live within one business day of approval.</p>
            </section>
            <section aria-labelledby="res-guides" className="section">
              <h2 id="res-guides">Guides</h2>
              <ul className="check-list">
                <li>
                  <a href={EXTERNAL.leadGuides} rel="noopener">
                    Lead-generation guides for local businesses
                  </a>
                </li>
                <li>
                  <Link to="/business/certification">HomePros certification: requirements and how to apply</Link>
                </li>
                <li>
                  <Link to="/blog">The LocalSaver blog</Link>
                </li>
              </ul>
            </section>
          </div>
          <section aria-labelledby="res-faq" className="section panel">
            <h2 id="res-faq">Questions advertisers ask</h2>
            {FAQ.map(([q, a]) => (
              <details key={q}>
                <summary>{q}</summary>
                <p>{a}</p>
              </details>
            ))}
          </section>
        </div>
        <BusinessLeadSection interest="digital" />
      </div>
    </>
  );
}
