// The offer's value as a badge (docs/api.md "Offer values"): "$5 off", "20% off", "BOGO", "$19.99",
// "Free dessert", written by the API from the structured value (@market/domain/offer-value), with
// the regular price beside it when the value tells it. Screen readers hear the words ("Buy one,
// get one free", "Price $19.99"), not the abbreviation.
import { formatCents, spokenText, type OfferValue } from '@market/domain/offer-value-text';

export function ValueBadge({ value, badge, size = 'card' }: { value: OfferValue | null | undefined; badge: string | null | undefined; size?: 'card' | 'modal' }) {
  if (!badge) return null;
  const spoken = value ? spokenText(value) : badge;
  const regular = value?.regular_price_cents;
  return (
    <p className={`value-line value-line-${size}`}>
      <span className="value-badge" aria-hidden={spoken !== badge ? true : undefined}>
        {badge}
      </span>
      {spoken !== badge ? <span className="visually-hidden">{spoken}</span> : null}
      {regular ? (
        <span className="value-regular">
          {value.kind === 'price' ? (
            <>
              Reg. <s>{formatCents(regular)}</s>
            </>
          ) : (
            <>Reg. {formatCents(regular)}</>
          )}
        </span>
      ) : null}
    </p>
  );
}
