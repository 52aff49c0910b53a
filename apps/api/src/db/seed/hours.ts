// Opening hours of seeded locations and day/hour limits in seeded fine print, so that "open now"
// and "valid right now" (docs/api.md "Offer lists") have something to read. Each draws from its
// own generator seeded by (seed, purpose, id): the other seeded rows are the same with or without
// them.
import { Random } from './random.ts';

type Range = { open: string; close: string };
type Hours = Partial<Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', Range[]>>;

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

function days(list: readonly (typeof WEEK)[number][], open: string, close: string, into: Hours = {}): Hours {
  for (const d of list) into[d] = [{ open, close }];
  return into;
}

/** Typical hours per kind of business (SPEC.md 3 Location hours); null: hours unknown (about one in ten). */
export function seedOpeningHours(seed: number, locationId: number, kind: string, isHomePro: boolean): Hours | null {
  const r = new Random(seed, 'hours', locationId);
  const roll = r.next();
  if (roll < 0.1) return null;
  if (roll < 0.14) return days(WEEK, '00:00', '24:00');
  if (isHomePro) {
    const h = days(WEEKDAYS, r.pick(['07:00', '08:00']), r.pick(['16:00', '17:00', '18:00']));
    return r.chance(0.5) ? days(['sat'], '09:00', '13:00', h) : h;
  }
  switch (kind) {
    case 'restaurant':
      // Some kitchens stay open past midnight at the weekend (a close before the open runs overnight).
      return r.chance(0.25)
        ? days(['fri', 'sat'], '16:00', '02:00', days(['mon', 'tue', 'wed', 'thu', 'sun'], '11:00', '23:00'))
        : days(['fri', 'sat'], '11:00', '23:00', days(['mon', 'tue', 'wed', 'thu', 'sun'], r.pick(['07:00', '11:00']), '22:00'));
    case 'entertainment':
      return days(WEEK, '10:00', r.pick(['22:00', '24:00']));
    case 'health-beauty':
      return days(['tue', 'wed', 'thu', 'fri', 'sat'], '09:00', '19:00');
    case 'auto':
      return days(['sat'], '09:00', '17:00', days(WEEKDAYS, '08:00', '19:00'));
    case 'retail':
      return days(['sun'], '11:00', '18:00', days(['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], '10:00', '21:00'));
    default:
      return days(WEEKDAYS, '09:00', '17:00');
  }
}

/** Fine print with a day or hour limit for some offers (lunch, happy hour, weekdays, weekends); null for most. */
export function seedFinePrint(seed: number, offerId: number, kind: string): Record<string, unknown> | null {
  const r = new Random(seed, 'fine-print', offerId);
  const roll = r.next();
  if (roll >= 0.2) return null;
  if (kind === 'restaurant') {
    if (roll < 0.06) return { days: [...WEEKDAYS], hours: { from: '11:00', to: '14:00' }, service: 'dine_in' };
    if (roll < 0.1) return { hours: { from: '15:00', to: '18:00' }, limit: 'one_per_visit' };
    if (roll < 0.12) return { days: ['fri', 'sat'], hours: { from: '22:00', to: '02:00' } };
  }
  return roll < 0.12 ? { days: [...WEEKDAYS], limit: 'one_per_customer' } : { days: ['sat', 'sun'], limit: 'one_per_household' };
}
