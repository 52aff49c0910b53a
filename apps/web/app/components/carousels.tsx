// Carousels (SPEC.md 4): the promotional callouts autoplay every 3500 ms when there is more than
// one item, loop, and show 2 slides on wide screens, 1 at or below 1000 px or with a single item.
// The spotlight carousel of the home-pros home wraps both ways. Embla carousel; slides are real
// links, so both read fine before JavaScript loads (as a scrollable row).
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CAROUSEL_MS } from '@market/domain/constants';
import { calloutLinkAttributes, decorateCalloutLink } from '@market/domain/callouts';
import type { UserGeo } from '@market/domain/user-geo';
import type { Callout, SpotlightMerchant } from '../lib/api-types.ts';
import { merchantHref } from './offer-card.tsx';

function Controls({ onPrev, onNext, label }: { onPrev: () => void; onNext: () => void; label: string }) {
  return (
    <div className="carousel-controls">
      <button type="button" className="icon-btn" onClick={onPrev} aria-label={`Previous ${label}`}>
        ‹
      </button>
      <button type="button" className="icon-btn" onClick={onNext} aria-label={`Next ${label}`}>
        ›
      </button>
    </div>
  );
}

export function CalloutCarousel({ callouts, geo }: { callouts: Callout[]; geo: UserGeo }) {
  const many = callouts.length > 1;
  const [ref, api] = useEmblaCarousel({ loop: many, align: 'start', slidesToScroll: 1 }, many ? [Autoplay({ delay: CAROUSEL_MS, stopOnInteraction: false, stopOnMouseEnter: true })] : []);
  const prev = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);
  if (!callouts.length) return null;
  return (
    <section className={`carousel callout-carousel ${many ? 'many' : 'single'}`} aria-roledescription="carousel" aria-label="Promotions">
      <div className="carousel-viewport" ref={ref}>
        <ul className="carousel-track">
          {callouts.map((c, i) => {
            const attrs = calloutLinkAttributes(c);
            const href = decorateCalloutLink(c.link, geo);
            return (
              <li key={`${c.link}-${i}`} className="carousel-slide" aria-roledescription="slide" aria-label={`${i + 1} of ${callouts.length}`}>
                <a href={href} target={attrs.target} rel={attrs.rel || undefined}>
                  <img src={c.image.url} alt={c.image.alternativeText || 'Promotion'} width={640} height={280} loading={i < 2 ? 'eager' : 'lazy'} />
                </a>
              </li>
            );
          })}
        </ul>
      </div>
      {many ? <Controls onPrev={prev} onNext={next} label="promotion" /> : null}
    </section>
  );
}

export function SpotlightCarousel({ merchants }: { merchants: SpotlightMerchant[] }) {
  const [ref, api] = useEmblaCarousel({ loop: true, align: 'start' });
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);
  if (!merchants.length) return <p className="muted">No local professionals to spotlight yet.</p>;
  return (
    <div className="carousel spotlight-carousel" aria-roledescription="carousel" aria-label="Local professionals">
      <div className="carousel-viewport" ref={ref}>
        <ul className="carousel-track">
          {merchants.map((m, i) => (
            <li key={m.id} className="carousel-slide" aria-roledescription="slide" aria-label={`${i + 1} of ${merchants.length}`} aria-current={i === selected ? 'true' : undefined}>
              <article className="card spotlight-card">
                {m.logo ? <img src={m.logo} alt="" width={96} height={96} loading="lazy" /> : null}
                <h3>{m.merchant.display}</h3>
                <p className="muted">
                  {m.city}, {m.state}
                </p>
                <p>{m.description}</p>
                <Link to={merchantHref(m.slug, m.id)} className="btn btn-outline" aria-label={`Learn More about ${m.merchant.display}`}>
                  Learn More
                </Link>
              </article>
            </li>
          ))}
        </ul>
      </div>
      {merchants.length > 1 ? <Controls onPrev={() => api?.scrollPrev()} onNext={() => api?.scrollNext()} label="professional" /> : null}
    </div>
  );
}
