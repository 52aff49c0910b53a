// /presskit (SPEC.md 2 Routes, company pages): facts, logos and the press contact.
import { BRANDS } from '@market/domain/brand';
import { HEADQUARTERS, MARKETS, TOLL_FREE_PHONE } from '@market/domain/markets';
import type { Route } from './+types/presskit';
import { PageBanner } from '../components/content-page.tsx';
import { buildMeta } from '../lib/content/meta.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'Press Kit', description: 'Facts about LocalSaver, our logos and how to reach our press team.', path: '/presskit' });
}

export default function PressKit() {
  return (
    <>
      <PageBanner eyebrow="Press" title="Press Kit" lead="Facts, logos and contacts for journalists writing about local businesses and saving money." />
      <div className="container page">
        <div className="split">
          <section aria-labelledby="press-facts" className="section">
            <h2 id="press-facts">Fast facts</h2>
            <dl className="panel">
              <dt>
                <strong>Company</strong>
              </dt>
              <dd>{HEADQUARTERS.name}</dd>
              <dt>
                <strong>Headquarters</strong>
              </dt>
              <dd>
                {HEADQUARTERS.street}, {HEADQUARTERS.city}, {HEADQUARTERS.state} {HEADQUARTERS.zip}
              </dd>
              <dt>
                <strong>Markets</strong>
              </dt>
              <dd>{Object.values(MARKETS).map((m) => `${m.name} (${m.state})`).join(', ')}</dd>
              <dt>
                <strong>What we publish</strong>
              </dt>
              <dd>The LocalSaver coupon magazine, mailed to homes, and localsaver.com with printable and mobile coupons, contests and the Certified HomePros directory.</dd>
              <dt>
                <strong>Taglines</strong>
              </dt>
              <dd>
                "{BRANDS.default.tagline}" and, for home pros, "{BRANDS.twincities.tagline}"
              </dd>
            </dl>
          </section>
          <section aria-labelledby="press-contact" className="section panel">
            <h2 id="press-contact">Press contact</h2>
            <p>
              <a href="mailto:press@localsaver.example">press@localsaver.example</a>
              <br />
              <a href={`tel:${TOLL_FREE_PHONE.replace(/[^0-9+]/g, '')}`}>{TOLL_FREE_PHONE}</a>
            </p>
            <p className="small muted">We answer press requests within one business day.</p>
          </section>
        </div>
        <section aria-labelledby="press-logos" className="section">
          <h2 id="press-logos">Logos</h2>
          <p>Use the logos as they are, on a white or light background, with clear space around them. Do not change their colors or proportions.</p>
          <ul className="feature-grid" aria-label="Logos">
            {Object.values(BRANDS).map((b) => (
              <li key={b.id} className="feature">
                <img src={b.logo} alt={`${b.siteName} logo`} width={240} height={60} />
                <p>
                  <a href={b.logo} download>
                    Download the {b.siteName} logo (SVG)
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="press-boiler" className="section">
          <h2 id="press-boiler">About LocalSaver</h2>
          <blockquote className="panel">
            LocalSaver helps families in Michigan, Illinois, Minnesota and Florida save at the local businesses around them, through its coupon magazine and localsaver.com, and helps homeowners find contractors who are licensed where required, bonded and insured. {HEADQUARTERS.name} is based in {HEADQUARTERS.city}, Michigan.
          </blockquote>
        </section>
      </div>
    </>
  );
}
