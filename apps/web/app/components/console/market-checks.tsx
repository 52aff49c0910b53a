// The markets a staff member works on (staff list, invitation and edit forms): null or none
// ticked means every market (@market/domain/validation/staff staffMarketsField).
import { MARKET_IDS } from '@market/domain/markets';
import { marketName } from '../../lib/console/contest-format.ts';

export function marketsLabel(markets: readonly string[] | null): string {
  return markets === null || markets.length === 0 ? 'Every market' : markets.map(marketName).join(', ');
}

/** The markets a staff member is limited to; none ticked means every market. */
export function MarketChecks({ chosen, errors }: { chosen: ReadonlySet<string>; errors?: readonly string[] }) {
  return (
    <fieldset className="console-fieldset">
      <legend>Markets</legend>
      <p className="console-hint">Leave every box empty for every market.</p>
      <div className="console-check-grid">
        {MARKET_IDS.map((m) => (
          <label key={m} className="console-check">
            <input type="checkbox" name="markets" value={m} defaultChecked={chosen.has(m)} />
            <span>{marketName(m)}</span>
          </label>
        ))}
      </div>
      {errors?.length ? <span className="console-field-error">{errors.join(' ')}</span> : null}
    </fieldset>
  );
}
