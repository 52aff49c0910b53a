import { describe, expect, it } from 'vitest';
import { finePrintLines, finePrintSchema, normaliseFinePrint } from './fine-print.ts';

describe('fine print lines (one wording for card, modal and PDF)', () => {
  it('reads a full set of conditions in a fixed order', () => {
    expect(
      finePrintLines({
        exclusions: 'alcohol and gift cards',
        limit: 'one_per_household',
        service: 'dine_in',
        new_customers_only: true,
        min_purchase_cents: 2000,
        hours: { from: '11:00', to: '15:00' },
        days: ['fri', 'mon', 'tue', 'wed', 'thu'],
      }),
    ).toEqual(['Valid Mon–Fri, 11:00 AM–3:00 PM', 'Minimum purchase $20', 'New customers only', 'Dine-in only', 'One per household', 'Excludes alcohol and gift cards']);
  });

  it('writes runs of days as ranges and lone days as a list', () => {
    expect(finePrintLines({ days: ['mon', 'wed', 'fri'] })).toEqual(['Valid Mon, Wed, Fri']);
    expect(finePrintLines({ days: ['sat', 'sun'] })).toEqual(['Valid Sat, Sun']);
    expect(finePrintLines({ days: ['mon', 'tue', 'wed', 'sat'] })).toEqual(['Valid Mon–Wed, Sat']);
    expect(finePrintLines({ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] })).toEqual(['Valid every day']);
  });

  it('writes times on a 12-hour clock, midnight and noon included', () => {
    expect(finePrintLines({ hours: { from: '00:00', to: '12:30' } })).toEqual(['Valid 12:00 AM–12:30 PM']);
    expect(finePrintLines({ hours: { from: '22:00', to: '02:00' } })).toEqual(['Valid 10:00 PM–2:00 AM']);
  });

  it('shows cents only when there are some', () => {
    expect(finePrintLines({ min_purchase_cents: 2550 })).toEqual(['Minimum purchase $25.50']);
    expect(finePrintLines({ min_purchase_cents: 150000 })).toEqual(['Minimum purchase $1,500']);
  });

  it('does not repeat "Excludes" and words every service and limit', () => {
    expect(finePrintLines({ exclusions: 'Excludes specials' })).toEqual(['Excludes specials']);
    expect(finePrintLines({ service: 'takeout', limit: 'one_per_visit' })).toEqual(['Takeout only', 'One per visit']);
    expect(finePrintLines({ service: 'both', limit: 'one_per_customer' })).toEqual(['Dine-in or takeout', 'One per customer']);
  });

  it('gives no lines for nothing or for a stored value that is not fine print', () => {
    expect(finePrintLines(null)).toEqual([]);
    expect(finePrintLines({})).toEqual([]);
    expect(finePrintLines('Valid Monday')).toEqual([]);
    expect(finePrintLines({ days: ['funday'] })).toEqual([]);
  });

  it('refuses bad input naming the part', () => {
    const bad = finePrintSchema.safeParse({ hours: { from: '25:00', to: '10:00' }, exclusions: 'x'.repeat(301), colour: 'red' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['hours.from', 'exclusions']));
    expect(finePrintSchema.safeParse({ hours: { from: '10:00', to: '10:00' } }).error!.issues[0]!.path).toEqual(['hours', 'to']);
  });

  it('stores nothing when every part is empty', () => {
    expect(normaliseFinePrint({ new_customers_only: false, exclusions: '' })).toBeNull();
    expect(normaliseFinePrint({ days: ['sun', 'mon'] })).toEqual({ days: ['sun', 'mon'] });
  });
});
