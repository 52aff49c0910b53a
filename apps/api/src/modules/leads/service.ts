// The rules of the lead forms (docs/decisions.md "Leads"): each submission is validated (by the
// shared schemas of @market/domain), stored, and forwarded by e-mail through the queue to the
// regional office that serves it (SPEC.md 1 offices; marketFor in @market/domain/markets).
import { randomBytes } from 'node:crypto';
import { MARKETS, marketFor, type Market } from '@market/domain/markets';
import {
  LEASE_SUBMITTED,
  MAIL_REMOVAL_SUBMITTED,
  SUGGESTION_SUBMITTED,
  type AutoLead,
  type BusinessLead,
  type ContractorApplication,
  type MagazineLead,
  type MailRemoval,
  type Newsletter,
  type SuggestMerchant,
} from '@market/domain/validation/leads';
import { NEWSLETTER_CHECK_INBOX } from '@market/domain/newsletter';
import type { AppDeps } from '../../context.ts';
import type { LeadKind } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { hashToken } from '../auth/lib/tokens.ts';
import { offerListItemsByIds } from '../catalogue/service.ts';
import { resolvePosition } from '../geo/service.ts';
import { LEAD_MERCHANT_MAIL, LEAD_OFFICE_MAIL, NEWSLETTER_CONFIRM_MAIL, NEWSLETTER_WELCOME_MAIL } from './lib/mails.ts';
import { confirmByTokenHash, findMerchantTeamEmails, insertLead, requestSubscription, unsubscribeByToken } from './repository.ts';
import type { LeadOut } from './schema.ts';

// Answers SPEC.md words where it has them (2, 4); the others are ours (docs/decisions.md).
export const MAGAZINE_SUBMITTED = 'Thank you! Your magazine request has been submitted.';
export const BUSINESS_LEAD_SUBMITTED = 'Thank you! Our advertising team will contact you shortly.';
export const CONTRACTOR_SUBMITTED = 'Thank you! We will review your application and contact you shortly.';
export const OFFER_UNAVAILABLE = 'This offer is no longer available.';

/** Who at a merchant hears of its new leads (docs/api.md "Merchant centre"). */
const LEAD_MAIL_ROLES = ['owner', 'manager'] as const;

/**
 * Stores a lead and queues its mail to the office of `market`; a lead for a merchant (`merchantId`)
 * also goes to that merchant's owners and managers, queued once the row is written.
 */
async function storeAndForward(deps: AppDeps, kind: LeadKind, market: Market, details: Record<string, unknown>, detail: string, merchantId: number | null = null): Promise<LeadOut> {
  const { tracking_id: trackingId, ...fields } = details;
  const email = typeof fields.email === 'string' ? fields.email : null;
  const lead = await insertLead(deps.db.db, { kind, marketId: market.id, email, details: fields, trackingId: typeof trackingId === 'string' ? trackingId : null, merchantId });
  await deps.mail.enqueue(LEAD_OFFICE_MAIL, market.contactEmail, { leadId: lead.id });
  if (merchantId) {
    for (const to of await findMerchantTeamEmails(deps.db.db, merchantId, LEAD_MAIL_ROLES)) {
      await deps.mail.enqueue(LEAD_MERCHANT_MAIL, to, { leadId: lead.id, merchantId });
    }
  }
  return { id: lead.id, detail };
}

/** The office serving an address: by state in the four sold states, else the nearest office to the city. */
async function marketOfAddress(deps: AppDeps, place: { city: string; state: string }): Promise<Market> {
  return (await resolvePosition(deps, place)).market;
}

/**
 * POST /api/autolead/ (SPEC.md 7): a lease or test-drive request for a car offer a list can show;
 * it goes to the office of the dealer's market, and to the dealer's merchant-centre inbox.
 */
export async function submitAutoLead(deps: AppDeps, input: AutoLead): Promise<LeadOut> {
  const [offer] = await offerListItemsByIds(deps, [input.offer_id]);
  if (!offer || !offer.is_active) throw invalid('offer_id', OFFER_UNAVAILABLE);
  const market = marketFor({ state: offer.location.state, lat: offer.latitude, lng: offer.longitude });
  const details = { ...input, offer_name: offer.name, merchant_name: offer.merchant_name, location_id: offer.location_id };
  return storeAndForward(deps, 'autolead', market, details, LEASE_SUBMITTED, offer.merchant_id);
}

/** POST /api/suggestmerchant/: a business (or contractor) we are missing, for the state's office. */
export async function submitSuggestion(deps: AppDeps, input: SuggestMerchant): Promise<LeadOut> {
  return storeAndForward(deps, 'suggestmerchant', marketFor({ state: input.state }), input, SUGGESTION_SUBMITTED);
}

/** POST /auth/mail_removal/: stop mailing the magazine to an address. */
export async function submitMailRemoval(deps: AppDeps, input: MailRemoval): Promise<LeadOut> {
  return storeAndForward(deps, 'mail_removal', await marketOfAddress(deps, input), input, MAIL_REMOVAL_SUBMITTED);
}

/** POST /auth/magazine_lead/: a request to receive the printed magazine. */
export async function submitMagazineLead(deps: AppDeps, input: MagazineLead): Promise<LeadOut> {
  return storeAndForward(deps, 'magazine_lead', await marketOfAddress(deps, input), input, MAGAZINE_SUBMITTED);
}

/** POST /api/businesslead/: a business interested in advertising, for its state's sales team. */
export async function submitBusinessLead(deps: AppDeps, input: BusinessLead): Promise<LeadOut> {
  return storeAndForward(deps, 'businesslead', marketFor({ state: input.state }), input, BUSINESS_LEAD_SUBMITTED);
}

/** POST /api/contractorapplication/: a home pro applying to be listed. */
export async function submitContractorApplication(deps: AppDeps, input: ContractorApplication): Promise<LeadOut> {
  return storeAndForward(deps, 'contractorapplication', marketFor({ state: input.state }), input, CONTRACTOR_SUBMITTED);
}

/** A new confirmation mail for the same address goes out at most this often. */
export const CONFIRM_SPACING_SECONDS = 15 * 60;

/**
 * POST /auth/newsletter/ (double opt-in, docs/decisions.md): the address gets a confirmation
 * mail with a one-time link and nothing else; it is subscribed, and welcomed, only once the link
 * is used. The answer is the same whatever the address's state, so it tells nobody whether an
 * address is subscribed.
 */
export async function subscribeNewsletter(deps: AppDeps, input: Newsletter): Promise<{ detail: string }> {
  const token = randomBytes(24).toString('base64url');
  const subscription = await requestSubscription(deps.db, { email: input.email, trackingId: input.tracking_id ?? null, token, spacingSeconds: CONFIRM_SPACING_SECONDS });
  if (subscription.mail) await deps.mail.enqueue(NEWSLETTER_CONFIRM_MAIL, input.email, { subscriptionId: subscription.id });
  return { detail: NEWSLETTER_CHECK_INBOX };
}

export const NEWSLETTER_CONFIRMED = 'Thank you! Your subscription to the LocalSaver newsletter is confirmed.';
export const CONFIRM_LINK_INVALID = 'This confirmation link is invalid or has expired.';

/** POST /auth/newsletter/confirm/: the mailed link's token subscribes the address, once. */
export async function confirmNewsletter(deps: AppDeps, token: string): Promise<{ detail: string }> {
  const confirmed = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await confirmByTokenHash(deps.db.db, hashToken(token)) : null;
  if (!confirmed) throw new AppError('invalid', CONFIRM_LINK_INVALID);
  await deps.mail.enqueue(NEWSLETTER_WELCOME_MAIL, confirmed.email, {});
  return { detail: NEWSLETTER_CONFIRMED };
}

export const UNSUBSCRIBED = 'You have been unsubscribed. You will not receive our newsletter any more.';
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid.';

/** The one-click unsubscribe link of every newsletter mail: no login, idempotent. */
export async function unsubscribeNewsletter(deps: AppDeps, token: string): Promise<'done' | 'unknown'> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'unknown';
  const result = await unsubscribeByToken(deps.db.db, token);
  return result === 'unknown' ? 'unknown' : 'done';
}

/** The office of a market id (for mails). */
export function officeOf(marketId: string): Market {
  return MARKETS[marketId as keyof typeof MARKETS] ?? marketFor({});
}
