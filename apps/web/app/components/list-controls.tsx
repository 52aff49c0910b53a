// The sort and radius of the browse and search lists (docs/api.md "Sort, distance and radius")
// and the "Valid right now" switch (`now=1`, docs/api.md "Valid right now"):
// a GET form that works without JavaScript (its Apply button), and with it applies on change.
// The other query values (q, filters, the place) ride along as hidden fields; the offset and
// any open modal are dropped, so a new order starts at page 1.
import { Form, useSearchParams, useSubmit } from 'react-router';
import { LIST_SORTS, RADIUS_CHOICES, SORT_LABELS, type ListChoices } from '@market/domain/list-sort';
import { VALID_NOW_PARAM } from '@market/domain/valid-now-choice';

const DROPPED = ['sort', 'radius', VALID_NOW_PARAM, 'offset', 'o', 'c', 'l'];

export function ListControls({ choices, relevance = false, validNow }: { choices: ListChoices; relevance?: boolean; validNow?: boolean | undefined }) {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const keep = [...params.entries()].filter(([k]) => !DROPPED.includes(k));
  return (
    <Form
      method="get"
      className="list-controls"
      aria-label="Sort and distance"
      onChange={(e) => {
        // Defaults (empty values) stay out of the URL.
        const next = new URLSearchParams();
        for (const [k, v] of new FormData(e.currentTarget)) if (v !== '') next.append(k, String(v));
        void submit(next, { method: 'get' });
      }}
    >
      {keep.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <label className="list-control">
        <span>Sort by</span>
        <select name="sort" defaultValue={choices.sort ?? ''} key={`s-${choices.sort ?? ''}`}>
          <option value="">{relevance ? 'Best match' : SORT_LABELS.nearest}</option>
          {LIST_SORTS.filter((s) => relevance || s !== 'nearest').map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="list-control">
        <span>Within</span>
        <select name="radius" defaultValue={choices.radius ? String(choices.radius) : ''} key={`r-${choices.radius ?? ''}`}>
          <option value="">Your area</option>
          {RADIUS_CHOICES.map((r) => (
            <option key={r} value={r}>
              {r} miles
            </option>
          ))}
        </select>
      </label>
      {validNow !== undefined ? (
        <label className="list-control list-control-check">
          <input type="checkbox" name={VALID_NOW_PARAM} value="1" defaultChecked={validNow} key={`n-${validNow ? 1 : 0}`} />
          <span>Valid right now</span>
        </label>
      ) : null}
      <noscript>
        <button type="submit" className="btn btn-small">
          Apply
        </button>
      </noscript>
    </Form>
  );
}
