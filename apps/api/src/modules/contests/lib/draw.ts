// Drawing contest winners (docs/operations.md "Contests and leads"): a real, auditable operation.
// The eligible entries (members who entered and have not won this contest yet, in entry order) and
// a recorded seed fix the result: shuffling the stored entry_ids with Random('contest-draw',
// contest id, seed) - the seed generator whose sequence never changes - picks the same winners
// again. Winners are stored with selected_at and mailed through the queue once the draw is
// committed.
import { randomInt } from 'node:crypto';
import type { AppDeps } from '../../../context.ts';
import type { Executor } from '../../../db/client.ts';
import type { contestWinners } from '../../../db/schema/index.ts';
import { Random } from '../../../db/seed/random.ts';
import { placeOfZip } from '../../geo/service.ts';
import type { MailQueue } from '../../mail/service.ts';
import { WINNER_MAIL } from './mails.ts';
import { countEntries, findEligibleEntries, insertDraw, insertWinners, lockContest, type EligibleEntryRow } from '../repository.ts';

export class DrawError extends Error {}

/** The name of the pick below, recorded with every draw so anyone can redo it. */
export const DRAW_METHOD = 'seeded-shuffle-v1';

export interface DrawResult {
  drawId: number;
  contestId: number;
  contestName: string;
  seed: number;
  method: string;
  /** Every entry of the contest at draw time, earlier winners included. */
  entrants: number;
  eligibleEntries: number;
  /** The eligible entries drawn from, in entry order: with the seed they reproduce the pick. */
  entryIds: number[];
  winnersRequested: number;
  ranBy: number | null;
  drawnAt: Date;
  winners: Array<{ winnerId: number; userId: number; entryId: number; email: string; firstName: string; lastName: string; city: string; state: string; winning: string }>;
}

/** The largest seed: what a bigint column and a JavaScript number both hold exactly. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** Picks `count` of `entries` (or all of them when fewer) with the draw's seeded generator. */
export function pickWinners<T>(entries: readonly T[], count: number, contestId: number, seed: number): T[] {
  const pool = [...entries];
  const random = new Random('contest-draw', contestId, seed);
  const picks = Math.min(count, pool.length);
  // A partial Fisher-Yates shuffle: position i takes a random one of the entries not yet picked.
  for (let i = 0; i < picks; i++) {
    const j = random.int(i, pool.length - 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, picks);
}

export interface DrawOptions {
  /** The staff member running the draw (null or absent: the command line). */
  ranBy?: number | null;
  /** Refuse unless the contest's last day is before this day (YYYY-MM-DD): the console draws ended contests only. */
  endedBefore?: string;
  /** Runs in the draw's transaction once the winners are stored (the console writes its audit entry here). */
  onDrawn?: (tx: Executor, draw: DrawResult) => Promise<void>;
}

/**
 * Draws `winners` winners of a contest from its eligible entries, records the draw (seed, the
 * entry ids drawn from) and the winners (name, city and state from the member's ZIP, the prize,
 * selected_at), then queues each winner's e-mail. Two draws of one contest never pick the same
 * member: the contest row is locked and past winners are not eligible.
 */
export async function drawWinners(
  deps: Pick<AppDeps, 'db'> & { mail: MailQueue | null },
  input: { contestId: number; winners: number; seed?: number | undefined },
  options: DrawOptions = {},
): Promise<DrawResult> {
  if (!Number.isSafeInteger(input.winners) || input.winners < 1) throw new DrawError('The number of winners must be a whole number of at least 1.');
  const seed = input.seed ?? randomInt(0, 2 ** 48 - 1);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new DrawError(`The seed must be a whole number from 0 to ${MAX_SEED}.`);

  const result = await deps.db.db.transaction(async (tx) => {
    const contest = await lockContest(deps.db, input.contestId, tx);
    if (!contest) throw new DrawError(`Contest ${input.contestId} does not exist.`);
    if (options.endedBefore !== undefined && contest.ends_at >= options.endedBefore) {
      throw new DrawError(`"${contest.display_name}" runs until ${contest.ends_at}: draw its winners once it has ended.`);
    }
    const entrants = await countEntries(deps.db, contest.id, tx);
    const eligible = await findEligibleEntries(deps.db, contest.id, tx);
    if (!eligible.length) throw new DrawError(`Contest ${contest.id} (${contest.display_name}) has no eligible entries.`);
    const picked: EligibleEntryRow[] = pickWinners(eligible, input.winners, contest.id, seed);
    const draw = await insertDraw(tx, {
      contestId: contest.id,
      seed,
      method: DRAW_METHOD,
      entrants,
      ranBy: options.ranBy ?? null,
      winnersRequested: input.winners,
      winnersSelected: picked.length,
      eligibleEntries: eligible.length,
      entryIds: eligible.map((e) => e.entry_id),
    });
    const rows: Array<typeof contestWinners.$inferInsert & { firstName: string; lastName: string; city: string; state: string; winning: string }> = [];
    for (const p of picked) {
      const place = await placeOfZip(deps, p.zip, tx);
      rows.push({
        contestId: contest.id,
        drawId: draw.id,
        userId: p.user_id,
        firstName: p.first_name,
        lastName: p.last_name,
        city: place?.city ?? '',
        state: place?.state ?? p.state,
        winning: contest.prize,
        selectedAt: draw.drawnAt,
      });
    }
    const inserted = await insertWinners(tx, rows);
    const result: DrawResult = {
      drawId: draw.id,
      contestId: contest.id,
      contestName: contest.display_name,
      seed,
      method: DRAW_METHOD,
      entrants,
      eligibleEntries: eligible.length,
      entryIds: eligible.map((e) => e.entry_id),
      winnersRequested: input.winners,
      ranBy: options.ranBy ?? null,
      drawnAt: draw.drawnAt,
      winners: picked.map((p, i) => ({
        winnerId: inserted.find((w) => w.userId === p.user_id)!.id,
        userId: p.user_id,
        entryId: p.entry_id,
        email: p.email,
        firstName: rows[i]!.firstName,
        lastName: rows[i]!.lastName,
        city: rows[i]!.city,
        state: rows[i]!.state,
        winning: rows[i]!.winning,
      })),
    };
    await options.onDrawn?.(tx, result);
    return result;
  });
  if (deps.mail) for (const w of result.winners) await deps.mail.enqueue(WINNER_MAIL, w.email, { winnerId: w.winnerId });
  return result;
}
