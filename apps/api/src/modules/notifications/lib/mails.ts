// The saver notification mails. A queued job carries the member id and the ids of what to show;
// the worker reads the rows when it sends, so a member who switched the kind off (or unsubscribed)
// after the job queued the mail gets nothing: an unsubscribe takes effect at once. Every mail has
// the kind's one-click unsubscribe (RFC 8058 headers and a link) and the preference centre link.
import { brandFor } from '@market/domain/brand';
import { formatDisplayDate as formatDay } from '@market/domain/expiry';
import { NOTIFICATION_LABELS, mayReceive, notificationChoices, type NotificationKind } from '@market/domain/notifications';
import { offerShareLink } from '@market/domain/share-link';
import type { Env } from '../../../config/env.ts';
import type { DbHandle } from '../../../db/client.ts';
import { webLink } from '../../auth/lib/mails.ts';
import { newToken } from '../../auth/lib/tokens.ts';
import { oneClickUnsubscribeHeaders } from '../../mail/lib/compose.ts';
import type { MailTemplate, MailTemplates } from '../../mail/lib/templates.ts';
import { ensureChoices, findContestEntitiesForMail, findDrawsForMail, findMemberChoices, findOffersForMail, findPlaceOfZip, type ChoicesRow } from '../repository.ts';
import { CONTEST_REMINDER_MAIL, CONTEST_RESULT_MAIL, DIGEST_MAIL, EXPIRY_MAIL, PLACES_MAIL } from './jobs.ts';
import type { MailItem, NotificationMailView } from './mail-layout.ts';
import { unsubscribeToken } from './unsubscribe-links.ts';

/**
 * React Email (and so React) loads with the first notification mail, not with the API: React picks
 * its production or development build from NODE_ENV when first loaded, and the server applies the
 * configured NODE_ENV only after the modules are imported (config/env.ts applyNodeEnv). Loaded
 * earlier, React's development build met react-dom's production build in the page renderer and
 * every page failed.
 */
async function renderNotificationMail(view: NotificationMailView): Promise<{ html: string; text: string }> {
  return (await import('./mail-layout.ts')).renderNotificationMail(view);
}

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe/';
export const PREFERENCE_CENTRE_PATH = '/user/account';

export function unsubscribeUrl(env: Env, token: string, kind: NotificationKind): string {
  return webLink(env, UNSUBSCRIBE_PATH, { token, kind });
}

export function choicesOfSaved(row: ChoicesRow) {
  return {
    expiry_reminder: row.expiryReminder,
    new_from_places: row.newFromPlaces,
    weekly_digest: row.weeklyDigest,
    contest_reminder: row.contestReminder,
    contest_result: row.contestResult,
    digest_day: row.digestDay,
    marketing: row.marketing,
  };
}

/** The defaults as a row (a mail's token needs one): what notificationChoices answers for no row. */
export function defaultColumns(promotionsAgree: boolean) {
  const d = notificationChoices(null, { promotionsAgree });
  return { expiryReminder: d.expiry_reminder, newFromPlaces: d.new_from_places, weeklyDigest: d.weekly_digest, contestReminder: d.contest_reminder, contestResult: d.contest_result, digestDay: d.digest_day, marketing: d.marketing };
}

interface Written {
  subject: string;
  preheader: string;
  heading: string;
  intro: string[];
  items: MailItem[];
  action: { label: string; url: string };
  reason: string;
}

type Writer = (ctx: { db: DbHandle; env: Env; ids: number[]; state: string }) => Promise<Written | null>;

const offerItems = async (db: DbHandle, env: Env, ids: number[], withExpiry: boolean): Promise<MailItem[]> =>
  (await findOffersForMail(db.db, ids)).map((o) => ({
    title: o.name,
    subtitle: `${o.merchant_name}, ${o.city}`,
    ...(withExpiry ? { detail: `Last day: ${formatDay(o.expires_at)}` } : {}),
    url: offerShareLink(env.PUBLIC_URL, o.merchant_slug, o.location_id, o.offer_id),
  }));

function notificationMail(kind: NotificationKind, write: Writer): MailTemplate {
  return async ({ db, env }, to, data) => {
    const userId = Number(data.userId);
    const ids = Array.isArray(data.ids) ? data.ids.map(Number).filter(Number.isInteger) : [];
    const member = await findMemberChoices(db.db, userId);
    if (!member || member.email !== to || !ids.length) return null;
    const choices = notificationChoices(member.choices ? choicesOfSaved(member.choices) : null, member);
    if (!mayReceive(kind, choices, { addressConfirmed: !!member.emailVerifiedAt })) return null;
    const written = await write({ db, env, ids, state: member.state });
    if (!written) return null;
    const row = member.choices ?? (await ensureChoices(db.db, userId, defaultColumns(member.promotionsAgree), newToken()));
    const place = await findPlaceOfZip(db.db, member.zip);
    const brand = brandFor(place ? { city: place.name, state: place.state, lat: place.lat, lng: place.lng } : { state: member.state });
    const unsubscribe = unsubscribeUrl(env, unsubscribeToken({ userId, secret: row.unsubscribeToken, passwordChangedAt: member.passwordChangedAt }, kind), kind);
    const rendered = await renderNotificationMail({
      brand,
      preheader: written.preheader,
      heading: written.heading,
      intro: written.intro,
      items: written.items,
      action: written.action,
      reason: written.reason,
      unsubscribe: { label: `Unsubscribe from ${NOTIFICATION_LABELS[kind].title.toLowerCase()}`, url: unsubscribe },
      preferencesUrl: webLink(env, PREFERENCE_CENTRE_PATH) + '#notifications',
    });
    return { to, subject: written.subject, paragraphs: [], rendered, headers: oneClickUnsubscribeHeaders(unsubscribe) };
  };
}

const expiryMail = notificationMail('expiry_reminder', async ({ db, env, ids }) => {
  const items = await offerItems(db, env, ids, true);
  if (!items.length) return null;
  const one = items.length === 1;
  return {
    subject: one ? `Ends in 3 days: ${items[0]!.title}` : `${items.length} saved offers end in 3 days`,
    preheader: 'Use it before its last day.',
    heading: one ? 'A saved offer ends in 3 days' : `${items.length} saved offers end in 3 days`,
    intro: ['Print it or show it on your phone before its last day.'],
    items,
    action: { label: 'See my saved offers', url: webLink(env, '/user/account') },
    reason: 'You get this reminder once for each offer you saved.',
  };
});

const placesMail = notificationMail('new_from_places', async ({ db, env, ids }) => {
  const items = await offerItems(db, env, ids, false);
  if (!items.length) return null;
  return {
    subject: items.length === 1 ? `New from a place you saved: ${items[0]!.title}` : `${items.length} new offers from places you saved`,
    preheader: 'Fresh offers from businesses you follow.',
    heading: 'New from your places',
    intro: ['Businesses you saved have posted new offers.'],
    items,
    action: { label: 'See all offers', url: webLink(env, '/') },
    reason: 'You saved these businesses and asked to hear about their new offers (at most one mail a day).',
  };
});

const digestMail = notificationMail('weekly_digest', async ({ db, env, ids }) => {
  const items = await offerItems(db, env, ids, false);
  if (!items.length) return null;
  return {
    subject: `${items.length} new offer${items.length === 1 ? '' : 's'} near you this week`,
    preheader: 'New offers near you, in your interests.',
    heading: 'New near you this week',
    intro: ['Offers published this week near your ZIP code, in the interests you picked.'],
    items,
    action: { label: 'Browse offers near me', url: webLink(env, '/') },
    reason: 'You get this weekly digest on the day you chose, only when there is something new.',
  };
});

const contestReminderMail = notificationMail('contest_reminder', async ({ db, env, ids }) => {
  const contests = await findContestEntitiesForMail(db.db, ids);
  if (!contests.length) return null;
  return {
    subject: contests.length === 1 ? `2 days left: ${contests[0]!.display_name}` : `${contests.length} contests you saved close in 2 days`,
    preheader: 'Enter before it closes.',
    heading: contests.length === 1 ? 'A contest you saved closes in 2 days' : 'Contests you saved close in 2 days',
    intro: ['Enter before the last day for your chance to win.'],
    items: contests.map((c) => ({ title: c.display_name, ...(c.prize ? { subtitle: `Prize: ${c.prize}` } : {}), detail: `Last day: ${formatDay(c.ends_at)}`, url: webLink(env, '/contests', { c: c.entity_id }) })),
    action: { label: 'See contests', url: webLink(env, '/contests') },
    reason: 'You saved this contest.',
  };
});

const contestResultMail = notificationMail('contest_result', async ({ db, env, ids, state }) => {
  const draws = await findDrawsForMail(db.db, ids, state);
  if (!draws.length) return null;
  return {
    subject: draws.length === 1 ? `Winners drawn: ${draws[0]!.display_name}` : `${draws.length} contests have their winners`,
    preheader: 'See who won.',
    heading: draws.length === 1 ? 'The winners are drawn' : 'Winners are drawn',
    intro: ['The draw is public: see the entry count, the seed and the winners. Winners are also told by mail.'],
    items: draws.map((d) => ({
      title: d.display_name,
      subtitle: `${d.winners_selected} winner${d.winners_selected === 1 ? '' : 's'} drawn`,
      url: d.entity_id ? webLink(env, `/contests/${d.entity_id}/draws`) : webLink(env, '/contests'),
    })),
    action: { label: 'See contests', url: webLink(env, '/contests') },
    reason: 'You saved or entered this contest.',
  };
});

export const notificationMails: MailTemplates = {
  [EXPIRY_MAIL]: expiryMail,
  [PLACES_MAIL]: placesMail,
  [DIGEST_MAIL]: digestMail,
  [CONTEST_REMINDER_MAIL]: contestReminderMail,
  [CONTEST_RESULT_MAIL]: contestResultMail,
};
