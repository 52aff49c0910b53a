// /contact (SPEC.md 2 Routes): the office of citycontact (chicago, minneapolis or florida;
// Detroit otherwise) with its address, phone and hours (SPEC.md 9), and the other offices.
import { Link, useLoaderData } from 'react-router';
import { MARKETS, TOLL_FREE_PHONE, type Market } from '@market/domain/markets';
import { contactMarket, openingHoursText } from '@market/domain/office-hours';
import type { Route } from './+types/contact';
import { PageBanner } from '../components/content-page.tsx';
import { buildMeta } from '../lib/content/meta.ts';

export function loader({ request }: Route.LoaderArgs) {
  const market = contactMarket(new URL(request.url).searchParams.get('citycontact'));
  return { marketId: market.id };
}

function officeTitle(m: Market): string {
  return m.id === 'minneapolis' ? 'Twin Cities Office' : `${m.name} Office`;
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}

function contactPath(m: Market): string {
  return m.id === 'detroit' ? '/contact' : `/contact?citycontact=${m.id}`;
}

export function meta(args: Route.MetaArgs) {
  const market = MARKETS[args.loaderData?.marketId ?? 'detroit'];
  return buildMeta(args, {
    title: `Contact Us: ${officeTitle(market)}`,
    description: `${officeTitle(market)}: ${market.address.street}, ${market.address.city}, ${market.address.state} ${market.address.zip}. ${market.telephone}. ${openingHoursText(market.openingHours)}.`,
    path: contactPath(market),
    type: 'business.business',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: `LocalSaver ${market.name}`,
      telephone: market.telephone,
      faxNumber: market.fax,
      email: market.contactEmail,
      openingHours: market.openingHours,
      address: { '@type': 'PostalAddress', streetAddress: market.address.street, addressLocality: market.address.city, addressRegion: market.address.state, postalCode: market.address.zip, addressCountry: 'US' },
      geo: { '@type': 'GeoCoordinates', latitude: market.lat, longitude: market.lng },
    },
  });
}

function Office({ market, current }: { market: Market; current: boolean }) {
  const Heading = current ? 'h2' : 'h3';
  return (
    <article className="office" aria-current={current ? 'true' : undefined} aria-labelledby={`office-${market.id}`}>
      <Heading id={`office-${market.id}`}>{officeTitle(market)}</Heading>
      <address>
        {market.address.street}
        <br />
        {market.address.city}, {market.address.state} {market.address.zip}
      </address>
      <p>
        Phone: <a href={telHref(market.telephone)}>{market.telephone}</a>
        <br />
        Fax: {market.fax}
        <br />
        E-mail: <a href={`mailto:${market.contactEmail}`}>{market.contactEmail}</a>
      </p>
      <p>
        <strong>Hours:</strong> {openingHoursText(market.openingHours)}. Closed weekends.
      </p>
    </article>
  );
}

export default function Contact() {
  const { marketId } = useLoaderData<typeof loader>();
  const market = MARKETS[marketId];
  const others = Object.values(MARKETS).filter((m) => m.id !== market.id);
  return (
    <>
      <PageBanner eyebrow="Contact us" title={officeTitle(market)} lead={`Questions about an offer, advertising or your account? Call us, e-mail us or visit us. Toll-free for every office: ${TOLL_FREE_PHONE}.`} />
      <div className="container page">
        <nav aria-label="Offices">
          <ul className="office-tabs">
            {Object.values(MARKETS).map((m) => (
              <li key={m.id}>
                <Link to={contactPath(m)} aria-current={m.id === market.id ? 'page' : undefined}>
                  {m.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="split">
          <Office market={market} current />
          <section className="panel" aria-labelledby="contact-help">
            <h2 id="contact-help">How can we help?</h2>
            <ul className="plain-list">
              <li>
                <Link to="/business">Advertise with us</Link>
              </li>
              <li>
                <Link to="/business/certification">Get certified as a home pro</Link>
              </li>
              <li>
                <Link to="/forms/mailing-removal">Stop receiving the magazine</Link>
              </li>
              <li>
                <Link to="/forms/suggest">Suggest a business we are missing</Link>
              </li>
              <li>
                <Link to="/privacy#your-choices">Privacy questions and account deletion</Link>
              </li>
            </ul>
          </section>
        </div>
        <section aria-labelledby="other-offices" className="section">
          <h2 id="other-offices">Our other offices</h2>
          <ul className="office-list">
            {others.map((m) => (
              <li key={m.id}>
                <Office market={m} current={false} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
