// The carousels' motion (SPEC.md 4): Embla attached to the server-rendered viewport once the page
// is interactive, with autoplay for the callouts. It renders nothing; carousels.tsx draws the
// slides (a scrollable row before it loads) and loads this after hydration (first-load JS,
// docs/performance.md).
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { useEffect, useState, type RefObject } from 'react';
import { CAROUSEL_MS } from '@market/domain/constants';

export type CarouselApi = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>;

export interface MotionProps {
  viewport: RefObject<HTMLDivElement | null>;
  loop: boolean;
  slidesToScroll?: number;
  /** Autoplay every CAROUSEL_MS, paused while the pointer is over it. */
  autoplay: boolean;
  onApi: (api: CarouselApi | undefined) => void;
}

export default function CarouselMotion({ viewport, loop, slidesToScroll, autoplay, onApi }: MotionProps) {
  // Options and plugins are read once, as the carousels always did.
  const [options] = useState(() => ({ loop, align: 'start' as const, ...(slidesToScroll ? { slidesToScroll } : {}) }));
  const [plugins] = useState(() => (autoplay ? [Autoplay({ delay: CAROUSEL_MS, stopOnInteraction: false, stopOnMouseEnter: true })] : []));
  const [attach, api] = useEmblaCarousel(options, plugins);
  useEffect(() => {
    attach(viewport.current);
  }, [attach, viewport]);
  useEffect(() => {
    onApi(api);
  }, [api, onApi]);
  return null;
}
