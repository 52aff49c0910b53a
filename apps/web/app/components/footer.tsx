// Site footer (SPEC.md 2 Footer). Inside the Twin Cities area the full footer (with the home-pros
// blocks: five category links, 'Get Estimates', 'Request List Removal', 'Suggest a Contractor');
// elsewhere the reduced footer. The 'Become a Member' newsletter strip shows on every page but the
// business pages (isBusiness), whose footer leads 'Back To the main site'.
import { Link } from 'react-router';
import type { Brand } from '@market/domain/brand';
import { HOME_PROS_CATEGORIES } from '@market/domain/categories';
import { HEADQUARTERS, TOLL_FREE_PHONE } from '@market/domain/markets';
import { EXTERNAL } from '../lib/content/site.ts';
import { MagazineLeadDialog, MailingRemovalDialog, NewsletterForm, SuggestDialog } from './lead-forms.tsx';

const COMPANY_LINKS = [
  { href: '/about', label: 'About Us' },
  { href: '/careers', label: 'Careers' },
  { href: '/presskit', label: 'Press Kit' },
  { href: '/contact', label: 'Contact Us' },
  { href: '/terms', label: 'Terms of Use' },
  { href: '/privacy', label: 'Privacy Policy' },
] as const;

const HOME_PROS_LINKS = HOME_PROS_CATEGORIES.map((c) => ({ slug: c.slug, label: c.display, href: `/browse/${c.slug}` }));

export function Footer({ brand, twinCities, isBusiness = false }: { brand: Brand; twinCities: boolean; isBusiness?: boolean }) {
  return (
    <footer className="site-footer" data-variant={twinCities ? 'full' : 'reduced'} data-business={isBusiness ? 'true' : undefined}>
      {isBusiness ? (
        <div className="business-back">
          <div className="container">
            <Link to="/" className="back-main">
              <span aria-hidden="true">←</span> Back To the main site
            </Link>
          </div>
        </div>
      ) : (
        <section className="newsletter-strip" aria-labelledby="newsletter-heading">
          <div className="container newsletter-inner">
            <div>
              <h2 id="newsletter-heading">Become a Member</h2>
              <p>Get local deals in your inbox.</p>
            </div>
            <NewsletterForm />
          </div>
        </section>
      )}
      <div className="container footer-grid">
        <section aria-labelledby="footer-advertise">
          <h2 id="footer-advertise">Advertise with us</h2>
          <p>Reach local savers in print and online.</p>
          <a href={EXTERNAL.advertise} rel="noopener" className="footer-link">
            Advertise with us
          </a>
        </section>
        <section aria-labelledby="footer-suggest">
          <h2 id="footer-suggest">Suggest Location</h2>
          <p>Not finding your favorite restaurant or hair salon?</p>
          <SuggestDialog label="Suggest Location" />
        </section>
        <section aria-labelledby="footer-removal">
          <h2 id="footer-removal">Mailing List Removal</h2>
          <p>To stop receiving our magazine, we just need your address.</p>
          <MailingRemovalDialog label="Mailing List Removal" />
        </section>
        <section aria-labelledby="footer-magazine">
          <h2 id="footer-magazine">Get the Magazine</h2>
          <p>Want our coupons in your mailbox? It's free.</p>
          <MagazineLeadDialog label="Get the Magazine" />
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick">Quick Links</h2>
          <ul className="plain-list">
            {COMPANY_LINKS.map((l) => (
              <li key={l.href}>
                <Link to={l.href} className="footer-link">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {twinCities ? (
          <>
            <section aria-labelledby="footer-what">
              <h2 id="footer-what">What We Do</h2>
              <p>We connect neighbors with the local businesses and certified home pros they can trust, with savings in print and online.</p>
            </section>
            <nav aria-labelledby="footer-homepros">
              <h2 id="footer-homepros">Find a Home Pro</h2>
              <ul className="plain-list">
                {HOME_PROS_LINKS.map((l) => (
                  <li key={l.slug}>
                    <Link to={l.href} className="footer-link">
                      {l.label}
                    </Link>
                  </li>
                ))}
                <li>
                  <a href={EXTERNAL.estimates} rel="noopener" className="footer-link">
                    Get Estimates
                  </a>
                </li>
                <li>
                  <MailingRemovalDialog title="Request List Removal" label="Request List Removal" />
                </li>
                <li>
                  <SuggestDialog kind="contractor" title="Suggest a Contractor" label="Suggest a Contractor" />
                </li>
              </ul>
            </nav>
          </>
        ) : null}
        <section aria-labelledby="footer-hq">
          <h2 id="footer-hq">Headquarters</h2>
          <address>
            {HEADQUARTERS.name}
            <br />
            {HEADQUARTERS.street}
            <br />
            {HEADQUARTERS.city}, {HEADQUARTERS.state} {HEADQUARTERS.zip}
            <br />
            <a href={`tel:${TOLL_FREE_PHONE.replace(/[^0-9+]/g, '')}`} className="footer-link">
              {TOLL_FREE_PHONE}
            </a>
          </address>
          <p className="muted">With locations in Michigan, Illinois, Minnesota and Florida.</p>
        </section>
      </div>
      <div className="container footer-bottom">
        <ul className="social-links" aria-label="Social media">
          <li>
            <a href={brand.social.facebook} rel="noopener">
              Facebook
            </a>
          </li>
          <li>
            <a href={brand.social.twitter} rel="noopener">
              Twitter {brand.social.twitterHandle}
            </a>
          </li>
          <li>
            <a href={brand.social.instagram} rel="noopener">
              Instagram
            </a>
          </li>
        </ul>
        <p className="muted">
          © {new Date().getFullYear()} {HEADQUARTERS.name}
        </p>
      </div>
    </footer>
  );
}
