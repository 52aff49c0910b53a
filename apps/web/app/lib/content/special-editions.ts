// Special-edition headers (SPEC.md 2 Home), apart from site.ts: only the pages that draw one load
// them (first-load JS, docs/performance.md).
import type { PageType } from '@market/domain/page-type';
import { EXTERNAL } from './site.ts';

export interface SpecialEdition {
  mainText: string;
  subText: string;
  alt: string;
  image: string;
  badge?: string;
  action?: { label: string; href: string };
}

/** Special-edition headers (SPEC.md 2 Home): main text, sub text, alt text, image, optional badge and button. */
export const SPECIAL_EDITIONS: Partial<Record<PageType, SpecialEdition>> = {
  Automotive: {
    mainText: 'Auto Special Edition',
    subText: 'Lease deals, test drives and service coupons from Michigan dealers.',
    alt: 'A new car on a showroom floor',
    image: '/media/headers/automotive.svg',
    badge: 'Michigan only',
  },
  HomeImprovement: {
    mainText: 'Home Improvement Special Edition',
    subText: 'Trusted local pros for every room, yard and repair.',
    alt: 'A renovated kitchen',
    image: '/media/headers/home-improvement.svg',
  },
  HomeImprovementHomePros: {
    mainText: 'Get the right professional',
    subText: 'Certified home pros are licensed where required, bonded when needed and insured.',
    alt: 'A contractor at work on a house',
    image: '/media/headers/home-pros.svg',
    badge: 'Certified HomePros',
    action: { label: 'Get Estimates', href: EXTERNAL.estimates },
  },
  Contests: {
    mainText: 'Contests & Sweepstakes',
    subText: 'Enter for free to win prizes from local businesses.',
    alt: 'Prize tickets and confetti',
    image: '/media/headers/contests.svg',
    badge: 'Free to enter',
  },
};
