// Structured fine print of an offer (docs/api.md "Staff console: offers"): the conditions staff pick
// in the console, stored as JSON on offers.fine_print, and the one way they read as text. The
// saver card, the offer modal and the printed coupon all call finePrintLines, so the three never
// word a condition differently.
import './validation/zod-jitless.ts';
import { z } from 'zod';
import { hasNoNul } from './validation/fields.ts';

export const FINE_PRINT_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type FinePrintDay = (typeof FINE_PRINT_DAYS)[number];
export const FINE_PRINT_SERVICES = ['dine_in', 'takeout', 'both'] as const;
export const FINE_PRINT_LIMITS = ['one_per_household', 'one_per_visit', 'one_per_customer'] as const;
export const EXCLUSIONS_MAX = 300;
/** $100,000: far above any real minimum, low enough that the integer never overflows. */
export const MIN_PURCHASE_MAX_CENTS = 10_000_000;

const DAY_LABEL: Record<FinePrintDay, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
const SERVICE_LINE: Record<(typeof FINE_PRINT_SERVICES)[number], string> = { dine_in: 'Dine-in only', takeout: 'Takeout only', both: 'Dine-in or takeout' };
const LIMIT_LINE: Record<(typeof FINE_PRINT_LIMITS)[number], string> = {
  one_per_household: 'One per household',
  one_per_visit: 'One per visit',
  one_per_customer: 'One per customer',
};

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const CLOCK_MESSAGE = 'Enter a time as HH:MM (00:00 to 23:59).';

const clock = z.string({ error: CLOCK_MESSAGE }).regex(CLOCK, CLOCK_MESSAGE);

/** What offers.fine_print holds; every part is optional. */
export const finePrintSchema = z
  .object(
    {
      days: z
        .array(z.enum(FINE_PRINT_DAYS, { error: 'Choose days among mon, tue, wed, thu, fri, sat, sun.' }), { error: 'Send the days as a list.' })
        .min(1, 'Choose at least one day, or leave the days out.')
        .max(7)
        .transform((days) => FINE_PRINT_DAYS.filter((d) => days.includes(d)))
        .optional(),
      hours: z
        .object({ from: clock, to: clock }, { error: 'Send the hours as {from, to}.' })
        .refine((h) => h.from !== h.to, { message: 'The hours must start and end at different times.', path: ['to'] })
        .optional(),
      min_purchase_cents: z
        .number({ error: 'Enter the minimum purchase in cents, a whole number.' })
        .int('Enter the minimum purchase in cents, a whole number.')
        .min(1, 'Enter a minimum purchase above zero, or leave it out.')
        .max(MIN_PURCHASE_MAX_CENTS, 'That minimum purchase is too large.')
        .optional(),
      new_customers_only: z.boolean({ error: 'Send true or false.' }).optional(),
      service: z.enum(FINE_PRINT_SERVICES, { error: 'Choose dine_in, takeout or both.' }).optional(),
      limit: z.enum(FINE_PRINT_LIMITS, { error: 'Choose one_per_household, one_per_visit or one_per_customer.' }).optional(),
      exclusions: z
        .string({ error: 'Enter text.' })
        .trim()
        .max(EXCLUSIONS_MAX, `Use at most ${EXCLUSIONS_MAX} characters.`)
        .refine(hasNoNul, 'Enter text.')
        .optional(),
    },
    { error: 'Send the fine print as an object.' },
  )
  .strict();

export type FinePrint = z.output<typeof finePrintSchema>;

/** '15:30' -> '3:30 PM'. */
function clockLabel(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** Runs of consecutive days read as ranges: mon..fri -> 'Mon–Fri'; mon, wed -> 'Mon, Wed'. */
function daysLabel(days: readonly FinePrintDay[]): string {
  if (days.length === 7) return 'every day';
  const idx = FINE_PRINT_DAYS.map((d, i) => (days.includes(d) ? i : -1)).filter((i) => i >= 0);
  const parts: string[] = [];
  for (let start = 0; start < idx.length; ) {
    let end = start;
    while (end + 1 < idx.length && idx[end + 1] === idx[end]! + 1) end++;
    const first = DAY_LABEL[FINE_PRINT_DAYS[idx[start]!]!];
    const last = DAY_LABEL[FINE_PRINT_DAYS[idx[end]!]!];
    // Two days side by side read better as a list than as a range.
    parts.push(end === start ? first : end === start + 1 ? `${first}, ${last}` : `${first}–${last}`);
    start = end + 1;
  }
  return parts.join(', ');
}

function dollars(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/**
 * The fine print as the lines a saver reads, in a fixed order: when, minimum purchase, who,
 * service, limit, exclusions. Anything that does not parse as fine print gives no lines (a
 * stored value is never trusted to be well formed).
 */
export function finePrintLines(finePrint: unknown): string[] {
  if (finePrint === null || finePrint === undefined) return [];
  const parsed = finePrintSchema.safeParse(finePrint);
  if (!parsed.success) return [];
  const f = parsed.data;
  const lines: string[] = [];
  const when = [f.days ? daysLabel(f.days) : null, f.hours ? `${clockLabel(f.hours.from)}–${clockLabel(f.hours.to)}` : null].filter(Boolean);
  if (when.length) lines.push(`Valid ${when.join(', ')}`);
  if (f.min_purchase_cents) lines.push(`Minimum purchase ${dollars(f.min_purchase_cents)}`);
  if (f.new_customers_only) lines.push('New customers only');
  if (f.service) lines.push(SERVICE_LINE[f.service]);
  if (f.limit) lines.push(LIMIT_LINE[f.limit]);
  if (f.exclusions) lines.push(/^excludes?\b/i.test(f.exclusions) ? f.exclusions : `Excludes ${f.exclusions}`);
  return lines;
}

/** The stored form: empty parts dropped, null when nothing is left. */
export function normaliseFinePrint(finePrint: FinePrint | null | undefined): FinePrint | null {
  if (!finePrint) return null;
  const out: FinePrint = {};
  if (finePrint.days?.length) out.days = finePrint.days;
  if (finePrint.hours) out.hours = finePrint.hours;
  if (finePrint.min_purchase_cents) out.min_purchase_cents = finePrint.min_purchase_cents;
  if (finePrint.new_customers_only) out.new_customers_only = true;
  if (finePrint.service) out.service = finePrint.service;
  if (finePrint.limit) out.limit = finePrint.limit;
  if (finePrint.exclusions) out.exclusions = finePrint.exclusions;
  return Object.keys(out).length ? out : null;
}

/** A stored value as fine print: null when absent or not well formed (never trusted blindly). */
export function readFinePrint(value: unknown): FinePrint | null {
  if (value === null || value === undefined) return null;
  const parsed = finePrintSchema.safeParse(value);
  return parsed.success ? normaliseFinePrint(parsed.data) : null;
}
