import { describe, expect, it } from 'vitest';
import { hoursLabel, hoursTable, localClock, nowFields, openLabel, openState, openingHoursSpecification, shortClock, validNow, validToday, validTodayLabel } from './open-now.ts';

const DET = 'America/Detroit';
const CHI = 'America/Chicago';
const NY = 'America/New_York';
// 2026-11-26 is a Thursday; Detroit is UTC-5 and Chicago UTC-6 in November.
const at = (iso: string) => new Date(iso);
const weekdays = { mon: [{ open: '09:00', close: '21:00' }], tue: [{ open: '09:00', close: '21:00' }], wed: [{ open: '09:00', close: '21:00' }], thu: [{ open: '09:00', close: '21:00' }], fri: [{ open: '09:00', close: '21:00' }] };

describe('localClock', () => {
  it('reads the wall clock of the zone', () => {
    expect(localClock(at('2026-11-26T14:30:00Z'), DET)).toEqual({ day: 3, minute: 9 * 60 + 30 });
    expect(localClock(at('2026-11-26T14:30:00Z'), CHI)).toEqual({ day: 3, minute: 8 * 60 + 30 });
    expect(localClock(at('2026-11-27T04:59:00Z'), DET)).toEqual({ day: 3, minute: 23 * 60 + 59 });
    expect(localClock(at('2026-11-27T05:00:00Z'), DET)).toEqual({ day: 4, minute: 0 });
  });

  it('answers each instant and zone afresh when asked again, in any order', () => {
    const now = at('2026-11-26T14:30:00Z');
    const later = at('2026-11-26T14:30:00.001Z');
    expect(localClock(now, DET)).toEqual({ day: 3, minute: 570 });
    expect(localClock(now, CHI)).toEqual({ day: 3, minute: 510 });
    expect(localClock(now, DET)).toEqual({ day: 3, minute: 570 });
    expect(localClock(at('2026-11-30T14:30:00Z'), DET)).toEqual({ day: 0, minute: 570 });
    expect(localClock(later, DET)).toEqual({ day: 3, minute: 570 });
    // A caller changing the answer does not change the next one.
    const answer = localClock(now, NY);
    answer.minute = 0;
    expect(localClock(now, NY)).toEqual({ day: 3, minute: 570 });
  });
});

describe('shortClock', () => {
  it('words hours the short way', () => {
    expect(shortClock(21 * 60)).toBe('9 pm');
    expect(shortClock(9 * 60 + 30)).toBe('9:30 am');
    expect(shortClock(0)).toBe('12 am');
    expect(shortClock(12 * 60)).toBe('12 pm');
    expect(shortClock(1440)).toBe('12 am');
  });
});

describe('openState', () => {
  it('is open inside the hours with the closing time', () => {
    const s = openState(weekdays, DET, at('2026-11-26T15:00:00Z')); // Thu 10:00 Detroit
    expect(s).toEqual({ open: true, closesAt: '9 pm' });
    expect(openLabel(s)).toBe('Open now');
    expect(hoursLabel(s)).toBe('Closes 9 pm');
  });
  it('is open at the opening minute and closed exactly at the closing minute', () => {
    expect(openState(weekdays, DET, at('2026-11-26T14:00:00Z'))!.open).toBe(true); // 09:00
    expect(openState(weekdays, DET, at('2026-11-27T01:59:00Z'))!.open).toBe(true); // 20:59
    const closed = openState(weekdays, DET, at('2026-11-27T02:00:00Z')); // 21:00
    expect(closed).toEqual({ open: false, opensAt: 'Fri 9 am' });
    expect(hoursLabel(closed)).toBe('Opens Fri 9 am');
    expect(openLabel(closed)).toBe('Closed now');
  });
  it('says only the time when it opens later the same day', () => {
    expect(openState(weekdays, DET, at('2026-11-26T12:00:00Z'))).toEqual({ open: false, opensAt: '9 am' }); // Thu 07:00
  });
  it('skips closed days (absent and empty) to the next opening', () => {
    const s = openState(weekdays, DET, at('2026-11-28T17:00:00Z')); // Sat noon
    expect(s).toEqual({ open: false, opensAt: 'Mon 9 am' });
    expect(openState({ ...weekdays, sat: [] }, DET, at('2026-11-28T17:00:00Z'))).toEqual({ open: false, opensAt: 'Mon 9 am' });
    // Friday evening after closing: opens Monday, wrapping past Sunday.
    expect(openState(weekdays, DET, at('2026-11-28T03:00:00Z'))).toEqual({ open: false, opensAt: 'Mon 9 am' });
  });
  it('reads the same instant in another time zone', () => {
    // 02:30 UTC Friday: 21:30 Thu in Detroit (closed), 20:30 Thu in Chicago (open).
    const now = at('2026-11-27T02:30:00Z');
    expect(openState(weekdays, DET, now)!.open).toBe(false);
    expect(openState(weekdays, CHI, now)).toEqual({ open: true, closesAt: '9 pm' });
    expect(openState(weekdays, NY, now)!.open).toBe(false);
  });
  it('keeps a night open past midnight, stored as one range or two', () => {
    const one = { fri: [{ open: '18:00', close: '02:00' }] };
    const two = { fri: [{ open: '18:00', close: '24:00' }], sat: [{ open: '00:00', close: '02:00' }] };
    for (const hours of [one, two]) {
      expect(openState(hours, DET, at('2026-11-28T04:00:00Z'))).toEqual({ open: true, closesAt: '2 am' }); // Fri 23:00
      expect(openState(hours, DET, at('2026-11-28T06:30:00Z'))).toEqual({ open: true, closesAt: '2 am' }); // Sat 01:30
      expect(openState(hours, DET, at('2026-11-28T07:00:00Z'))).toEqual({ open: false, opensAt: 'Fri 6 pm' }); // Sat 02:00
    }
  });
  it('carries Sunday night into Monday morning', () => {
    const hours = { sun: [{ open: '20:00', close: '03:00' }] };
    expect(openState(hours, DET, at('2026-11-30T06:00:00Z'))).toEqual({ open: true, closesAt: '3 am' }); // Mon 01:00
    expect(openState(hours, DET, at('2026-11-30T08:00:00Z'))).toEqual({ open: false, opensAt: 'Sun 8 pm' }); // Mon 03:00
  });
  it('is open around the clock with no closing time', () => {
    const all = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open: '00:00', close: '24:00' }]]));
    const s = openState(all, DET, at('2026-11-26T15:00:00Z'));
    expect(s).toEqual({ open: true });
    expect(hoursLabel(s)).toBe('Open 24 hours');
  });
  it('handles split days (lunch and dinner)', () => {
    const hours = { thu: [{ open: '11:00', close: '14:00' }, { open: '17:00', close: '22:00' }] };
    expect(openState(hours, DET, at('2026-11-26T17:00:00Z'))).toEqual({ open: true, closesAt: '2 pm' }); // 12:00
    expect(openState(hours, DET, at('2026-11-26T20:00:00Z'))).toEqual({ open: false, opensAt: '5 pm' }); // 15:00
  });
  it('follows the wall clock across the DST changes', () => {
    // 2026-03-08 (Sunday) clocks go forward at 02:00; 2026-11-01 (Sunday) back at 02:00.
    const sunday = { sun: [{ open: '09:00', close: '17:00' }] };
    expect(openState(sunday, DET, at('2026-03-08T13:00:00Z'))).toEqual({ open: true, closesAt: '5 pm' }); // 09:00 EDT
    expect(openState(sunday, DET, at('2026-03-08T12:59:00Z'))!.open).toBe(false); // 08:59 EDT
    expect(openState(sunday, DET, at('2026-03-08T21:00:00Z'))!.open).toBe(false); // 17:00 EDT
    expect(openState(sunday, DET, at('2026-11-01T14:00:00Z'))).toEqual({ open: true, closesAt: '5 pm' }); // 09:00 EST
    expect(openState(sunday, DET, at('2026-11-01T13:59:00Z'))!.open).toBe(false); // 08:59 EST
    expect(openState(sunday, DET, at('2026-11-01T22:00:00Z'))!.open).toBe(false); // 17:00 EST
    // A night across the change: Saturday 20:00 to 03:00, at 02:30 EST after the fall back.
    const night = { sat: [{ open: '20:00', close: '03:00' }] };
    expect(openState(night, DET, at('2026-11-01T07:30:00Z'))).toEqual({ open: true, closesAt: '3 am' });
  });
  it('gives null for unknown hours, never "closed"', () => {
    expect(openState(null, DET, at('2026-11-26T15:00:00Z'))).toBeNull();
    expect(openState({}, DET, at('2026-11-26T15:00:00Z'))).toBeNull();
    expect(openState('Mo-Fr', DET, at('2026-11-26T15:00:00Z'))).toBeNull();
    expect(openState({ mon: [{ open: 'nine', close: '5pm' }] }, DET, at('2026-11-26T15:00:00Z'))).toBeNull();
    expect(hoursLabel(null)).toBeNull();
    expect(openLabel(null)).toBeNull();
  });
});

describe('validToday / validNow', () => {
  const weekendsOnly = { days: ['sat', 'sun'] };
  it('is valid every day and hour without limits or with unreadable fine print', () => {
    expect(validToday(null, DET, at('2026-11-26T15:00:00Z'))).toBe(true);
    expect(validNow(null, DET, at('2026-11-26T15:00:00Z'))).toBe(true);
    expect(validNow({ bogus: 1 }, DET, at('2026-11-26T15:00:00Z'))).toBe(true);
    expect(validToday({ min_purchase_cents: 2000 }, DET, at('2026-11-26T15:00:00Z'))).toBe(true);
  });
  it('is not valid on a day the offer leaves out', () => {
    expect(validToday(weekendsOnly, DET, at('2026-11-26T15:00:00Z'))).toBe(false); // Thu
    expect(validNow(weekendsOnly, DET, at('2026-11-26T15:00:00Z'))).toBe(false);
    expect(validToday(weekendsOnly, DET, at('2026-11-28T15:00:00Z'))).toBe(true); // Sat
    expect(validTodayLabel(false)).toBe('Not valid today');
    expect(validTodayLabel(true)).toBe('Valid today');
  });
  it('takes the day in the location time zone', () => {
    // 05:30 UTC Saturday: Saturday 00:30 in Detroit, still Friday 23:30 in Chicago.
    const now = at('2026-11-28T05:30:00Z');
    expect(validToday(weekendsOnly, DET, now)).toBe(true);
    expect(validToday(weekendsOnly, CHI, now)).toBe(false);
  });
  it('keeps to the hours, the end minute outside', () => {
    const lunch = { days: ['thu'], hours: { from: '11:00', to: '14:00' } };
    expect(validNow(lunch, DET, at('2026-11-26T15:59:00Z'))).toBe(false); // 10:59
    expect(validNow(lunch, DET, at('2026-11-26T16:00:00Z'))).toBe(true); // 11:00
    expect(validNow(lunch, DET, at('2026-11-26T18:59:00Z'))).toBe(true); // 13:59
    expect(validNow(lunch, DET, at('2026-11-26T19:00:00Z'))).toBe(false); // 14:00
    expect(validToday(lunch, DET, at('2026-11-26T19:00:00Z'))).toBe(true);
  });
  it('runs late-night hours past midnight on the day they start', () => {
    const late = { days: ['fri'], hours: { from: '22:00', to: '02:00' } };
    expect(validNow(late, DET, at('2026-11-28T03:30:00Z'))).toBe(true); // Fri 22:30
    expect(validNow(late, DET, at('2026-11-28T06:00:00Z'))).toBe(true); // Sat 01:00
    expect(validNow(late, DET, at('2026-11-28T07:00:00Z'))).toBe(false); // Sat 02:00
    expect(validNow(late, DET, at('2026-11-27T06:00:00Z'))).toBe(false); // Fri 01:00 (Thursday night)
    expect(validNow(late, DET, at('2026-11-28T02:00:00Z'))).toBe(false); // Fri 21:00
  });
});

describe('nowFields, hoursTable, openingHoursSpecification', () => {
  it('bundles the answer fields', () => {
    expect(nowFields(weekdays, { days: ['sat'] }, DET, at('2026-11-26T15:00:00Z'))).toEqual({
      open_now: true,
      hours_label: 'Closes 9 pm',
      valid_today: false,
      valid_now: false,
      valid_label: 'Not valid today',
    });
    expect(nowFields(null, null, CHI, at('2026-11-26T15:00:00Z'))).toEqual({ open_now: null, hours_label: null, valid_today: true, valid_now: true, valid_label: 'Valid today' });
  });
  it('reads valid today while the late-night hours of the day before still run', () => {
    const late = { days: ['fri'], hours: { from: '22:00', to: '02:00' } };
    expect(nowFields(weekdays, late, DET, at('2026-11-28T06:00:00Z'))).toMatchObject({ valid_today: true, valid_now: true, valid_label: 'Valid today' }); // Sat 01:00
    expect(nowFields(weekdays, late, DET, at('2026-11-28T07:00:00Z'))).toMatchObject({ valid_today: false, valid_now: false, valid_label: 'Not valid today' }); // Sat 02:00
  });
  it('lists each weekday with today marked', () => {
    const rows = hoursTable({ ...weekdays, sat: [{ open: '10:00', close: '14:30' }, { open: '17:00', close: '24:00' }] }, DET, at('2026-11-26T15:00:00Z'));
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.today)!.day).toBe('thu');
    expect(rows[0]).toEqual({ day: 'mon', label: 'Mon', hours: '9 am – 9 pm', today: false });
    expect(rows[5]!.hours).toBe('10 am – 2:30 pm, 5 pm – 12 am');
    expect(rows[6]!.hours).toBe('Closed');
  });
  it('gives schema.org opening hours', () => {
    expect(openingHoursSpecification({ sat: [{ open: '10:00', close: '14:00' }], bad: 1 })).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '10:00', closes: '14:00' },
    ]);
    expect(openingHoursSpecification(null)).toEqual([]);
  });
});
