import { winnerDisplayDate, winnerDisplayLocation, winnerDisplayName } from '@market/domain/contest-winners';
import { businessToday } from '@market/domain/expiry';
import type { AppDeps } from '../../context.ts';
import type { DbHandle, Executor } from '../../db/client.ts';
import { CLAIM_SUBMITTED, type ContestApplication, type SweepstakesClaim } from '@market/domain/validation/contests';
import { MARKETS, type MarketId } from '@market/domain/markets';
import type { ContestDrawOut, PublicDrawRecordOut } from '@market/domain/api/console-contests';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { AccountDeletionStep } from '../auth/lib/account-deletion.ts';
import { resolvePosition } from '../geo/service.ts';
import { DrawError, drawWinners, type DrawOptions } from './lib/draw.ts';
import { SWEEPSTAKES_CLAIM_MAIL } from './lib/mails.ts';
import { countEntries, findDraws, findWinnersOfDraws, findContestById, findEnteredContestIds, findEntitiesByIds, findRunningEntitiesInMarket, findSweepstakesClaimsAfter, findWinnersInMarket, insertSweepstakesClaim, unlinkWinnerMember, upsertEntry, type ContestEntityRow } from './repository.ts';
import type { ContestEntryOut, ContestItemOut, ContestsQuery, ContestWinnerOut, ContestWinnersQuery } from './schema.ts';

/**
 * Account deletion: entries go with the account (ON DELETE CASCADE); a won prize stays in the
 * public winners list (first name and last initial only) but no longer points at the account
 * (docs/decisions.md).
 */
export const unlinkContestWinner: AccountDeletionStep = {
  name: 'contest-winners',
  run: (tx, userId) => unlinkWinnerMember(tx, userId),
};

/** Who is asking: a signed-in member's id makes `entered` meaningful. */
export interface Viewer {
  userId?: number | undefined;
}

/** The contests (of `contestIds`) the member has entered; none for anonymous visitors. */
async function enteredContestIds(handle: DbHandle, viewer: Viewer, contestIds: number[]): Promise<Set<number>> {
  if (viewer.userId === undefined || contestIds.length === 0) return new Set();
  return new Set(await findEnteredContestIds(handle, viewer.userId, contestIds));
}

function itemOut(row: ContestEntityRow, entered: Set<number>): ContestItemOut {
  return {
    entity_id: row.entity_id,
    is_featured: row.is_featured,
    contest: {
      id: row.contest_id,
      path: row.picture_path,
      banner: row.banner_path,
      display_name: row.display_name,
      contest_description: row.description,
      contest_rules: row.rules_html,
      win_save_contest_link: row.win_save_contest_link || null,
      slug: row.slug,
      prize: row.prize,
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      merchant: row.merchant_slug === null ? null : { default_location_id: row.default_location_id, slug: row.merchant_slug },
    },
    sweepstakes_numbers: row.sweepstakes_numbers ?? [],
    entered: entered.has(row.contest_id),
  };
}

async function itemsOut(handle: DbHandle, rows: ContestEntityRow[], viewer: Viewer): Promise<ContestItemOut[]> {
  const entered = await enteredContestIds(handle, viewer, [...new Set(rows.map((r) => r.contest_id))]);
  return rows.map((r) => itemOut(r, entered));
}

/**
 * GET /api/contests/: the running contests of the visitor's market (position from lat/lng, else
 * city/state through places, else Detroit), deduplicated by display name (SPEC.md 3), featured
 * first; `featured` keeps only the featured entity, `slug` one contest.
 */
export async function listContests(deps: Pick<AppDeps, 'db'>, q: ContestsQuery, viewer: Viewer = {}, today = businessToday()): Promise<ContestItemOut[]> {
  const position = await resolvePosition(deps, q);
  const rows = await findRunningEntitiesInMarket(deps.db, {
    marketId: position.market.id,
    today,
    point: position,
    slug: q.slug,
    featuredOnly: q.featured === true,
    limit: q.limit,
    offset: q.offset,
  });
  return itemsOut(deps.db, rows, viewer);
}

/** GET /api/contests/{id}/: one running contest entity, anonymous or not; 404 when unknown or not running. */
export async function getContest(deps: Pick<AppDeps, 'db'>, entityId: number, viewer: Viewer = {}, today = businessToday()): Promise<ContestItemOut> {
  const [row] = await findEntitiesByIds(deps.db, [entityId], today);
  if (!row || !row.running) throw notFound('Contest not found.');
  const [item] = await itemsOut(deps.db, [row], viewer);
  return item!;
}

/**
 * Contest entities by id for other modules (saved contests): every entity that exists, running
 * or not, in the order asked, each with `running`. Unknown ids are left out.
 */
export async function contestItemsByEntityIds(
  deps: Pick<AppDeps, 'db'>,
  ids: number[],
  viewer: Viewer = {},
  today = businessToday(),
): Promise<Array<ContestItemOut & { running: boolean }>> {
  const unique = [...new Set(ids)];
  const rows = await findEntitiesByIds(deps.db, unique, today);
  const entered = await enteredContestIds(deps.db, viewer, [...new Set(rows.map((r) => r.contest_id))]);
  const byId = new Map(rows.map((r) => [r.entity_id, { ...itemOut(r, entered), running: r.running }]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/**
 * GET /api/contestwinners/: winners of the market's contests, newest first, with the display
 * fields of SPEC.md 3 ('First L.', 'City ST', MM/DD/YYYY). A public list names a winner by first
 * name and last initial only, as the page shows them (docs/decisions.md).
 */
export async function listWinners(deps: Pick<AppDeps, 'db'>, q: ContestWinnersQuery): Promise<ContestWinnerOut[]> {
  const position = await resolvePosition(deps, q);
  const rows = await findWinnersInMarket(deps.db, { marketId: position.market.id, limit: q.limit, offset: q.offset });
  return rows.map((w) => ({
    id: w.id,
    first_name: w.first_name,
    last_initial: w.last_initial,
    city: w.city,
    state: w.state,
    winning: w.winning,
    selected_at: w.selected_at,
    drawn: w.drawn,
    contest: { id: w.contest_id, slug: w.contest_slug, display_name: w.contest_display_name, entity_id: w.contest_entity_id },
    display_name: winnerDisplayName(w.first_name, w.last_initial),
    display_location: winnerDisplayLocation(w.city, w.state),
    display_date: winnerDisplayDate(w.selected_at),
  }));
}

/** SPEC.md 4 Contest entry: after submitting, the member is told how winners hear of it. */
export const ENTRY_NOTICE = 'You will be notified by e-mail when a winner is selected.';

/**
 * POST /api/contestapplication/: enters a member in a running contest, once
 * (docs/api.md "Exactly once"). The contest comes from `contest` or from the entity the member
 * entered through; a repeat answers the first entry with `created` false.
 */
export async function enterContest(deps: Pick<AppDeps, 'db'>, userId: number, input: ContestApplication, today = businessToday()): Promise<ContestEntryOut & { created: boolean }> {
  let contestId = input.contest;
  let entityId: number | null = null;
  if (input.entity_id !== undefined) {
    const [entity] = await findEntitiesByIds(deps.db, [input.entity_id], today);
    if (!entity || !entity.running) throw notFound('Contest not found.');
    if (contestId !== undefined && entity.contest_id !== contestId) throw invalid('entity_id', 'This listing belongs to another contest.');
    contestId = entity.contest_id;
    entityId = entity.entity_id;
  }
  const contest = await findContestById(deps.db, contestId!, today);
  if (!contest || !contest.running) throw notFound('Contest not found.');
  const entry = await upsertEntry(deps.db, { contestId: contest.id, userId, entityId });
  return {
    id: entry.id,
    contest: entry.contest_id,
    entity_id: entry.entity_id,
    entered: true,
    created_at: entry.created_at,
    detail: ENTRY_NOTICE,
    created: entry.created,
  };
}

export const CLAIM_NO_NUMBERS = 'This contest has no winning numbers to claim.';

/** Digits only, without leading zeros: '012345' and '12345' are the same printed number. */
function normaliseNumber(n: string): string {
  return n.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
}

/**
 * POST /api/sweepstakes/ (SPEC.md 3, 4, 5): stores a claim for a running contest that has winning
 * numbers, flagged when one of the entrant's numbers is a winning one, and mails it to the office
 * of the contest entity's market. The answer never says whether the numbers matched (SPEC.md 4:
 * "We'll reach out to you if there's a match!").
 */
export async function claimSweepstakes(
  deps: Pick<AppDeps, 'db' | 'mail'>,
  input: SweepstakesClaim,
  viewer: Viewer = {},
  today = businessToday(),
): Promise<{ id: number; detail: string }> {
  const [entity] = await findEntitiesByIds(deps.db, [input.entity_id], today);
  if (!entity || !entity.running) throw notFound('Contest not found.');
  const winning = new Set((entity.sweepstakes_numbers ?? []).map(normaliseNumber));
  if (!winning.size) throw invalid('entity_id', CLAIM_NO_NUMBERS);
  const matched = input.magazinenum.filter((n) => winning.has(normaliseNumber(n)));
  const claim = await insertSweepstakesClaim(deps.db.db, {
    contestId: entity.contest_id,
    entityId: entity.entity_id,
    marketId: entity.market_id,
    userId: viewer.userId ?? null,
    firstName: input.firstname,
    lastName: input.lastname,
    email: input.email,
    numbers: input.magazinenum,
    address1: input.address1,
    address2: input.address2 ?? '',
    city: input.city,
    state: input.state,
    zip: input.zip,
    reference: input.randomnum ?? null,
    matchedNumbers: matched,
    isMatch: matched.length > 0,
  });
  await deps.mail.enqueue(SWEEPSTAKES_CLAIM_MAIL, MARKETS[entity.market_id as MarketId].contactEmail, { claimId: claim.id });
  return { id: claim.id, detail: CLAIM_SUBMITTED };
}

/** Sweepstakes claims after `afterId`, oldest first, for the leads export (docs/operations.md). */
export function sweepstakesClaimsPage(deps: Pick<AppDeps, 'db'>, afterId: number, limit: number) {
  return findSweepstakesClaimsAfter(deps.db, afterId, limit);
}

/** The draws of a contest as recorded (newest first), with their winners; `drawId` for one. */
export async function contestDrawRecords(deps: Pick<AppDeps, 'db'>, contestId: number, drawId?: number, executor?: Executor): Promise<ContestDrawOut[]> {
  const draws = await findDraws(deps.db, drawId === undefined ? { contestId } : { contestId, drawId }, executor);
  const winners = await findWinnersOfDraws(deps.db, draws.map((d) => d.id), executor);
  return draws.map((d) => ({
    id: d.id,
    contest_id: d.contest_id,
    drawn_at: d.drawn_at,
    seed: Number(d.seed),
    method: d.method,
    entrants: d.entrants,
    eligible_entries: d.eligible_entries,
    winners_requested: d.winners_requested,
    winners_selected: d.winners_selected,
    entry_ids: d.entry_ids.map(Number),
    ran_by: d.ran_by,
    winners: winners
      .filter((w) => w.draw_id === d.id)
      .map((w) => ({ id: w.id, user_id: w.user_id, entry_id: w.entry_id, first_name: w.first_name, last_name: w.last_name, city: w.city, state: w.state, winning: w.winning })),
  }));
}

/**
 * Draws winners of a contest (lib/draw.ts: the seeded, recorded, reproducible draw) and answers
 * the draw as recorded; the winner mails are queued after the commit. A refusal of the draw
 * (unknown contest, not ended, nobody eligible) is a 400 with its message.
 */
export async function drawContestWinners(
  deps: Pick<AppDeps, 'db' | 'mail'>,
  input: { contestId: number; winners: number; seed?: number | undefined },
  options: DrawOptions = {},
): Promise<ContestDrawOut> {
  try {
    const draw = await drawWinners(deps, input, options);
    const [record] = await contestDrawRecords(deps, draw.contestId, draw.drawId);
    return record!;
  } catch (error) {
    if (error instanceof DrawError) throw new AppError('invalid', error.message);
    throw error;
  }
}

/**
 * GET /api/contests/{entity_id}/draws/: the public record of a contest's draws (docs/operations.md
 * "Contests and leads"): entries, and for each draw its seed, method and counts, so anyone can
 * see how winners were picked. Winners by first name, last initial, city and state only: never
 * an e-mail address or an id of a member.
 */
export async function publicDrawRecord(deps: Pick<AppDeps, 'db'>, entityId: number, today = businessToday()): Promise<PublicDrawRecordOut> {
  const [entity] = await findEntitiesByIds(deps.db, [entityId], today);
  if (!entity) throw notFound('Contest not found.');
  const draws = await contestDrawRecords(deps, entity.contest_id);
  const entryCount = await countEntries(deps.db, entity.contest_id);
  return {
    contest: { id: entity.contest_id, slug: entity.slug, display_name: entity.display_name, starts_at: entity.starts_at, ends_at: entity.ends_at },
    entry_count: entryCount,
    draws: draws.map((d) => ({
      drawn_at: d.drawn_at,
      seed: d.seed,
      method: d.method,
      entrants: d.entrants,
      eligible_entries: d.eligible_entries,
      winners: d.winners.map((w) => ({ first_name: w.first_name, last_initial: w.last_name.trim().charAt(0).toUpperCase(), city: w.city, state: w.state })),
    })),
  };
}
