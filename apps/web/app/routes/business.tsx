// /business (SPEC.md 2 Routes): the advertising area's front page, selling print and digital
// advertising in the four markets, with the business lead form. /business?category=homepros
// ('Are you a Home Pro?' in the header) speaks to contractors instead: certification and the
// contractor application. Business pages get the business footer (no newsletter strip,
// 'Back To the main site').
import { Link, useLoaderData } from 'react-router';
import { MARKETS } from '@market/domain/markets';
import type { Route } from './+types/business';
import { FeatureGrid, PageBanner } from '../components/content-page.tsx';
import { BusinessLeadSection, ContractorSection } from '../components/business-forms.tsx';
import { buildMeta } from '../lib/content/meta.ts';

export function loader({ request }: Route.LoaderArgs) {
  const homePros = new URL(request.url).searchParams.get('category') === 'homepros';
  return { homePros };
}

export function meta(args: Route.MetaArgs) {
  const homePros = args.loaderData?.homePros ?? false;
  return buildMeta(
    args,
    homePros
      ? {
          title: 'Home Pros: Get Certified and Win More Jobs',
          description: 'Reach homeowners in Michigan, Illinois, Minnesota and Florida as a LocalSaver Certified HomePro: licensed where required, bonded, insured.',
          path: '/business?category=homepros',
        }
      : {
          title: 'Advertise With Us',
          description: 'Print and digital advertising that brings local customers through your door in Michigan, Illinois, Minnesota and Florida.',
          path: '/business',
        },
  );
}

const OPTIONS = [
  {
    title: 'Print',
    text: 'Your coupon in the LocalSaver magazine, mailed to households in the neighborhoods you choose. Full-color ads, designed by our studio at no extra cost.',
    href: '/business/print',
    linkLabel: 'Print advertising',
  },
  {
    title: 'Digital',
    text: 'Offers on localsaver.com and in the e-mails our members open every week: featured placement, category pages, search and your own location page.',
    href: '/business/digital',
    linkLabel: 'Digital advertising',
  },
  {
    title: 'Home Pros',
    text: 'Contractors who are licensed where required, bonded and insured earn the Certified badge and a place in the HomePros spotlight.',
    href: '/business?category=homepros',
    linkLabel: 'For home pros',
  },
] as const;

function Markets() {
  return (
    <section aria-labelledby="markets-heading" className="section">
      <h2 id="markets-heading">Four markets, one local team each</h2>
      <p>We sell in Michigan, Illinois, Minnesota and Florida. Your account manager works from the office that serves your area and knows its neighborhoods.</p>
      <ul className="office-list">
        {Object.values(MARKETS).map((m) => (
          <li key={m.id} className="office">
            <h3>{m.name === 'Twin Cities' ? 'Twin Cities, Minnesota' : m.name === m.fullAdministrativeArea ? m.name : `${m.name}, ${m.fullAdministrativeArea}`}</h3>
            <p>
              <a href={`tel:${m.telephone.replace(/[^0-9+]/g, '')}`}>{m.telephone}</a> · <a href={`mailto:${m.contactEmail}`}>{m.contactEmail}</a>
            </p>
            <p className="small muted">
              <Link to={`/contact${m.id === 'detroit' ? '' : `?citycontact=${m.id}`}`}>Office address and hours</Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Advertisers() {
  return (
    <>
      <PageBanner eyebrow="Advertise with LocalSaver" title="Bring more local customers through your door" lead="Print and digital advertising that puts your offer in front of savers in Michigan, Illinois, Minnesota and Florida, the week they are deciding where to spend.">
        <a href="#contact-sales" className="btn btn-light">
          Talk to our sales team
        </a>
        <Link to="/business/print" className="btn btn-outline">
          See print options
        </Link>
      </PageBanner>
      <div className="container page">
        <section aria-labelledby="options-heading" className="section">
          <h2 id="options-heading">Ways to advertise</h2>
          <FeatureGrid label="Ways to advertise" items={OPTIONS} />
        </section>
        <section aria-labelledby="how-heading" className="section">
          <h2 id="how-heading">How it works</h2>
          <ol className="steps">
            <li>
              <strong>Tell us about your business.</strong> A local account manager calls you within one business day to learn who your best customers are and where they live.
            </li>
            <li>
              <strong>We build your campaign.</strong> Our designers create the ad and the offer; you approve every proof before it runs in print or online.
            </li>
            <li>
              <strong>Customers bring your coupon in.</strong> Savers print, download or show your offer on their phone; members redeem it at your counter with one swipe.
            </li>
            <li>
              <strong>See what worked.</strong> Each month you get the views, prints and redemptions of every offer, so you can keep what works and change what does not.
            </li>
          </ol>
        </section>
        <section aria-labelledby="why-heading" className="section">
          <h2 id="why-heading">Why local businesses choose us</h2>
          <ul className="check-list">
            <li>Savers come to us looking for a deal nearby, so your offer reaches people who are ready to buy.</li>
            <li>Print and digital work together: the magazine gets opened at home, the website and e-mails follow the saver on the go.</li>
            <li>No long contracts required: start with one mailing or one month online.</li>
            <li>Design, printing and postage are included in the price we quote.</li>
          </ul>
        </section>
        <Markets />
        <BusinessLeadSection interest="print" />
      </div>
    </>
  );
}

function HomePros() {
  return (
    <>
      <PageBanner eyebrow="For home pros" title="Get certified. Win more jobs." lead="Homeowners in our four markets look for a contractor they can trust. The LocalSaver Certified badge tells them you are licensed where required, bonded when needed and insured.">
        <a href="#contractor-application" className="btn btn-light">
          Apply now
        </a>
        <Link to="/business/certification" className="btn btn-outline">
          Certification requirements
        </Link>
      </PageBanner>
      <div className="container page">
        <section aria-labelledby="homepros-why" className="section">
          <h2 id="homepros-why">What certified home pros get</h2>
          <FeatureGrid
            label="What certified home pros get"
            items={[
              { title: 'The Certified badge', text: 'Shown on every one of your offers and on your location page, with a short note on what it means.' },
              { title: 'Spotlight placement', text: 'A place in the HomePros spotlight carousel on the home page of the homeowners near you.' },
              { title: 'Leads that fit', text: 'Requests for estimates from homeowners in the neighborhoods and for the projects you choose.' },
            ]}
          />
        </section>
        <section aria-labelledby="homepros-requirements" className="section">
          <h2 id="homepros-requirements">Who can be certified</h2>
          <ul className="check-list">
            <li>Licensed where your state or city requires it for your trade.</li>
            <li>Bonded when your trade or local rules require a bond.</li>
            <li>Insured: workers' compensation for your crew and company liability insurance.</li>
          </ul>
          <p>
            <Link to="/business/certification">Read the full certification requirements and how to apply</Link>
          </p>
        </section>
        <Markets />
        <ContractorSection />
      </div>
    </>
  );
}

export default function Business() {
  const { homePros } = useLoaderData<typeof loader>();
  return homePros ? <HomePros /> : <Advertisers />;
}
