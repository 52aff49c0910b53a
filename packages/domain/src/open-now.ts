// "Open now" and "Valid today": a location's opening hours and an offer's fine print read at one
// instant in the location's market time zone. Pure: the clock (`now`) and the zone are arguments,
// so the API computes the labels per request and tests pin the time.
//
// Opening hours are {mon: [{open: '09:00', close: '17:00'}], ...} (absent days closed). The console
// stores a night past midnight as two ranges (fri 18:00-24:00, sat 00:00-02:00); a stored range whose
// close is not after its open (fri 18:00-02:00) is read as running past midnight too. Ranges that
// touch are one stretch: the label gives the real closing time, not midnight.
import { FINE_PRINT_DAYS, readFinePrint, type FinePrintDay } from './fine-print.ts';

export type Weekday = FinePrintDay;
export const WEEKDAYS = FINE_PRINT_DAYS;
export type OpeningRange = { open: string; close: string };
export type OpeningHoursMap = Partial<Record<string, OpeningRange[]>>;

export interface OpenState {
  open: boolean;
  /** While open: when this stretch ends ('9 pm'); absent when open around the clock. */
  closesAt?: string;
  /** While closed: the next opening ('5 pm' later today, 'Tue 9 am' another day). */
  opensAt?: string;
}

const DAY_LABEL: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
const DAY_MIN = 1440;
const WEEK_MIN = 7 * DAY_MIN;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The last answer per zone: a list reads the clock of one instant up to three times per row
 * (open state, valid now, valid today), and `formatToParts` was most of the labels' cost.
 */
const lastClock = new Map<string, { at: number; day: number; minute: number }>();

/** The weekday (0 = Monday) and the minute of the day on the wall clock of `timeZone` at `now`. */
export function localClock(now: Date, timeZone: string): { day: number; minute: number } {
  const at = now.getTime();
  const last = lastClock.get(timeZone);
  if (last?.at === at) return { day: last.day, minute: last.minute };
  const parts = formatter(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = WEEKDAYS.indexOf(get('weekday').slice(0, 3).toLowerCase() as Weekday);
  const day = weekday < 0 ? 0 : weekday;
  const minute = (Number(get('hour')) % 24) * 60 + Number(get('minute'));
  lastClock.set(timeZone, { at, day, minute });
  return { day, minute };
}

function clockMinutes(hhmm: unknown): number | null {
  if (typeof hhmm !== 'string') return null;
  const m = CLOCK.exec(hhmm);
  if (!m) return null;
  return hhmm === '24:00' ? DAY_MIN : Number(m[1]) * 60 + Number(m[2]);
}

/** 1260 -> '9 pm', 570 -> '9:30 am', 0 -> '12 am', 720 -> '12 pm'. */
export function shortClock(minuteOfDay: number): string {
  const m = ((minuteOfDay % DAY_MIN) + DAY_MIN) % DAY_MIN;
  const h = Math.floor(m / 60);
  const min = m % 60;
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${min ? `:${String(min).padStart(2, '0')}` : ''} ${h < 12 ? 'am' : 'pm'}`;
}

/** The week's open stretches as [start, end) minutes from Monday 00:00 (end may pass the week's end). */
function stretches(hours: OpeningHoursMap): Array<[number, number]> {
  const raw: Array<[number, number]> = [];
  WEEKDAYS.forEach((day, i) => {
    const ranges = hours[day];
    if (!Array.isArray(ranges)) return;
    for (const r of ranges) {
      const open = clockMinutes(r?.open);
      let close = clockMinutes(r?.close);
      if (open === null || close === null || open === DAY_MIN) continue;
      if (close <= open) close += DAY_MIN; // runs past midnight
      raw.push([i * DAY_MIN + open, i * DAY_MIN + close]);
    }
  });
  raw.sort((a, b) => a[0] - b[0]);
  // Join stretches that touch or overlap, including Sunday night into Monday morning.
  const out: Array<[number, number]> = [];
  for (const s of raw) {
    const last = out[out.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push([s[0], s[1]]);
  }
  if (out.length > 1) {
    const last = out[out.length - 1]!;
    const first = out[0]!;
    if (last[1] >= first[0] + WEEK_MIN) {
      last[1] = Math.max(last[1], first[1] + WEEK_MIN);
      out.shift();
    }
  }
  return out;
}

/**
 * Open or closed at `now` in `timeZone`, with when that changes. Null when the hours are unknown
 * (no hours stored, or nothing readable): a place with no hours is not shown as closed. Exactly at
 * the closing minute the place is closed.
 */
export function openState(hours: unknown, timeZone: string, now: Date): OpenState | null {
  if (!hours || typeof hours !== 'object' || Array.isArray(hours)) return null;
  const list = stretches(hours as OpeningHoursMap);
  if (!list.length) return null;
  const { day, minute } = localClock(now, timeZone);
  const t = day * DAY_MIN + minute;
  for (const [start, end] of list) {
    for (const at of [t, t + WEEK_MIN]) {
      if (start <= at && at < end) {
        if (end - start >= WEEK_MIN) return { open: true };
        return { open: true, closesAt: shortClock(end) };
      }
    }
  }
  // Closed: the next start after now (this week, or wrapping into next week).
  let next = Infinity;
  for (const [start] of list) {
    const ahead = start > t ? start - t : start + WEEK_MIN - t;
    next = Math.min(next, ahead);
  }
  const at = t + next;
  const nextDay = Math.floor(at / DAY_MIN) % 7;
  const sameDay = at < (day + 1) * DAY_MIN;
  return { open: false, opensAt: sameDay ? shortClock(at) : `${DAY_LABEL[WEEKDAYS[nextDay]!]} ${shortClock(at)}` };
}

/** 'Closes 9 pm' while open, 'Opens Tue 9 am' while closed, 'Open 24 hours'; null when unknown. */
export function hoursLabel(state: OpenState | null): string | null {
  if (!state) return null;
  if (state.open) return state.closesAt ? `Closes ${state.closesAt}` : 'Open 24 hours';
  return state.opensAt ? `Opens ${state.opensAt}` : 'Closed';
}

/** 'Open now' or 'Closed now'; null when the hours are unknown. */
export function openLabel(state: OpenState | null): string | null {
  if (!state) return null;
  return state.open ? 'Open now' : 'Closed now';
}

/**
 * Whether the offer's fine print allows use today (its days; no days: every day). Anything that does
 * not read as fine print sets no limit.
 */
export function validToday(finePrint: unknown, timeZone: string, now: Date): boolean {
  const f = readFinePrint(finePrint);
  if (!f?.days) return true;
  return f.days.includes(WEEKDAYS[localClock(now, timeZone).day]!);
}

/**
 * Whether the offer's fine print allows use at this minute: its days and its hours. Hours that end
 * before they start (22:00 to 02:00) run past midnight and belong to the day they start on; the end
 * minute itself is outside.
 */
export function validNow(finePrint: unknown, timeZone: string, now: Date): boolean {
  const f = readFinePrint(finePrint);
  if (!f) return true;
  const { day, minute } = localClock(now, timeZone);
  const dayOk = (i: number) => !f.days || f.days.includes(WEEKDAYS[((i % 7) + 7) % 7]!);
  if (!f.hours) return dayOk(day);
  const from = clockMinutes(f.hours.from)!;
  const to = clockMinutes(f.hours.to)!;
  if (from < to) return dayOk(day) && from <= minute && minute < to;
  // Overnight: the evening part belongs to today, the small hours to yesterday.
  if (minute >= from) return dayOk(day);
  if (minute < to) return dayOk(day - 1);
  return false;
}

/** 'Valid today' or 'Not valid today'. */
export function validTodayLabel(valid: boolean): string {
  return valid ? 'Valid today' : 'Not valid today';
}

/** The computed fields an answer carries for a location and an offer at `now` (docs/api.md). */
export interface NowFields {
  open_now: boolean | null;
  hours_label: string | null;
  valid_today: boolean;
  valid_now: boolean;
  valid_label: string;
}

export function nowFields(hours: unknown, finePrint: unknown, timeZone: string, now: Date): NowFields {
  const state = openState(hours, timeZone, now);
  const usableNow = validNow(finePrint, timeZone, now);
  // Usable this minute is usable today, even in the small hours a previous day's late-night
  // hours run into (Friday 22:00-02:00 at Saturday 01:00): the card never says "Not valid today"
  // on an offer the "valid right now" filter keeps.
  const today = usableNow || validToday(finePrint, timeZone, now);
  return {
    open_now: state ? state.open : null,
    hours_label: hoursLabel(state),
    valid_today: today,
    valid_now: usableNow,
    valid_label: validTodayLabel(today),
  };
}

/** Rows of an hours table: each weekday with its ranges as text ('9 am – 5 pm'), 'Closed' when none. */
export function hoursTable(hours: unknown, timeZone: string, now: Date): Array<{ day: Weekday; label: string; hours: string; today: boolean }> {
  const map = (hours && typeof hours === 'object' && !Array.isArray(hours) ? hours : {}) as OpeningHoursMap;
  const today = localClock(now, timeZone).day;
  return WEEKDAYS.map((day, i) => {
    const ranges = (Array.isArray(map[day]) ? map[day]! : [])
      .map((r) => [clockMinutes(r?.open), clockMinutes(r?.close)] as const)
      .filter((r): r is readonly [number, number] => r[0] !== null && r[1] !== null);
    const text = ranges.map(([o, c]) => (o === 0 && c === DAY_MIN ? 'Open 24 hours' : `${shortClock(o)} – ${c === DAY_MIN ? '12 am' : shortClock(c)}`)).join(', ');
    return { day, label: DAY_LABEL[day], hours: text || 'Closed', today: i === today };
  });
}

/** schema.org openingHoursSpecification entries for the hours (24:00 kept as '23:59' is not needed: schema.org takes 24:00). */
export function openingHoursSpecification(hours: unknown): Array<{ '@type': 'OpeningHoursSpecification'; dayOfWeek: string; opens: string; closes: string }> {
  const map = (hours && typeof hours === 'object' && !Array.isArray(hours) ? hours : {}) as OpeningHoursMap;
  const FULL: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
  const out: Array<{ '@type': 'OpeningHoursSpecification'; dayOfWeek: string; opens: string; closes: string }> = [];
  for (const day of WEEKDAYS) {
    for (const r of Array.isArray(map[day]) ? map[day]! : []) {
      if (clockMinutes(r?.open) === null || clockMinutes(r?.close) === null) continue;
      out.push({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${FULL[day]}`, opens: r.open, closes: r.close });
    }
  }
  return out;
}
