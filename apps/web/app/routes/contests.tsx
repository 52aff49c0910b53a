// /contests (SPEC.md 2): the Contests special-edition header (its button only when a featured
// contest exists), the contests of the visitor's market (cards open the contest modal with c=
// keeping the location values) and recent winners (name, date, 'city state', winning), with a
// link to each of their contests' draw records (/contests/{entity}/draws).
import { Link, useLoaderData, useLocation } from 'react-router';
import { winnerDisplayDate, winnerDisplayLocation, winnerDisplayName } from '@market/domain/contest-winners';
import { locationLabel } from '@market/domain/location-label';
import { RouteErrorPage } from '../components/error-page.tsx';
import type { Route } from './+types/contests';
import { SpecialHeader } from '../components/special-header.tsx';
import { SaveButton } from '../components/save-button.tsx';
import { apiFrom, withApiErrors } from '../lib/api/api.server.ts';
import { visitorGeo } from '../lib/server/geo.server.ts';
import { buildMeta, errorPageMeta } from '../lib/content/meta.ts';
import { keepListOnModalChange, modalHref } from '../lib/ui/modal-links.ts';
import { SPECIAL_EDITIONS } from '../lib/content/special-editions.ts';
import { useRootData } from '../root.tsx';

export const loader = withApiErrors(async ({ request, context }: Route.LoaderArgs) => {
  const { geo } = await visitorGeo(request, context);
  const api = apiFrom(context);
  const [contests, winners, featured] = await Promise.all([api.contests(geo), api.contestWinners(geo), api.featuredContest(geo)]);
  return { contests, winners: winners.slice(0, 20), featured };
});

export const shouldRevalidate = keepListOnModalChange;

export function meta(args: Route.MetaArgs) {
  if (args.error) return errorPageMeta(args);
  return buildMeta(args, { title: 'Contests & Sweepstakes', description: 'Enter free contests and sweepstakes from local businesses near you.', path: '/contests', image: SPECIAL_EDITIONS.Contests?.image });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}

export default function Contests() {
  const d = useLoaderData<typeof loader>();
  const root = useRootData();
  const location = useLocation();
  const edition = SPECIAL_EDITIONS.Contests!;
  // Each contest with a drawn winner listed links to its public draw record, once (winners entered
  // by hand have no draw to show).
  const drawn = [...new Map(d.winners.filter((w) => w.drawn).map((w) => [w.contest.entity_id, w.contest])).values()];
  const action = d.featured ? { label: 'Enter the Featured Contest', href: modalHref(location, 'c', d.featured.entity_id) } : null;
  return (
    <>
      <SpecialHeader edition={edition} action={action} />
      <div className="container page">
        <section aria-labelledby="contests-heading" className="section">
          <h2 id="contests-heading">Contests {locationLabel(root.geo)}</h2>
          {d.contests.length ? (
            <ul className="card-grid">
              {d.contests.map((c) => (
                <li key={c.entity_id}>
                  <article className="card contest-card">
                    {c.contest.path ?? c.contest.banner ? <img src={(c.contest.path ?? c.contest.banner)!} alt="" width={480} height={270} loading="lazy" /> : null}
                    <div className="card-body">
                      <h3 className="card-title">
                        <Link to={modalHref(location, 'c', c.entity_id)} preventScrollReset state={{ modalFromList: true }} className="stretched">
                          {c.contest.display_name}
                        </Link>
                      </h3>
                      <div className="card-footer">
                        <SaveButton kind="contest" id={c.entity_id} label={c.contest.display_name} />
                      </div>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty">There are no contests in your area right now. Check back soon.</p>
          )}
        </section>
        <section aria-labelledby="winners-heading" className="section">
          <h2 id="winners-heading">Recent Winners</h2>
          {d.winners.length ? (
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Recent winners">
            <table className="winners">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Date</th>
                  <th scope="col">Location</th>
                  <th scope="col">Won</th>
                </tr>
              </thead>
              <tbody>
                {d.winners.map((w, i) => (
                  <tr key={`${w.first_name}-${w.selected_at}-${i}`}>
                    <td>{winnerDisplayName(w.first_name, w.last_initial)}</td>
                    <td>{w.selected_at ? winnerDisplayDate(w.selected_at) : ''}</td>
                    <td>{winnerDisplayLocation(w.city, w.state)}</td>
                    <td>{w.winning}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
          ) : (
            <p className="empty">No winners have been drawn yet.</p>
          )}
          {drawn.length ? (
            <nav aria-labelledby="draws-heading" className="draw-links">
              <h3 id="draws-heading">How the winners were drawn</h3>
              <ul>
                {drawn.map((c) => (
                  <li key={c.entity_id}>
                    <Link to={`/contests/${c.entity_id}/draws`}>Draw record: {c.display_name}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </section>
      </div>
    </>
  );
}
