// /business/print (SPEC.md 2 Routes): print advertising in the LocalSaver magazine, with the
// business lead form (interest print).
import { Link } from 'react-router';
import type { Route } from './+types/business-print';
import { Breadcrumbs, FeatureGrid, PageBanner } from '../components/content-page.tsx';
import { BusinessLeadSection } from '../components/business-forms.tsx';
import { buildMeta } from '../lib/content/meta.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, {
    title: 'Print Advertising',
    description: 'Put your coupon in the LocalSaver magazine, mailed to the households around your business in Michigan, Illinois, Minnesota and Florida.',
    path: '/business/print',
  });
}

export default function BusinessPrint() {
  return (
    <>
      <PageBanner eyebrow="Print advertising" title="Your coupon, in the mailbox of every home nearby" lead="The LocalSaver magazine arrives by mail in the neighborhoods you choose. Families keep it on the counter, clip what they need and bring it to your door.">
        <a href="#contact-sales" className="btn btn-light">
          Get a print quote
        </a>
      </PageBanner>
      <Breadcrumbs trail={[{ href: '/business', label: 'Advertise' }, { label: 'Print' }]} />
      <div className="container page">
        <section aria-labelledby="print-what" className="section">
          <h2 id="print-what">What you get</h2>
          <FeatureGrid
            label="Print advertising includes"
            items={[
              { title: 'Targeted mail zones', text: 'Pick the carrier routes around your business, from one neighborhood of about 10,000 homes to a whole metro area.' },
              { title: 'Ads designed for you', text: 'Our in-house designers write and lay out your ad, with your logo, photos, offer and expiry date. You approve the proof.' },
              { title: 'Printing and postage included', text: 'One price covers design, printing on heavy gloss stock and postage. No surprises on the invoice.' },
              { title: 'Online at the same time', text: 'Every print offer also appears on localsaver.com and the app for the same dates, so savers can print or show it on the phone.' },
              { title: 'Clear results', text: 'A unique code on each offer lets you count what comes back; online views, prints and redemptions are reported monthly.' },
              { title: 'Flexible schedules', text: 'Run in one issue to test, or every issue for steady traffic. Change the offer between issues at no cost.' },
            ]}
          />
        </section>
        <section aria-labelledby="print-sizes" className="section">
          <h2 id="print-sizes">Ad sizes</h2>
          <div className="table-scroll">
            <table className="winners">
              <thead>
                <tr>
                  <th scope="col">Size</th>
                  <th scope="col">Best for</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>Single coupon (1/8 page)</td>
                  <td>One strong offer: a free appetizer, $10 off an oil change</td>
                </tr>
                <tr>
                  <td>Double coupon (1/4 page)</td>
                  <td>Two offers side by side, or one offer with photos</td>
                </tr>
                <tr>
                  <td>Half page</td>
                  <td>A menu of services with several offers</td>
                </tr>
                <tr>
                  <td>Full page and cover</td>
                  <td>Grand openings, seasonal events, the strongest presence in the issue</td>
                </tr>
              </tbody>
            </table>
          </div>
          <p>
            Artwork specifications and deadlines are on the <Link to="/business/resources">resources page</Link>.
          </p>
        </section>
        <BusinessLeadSection interest="print" />
      </div>
    </>
  );
}
