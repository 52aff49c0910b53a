// Choosing an offer's merchant: a GET form searching merchants by name (the page's `merchant_q`),
// its results as links that put the merchant's id in the page's address (`merchant`), from which
// the page loads that merchant's locations. Works without JavaScript.
import { Form, Link } from 'react-router';

export interface MerchantMatch {
  id: number;
  name: string;
  detail: string;
}

export function MerchantPicker({ q, results, hrefFor, keep = {} }: { q: string; results: MerchantMatch[] | null; hrefFor: (id: number) => string; keep?: Record<string, string> }) {
  return (
    <section className="console-panel" aria-labelledby="merchant-picker-title">
      <h2 id="merchant-picker-title">Choose the merchant</h2>
      <Form method="get" className="console-table-tools" role="search">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="console-field console-search">
          <label htmlFor="merchant_q">Merchant name contains</label>
          <input id="merchant_q" type="search" name="merchant_q" defaultValue={q} />
        </div>
        <button type="submit" className="console-btn">
          Find
        </button>
      </Form>
      {results === null ? null : results.length ? (
        <ul className="cat-list">
          {results.map((m) => (
            <li key={m.id}>
              <Link to={hrefFor(m.id)}>{m.name}</Link>
              <span className="console-small console-muted">{m.detail}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="console-muted">No merchant matches “{q}”.</p>
      )}
    </section>
  );
}
