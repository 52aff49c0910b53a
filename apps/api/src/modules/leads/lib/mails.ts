// The mails of the lead forms. The job carries only ids; the worker reads the row, so a lead or
// subscription deleted before sending sends nothing, and no personal data sits in the queue.
//   leads.office        to the regional office: every field of the lead, Reply-To the person
//   leads.merchant      to each owner and manager of the merchant a lead is for (an auto lead's
//                       dealer): the lead's fields, Reply-To the person; not sent to someone who
//                       left the team (or became a cashier) before the worker got to it
//   newsletter.confirm  to an address asked for: the one-time link that subscribes it (double
//                       opt-in; ${PUBLIC_URL}/newsletter/confirm?token=..., valid 3 days)
//   newsletter.welcome  to a new subscriber, with the one-click unsubscribe link
//   newsletter.message  any newsletter mail (subject, paragraphs), the same link appended
// Every newsletter mail links ${PUBLIC_URL}/auth/newsletter/unsubscribe/?token=... and carries
// List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058 one-click).
import { MARKETS, type MarketId } from '@market/domain/markets';
import type { Env } from '../../../config/env.ts';
import { webLink } from '../../auth/lib/mails.ts';
import { oneClickUnsubscribeHeaders, type MailContent } from '../../mail/lib/compose.ts';
import type { MailTemplate, MailTemplates } from '../../mail/lib/templates.ts';
import { LEAD_FIELDS, LEAD_TITLES, fieldText } from './fields.ts';
import { hashToken, newToken } from '../../auth/lib/tokens.ts';
import { findActiveSubscription, findLeadById, findMerchantTeamEmails, findSubscriptionById, setConfirmToken } from '../repository.ts';

/** How long a newsletter confirmation link works. */
export const CONFIRM_TOKEN_SECONDS = 3 * 86_400;

export const LEAD_OFFICE_MAIL = 'leads.office';
export const LEAD_MERCHANT_MAIL = 'leads.merchant';
export const NEWSLETTER_CONFIRM_MAIL = 'newsletter.confirm';
export const NEWSLETTER_WELCOME_MAIL = 'newsletter.welcome';
export const NEWSLETTER_MESSAGE_MAIL = 'newsletter.message';

export const UNSUBSCRIBE_PATH = '/auth/newsletter/unsubscribe/';

export function unsubscribeLink(env: Env, token: string): string {
  return webLink(env, UNSUBSCRIBE_PATH, { token });
}

const leadOfficeMail: MailTemplate = async ({ db }, to, data) => {
  const lead = await findLeadById(db.db, Number(data.leadId));
  if (!lead) return null;
  const title = LEAD_TITLES[lead.kind];
  const office = MARKETS[lead.marketId as MarketId];
  const details = lead.details;
  const who = [details.first_name, details.last_name].filter(Boolean).join(' ') || fieldText(details.name ?? details.business_name ?? details.streetAddress);
  const lines = LEAD_FIELDS[lead.kind].flatMap(({ key, label }) => {
    const text = fieldText(details[key]);
    return text ? [`${label}: ${text}`] : [];
  });
  return {
    to,
    subject: `${title}${who ? `: ${who}` : ''} (#${lead.id})`,
    preheader: `${title} for the ${office?.name ?? lead.marketId} office`,
    paragraphs: [
      `A new ${title.toLowerCase()} came in through the website for the ${office?.name ?? lead.marketId} office.`,
      ...lines,
      `Received: ${lead.createdAt.toISOString()}${lead.trackingId ? ` (tracking id ${lead.trackingId})` : ''}. Lead #${lead.id}.`,
    ],
    ...(lead.email ? { headers: { 'Reply-To': lead.email } } : {}),
  };
};

const leadMerchantMail: MailTemplate = async ({ db, env }, to, data) => {
  const lead = await findLeadById(db.db, Number(data.leadId));
  const merchantId = Number(data.merchantId);
  if (!lead || lead.merchantId !== merchantId || lead.status === 'spam') return null;
  // Sent only while the address still owns or manages the merchant.
  if (!(await findMerchantTeamEmails(db.db, merchantId, ['owner', 'manager'])).includes(to)) return null;
  const title = LEAD_TITLES[lead.kind];
  const details = lead.details;
  const who = [details.first_name, details.last_name].filter(Boolean).join(' ');
  const lines = LEAD_FIELDS[lead.kind].flatMap(({ key, label }) => {
    const text = fieldText(details[key]);
    return text ? [`${label}: ${text}`] : [];
  });
  return {
    to,
    subject: `New ${title.toLowerCase()}${who ? ` from ${who}` : ''} (#${lead.id})`,
    preheader: `${title}${details.offer_name ? ` for ${fieldText(details.offer_name)}` : ''}`,
    paragraphs: [`A new ${title.toLowerCase()} came in through LocalSaver for your business.`, ...lines, `Received: ${lead.createdAt.toISOString()}. Lead #${lead.id}.`],
    action: { label: 'Open your leads', url: webLink(env, '/business/centre') },
    after: ['You get this e-mail as an owner or manager of the business on LocalSaver.'],
    ...(lead.email ? { headers: { 'Reply-To': lead.email } } : {}),
  };
};

/** Appends the unsubscribe paragraph and headers every newsletter mail carries. */
function withUnsubscribe(env: Env, content: MailContent, token: string): MailContent {
  const url = unsubscribeLink(env, token);
  return {
    ...content,
    after: [...(content.after ?? []), `You receive this because you subscribed to the LocalSaver newsletter. Unsubscribe with one click: ${url}`],
    headers: { ...content.headers, ...oneClickUnsubscribeHeaders(url) },
  };
}

const newsletterConfirmMail: MailTemplate = async ({ db, env }, to, data) => {
  const subscription = await findSubscriptionById(db.db, Number(data.subscriptionId));
  // Gone, or confirmed by an earlier link before the worker got here: nothing to ask.
  if (!subscription || subscription.email !== to || (subscription.confirmedAt && !subscription.unsubscribedAt)) return null;
  // The token is made here, so it exists in plain text only in the mail.
  const token = newToken();
  await setConfirmToken(db.db, subscription.id, hashToken(token), CONFIRM_TOKEN_SECONDS);
  return {
    to,
    subject: 'Confirm your LocalSaver newsletter subscription',
    preheader: 'One click to start getting local deals by e-mail.',
    paragraphs: ['Someone asked for the LocalSaver newsletter to be sent to this address. If it was you, please confirm:'],
    action: { label: 'Confirm my subscription', url: webLink(env, '/newsletter/confirm', { token }) },
    after: ['This link works once and expires in 3 days. If you did not ask for this, ignore this e-mail: you will not be subscribed.'],
  };
};

const newsletterWelcomeMail: MailTemplate = async ({ db, env }, to) => {
  const subscription = await findActiveSubscription(db.db, to);
  if (!subscription) return null;
  return withUnsubscribe(
    env,
    {
      to,
      subject: 'Welcome to the LocalSaver newsletter',
      preheader: 'Local coupons, offers and contests, in your inbox.',
      paragraphs: ['Thanks for subscribing!', 'We will send you the best local coupons, offers and contests near you.'],
      action: { label: 'Browse offers', url: webLink(env, '/browse/all') },
    },
    subscription.token,
  );
};

const newsletterMessageMail: MailTemplate = async ({ db, env }, to, data) => {
  const subscription = await findActiveSubscription(db.db, to);
  if (!subscription) return null;
  const paragraphs = Array.isArray(data.paragraphs) ? data.paragraphs.map(String) : [];
  return withUnsubscribe(env, { to, subject: String(data.subject ?? 'News from LocalSaver'), paragraphs }, subscription.token);
};

/** The mails of the lead forms and the newsletter, by kind (listed in modules/index.ts). */
export const leadsMails: MailTemplates = {
  [LEAD_OFFICE_MAIL]: leadOfficeMail,
  [LEAD_MERCHANT_MAIL]: leadMerchantMail,
  [NEWSLETTER_CONFIRM_MAIL]: newsletterConfirmMail,
  [NEWSLETTER_WELCOME_MAIL]: newsletterWelcomeMail,
  [NEWSLETTER_MESSAGE_MAIL]: newsletterMessageMail,
};
