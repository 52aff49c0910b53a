// /business/digital (SPEC.md 2 Routes): digital advertising on the site, in search and in member
// e-mails, with the business lead form (interest digital).
import type { Route } from './+types/business-digital';
import { Breadcrumbs, FeatureGrid, PageBanner } from '../components/content-page.tsx';
import { BusinessLeadSection } from '../components/business-forms.tsx';
import { buildMeta } from '../lib/content/meta.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, {
    title: 'Digital Advertising',
    description: 'Featured offers, category and search placement, member e-mails and your own location page on LocalSaver.',
    path: '/business/digital',
  });
}

export default function BusinessDigital() {
  return (
    <>
      <PageBanner eyebrow="Digital advertising" title="Be found by savers nearby, the moment they search" lead="LocalSaver shows offers by distance: the savers who see yours are the ones who live, work and shop near you.">
        <a href="#contact-sales" className="btn btn-light">
          Start advertising online
        </a>
      </PageBanner>
      <Breadcrumbs trail={[{ href: '/business', label: 'Advertise' }, { label: 'Digital' }]} />
      <div className="container page">
        <section aria-labelledby="digital-what" className="section">
          <h2 id="digital-what">Where your offer appears</h2>
          <FeatureGrid
            label="Digital placements"
            items={[
              { title: 'Featured offers', text: 'The Featured ribbon and a top spot in your category, near the savers who browse it.' },
              { title: 'Search', text: 'Savers search for "pizza", "oil change" or your name; your offers are ranked by relevance and distance.' },
              { title: 'Your location page', text: 'Address, map, hours, website and every active offer on one shareable page for each of your locations.' },
              { title: 'Member e-mails', text: 'Members pick the categories they care about; we send them the new offers nearby.' },
              { title: 'Recommended offers', text: 'Members see recommendations on the home page based on what they save and where they are.' },
              { title: 'Mobile redemption', text: 'Members show the coupon on their phone and redeem it at your counter with one swipe: no paper needed.' },
            ]}
          />
        </section>
        <section aria-labelledby="digital-reports" className="section">
          <h2 id="digital-reports">Reports you can use</h2>
          <p>Every month we send the views of your offers and location page, the prints and downloads, the redemptions and the clicks to your website, for each location. Change your offer any time; it is live the same day.</p>
        </section>
        <BusinessLeadSection interest="digital" />
      </div>
    </>
  );
}
