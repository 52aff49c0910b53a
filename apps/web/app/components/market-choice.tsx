// For visitors outside the four markets (docs/decisions.md): rather than empty offer lists, a
// choice of our markets. Each choice posts the market's city to /location, which looks it up,
// stores the place and comes back here (a form: it works before JavaScript too).
import { Form, useLocation } from 'react-router';
import { MARKET_IDS, MARKETS } from '@market/domain/markets';
import { placeText } from '@market/domain/location-label';
import type { UserGeo } from '@market/domain/user-geo';

function choiceLabel(id: (typeof MARKET_IDS)[number]): string {
  const market = MARKETS[id];
  return market.name === market.fullAdministrativeArea ? market.name : `${market.name}, ${market.fullAdministrativeArea}`;
}

export function MarketChoice({ geo }: { geo: UserGeo }) {
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  const where = placeText(geo) || 'your area';
  return (
    <section className="section market-choice" aria-labelledby="market-choice-heading">
      <h2 id="market-choice-heading">We're not in {where} yet</h2>
      <p>Our coupons and offers are from local businesses in Michigan, Illinois, Minnesota and Florida. Choose a market to see its savings.</p>
      <ul className="market-choices">
        {MARKET_IDS.map((id) => (
          <li key={id}>
            <Form method="post" action="/location">
              <input type="hidden" name="q" value={`${MARKETS[id].city}, ${MARKETS[id].state}`} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <button type="submit" className="btn btn-primary">
                {choiceLabel(id)}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
