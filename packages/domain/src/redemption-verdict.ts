// One answer at the till to "may this copy be honoured here, now?" (docs/api.md "Redemption
// codes"; docs/decisions.md "One verdict at the till, each shop's own day"). The check and the
// redeem of a code both call decideVerdict, so the page can never show Redeem for a copy the
// redeem would refuse. Pure: the instant, the offer, the copy and the caller are arguments.
//
// Order of precedence, first match wins (what a cashier needs to hear first):
//   void > redeemed > other_merchant > expired > paused > not_started > wrong_location > outside_hours
// A void or already-redeemed copy is dead for everyone; another business's code is not ours to
// judge further; a copy past its last day never comes back; a paused offer may come back; a
// scheduled one will start; the right location and the right hour are the last things to fix.
//
// Days, hours and the last valid date are read on the clock of the shop where the check is made
// (location-time-zone.ts): the caller's location for a cashier, manager or till; the offer's first
// valid location for anyone else. Whether the fine print allows a minute is open-now.ts validNow,
// the same rule as the saver site's "Valid today" and "valid right now".
import { addDays, dayIn, formatDisplayDate } from './expiry.ts';
import { finePrintLines, readFinePrint } from './fine-print.ts';
import { locationTimeZone } from './location-time-zone.ts';
import { validNow } from './open-now.ts';

/** In order of precedence (the first that applies is the verdict). */
export const VERDICT_REASONS = ['void', 'redeemed', 'other_merchant', 'expired', 'paused', 'not_started', 'wrong_location', 'outside_hours'] as const;
export type VerdictReason = (typeof VERDICT_REASONS)[number];

export interface VerdictPlace {
  id: number;
  name: string;
  /** Street, city and state on one line. */
  address: string;
  state: string;
  lat: number;
  lng: number;
}

export interface VerdictOffer {
  merchantId: number;
  /** live -> active; paused; void: withdrawn (back to draft) or ended. */
  status: 'active' | 'paused' | 'void';
  /** First valid day (YYYY-MM-DD) or null. */
  startsAt: string | null;
  /** Last valid day (YYYY-MM-DD), inclusive. */
  expiresAt: string;
  /** Structured fine print (fine-print.ts): its days and hours limit when the copy is honoured. */
  finePrint: unknown;
  /** Where the offer is valid; the first is its home (whose clock callers without a place use). */
  locations: VerdictPlace[];
}

export type VerdictCopy =
  | { kind: 'print' | 'download' | 'mobile'; state: 'live'; /** Mobile copies: when the phone's code stops working. */ expiresAt?: Date | null }
  | { kind: 'print' | 'download' | 'mobile'; state: 'redeemed'; redeemedAt: Date; location: VerdictPlace | null; expiresAt?: Date | null }
  | { kind: 'print' | 'download' | 'mobile'; state: 'void'; expiresAt?: Date | null };

export type VerdictCaller =
  | { kind: 'anonymous' }
  | { kind: 'saver' }
  | {
      kind: 'team';
      role: 'owner' | 'manager' | 'cashier';
      merchantId: number;
      /** Where this person may redeem (a cashier: their locations; owners and managers: every one). */
      locations: VerdictPlace[];
      /** The location they chose (the check's or redeem's `location_id`), one of `locations`. */
      locationId?: number | undefined;
    }
  | { kind: 'till'; merchantId: number; location: VerdictPlace };

export interface VerdictLocation {
  id: number;
  name: string;
  address: string;
}

export interface Verdict {
  redeemable: boolean;
  reason: VerdictReason | null;
  /** What the screen shows, one sentence or two. */
  message: string;
  /** outside_hours and not_started: the next instant the copy may be honoured (ISO), when there is one. */
  next_valid_at?: string;
  /** wrong_location: where it is valid. */
  valid_locations?: VerdictLocation[];
  /** redeemed: when and where. */
  redeemed_at?: string;
  location?: VerdictLocation | null;
}

export const VERDICT_MESSAGES = {
  redeemNow: 'Valid — redeem now.',
  validNow: 'Valid now. The business’s staff redeem it at the till.',
  void: 'This copy is void: it was undone by the saver or withdrawn.',
  otherMerchant: 'This coupon is for another business.',
  expired: 'This coupon has expired.',
  mobileExpired: 'This phone code has timed out: phone codes work for 10 minutes after the slide. The saver can slide again.',
  paused: 'The business has paused this offer: it cannot be redeemed for now.',
  noLocation: 'None of your locations can redeem this coupon.',
} as const;

const out = (p: VerdictPlace): VerdictLocation => ({ id: p.id, name: p.name, address: p.address });

const WHEN_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** "Mon, 12/07/2026, 6:30 AM" on the wall clock of `timeZone`. */
export function formatVerdictTime(at: Date, timeZone: string, weekday = true): string {
  const key = `${timeZone}|${weekday}`;
  let f = WHEN_FORMATS.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, ...(weekday ? { weekday: 'short' } : {}), year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit' });
    WHEN_FORMATS.set(key, f);
  }
  return f.format(at);
}

const OFFSET_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** Minutes the wall clock of `timeZone` is ahead of UTC at `ms`. */
function offsetMinutes(timeZone: string, ms: number): number {
  let f = OFFSET_FORMATS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    OFFSET_FORMATS.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour) % 24, Number(parts.minute));
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** The instant the wall clock of `timeZone` reads `date` (YYYY-MM-DD) at `minute` of the day. */
export function zonedInstant(date: string, minute: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  let at = wall - offsetMinutes(timeZone, wall) * 60_000;
  at = wall - offsetMinutes(timeZone, at) * 60_000;
  return new Date(at);
}

/**
 * The first instant at or after `from` and on or before `lastDay` (local) that the fine print
 * allows, looking a week ahead; null when there is none. Candidates are the start of each day's
 * hours (or midnight); validNow decides each, so this never disagrees with it.
 */
export function nextValidAt(finePrint: unknown, timeZone: string, from: Date, lastDay: string): Date | null {
  if (dayIn(timeZone, from) > lastDay) return null;
  if (validNow(finePrint, timeZone, from)) return from;
  const f = readFinePrint(finePrint);
  const startMinute = f?.hours ? Number(f.hours.from.slice(0, 2)) * 60 + Number(f.hours.from.slice(3, 5)) : 0;
  const firstDay = dayIn(timeZone, from);
  for (let d = 0; d <= 8; d++) {
    const day = addDays(firstDay, d);
    if (day > lastDay) return null;
    const at = zonedInstant(day, startMinute, timeZone);
    if (at.getTime() >= from.getTime() && validNow(finePrint, timeZone, at)) return at;
  }
  return null;
}

/**
 * Where a team member or till stands for this offer: a till's own location; the chosen one; else
 * the offer's location among theirs, or their only one. Null for anyone else, or when a person
 * with several locations, none of them the offer's, chose none.
 */
export function verdictPlace(offer: Pick<VerdictOffer, 'locations'>, caller: VerdictCaller): VerdictPlace | null {
  if (caller.kind === 'till') return caller.location;
  if (caller.kind !== 'team') return null;
  if (caller.locationId !== undefined) return caller.locations.find((l) => l.id === caller.locationId) ?? null;
  const valid = new Set(offer.locations.map((l) => l.id));
  return caller.locations.find((l) => valid.has(l.id)) ?? (caller.locations.length === 1 ? caller.locations[0]! : null);
}

/** The zone the verdict reads days and hours in: the caller's place, else the offer's home. */
export function verdictTimeZone(offer: Pick<VerdictOffer, 'locations'>, caller: VerdictCaller): string {
  const place = verdictPlace(offer, caller) ?? offer.locations[0];
  return place ? locationTimeZone(place) : locationTimeZone({ state: 'MI', lat: Number.NaN, lng: Number.NaN });
}

/** "Woodward Bakery", "Woodward Bakery or Midtown Bakery", "A, B or C". */
function names(places: VerdictLocation[]): string {
  const list = places.map((p) => p.name);
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;
}

/** "Redeemed on 12/07/2026, 3:04 PM at Woodward Bakery." in the zone of the place it was redeemed. */
export function redeemedMessage(at: Date, where: VerdictPlace | null, fallbackZone: string): string {
  const zone = where ? locationTimeZone(where) : fallbackZone;
  return `Redeemed on ${formatVerdictTime(at, zone, false)}${where ? ` at ${where.name}` : ''}.`;
}

/**
 * The verdict on a copy for a caller at `now` (precedence at the top of this file). For anonymous
 * callers and savers it says whether the copy can be honoured now in general (live, in its dates,
 * days and hours), without a location.
 */
export function decideVerdict(input: { offer: VerdictOffer; copy: VerdictCopy; caller: VerdictCaller; now: Date }): Verdict {
  const { offer, copy, caller, now } = input;
  const zone = verdictTimeZone(offer, caller);
  const refuse = (reason: VerdictReason, message: string, extra: Partial<Verdict> = {}): Verdict => ({ redeemable: false, reason, message, ...extra });

  if (copy.state === 'void' || offer.status === 'void') return refuse('void', VERDICT_MESSAGES.void);
  if (copy.state === 'redeemed') {
    return refuse('redeemed', redeemedMessage(copy.redeemedAt, copy.location, zone), { redeemed_at: copy.redeemedAt.toISOString(), location: copy.location ? out(copy.location) : null });
  }
  if ((caller.kind === 'team' || caller.kind === 'till') && caller.merchantId !== offer.merchantId) return refuse('other_merchant', VERDICT_MESSAGES.otherMerchant);

  const today = dayIn(zone, now);
  const lastDay = offer.expiresAt.slice(0, 10);
  if (today > lastDay) return refuse('expired', `${VERDICT_MESSAGES.expired} It was valid through ${formatDisplayDate(lastDay)}.`);
  if (copy.kind === 'mobile' && copy.expiresAt && copy.expiresAt.getTime() <= now.getTime()) return refuse('expired', VERDICT_MESSAGES.mobileExpired);
  if (offer.status === 'paused') return refuse('paused', VERDICT_MESSAGES.paused);

  const firstDay = offer.startsAt?.slice(0, 10) ?? null;
  if (firstDay && today < firstDay) {
    const next = nextValidAt(offer.finePrint, zone, zonedInstant(firstDay, 0, zone), lastDay);
    return refuse('not_started', next ? `Not valid yet: it starts ${formatVerdictTime(next, zone)}.` : `Not valid yet: it starts ${formatDisplayDate(firstDay)}.`, next ? { next_valid_at: next.toISOString() } : {});
  }

  if (caller.kind === 'team' || caller.kind === 'till') {
    const place = verdictPlace(offer, caller);
    if (!place || !offer.locations.some((l) => l.id === place.id)) {
      const valid = offer.locations.map(out);
      const head = place ? 'Not valid at this location.' : VERDICT_MESSAGES.noLocation;
      return refuse('wrong_location', `${head} Valid only at ${names(valid)}.`, { valid_locations: valid });
    }
  }

  if (!validNow(offer.finePrint, zone, now)) {
    const next = nextValidAt(offer.finePrint, zone, now, lastDay);
    const when = finePrintLines(offer.finePrint)[0];
    const rule = when?.startsWith('Valid ') ? ` It is valid ${when.slice('Valid '.length)}.` : '';
    return refuse('outside_hours', `Not valid at this time.${rule}${next ? ` Next valid ${formatVerdictTime(next, zone)}.` : ' It is not valid again before it expires.'}`, next ? { next_valid_at: next.toISOString() } : {});
  }

  const team = caller.kind === 'team' || caller.kind === 'till';
  return { redeemable: true, reason: null, message: team ? VERDICT_MESSAGES.redeemNow : VERDICT_MESSAGES.validNow };
}

/**
 * The fine print a cashier reads before honouring a copy: the structured conditions in the
 * saver's wording (fine-print.ts finePrintLines), the dates, and where it is valid.
 */
export function conditions(offer: Pick<VerdictOffer, 'finePrint' | 'startsAt' | 'expiresAt' | 'locations'>): string[] {
  const lines = finePrintLines(offer.finePrint);
  const dates = offer.startsAt ? `Valid ${formatDisplayDate(offer.startsAt)} through ${formatDisplayDate(offer.expiresAt)}` : `Valid through ${formatDisplayDate(offer.expiresAt)}`;
  lines.push(dates);
  if (offer.locations.length) lines.push(`Only at ${names(offer.locations.map(out))}`);
  return lines;
}
