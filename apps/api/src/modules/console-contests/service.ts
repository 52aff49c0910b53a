// Contests in the staff console (docs/api.md "Staff console"): the list, one contest, creating
// and editing (with its markets and the featured flag per market), draws through the contests
// module's seeded draw, and the sweepstakes claims inbox. Every write is audited in its
// transaction and drops the answer cache, so savers see the change at once.
import { slugify } from '@market/domain/category-lists';
import type { ConsoleContestOut, ContestDrawOut, ContestStatus } from '@market/domain/api/console-contests';
import { businessToday } from '@market/domain/expiry';
import { sanitizeRichText } from '@market/domain/html';
import type { ContestCreate, ContestUpdate, DrawInput } from '@market/domain/validation/console-contests';
import { ENDS_BEFORE_STARTS } from '@market/domain/validation/console-contests';
import type { AppDeps } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Sort } from '../../lib/console-list.ts';
import { invalid, notFound, staleVersion } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { contestDrawRecords, drawContestWinners } from '../contests/service.ts';
import { IMAGE_SHAPES, saveUploadedImage } from '../media/lib/uploaded-images.ts';
import { assertMarket, staffMarketFilter, worksOn, type StaffUser } from '../staff/lib/guard.ts';
import {
  countEntriesOfContests,
  deleteEntitiesInMarkets,
  findClaimPage,
  findContestPage,
  findContestRecord,
  findEntitiesOfContests,
  insertContest,
  insertEntity,
  merchantExists,
  setContestImage,
  setFeatured,
  slugsLike,
  slugTaken,
  updateContestAtVersion,
  type ContestEntityRef,
  type ContestRecordRow,
  type ContestSortField,
  type ContestValues,
} from './repository.ts';

export const CONTEST_NOT_FOUND = 'Contest not found.';
export const SLUG_TAKEN = 'Another contest uses this slug.';
export const MERCHANT_UNKNOWN = 'There is no merchant with this id.';
export const LIMITED_NEEDS_MARKET = 'Choose at least one of your markets for this contest.';

type Deps = Pick<AppDeps, 'db' | 'answers'>;

export type ContestImage = 'banner' | 'picture';
const IMAGE_OF = {
  banner: { shape: IMAGE_SHAPES.contestBanner, column: 'banner_path' },
  picture: { shape: IMAGE_SHAPES.contestPicture, column: 'picture_path' },
} as const;

/** upcoming, running or ended, from the dates and the day in Detroit. */
export function contestStatus(row: { starts_at: string; ends_at: string }, today: string): ContestStatus {
  if (row.starts_at > today) return 'upcoming';
  if (row.ends_at < today) return 'ended';
  return 'running';
}

function contestOut(row: ContestRecordRow, entities: ContestEntityRef[], entries: number, today: string): ConsoleContestOut {
  const byMarket = new Map<string, { market_id: string; is_featured: boolean; entity_ids: number[] }>();
  for (const e of entities) {
    if (e.contest_id !== row.id) continue;
    const m = byMarket.get(e.market_id) ?? { market_id: e.market_id, is_featured: false, entity_ids: [] };
    m.is_featured ||= e.is_featured;
    m.entity_ids.push(e.id);
    byMarket.set(e.market_id, m);
  }
  return {
    id: row.id,
    slug: row.slug,
    display_name: row.display_name,
    description: row.description,
    rules: row.rules_html,
    prize: row.prize,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    status: contestStatus(row, today),
    is_active: row.is_active,
    sweepstakes_numbers: row.sweepstakes_numbers ?? [],
    merchant_id: row.merchant_id,
    win_save_contest_link: row.win_save_contest_link || null,
    picture_path: row.picture_path,
    banner_path: row.banner_path,
    markets: [...byMarket.values()].sort((a, b) => a.market_id.localeCompare(b.market_id)),
    entry_count: entries,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function loadContest(deps: Pick<AppDeps, 'db'>, id: number, executor?: Executor, lock = false): Promise<ConsoleContestOut | undefined> {
  const row = await findContestRecord(deps.db, id, executor, lock);
  if (!row) return undefined;
  const entities = await findEntitiesOfContests(deps.db, [id], executor);
  const entries = await countEntriesOfContests(deps.db, [id], executor);
  return contestOut(row, entities, entries.get(id) ?? 0, businessToday());
}

/** A staff member limited to some markets sees contests shown in one of them. */
function assertSees(staff: StaffUser, contest: ConsoleContestOut): void {
  if (staff.markets === null) return;
  if (!contest.markets.some((m) => worksOn(staff, m.market_id))) assertMarket(staff, null);
}

/**
 * A staff member limited to some markets changes a contest only when every market it is shown in
 * is theirs (a change shows in each of them), and a contest they make must be shown in one.
 */
function assertChanges(staff: StaffUser, markets: ReadonlyArray<{ market_id: string }>, requireOne: boolean): void {
  if (staff.markets === null) return;
  for (const m of markets) assertMarket(staff, m.market_id);
  if (requireOne && markets.length === 0) throw invalid('markets', LIMITED_NEEDS_MARKET);
}

/** GET /api/console/contests/: filtered, sorted, paged; limited staff see their markets' contests. */
export async function listConsoleContests(
  deps: Pick<AppDeps, 'db'>,
  staff: StaffUser,
  q: { q?: string | undefined; status?: ContestStatus | undefined; market?: string | undefined; sort: Sort<ContestSortField>; page: number; page_size: number },
) {
  const today = businessToday();
  const { rows, count } = await findContestPage(
    deps.db,
    { q: q.q, status: q.status, market: q.market, markets: staffMarketFilter(staff), today },
    q.sort,
    { limit: q.page_size, offset: (q.page - 1) * q.page_size },
  );
  const ids = rows.map((r) => r.id);
  const [entities, entries] = [await findEntitiesOfContests(deps.db, ids), await countEntriesOfContests(deps.db, ids)];
  return { results: rows.map((r) => contestOut(r, entities, entries.get(r.id) ?? 0, today)), count, page: q.page, page_size: q.page_size };
}

/** GET /api/console/contests/{id}/. */
export async function getConsoleContest(deps: Pick<AppDeps, 'db'>, staff: StaffUser, id: number): Promise<ConsoleContestOut & { draws: ContestDrawOut[] }> {
  const contest = await loadContest(deps, id);
  if (!contest) throw notFound(CONTEST_NOT_FOUND);
  assertSees(staff, contest);
  return { ...contest, draws: await contestDrawRecords(deps, id) };
}

/** The first free slug made from the name: 'summer-grill', then 'summer-grill-2', ... */
async function freeSlug(deps: Pick<AppDeps, 'db'>, name: string, tx: Executor): Promise<string> {
  const base = (slugify(name) || 'contest').slice(0, 100).replace(/-+$/, '');
  const taken = await slugsLike(deps.db, base, tx);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function checkMerchant(deps: Pick<AppDeps, 'db'>, merchantId: number | null | undefined, tx: Executor): Promise<void> {
  if (merchantId !== null && merchantId !== undefined && !(await merchantExists(deps.db, merchantId, tx))) throw invalid('merchant_id', MERCHANT_UNKNOWN);
}

/** Brings the contest's market entities to `markets`: adds, removes, and sets the featured flags. */
async function applyMarkets(deps: Pick<AppDeps, 'db'>, tx: Executor, contestId: number, merchantId: number | null, markets: ReadonlyArray<{ market_id: string; is_featured: boolean }>): Promise<void> {
  const existing = await findEntitiesOfContests(deps.db, [contestId], tx);
  const wanted = new Set(markets.map((m) => m.market_id));
  await deleteEntitiesInMarkets(deps.db, tx, contestId, [...new Set(existing.map((e) => e.market_id))].filter((m) => !wanted.has(m)));
  for (const m of markets) {
    const first = existing.find((e) => e.market_id === m.market_id);
    const entityId = first ? first.id : await insertEntity(deps.db, tx, { contestId, marketId: m.market_id, merchantId });
    const featuredNow = existing.filter((e) => e.market_id === m.market_id && e.is_featured).map((e) => e.id);
    if (m.is_featured && !(featuredNow.length === 1 && featuredNow[0] === entityId)) await setFeatured(deps.db, tx, { contestId, marketId: m.market_id, entityId });
    if (!m.is_featured && featuredNow.length) await setFeatured(deps.db, tx, { contestId, marketId: m.market_id, entityId: null });
  }
}

function valuesOf(input: ContestCreate, slug: string): ContestValues {
  return {
    slug,
    display_name: input.display_name,
    description: sanitizeRichText(input.description ?? ''),
    rules_html: sanitizeRichText(input.rules ?? ''),
    prize: input.prize,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
    is_active: input.is_active ?? true,
    sweepstakes_numbers: input.sweepstakes_numbers ?? [],
    merchant_id: input.merchant_id ?? null,
    win_save_contest_link: input.win_save_contest_link ?? null,
  };
}

/** POST /api/console/contests/: a new contest, its slug made from the name, shown in `markets`. */
export async function createConsoleContest(deps: Deps, staff: StaffUser, input: ContestCreate, ip: string | null): Promise<ConsoleContestOut> {
  const markets = input.markets ?? [];
  assertChanges(staff, markets, true);
  const created = await deps.db.db.transaction(async (tx) => {
    await checkMerchant(deps, input.merchant_id, tx);
    let slug: string;
    if (input.slug) {
      if (await slugTaken(deps.db, input.slug, null, tx)) throw invalid('slug', SLUG_TAKEN);
      slug = input.slug;
    } else slug = await freeSlug(deps, input.display_name, tx);
    const id = await insertContest(deps.db, tx, valuesOf(input, slug));
    await applyMarkets(deps, tx, id, input.merchant_id ?? null, markets);
    const after = (await loadContest(deps, id, tx))!;
    await recordAudit(tx, { actor: staff, action: 'contest.create', entity: 'contest', entityId: id, marketId: markets.length === 1 ? markets[0]!.market_id : null, after, ip });
    return after;
  });
  deps.answers.clear();
  return created;
}

/** PATCH /api/console/contests/{id}/: the fields sent, at the version read (stale: 409 with `current`). */
export async function updateConsoleContest(deps: Deps, staff: StaffUser, id: number, input: ContestUpdate, ip: string | null): Promise<ConsoleContestOut> {
  const updated = await deps.db.db.transaction(async (tx) => {
    const before = await loadContest(deps, id, tx, true);
    if (!before) throw notFound(CONTEST_NOT_FOUND);
    assertSees(staff, before);
    assertChanges(staff, before.markets, false);
    if (input.markets) assertChanges(staff, input.markets, true);
    if (input.version !== before.version) throw staleVersion('contest', before);
    const merged: ContestCreate = {
      display_name: input.display_name ?? before.display_name,
      prize: input.prize ?? before.prize,
      starts_at: input.starts_at ?? before.starts_at,
      ends_at: input.ends_at ?? before.ends_at,
      description: input.description ?? before.description,
      rules: input.rules ?? before.rules,
      is_active: input.is_active ?? before.is_active,
      sweepstakes_numbers: input.sweepstakes_numbers ?? before.sweepstakes_numbers,
      merchant_id: input.merchant_id === undefined ? before.merchant_id : input.merchant_id,
      win_save_contest_link: input.win_save_contest_link === undefined ? before.win_save_contest_link : input.win_save_contest_link,
    };
    if (merged.ends_at < merged.starts_at) throw invalid(input.ends_at !== undefined ? 'ends_at' : 'starts_at', ENDS_BEFORE_STARTS);
    if (input.merchant_id !== undefined) await checkMerchant(deps, input.merchant_id, tx);
    const slug = input.slug ?? before.slug;
    if (slug !== before.slug && (await slugTaken(deps.db, slug, id, tx))) throw invalid('slug', SLUG_TAKEN);
    if (!(await updateContestAtVersion(deps.db, tx, id, input.version, valuesOf(merged, slug)))) throw staleVersion('contest', before);
    if (input.markets) await applyMarkets(deps, tx, id, merged.merchant_id ?? null, input.markets);
    const after = (await loadContest(deps, id, tx))!;
    await recordAudit(tx, { actor: staff, action: 'contest.update', entity: 'contest', entityId: id, marketId: after.markets.length === 1 ? after.markets[0]!.market_id : null, before, after, ip });
    return after;
  });
  deps.answers.clear();
  return updated;
}

/**
 * POST /api/console/contests/{id}/banner/ and /picture/: the image checked, re-encoded and stored
 * by the merchants' upload step, then set on the contest; editors of every market it is shown in.
 */
export async function uploadContestImage(deps: Pick<AppDeps, 'db' | 'answers' | 'images'>, staff: StaffUser, id: number, kind: ContestImage, bytes: Buffer, ip: string | null): Promise<ConsoleContestOut> {
  // Refuse before spending the decoding on a contest that is not there or not theirs.
  const existing = await loadContest(deps, id);
  if (!existing) throw notFound(CONTEST_NOT_FOUND);
  assertSees(staff, existing);
  assertChanges(staff, existing.markets, false);
  const { shape, column } = IMAGE_OF[kind];
  const url = await saveUploadedImage(deps.images, bytes, shape);
  const updated = await deps.db.db.transaction(async (tx) => {
    const before = await loadContest(deps, id, tx, true);
    if (!before) throw notFound(CONTEST_NOT_FOUND);
    assertSees(staff, before);
    assertChanges(staff, before.markets, false);
    await setContestImage(deps.db, tx, id, column, url);
    const after = (await loadContest(deps, id, tx))!;
    await recordAudit(tx, { actor: staff, action: `contest.upload_${kind}`, entity: 'contest', entityId: id, marketId: after.markets.length === 1 ? after.markets[0]!.market_id : null, before, after, ip });
    return after;
  });
  deps.answers.clear();
  return updated;
}

/**
 * POST /api/console/contests/{id}/draws/: draws winners of an ended contest with the contests
 * module's seeded draw (a CSPRNG seed when none is given), records who ran it, audits
 * 'contest.draw' in the draw's transaction, queues the winner mails after the commit, and answers
 * the draw as recorded.
 */
export async function runConsoleDraw(deps: Pick<AppDeps, 'db' | 'answers' | 'mail'>, staff: StaffUser, contestId: number, input: DrawInput, ip: string | null): Promise<ContestDrawOut> {
  const contest = await loadContest(deps, contestId);
  if (!contest) throw notFound(CONTEST_NOT_FOUND);
  assertSees(staff, contest);
  assertChanges(staff, contest.markets, false);
  const draw = await drawContestWinners(
    deps,
    { contestId, winners: input.winners, seed: input.seed ?? undefined },
    {
      ranBy: staff.id,
      endedBefore: businessToday(),
      onDrawn: async (tx, d) => {
        const after = {
          draw_id: d.drawId,
          seed: d.seed,
          method: d.method,
          entrants: d.entrants,
          eligible_entries: d.eligibleEntries,
          winners_requested: d.winnersRequested,
          winners_selected: d.winners.length,
          winners: d.winners.map((w) => ({ id: w.winnerId, user_id: w.userId, entry_id: w.entryId })),
        };
        await recordAudit(tx, { actor: staff, action: 'contest.draw', entity: 'contest', entityId: contestId, marketId: contest.markets.length === 1 ? contest.markets[0]!.market_id : null, after, ip });
      },
    },
  );
  // The winners list of the saver pages changes.
  deps.answers.clear();
  return draw;
}

/** GET /api/console/contests/{id}/claims/: matched first, then newest; limited staff see their markets' claims. */
export async function listContestClaims(deps: Pick<AppDeps, 'db'>, staff: StaffUser, contestId: number, q: { matched?: boolean | undefined; page: number; page_size: number }) {
  const contest = await loadContest(deps, contestId);
  if (!contest) throw notFound(CONTEST_NOT_FOUND);
  assertSees(staff, contest);
  const { rows, count } = await findClaimPage(deps.db, { contestId, matchedOnly: q.matched === true, markets: staffMarketFilter(staff) }, { limit: q.page_size, offset: (q.page - 1) * q.page_size });
  return { results: rows, count, page: q.page, page_size: q.page_size };
}

