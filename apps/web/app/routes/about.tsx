// /about (SPEC.md 2 Routes, company pages): who we are, what we do, where we work.
import { Link } from 'react-router';
import { HEADQUARTERS, MARKETS } from '@market/domain/markets';
import type { Route } from './+types/about';
import { FeatureGrid, PageBanner } from '../components/content-page.tsx';
import { buildMeta } from '../lib/content/meta.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, {
    title: 'About Us',
    description: 'LocalSaver connects neighbors with local businesses and certified home pros in Michigan, Illinois, Minnesota and Florida, in print and online.',
    path: '/about',
  });
}

export default function About() {
  return (
    <>
      <PageBanner eyebrow="About LocalSaver" title="Live Life for Less, close to home" lead="We help families save at the restaurants, salons, shops and home pros in their own neighborhoods, and we help those businesses grow." />
      <div className="container page">
        <div className="split">
          <section aria-labelledby="about-story" className="section prose">
            <h2 id="about-story">Our story</h2>
            <p>
              LocalSaver started as a coupon magazine mailed to homes around Detroit. Today {HEADQUARTERS.name} publishes the magazine and runs localsaver.com in four markets: Michigan, Illinois, Minnesota and Florida, with a regional office in each.
            </p>
            <p>
              Every offer you see comes from a local business that chose to advertise with us. Our account managers live in the markets they serve; our designers build each coupon; our team checks the license, bond and insurance of every contractor who carries the Certified HomePros badge.
            </p>
            <h2>What we believe</h2>
            <ul className="check-list">
              <li>Saving money should be simple: print it, download it or show it on your phone.</li>
              <li>Local businesses make neighborhoods worth living in.</li>
              <li>Trust is earned: clear offers, fair terms, and pros who are who they say they are.</li>
            </ul>
          </section>
          <aside className="section panel" aria-labelledby="about-offices">
            <h2 id="about-offices">Our offices</h2>
            <ul className="plain-list">
              {Object.values(MARKETS).map((m) => (
                <li key={m.id}>
                  <Link to={m.id === 'detroit' ? '/contact' : `/contact?citycontact=${m.id}`}>
                    {m.name} ({m.address.city}, {m.address.state})
                  </Link>
                </li>
              ))}
            </ul>
          </aside>
        </div>
        <section aria-labelledby="about-what" className="section">
          <h2 id="about-what">What we do</h2>
          <FeatureGrid
            label="What we do"
            items={[
              { title: 'For savers', text: 'Coupons, offers and free contests from local businesses, by category and by place.', href: '/browse/all', linkLabel: 'Browse offers' },
              { title: 'For businesses', text: 'Print and digital advertising that brings customers nearby through the door.', href: '/business', linkLabel: 'Advertise with us' },
              { title: 'For home pros', text: 'Certification for contractors who are licensed where required, bonded and insured.', href: '/business/certification', linkLabel: 'Get certified' },
            ]}
          />
        </section>
        <section aria-labelledby="about-more" className="section">
          <h2 id="about-more">More about us</h2>
          <p>
            <Link to="/careers">Careers</Link> · <Link to="/presskit">Press kit</Link> · <Link to="/contact">Contact us</Link> · <Link to="/blog">Blog</Link>
          </p>
          {/* The generated logos, offer pictures and contest art draw Fluent Emoji (MIT licence: the notice travels with the package; credited here too). */}
          <p className="muted">
            Business and prize illustrations: <a href="https://github.com/microsoft/fluentui-emoji" rel="noopener">Fluent Emoji</a> © Microsoft Corporation, used under the MIT licence.
          </p>
        </section>
      </div>
    </>
  );
}
