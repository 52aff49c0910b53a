// The five saver mail jobs (docs/decisions.md "Saver notifications"): what each one looks for,
// per batch of members, and the keys that make each mail go out once.
import { addDays, businessToday } from '@market/domain/expiry';
import { preferredCategorySlugs, type PreferenceFlag } from '@market/domain/recommendations';
import {
  findDigestMembers,
  findDrawAudience,
  findExpiringClips,
  findFavouritesOfOffers,
  findNewOffersNear,
  findOffersCreatedBetween,
  findSavedContestsClosing,
  findZipPoints,
  type NearOfferRow,
} from '../repository.ts';
import type { Candidate, MailJobSpec } from './runner.ts';

/** Days before a saved offer's last day that its reminder goes (the issue: three). */
export const EXPIRY_REMINDER_DAYS = 3;
/** Days before a saved contest's last day that its reminder goes. */
export const CONTEST_REMINDER_DAYS = 2;
/** "Near my place": around the member's ZIP. */
export const DIGEST_RADIUS_M = 40_000;
/** "New": first published in the last week. */
export const DIGEST_NEW_DAYS = 7;
export const DIGEST_MAX_OFFERS = 6;
/** A draw's result is mailed for a week after it (an hourly job catches every draw). */
export const RESULT_WINDOW_DAYS = 7;

export const EXPIRY_MAIL = 'notifications.expiry_reminder';
export const PLACES_MAIL = 'notifications.new_from_places';
export const DIGEST_MAIL = 'notifications.weekly_digest';
export const CONTEST_REMINDER_MAIL = 'notifications.contest_reminder';
export const CONTEST_RESULT_MAIL = 'notifications.contest_result';

const today = (now: Date) => businessToday(now);

const perItem = (rows: Array<{ user_id: number; ids: number[] } & Candidate['member']>, key: (user: number, id: number) => string): Candidate[] =>
  rows.map((r) => ({ member: r, parts: r.ids.map((id) => ({ key: key(r.user_id, Number(id)), ids: [Number(id)] })) }));

const lastOf = (rows: Array<{ user_id: number }>) => (rows.length ? rows[rows.length - 1]!.user_id : null);

/** ISO week of a YYYY-MM-DD day, e.g. 2026-W48. */
export function isoWeek(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - weekday + 3);
  const year = d.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const week = 1 + Math.round(((d.getTime() - firstThursday.getTime()) / 86_400_000 - 3 + ((firstThursday.getUTCDay() + 6) % 7)) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export const expiryReminderJob: MailJobSpec = {
  name: 'expiry-reminders',
  kind: 'expiry_reminder',
  mailKind: EXPIRY_MAIL,
  period: today,
  async batch(deps, ctx) {
    const rows = await findExpiringClips(deps.db.db, addDays(ctx.period, EXPIRY_REMINDER_DAYS), ctx.after, ctx.limit);
    return { candidates: perItem(rows, (u, offer) => `expiry:${u}:${offer}`), last: lastOf(rows) };
  },
};

export const newFromPlacesJob: MailJobSpec = {
  name: 'new-from-my-places',
  kind: 'new_from_places',
  mailKind: PLACES_MAIL,
  period: today,
  async batch(deps, ctx) {
    // The offers first published on the business day before: each offer belongs to one day.
    let fresh = ctx.cache.get('fresh') as number[] | undefined;
    if (!fresh) {
      fresh = await findOffersCreatedBetween(deps.db.db, addDays(ctx.period, -1), ctx.period, 'America/Detroit');
      ctx.cache.set('fresh', fresh);
    }
    if (!fresh.length) return { candidates: [], last: null };
    const rows = await findFavouritesOfOffers(deps.db.db, fresh, ctx.after, ctx.limit);
    return { candidates: rows.map((r) => ({ member: r, parts: [{ key: `places:${r.user_id}:${ctx.period}`, ids: r.ids.map(Number) }] })), last: lastOf(rows) };
  },
};

export const weeklyDigestJob: MailJobSpec = {
  name: 'weekly-digest',
  kind: 'weekly_digest',
  mailKind: DIGEST_MAIL,
  period: today,
  async batch(deps, ctx) {
    const db = deps.db.db;
    const rows = await findDigestMembers(db, ctx.now, ctx.after, ctx.limit);
    const since = new Date(ctx.now.getTime() - DIGEST_NEW_DAYS * 86_400_000);
    const week = isoWeek(ctx.period);
    // Offers near a ZIP are looked up once per run: members of one ZIP share them.
    const unknown = [...new Set(rows.map((r) => r.zip))].filter((zip) => !ctx.cache.has(`near:${zip}`));
    const points = await findZipPoints(db, unknown);
    for (const zip of unknown) {
      const point = points.get(zip);
      ctx.cache.set(`near:${zip}`, point ? await findNewOffersNear(db, point, DIGEST_RADIUS_M, since, ctx.period, 60) : []);
    }
    const candidates: Candidate[] = [];
    for (const r of rows) {
      const near = ctx.cache.get(`near:${r.zip}`) as NearOfferRow[];
      // Interests of SPEC.md 3: the categories of the flags that are on; none on: every category.
      const slugs = preferredCategorySlugs((r.interests ?? []) as PreferenceFlag[]);
      const ids = near.filter((o) => !slugs.length || o.category_slugs.some((s) => slugs.includes(s))).slice(0, DIGEST_MAX_OFFERS).map((o) => Number(o.offer_id));
      candidates.push({ member: r, parts: ids.length ? [{ key: `digest:${r.user_id}:${week}`, ids }] : [] });
    }
    return { candidates, last: lastOf(rows) };
  },
};

export const contestReminderJob: MailJobSpec = {
  name: 'contest-reminders',
  kind: 'contest_reminder',
  mailKind: CONTEST_REMINDER_MAIL,
  period: today,
  async batch(deps, ctx) {
    const rows = await findSavedContestsClosing(deps.db.db, addDays(ctx.period, CONTEST_REMINDER_DAYS), ctx.after, ctx.limit);
    return { candidates: perItem(rows, (u, entity) => `contest-reminder:${u}:${entity}`), last: lastOf(rows) };
  },
};

export const contestResultJob: MailJobSpec = {
  name: 'contest-results',
  kind: 'contest_result',
  mailKind: CONTEST_RESULT_MAIL,
  // Hourly: a draw is announced within the hour.
  period: (now) => `${businessToday(now)}T${new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Detroit', hour: '2-digit', hourCycle: 'h23' }).format(now)}`,
  async batch(deps, ctx) {
    const rows = await findDrawAudience(deps.db.db, new Date(ctx.now.getTime() - RESULT_WINDOW_DAYS * 86_400_000), ctx.after, ctx.limit);
    return { candidates: perItem(rows, (u, draw) => `contest-result:${u}:${draw}`), last: lastOf(rows) };
  },
};

export const MAIL_JOBS: readonly MailJobSpec[] = [expiryReminderJob, newFromPlacesJob, weeklyDigestJob, contestReminderJob, contestResultJob];

/** Daily jobs start at this local hour (America/Detroit) or later; the hourly one any time. */
export const DAILY_START_HOUR = 8;

/** Whether the schedule should start the job now: its period not done, and for daily ones past the start hour. */
export function scheduleDue(spec: MailJobSpec, now: Date): boolean {
  if (spec === contestResultJob) return true;
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Detroit', hour: '2-digit', hourCycle: 'h23' }).format(now));
  return hour >= DAILY_START_HOUR;
}
