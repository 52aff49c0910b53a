// Carousels (SPEC.md 4): the promotional callouts autoplay every 3500 ms when there is more than
// one item, loop, and show 2 slides on wide screens, 1 at or below 1000 px or with a single item.
// The spotlight carousel of the home-pros home wraps both ways. Embla carousel; slides are real
// links, so both read fine before JavaScript loads (as a scrollable row). Embla itself
// (carousel-motion.tsx) loads once the page is interactive, so it is not part of the first load.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { calloutLinkAttributes, decorateCalloutLink } from '@market/domain/callouts';
import type { UserGeo } from '@market/domain/user-geo';
import type { Callout, SpotlightMerchant } from '../lib/api/api-types.ts';
import { useHydrated } from '../lib/ui/hooks.ts';
import type { CarouselApi, MotionProps } from './carousel-motion.tsx';
import { merchantHref } from './offer-card.tsx';

const CarouselMotion = lazy(() => import('./carousel-motion.tsx'));

/** Embla on this viewport, from after hydration; the API is undefined until then. */
function useCarousel(options: Omit<MotionProps, 'viewport' | 'onApi'>): [RefObject<HTMLDivElement | null>, CarouselApi | undefined, ReactNode] {
  const viewport = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<CarouselApi | undefined>();
  const hydrated = useHydrated();
  const motion = hydrated ? (
    <Suspense fallback={null}>
      <CarouselMotion key={JSON.stringify(options)} viewport={viewport} {...options} onApi={setApi} />
    </Suspense>
  ) : null;
  return [viewport, api, motion];
}

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
  const [ref, api, motion] = useCarousel({ loop: many, slidesToScroll: 1, autoplay: many });
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
      {motion}
    </section>
  );
}

export function SpotlightCarousel({ merchants }: { merchants: SpotlightMerchant[] }) {
  const [ref, api, motion] = useCarousel({ loop: true, autoplay: false });
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
      {motion}
    </div>
  );
}
