// Analytics events (SPEC.md 7): validated on the way in, answered at once, and written in
// batches by the app's event buffer (lib/event-buffer.ts). Daily counters per offer, location and
// merchant are kept beside the raw events.
import { createHash } from 'node:crypto';
import { DAILY_METRICS, type DailyMetric } from '@market/domain/analytics';
import { addDays, businessToday, daysBetween } from '@market/domain/expiry';
import type { AppDeps } from '../../context.ts';
import { invalid } from '../../lib/errors.ts';
import type { AnalyticsEvent } from './lib/event-buffer.ts';
import type { AccountDeletionStep } from '../auth/lib/account-deletion.ts';
import { findDailyCounters, forgetUserInEvents } from './repository.ts';
import type { DailyOut, DailyRow, EventIn, Scope } from './schema.ts';

/**
 * Who saw an impression: the member, or an anonymous visitor by a hash of the address (the client
 * address as TRUSTED_PROXIES resolve it); the address itself is not stored.
 */
export function clientViewer(userId: number | null, address: string): string {
  return userId ? `u:${userId}` : `a:${createHash('sha256').update(`impression:${address}`).digest('base64url').slice(0, 22)}`;
}

/** The event a browser sent (SPEC.md 7), in the buffer's terms; an impression counts once per viewer and day. */
export function clientEvent(input: EventIn, userId: number | null, address = ''): AnalyticsEvent {
  const { event, data } = input;
  switch (event) {
    case 'offer.impression':
      return { event, source: 'client', offerId: data.offer, locationId: data.location, userId, viewer: clientViewer(userId, address) };
    case 'offer.print':
      return { event, source: 'client', offerId: data.offer, locationId: data.location, userId };
    case 'location.view':
      return { event, source: 'client', locationId: data.location, userId };
    case 'merchant-website.view':
      return { event, source: 'client', locationId: data.location, userId, data: { website_type: data.website_type } };
    case 'entity.share':
      return { event, source: 'client', offerId: data.offer, locationId: data.location, userId, data: { method: data.method } };
  }
}

/** Longest span one daily query may cover. */
export const MAX_DAILY_SPAN_DAYS = 366;

/**
 * Daily counters of one offer, location or merchant (default: the last 30 days), each day with
 * every metric (0 when nothing happened), plus totals.
 */
export async function dailyCounts(deps: Pick<AppDeps, 'db'>, scope: Scope, id: number, range: { from?: string | undefined; to?: string | undefined }): Promise<DailyOut> {
  const to = range.to ?? businessToday();
  const from = range.from ?? addDays(to, -29);
  if (daysBetween(from, to) > MAX_DAILY_SPAN_DAYS) throw invalid('from', `Ask for at most ${MAX_DAILY_SPAN_DAYS} days.`);
  const rows = await findDailyCounters(deps.db.db, scope, id, from, to);
  const empty = () => Object.fromEntries(DAILY_METRICS.map((m) => [m, 0])) as Record<DailyMetric, number>;
  const days = new Map<string, DailyRow>();
  const totals = empty();
  for (const r of rows) {
    const day = days.get(r.day) ?? { day: r.day, ...empty() };
    if ((DAILY_METRICS as readonly string[]).includes(r.metric)) {
      day[r.metric as DailyMetric] += r.count;
      totals[r.metric as DailyMetric] += r.count;
    }
    days.set(r.day, day);
  }
  return { scope, id, from, to, days: [...days.values()], totals };
}

/**
 * Account deletion (SPEC.md 3): a deleted member's events stay counted but no longer name the
 * member (events still in the buffer are checked against the users table when written).
 */
export const forgetMemberEvents: AccountDeletionStep = {
  name: 'analytics',
  run: (tx, userId) => forgetUserInEvents(tx, userId),
};
