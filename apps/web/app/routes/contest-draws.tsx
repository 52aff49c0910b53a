// /contests/{entity}/draws: a contest's public draw record (docs/operations.md "Contests and
// leads"), so anyone can check a draw: the entry count, and for each draw when it ran, how many
// entries it drew from, the seed, the method in plain words and the winners (first name, last
// initial, city, state). Works for running and ended contests; an unknown entity is the 404 page.
import { data, Link, useLoaderData } from 'react-router';
import { parseId } from '@market/domain/ids';
import type { Route } from './+types/contest-draws';
import { Breadcrumbs, PageBanner } from '../components/content-page.tsx';
import { RouteErrorPage } from '../components/error-page.tsx';
import { apiFrom, withApiErrors } from '../lib/api/api.server.ts';
import { drawRecordView, type DrawView } from '../lib/server/draw-record.server.ts';
import { buildMeta, errorPageMeta } from '../lib/content/meta.ts';
import '../styles/draw-record.css';

export const loader = withApiErrors(async ({ params, context }: Route.LoaderArgs) => {
  const entityId = parseId(params.entityId);
  if (!entityId) throw data('Not Found', { status: 404 });
  return { entityId, ...drawRecordView(await apiFrom(context).contestDraws(entityId)) };
});

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function meta(args: Route.MetaArgs) {
  if (args.error || !args.loaderData) return errorPageMeta(args);
  const { contest, entryCount, draws, entityId } = args.loaderData;
  const winners = draws.reduce((n, d) => n + d.winners.length, 0);
  const description = draws.length
    ? `${contest.name}: ${count(entryCount, 'entry', 'entries')}, ${count(draws.length, 'draw', 'draws')} and ${count(winners, 'winner', 'winners')}. The seed and method of every draw, so anyone can check it.`
    : `${contest.name}: ${count(entryCount, 'entry', 'entries')}. The draw takes place after the contest ends on ${contest.endsOn}; its seed, method and winners will be published here.`;
  return buildMeta(args, { title: `Draw record: ${contest.name}`, description, path: `/contests/${entityId}/draws` });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}

export default function ContestDraws() {
  const { contest, entryCount, draws } = useLoaderData<typeof loader>();
  const explained = draws.some((d) => d.seededShuffle);
  return (
    <>
      <Breadcrumbs trail={[{ href: '/contests', label: 'Contests' }, { label: 'Draw record' }]} />
      <PageBanner eyebrow="Draw record" title={contest.name} lead={<span className="draw-entry-count">{count(entryCount, 'entry', 'entries')}</span>} />
      <div className="container page draw-record">
        <p className="muted">
          Open from {contest.startsOn} to {contest.endsOn}
          {contest.ended ? ' (ended)' : ''}.
        </p>
        {draws.length ? (
          draws.map((draw, i) => <DrawSection key={draw.drawnAt + draw.seed} draw={draw} index={i} total={draws.length} contestId={contest.id} />)
        ) : (
          <p className="draw-none">No draw has been made yet. The draw takes place after the contest ends on {contest.endsOn}.</p>
        )}
        {explained ? <MethodExplained contestId={contest.id} /> : null}
        <p>
          <Link to="/contests">All contests and recent winners</Link>
        </p>
      </div>
    </>
  );
}

function DrawSection({ draw, index, total, contestId }: { draw: DrawView; index: number; total: number; contestId: number }) {
  const headingId = `draw-${index + 1}`;
  const title = total > 1 ? `Draw ${index + 1} of ${total}: ${draw.date}` : `The draw of ${draw.date}`;
  return (
    <section aria-labelledby={headingId} className="draw panel">
      <h2 id={headingId}>{title}</h2>
      <dl className="draw-facts">
        <div className="draw-fact-wide">
          <dt>Drawn</dt>
          <dd>
            <time dateTime={draw.drawnAt}>
              {draw.date} at {draw.time}
            </time>
          </dd>
        </div>
        <div>
          <dt>Entries at the time</dt>
          <dd>{draw.entrants === null ? 'Not recorded' : draw.entrants.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Eligible entries</dt>
          <dd>{draw.eligibleEntries.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Seed</dt>
          <dd>
            <code className="draw-seed">{draw.seed}</code>
          </dd>
        </div>
        <div className="draw-fact-wide">
          <dt>Method</dt>
          <dd>
            {draw.seededShuffle ? (
              <>
                Seeded shuffle (<code>{draw.method}</code>): <a href="#how-drawn">how it works</a>
              </>
            ) : (
              <code>{draw.method}</code>
            )}
          </dd>
        </div>
      </dl>
      {draw.seededShuffle ? (
        <p className="small muted">
          Contest number {contestId}, seed {draw.seed}: the same numbers and the same list of {draw.eligibleEntries.toLocaleString('en-US')} eligible entries always give these winners.
        </p>
      ) : null}
      <h3 id={`${headingId}-winners`}>{count(draw.winners.length, 'winner', 'winners')}</h3>
      {draw.winners.length ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={`${headingId}-winners`}>
          <table className="winners">
            <caption className="visually-hidden">Winners in the order drawn</caption>
            <thead>
              <tr>
                <th scope="col">Drawn</th>
                <th scope="col">Name</th>
                <th scope="col">City</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {draw.winners.map((w, i) => (
                <tr key={`${w.name}-${i}`}>
                  <td>{ordinal(i + 1)}</td>
                  <td>{w.name}</td>
                  <td>{w.city}</td>
                  <td>{w.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>This draw picked no winners.</p>
      )}
    </section>
  );
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

// What pickWinners in apps/api/src/modules/contests/lib/draw.ts does, step by step; keep the two
// in step if the method ever changes (a new method gets a new name, the old text stays for old draws).
function MethodExplained({ contestId }: { contestId: number }) {
  return (
    <section aria-labelledby="how-drawn" className="draw-method">
      <h2 id="how-drawn">How the winners were drawn</h2>
      <ol>
        <li>
          <strong>The eligible entries are lined up in the order they were made.</strong> Every member who entered the contest and has not already won it in an
          earlier draw is eligible, with one entry each. The entries are put in order of their entry numbers, the oldest first.
        </li>
        <li>
          <strong>The seed starts a fixed random-number generator.</strong> The seed is a whole number, picked at random by the computer for each draw unless the
          person running the draw gives one, and it is stored with the draw. The generator starts from the contest number ({contestId}) and the seed, so the
          same seed always gives the same sequence of numbers.
        </li>
        <li>
          <strong>The entries are shuffled one winner at a time.</strong> For the first winner the generator picks one of all the eligible entries, and it swaps
          places with the entry in first place. For the second winner it picks one of the entries from second place on, which swaps into second place, and so
          on until every prize is drawn. The entries in the first places are the winners, in the order drawn. A member can win a contest only once.
        </li>
        <li>
          <strong>Anyone can redo it.</strong> The list of eligible entry numbers, in that order, is stored with each draw alongside the seed. Running the same
          shuffle again on that list with the contest number and the seed picks exactly the same entries, so a draw can be checked at any time afterwards. The
          list itself is not shown on this page; the counts, the seed and the winners are.
        </li>
      </ol>
      <details className="draw-technical">
        <summary>Technical details</summary>
        <p>
          Method <code>seeded-shuffle-v1</code>: the generator is sfc32, seeded with the cyrb128 hash of the text{' '}
          <code>contest-draw:{contestId}:&lt;seed&gt;</code>, its first 12 outputs discarded; each output is a 32-bit number divided by 2<sup>32</sup>. With{' '}
          <var>n</var> eligible entries in entry-number order, for position <var>i</var> = 0, 1, … (one per winner, at most <var>n</var>) it takes{' '}
          <var>j</var> = <var>i</var> + floor(output × (<var>n</var> − <var>i</var>)) and swaps the entries at <var>i</var> and <var>j</var>: a partial
          Fisher–Yates shuffle. The winners are the entries at positions 0 to winners − 1.
        </p>
      </details>
    </section>
  );
}
