// The words of an offer's structured value, without zod: the saver card and the offer modal
// import this so their bundle stays small; offer-value.ts validates and re-exports it.

export type OfferValue =
  | { kind: 'amount_off'; amount_cents: number; regular_price_cents?: number | undefined }
  | { kind: 'percent_off'; percent: number; regular_price_cents?: number | undefined }
  | { kind: 'bogo'; regular_price_cents?: number | undefined }
  | { kind: 'price'; price_cents: number; regular_price_cents?: number | undefined }
  | { kind: 'free_item'; item: string; regular_price_cents?: number | undefined };

// Built once: `toLocaleString` with options builds a new formatter per call (a tenth of a listing's
// CPU time when every card has a value).
let wholeDollars: Intl.NumberFormat | undefined;
let withCents: Intl.NumberFormat | undefined;

/** 500 -> '$5', 250 -> '$2.50', 123456 -> '$1,234.56'. */
export function formatCents(c: number): string {
  const format =
    c % 100 === 0
      ? (wholeDollars ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 }))
      : (withCents ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  return `$${format.format(c / 100)}`;
}

/** The badge of a well-formed value: '$5 off', '20% off', 'BOGO', '$19.99', 'Free dessert'. */
export function badgeText(v: OfferValue): string {
  switch (v.kind) {
    case 'amount_off':
      return `${formatCents(v.amount_cents)} off`;
    case 'percent_off':
      return `${v.percent}% off`;
    case 'bogo':
      return 'BOGO';
    case 'price':
      return formatCents(v.price_cents);
    case 'free_item':
      return `Free ${v.item}`;
  }
}

/** The badge as a screen reader says it: 'BOGO' in words, a bare price named as one. */
export function spokenText(v: OfferValue): string {
  if (v.kind === 'bogo') return 'Buy one, get one free';
  if (v.kind === 'price') return `Price ${formatCents(v.price_cents)}`;
  return badgeText(v);
}
