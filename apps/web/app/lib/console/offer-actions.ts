// Which status buttons an offer shows (docs/decisions.md "Status changes are small action routes"):
// publish a draft; pause what is published (live, scheduled, or expired, which is published and
// past its last day); resume what is paused; expire now what savers may still see; duplicate any.
import type { OfferStatus } from '@market/domain/offer-status';

export type OfferAction = 'publish' | 'pause' | 'resume' | 'expire' | 'duplicate';

export const OFFER_ACTION_LABEL: Record<OfferAction, string> = {
  publish: 'Publish',
  pause: 'Pause',
  resume: 'Resume',
  expire: 'Expire now',
  duplicate: 'Duplicate',
};

const BY_STATUS: Record<OfferStatus, OfferAction[]> = {
  draft: ['publish', 'duplicate'],
  scheduled: ['pause', 'expire', 'duplicate'],
  live: ['pause', 'expire', 'duplicate'],
  paused: ['resume', 'expire', 'duplicate'],
  expired: ['pause', 'duplicate'],
};

export function offerActionsFor(status: OfferStatus): OfferAction[] {
  return BY_STATUS[status];
}

export function isOfferAction(value: string): value is OfferAction {
  return value in OFFER_ACTION_LABEL;
}
