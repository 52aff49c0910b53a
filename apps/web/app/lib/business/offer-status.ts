// How the business centre names where a merchant's offer stands, in lists and on its page.
import type { MerchantOfferOut } from '@market/domain/api/merchant-centre';

export const MERCHANT_STATUS_LABEL: Record<MerchantOfferOut['status'], string> = {
  draft: 'Draft',
  submitted: 'Waiting for review',
  sent_back: 'Sent back',
  scheduled: 'Approved, scheduled',
  live: 'Live',
  paused: 'Paused',
  expired: 'Expired',
};

/** The badge class of a status (the console's colours: live green, draft grey...). */
export function statusClass(status: MerchantOfferOut['status']): string {
  const as = status === 'submitted' ? 'scheduled' : status === 'sent_back' ? 'paused' : status;
  return `console-badge cat-status-${as}`;
}
